/// The planner's side of a ``ModalExplanation``: the request's legs planned one by one,
/// as ``route(_:from:inTab:layout:)`` plans them, so that each leg that closes layers can
/// be set beside the best leg that keeps them open, and a detour or a failing leg found
/// where the route finds it (<doc:LayersAndDetours>, "Explanations").
extension Planner {
  /// What an explanation learns from planning: the closings and the detour, and, when
  /// there is no route, the leg that has none.
  struct LayeredAccount {
    var closings: [ModalExplanation.Closing] = []
    var detour: ModalExplanation.DetourCause? = nil
    /// The state the failing leg starts from, its milestone, the commands left out and
    /// the tab whose commands it takes, by number.
    var failure: (state: ModalState, milestone: ScreenName, refused: [Int32], tab: Int?)? = nil
  }

  /// A planned leg: the state it starts from, its milestone and its route.
  private struct PlannedLeg {
    var start: ModalState
    var milestone: ScreenName
    var route: ModalRoute
  }

  /// Plans `request` from `state` as ``route(_:from:inTab:layout:)`` does and says why
  /// it is answered so.
  ///
  /// - Throws: What the route throws, except that a missing route is explained.
  /// - Complexity: Two plans of the request, and for each layer a leg closes, one
  ///   layered leg search.
  func account(
    _ request: Request, from state: ModalState, inTab tab: StackTab?, layout: TabLayout?
  ) throws(RoutingError) -> LayeredAccount {
    // The route's own errors (keys, unknown screens) are the explanation's.
    do {
      _ = try route(request, from: state, inTab: tab, layout: layout)
    } catch {
      switch error {
      case .unreachable, .refusedByGuard: break
      default: throw error
      }
    }
    let refused = refusedCommands(request, from: state.chain)
    let milestones = request.breadcrumbs + [request.destination]
    let direct = try legs(
      to: milestones, parameters: request.parameters, from: state, inTab: tab, layout: layout,
      leavingOut: refused)
    var account = LayeredAccount()
    guard let failing = direct.failing else {
      account.closings = direct.legs.compactMap { closing(of: $0, request, refused, tab, layout) }
      return account
    }
    account.failure = (
      failing.state, failing.milestone, refused, selectedTab(failing.state, tab, layout)
    )
    // A detour: the route through the refused commands that have a remedy, up to the
    // first of them, then the leg to its remedy.
    let remedied = refused.filter { commands[Int($0)].condition?.remedy != nil }
    guard !remedied.isEmpty else { return account }
    let through = try legs(
      to: milestones, parameters: request.parameters, from: state, inTab: tab, layout: layout,
      leavingOut: refused.filter { commands[Int($0)].condition?.remedy == nil })
    guard through.failing == nil else { return account }
    var taken = 0
    var closings: [ModalExplanation.Closing] = []
    for leg in through.legs {
      guard
        let refusal = leg.route.steps.firstIndex(where: { step in
          step.commandStep.map { remedied.contains(Int32($0.command)) } ?? false
        })
      else {
        closings += closing(of: leg, request, refused, tab, layout).map { [$0] } ?? []
        taken += leg.route.steps.count
        continue
      }
      let command = leg.route.steps[refusal].commandStep!.command
      let condition = commands[command].condition!
      if closingEnd(of: leg) <= refusal,
        let closing = closing(of: leg, request, refused, tab, layout)
      {
        closings.append(closing)
      }
      var there = leg.start
      for step in leg.route.steps[..<refusal] { there.apply(step) }
      let remedy = try legs(
        to: [condition.remedy!], parameters: request.parameters, from: there, inTab: tab,
        layout: layout, leavingOut: refused)
      if let failing = remedy.failing {
        account.failure = (
          failing.state, failing.milestone, refused, selectedTab(there, tab, layout)
        )
        return account
      }
      closings += remedy.legs.compactMap { closing(of: $0, request, refused, tab, layout) }
      var names: [String] = []
      for command in refused {
        if let name = commands[Int(command)].condition?.name, !names.contains(name) {
          names.append(name)
        }
      }
      account.closings = closings
      account.detour = ModalExplanation.DetourCause(
        refusingGuards: names, command: command, commandID: commands.id(of: command),
        guardName: condition.name, remedy: condition.remedy!, stepsBefore: taken + refusal)
      account.failure = nil
      return account
    }
    return account
  }

