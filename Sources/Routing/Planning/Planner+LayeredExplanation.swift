/// The planner's side of a ``ModalExplanation``: the request planned by the plans
/// ``route(_:from:inTab:layout:)`` makes (the route, or the route through remedied
/// commands and the leg to the remedy), whose leg ends say where each leg that closes
/// layers starts, so that it can be set beside the best leg that keeps them open; without
/// a route, the legs planned one by one up to the one that fails
/// (<doc:LayersAndDetours>, "Explanations").
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

  /// A planned leg: the state it starts from, its milestone and its steps.
  private struct PlannedLeg {
    var start: ModalState
    var milestone: ScreenName
    var steps: [ModalStep]
  }

  /// Plans `request` from `state` as ``route(_:from:inTab:layout:)`` does and says why
  /// it is answered so. The guards are asked once, as for the route.
  ///
  /// - Throws: What the route throws, except that a missing route is explained.
  /// - Complexity: The plans the route makes (one, or three for a detour), for a route
  ///   that fails one plan a leg up to the failing one, and for each layer a leg closes
  ///   one layered leg search.
  func account(
    _ request: Request, from state: ModalState, inTab tab: StackTab?, layout: TabLayout?
  ) throws(RoutingError) -> LayeredAccount {
    try checkShape(of: state)
    let refused = refusedCommands(request, from: state.chain)
    var account = LayeredAccount()
    let direct: (route: ModalRoute, legEnds: [Int])
    do {
      direct = try plan(request, from: state, inTab: tab, layout: layout, leavingOut: refused)
    } catch {
      guard case .unreachable = error else { throw error }
      return try accountWithoutRoute(
        request, from: state, inTab: tab, layout: layout, refused: refused)
    }
    account.closings = closings(
      of: direct.route, legEnds: direct.legEnds, request, from: state, refused: refused,
      tab, layout)
    try checkParameters(of: request, along: Route(steps: direct.route.commandSteps, stack: []))
    return account
  }

  /// The account of a request that no route avoiding the commands `refused` fulfils: its
  /// detour, when it has one, or its failing leg.
  private func accountWithoutRoute(
    _ request: Request, from state: ModalState, inTab tab: StackTab?, layout: TabLayout?,
    refused: [Int32]
  ) throws(RoutingError) -> LayeredAccount {
    var account = LayeredAccount()
    guard
      let (through, legEnds, refusal, condition) = detourCut(
        request, from: state, inTab: tab, layout: layout, refused: refused),
      let remedy = condition.remedy
    else {
      let direct = try legs(
        to: request.breadcrumbs + [request.destination], parameters: request.parameters,
        from: state, inTab: tab, layout: layout, leavingOut: refused)
      if let failing = direct.failing {
        account.failure = (
          failing.state, failing.milestone, refused, selectedTab(failing.state, tab, layout)
        )
      }
      return account
    }
    // The legs of the route through the remedied commands, up to its first refused step,
    // each explained with the commands that route leaves out.
    let unremedied = refused.filter { commands[Int($0)].condition?.remedy == nil }
    account.closings = closings(
      of: through, legEnds: legEnds, request, from: state, refused: unremedied, tab, layout,
      upTo: refusal)
    var there = state
    for step in through.steps[..<refusal] { there.apply(step) }
    let leg = try legs(
      to: [remedy], parameters: request.parameters, from: there, inTab: tab, layout: layout,
      leavingOut: refused)
    if let failing = leg.failing {
      account.failure = (failing.state, failing.milestone, refused, selectedTab(there, tab, layout))
      return account
    }
    account.closings += leg.legs.compactMap { closing(of: $0, request, refused, tab, layout) }
    let steps = Array(through.steps[..<refusal]) + leg.legs.flatMap(\.steps)
    try checkParameters(
      of: request, along: Route(steps: steps.compactMap(\.commandStep), stack: []))
    var names: [String] = []
    for command in refused {
      if let name = commands[Int(command)].condition?.name, !names.contains(name) {
        names.append(name)
      }
    }
    let command = through.steps[refusal].commandStep!.command
    account.detour = ModalExplanation.DetourCause(
      refusingGuards: names, command: command, commandID: commands.id(of: command),
      guardName: condition.name, remedy: remedy, stepsBefore: refusal)
    return account
  }

  /// The closings of `route`'s legs (`legEnds` says where each ends), its milestones
  /// being `request`'s breadcrumbs and then its destination, each set beside the best leg
  /// that keeps its layers open with the commands `refused` left out; with `limit`, only
  /// the steps before that index count.
  private func closings(
    of route: ModalRoute, legEnds: [Int], _ request: Request, from state: ModalState,
    refused: [Int32], _ tab: StackTab?, _ layout: TabLayout?, upTo limit: Int = .max
  ) -> [ModalExplanation.Closing] {
    let milestones = request.breadcrumbs + [request.destination]
    var closings: [ModalExplanation.Closing] = []
    var start = state
    var begin = 0
    for (number, end) in legEnds.enumerated() where begin < min(end, limit) {
      let leg = PlannedLeg(
        start: start, milestone: milestones[number], steps: Array(route.steps[begin..<end]))
      if let closing = closing(of: leg, request, refused, tab, layout, upTo: limit - begin) {
        closings.append(closing)
      }
      for step in leg.steps { start.apply(step) }
      begin = end
    }
    return closings
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
        legs.append(PlannedLeg(start: current, milestone: milestone, steps: route.steps))
        current = route.state
      } catch {
        guard case .unreachable = error else { throw error }
        return (legs, (current, milestone))
      }
    }
    return (legs, nil)
  }

  /// What `leg` closes (in its steps before `limit`) and what keeping each closed layer
  /// open would take with the commands `refused` left out, or `nil` when it closes none.
  private func closing(
    of leg: PlannedLeg, _ request: Request, _ refused: [Int32], _ tab: StackTab?,
    _ layout: TabLayout?, upTo limit: Int = .max
  ) -> ModalExplanation.Closing? {
    var state = leg.start
    let open = state.layers.count
    var fewest = open
    for step in leg.steps.prefix(limit) {
      state.apply(step)
      fewest = min(fewest, state.layers.count)
    }
    guard fewest < open else { return nil }
    let parameters = typedOnce(request.parameters)
    let chain = leg.start.chain
    let layerStarts = leg.start.layerStarts
    let milestone = screenIndex[leg.milestone]!
    let tabNumber = selectedTab(leg.start, tab, layout)
    // One set of buffers, screen numbers and filter serves every closed layer: each
    // search leaves the chain's numbers as it found them.
    let keepingOpen = scratch.withScratch { (buffers) -> [Int?] in
      guard (try? screenNumbers(of: chain, tab: nil, into: &buffers.stackScreens)) != nil else {
        return Array(repeating: nil, count: open - fewest)
      }
      buffers.prepare(screens: graph.screenCount, commands: graph.commandCount)
      let filter = legFilter(refusing: refused, inTab: tabNumber, marking: &buffers.disabled)
      return (fewest..<open).map { layer in
        layeredLeg(
          from: chain, layerStarts: layerStarts, to: milestone, parameters: parameters,
          filter: filter, floor: layerStarts[layer], &buffers)?.cost
      }
    }
    return ModalExplanation.Closing(
      milestone: leg.milestone, layers: Array(leg.start.layers[fewest..<open]),
      firstLayer: fewest + 1, cost: cost(of: leg.steps), keepingOpen: keepingOpen)
  }

  /// The cost of `steps`: its commands' costs (1 each without costs), 1 a dismiss and 1
  /// a select, as a layered leg counts it.
  private func cost(of steps: [ModalStep]) -> Int {
    steps.reduce(0) { total, step in
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