  /// The legs to `milestones` from `state`, each planned from where the one before left
  /// off, until one has no route: that one's start and milestone are `failing`.
  private func legs(
    to milestones: [ScreenName], parameters: Parameters, from state: ModalState,
    inTab tab: StackTab?, layout: TabLayout?, leavingOut refused: [Int32]
  ) throws(RoutingError) -> (
    legs: [PlannedLeg], failing: (state: ModalState, milestone: ScreenName)?
  ) {
    var legs: [PlannedLeg] = []
    var current = state
    for milestone in milestones {
      do {
        let route = try plan(
          Request(to: milestone, parameters: parameters), from: current, inTab: tab,
          layout: layout, leavingOut: refused
        ).route
        legs.append(PlannedLeg(start: current, milestone: milestone, route: route))
        current = route.state
      } catch {
        guard case .unreachable = error else { throw error }
        return (legs, (current, milestone))
      }
    }
    return (legs, nil)
  }

  /// The number of steps at the start of `leg` that close layers: up to the one after
  /// which the fewest layers are open.
  private func closingEnd(of leg: PlannedLeg) -> Int {
    var state = leg.start
    var fewest = state.layers.count
    var end = 0
    for (index, step) in leg.route.steps.enumerated() {
      state.apply(step)
      if state.layers.count < fewest {
        fewest = state.layers.count
        end = index + 1
      }
    }
    return end
  }

  /// What `leg` closes and what keeping each closed layer open would take, or `nil` when
  /// it closes none.
  private func closing(
    of leg: PlannedLeg, _ request: Request, _ refused: [Int32], _ tab: StackTab?,
    _ layout: TabLayout?
  ) -> ModalExplanation.Closing? {
    var state = leg.start
    let open = state.layers.count
    var fewest = open
    for step in leg.route.steps {
      state.apply(step)
      fewest = min(fewest, state.layers.count)
    }
    guard fewest < open else { return nil }
    let parameters = typedOnce(request.parameters)
    let chain = leg.start.chain
    let layerStarts = leg.start.layerStarts
    let milestone = screenIndex[leg.milestone]!
    let tabNumber = selectedTab(leg.start, tab, layout)
    let keepingOpen = (fewest..<open).map { layer in
      scratch.withScratch { (buffers) -> Int? in
        guard (try? screenNumbers(of: chain, tab: nil, into: &buffers.stackScreens)) != nil else {
          return nil
        }
        buffers.prepare(screens: graph.screenCount, commands: graph.commandCount)
        let filter = legFilter(refusing: refused, inTab: tabNumber, marking: &buffers.disabled)
        return layeredLeg(
          from: chain, layerStarts: layerStarts, to: milestone, parameters: parameters,
          filter: filter, floor: layerStarts[layer], &buffers)?.cost
      }
    }
    return ModalExplanation.Closing(
      milestone: leg.milestone, layers: Array(leg.start.layers[fewest..<open]),
      firstLayer: fewest + 1, cost: cost(of: leg.route), keepingOpen: keepingOpen)
  }

  /// The cost of `route`: its commands' costs (1 each without costs), 1 a dismiss and 1
  /// a select, as a layered leg counts it.
  private func cost(of route: ModalRoute) -> Int {
    route.steps.reduce(0) { total, step in
      guard let command = step.commandStep?.command, graph.hasCosts else { return total + 1 }
      return total + Int(graph.cost[command])
    }
  }

  /// The number of the tab whose commands a leg from `state` takes: the selected tab
  /// over tabs, or the stack's tab.
  private func selectedTab(_ state: ModalState, _ tab: StackTab?, _ layout: TabLayout?) -> Int? {
    guard let layout, let tabs = state.tabs else { return tab?.number }
    return layout.number(of: tabs.selected)
  }

  /// For each number of layers kept open, from 0 to all but one, the number of steps of
  /// the best way to close the others from `state`, or `nil` when they cannot be closed.
  ///
  /// - Complexity: As ``closingLayers(_:screens:layerStarts:parameters:filter:floor:)``.
  func closingSteps(of state: ModalState, parameters: Parameters, filter: LegFilter) -> [Int?] {
    let chain = state.chain
    let layerStarts = state.layerStarts
    guard !layerStarts.isEmpty else { return [] }
    var screens: [Int32] = []
    guard (try? screenNumbers(of: chain, tab: nil, into: &screens)) != nil else {
      return Array(repeating: nil, count: layerStarts.count)
    }
    return closingLayers(
      chain, screens: screens, layerStarts: layerStarts, parameters: typedOnce(parameters),
      filter: filter
    ).map { $0?.closing.count }
  }
}
