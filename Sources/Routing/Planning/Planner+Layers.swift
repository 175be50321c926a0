/// Planning from a state with modal layers open (<doc:LayersAndDetours>).
///
/// A leg's shortest route closes layers only before its first push or present: a push
/// or a present followed later by a dismiss could leave both out, and a pop after a push
/// could have been taken first. So a leg *closes* (pops and dismisses that end with
/// whole layers closed) and then goes on with commands from the chain that is left. The
/// planner asks the leg engine for the leg from the whole chain (which covers a first
/// pop to any entry of any layer) and, for each number of layers closed, for the leg from
/// the chain that is left after the best way of closing them, found by a small search
/// over the positions of the open layers' entries. The cheapest leg wins; among equals,
/// the steps compare from the first, a command before a dismiss and commands by number.
///
/// Over tabs, a leg may also close every layer (the same search, or a pop from a layer
/// into the base) and select another tab, then go on with that tab's leg; a select
/// comes after commands and dismisses among equals. A request that only a guard with a
/// remedy stands in the way of is answered with a detour to the remedy, planned as the
/// article says: the route without refused commands, else the route through the
/// remedied ones cut before its first refused step, then the leg to the remedy.
extension Planner {
  /// Plans `request` from `state`, with its keys checked along the route
  /// (``checkParameters(of:along:)``); see ``RouteTable/route(_:from:)->ModalRoute``.
  /// A failed route that a guard stood in the way of names the guard.
  ///
  /// - Parameters:
  ///   - tab: The tab the base is the stack of, on a table with tabs: without `layout`,
  ///     the route stays in it, with the commands it allows.
  ///   - layout: The table's tabs, when the state is over tabs (``ModalState/tabs``,
  ///     every tab named): a leg may then close every layer and select another tab.
  func route(
    _ request: Request, from state: ModalState, inTab tab: StackTab? = nil,
    layout: TabLayout? = nil
  ) throws(RoutingError) -> ModalRoute {
    // With no layer open, one leg, no detour to consider and no other tab, the leg from
    // the base is the only candidate: plan it as a stack's, warm cache and all, and mark
    // the presents it takes.
    if state.layers.isEmpty && request.breadcrumbs.isEmpty && !hasRemedies && layout == nil {
      return modalRoute(of: try route(request, from: state.stack, inTab: tab))
    }
    try checkShape(of: state)
    // The guards are asked once; their answers serve every plan below.
    let refused = refusedCommands(request, from: state.chain)
    let failure: RoutingError
    do throws(RoutingError) {
      let route = try plan(
        request, from: state, inTab: tab, layout: layout, leavingOut: refused
      ).route
      try checkParameters(of: request, along: Route(steps: route.commandSteps, stack: []))
      return route
    } catch {
      failure = error
    }
    if case .unreachable = failure,
      let detour = try detour(
        request, from: state, inTab: tab, layout: layout, refused: refused)
    {
      return detour
    }
    throw namingRefusingGuard(failure, of: request, from: state.chain) {
      () throws(RoutingError) in
      try plan(request, from: state, inTab: tab, layout: layout, leavingOut: []).route
        .commandSteps
    }
  }

  /// Refuses a state the layered planner cannot start from.
  ///
  /// - Throws: ``RoutingError/emptyStack`` for an empty base, then
  ///   ``RoutingError/emptyLayer(_:)`` for the first empty layer.
  /// - Complexity: O(*k*) for *k* open layers.
  func checkShape(of state: ModalState) throws(RoutingError) {
    guard !state.stack.isEmpty else { throw RoutingError.emptyStack }
    if let empty = state.layers.firstIndex(where: \.isEmpty) {
      throw RoutingError.emptyLayer(empty)
    }
  }

  /// The detour for `request` when no route avoids the commands whose guards refuse
  /// (`refused`), or `nil` when none of them has a remedy or no route takes one: the
  /// steps of the route through remedied commands before the first refused one, then
  /// the leg from there to its guard's remedy, refused commands left out.
  ///
  /// - Throws: ``RoutingError/unreachable(from:to:)`` from the top where the guard
  ///   refused to the remedy when no leg leads there; the request's keys checked along
  ///   the detour as along any route.
  /// - Complexity: Two plans, and O(*s* · *n*) to replay the first *s* steps on a chain
  ///   of *n* entries.
  private func detour(
    _ request: Request, from state: ModalState, inTab tab: StackTab?, layout: TabLayout?,
    refused: [Int32]
  ) throws(RoutingError) -> ModalRoute? {
    guard
      let (through, legEnds, refusal, condition) = detourCut(
        request, from: state, inTab: tab, layout: layout, refused: refused),
      let remedy = condition.remedy
    else { return nil }
    var there = state
    for step in through.steps[..<refusal] { there.apply(step) }
    let leg: ModalRoute
    // A state over tabs comes with the layout (``RouteTable/route(_:from:)->ModalRoute``
    // passes both), so its selected tab is the layout's.
    do throws(RoutingError) {
      leg = try plan(
        Request(to: remedy, parameters: request.parameters), from: there,
        inTab: there.tabs.map { StackTab(number: layout!.number(of: $0.selected)!, name: nil) }
          ?? tab,
        layout: layout, leavingOut: refused
      ).route
    } catch {
      guard case .unreachable = error else { throw error }
      throw RoutingError.unreachable(from: there.top!.screen, to: remedy)
    }
    // The legs that had not ended before the refused step are still to go.
    let next = legEnds.firstIndex { $0 > refusal } ?? request.breadcrumbs.count
    let pending = Request(
      to: request.destination,
      via: Array(request.breadcrumbs[min(next, request.breadcrumbs.count)...]),
      parameters: request.parameters)
    let steps = Array(through.steps[..<refusal]) + leg.steps
    let route = ModalRoute(
      steps: steps, state: leg.state,
      detour: Detour(guardName: condition.name, remedy: remedy, pending: pending))
    try checkParameters(of: request, along: Route(steps: route.commandSteps, stack: []))
    return route
  }

  /// Where a detour for `request` leaves the route through the refused commands whose
  /// guards have a remedy (the others of `refused` left out): that route, the number of
  /// steps at the end of each of its legs, the index of its first step by a refused
  /// command, and that command's guard. `nil` when no refused command has a remedy, or
  /// that route cannot be planned or takes none.
  ///
  /// - Complexity: One plan.
  func detourCut(
    _ request: Request, from state: ModalState, inTab tab: StackTab?, layout: TabLayout?,
    refused: [Int32]
  ) -> (through: ModalRoute, legEnds: [Int], refusal: Int, condition: RouteGuard)? {
    let remedied = refused.filter { commands[Int($0)].condition?.remedy != nil }
    guard !remedied.isEmpty else { return nil }
    let unremedied = refused.filter { commands[Int($0)].condition?.remedy == nil }
    guard
      let (through, legEnds) = try? plan(
        request, from: state, inTab: tab, layout: layout, leavingOut: unremedied),
      let refusal = through.steps.firstIndex(where: { step in
        step.commandStep.map { remedied.contains(Int32($0.command)) } ?? false
      }),
      let condition = through.steps[refusal].commandStep.flatMap({ commands[$0.command].condition }
      )
    else { return nil }
    return (through, legEnds, refusal, condition)
  }

  /// A stack's route with its presenting commands' steps made presents, each opening a
  /// layer.
  ///
  /// - Complexity: O(*s* · log *p* + *n*), for *s* steps, *p* presenting commands and *n*
  ///   entries in the final state.
  private func modalRoute(of route: Route) -> ModalRoute {
    guard commands.anyPresents else {
      return ModalRoute(
        steps: route.steps.map { .command($0) }, state: ModalState(stack: route.stack))
    }
    var layerStarts: [Int] = []
    var steps: [ModalStep] = []
    steps.reserveCapacity(route.steps.count)
    for step in route.steps {
      if step.action == .pop {
        while let last = layerStarts.last, last >= step.depth { layerStarts.removeLast() }
        steps.append(.command(step))
      } else if commands.presents(step.command) {
        layerStarts.append(step.depth - 1)
        steps.append(.command(step.presenting))
      } else {
        steps.append(.command(step))
      }
    }
    return ModalRoute(steps: steps, state: ModalState(chain: route.stack, layerStarts: layerStarts))
  }

  /// The route of ``route(_:from:inTab:)`` with the commands `refused` left out, its
  /// keys not checked yet, and the number of steps at the end of each leg: one for each
  /// breadcrumb, then one for the destination.
  func plan(
    _ request: Request, from state: ModalState, inTab tab: StackTab?, layout: TabLayout?,
    leavingOut refused: [Int32]
  ) throws(RoutingError) -> (route: ModalRoute, legEnds: [Int]) {
    let destination = try destination(of: request)
    let parameters = typedOnce(request.parameters)
    var chain = state.chain
    var layerStarts = state.layerStarts
    // Across tabs: every tab's stack in tab order, the selected one's being the chain's
    // base while it is selected.
    var selected = tab?.number
    var stacks: [[Entry]] = []
    // Their screen numbers, kept beside them: a leg that may select reads every other
    // tab's.
    var stackNumbers: [[Int32]] = []
    if let layout, let tabs = state.tabs {
      selected = layout.number(of: tabs.selected)!
      stacks = layout.tabs.map { tabs.stacks[$0.name] ?? [Entry($0.root)] }
    }
    return try scratch.withScratch {
      (buffers) throws(RoutingError) -> (route: ModalRoute, legEnds: [Int]) in
      for (number, stack) in stacks.enumerated() {
        var numbers: [Int32] = []
        if number != selected {
          try screenNumbers(of: stack, tab: layout!.tabs[number].name, into: &numbers)
        }
        stackNumbers.append(numbers)
      }
      try screenNumbers(of: chain, tab: tab?.name, into: &buffers.stackScreens)
      if topMatches(chain, destination, parameters, buffers) {
        return (
          ModalRoute(steps: [], state: state),
          [Int](repeating: 0, count: request.breadcrumbs.count + 1)
        )
      }
      buffers.prepare(screens: graph.screenCount, commands: graph.commandCount)
      var steps: [ModalStep] = []
      var legEnds: [Int] = []
      legEnds.reserveCapacity(request.breadcrumbs.count + 1)
      var next = 0
      while next <= request.breadcrumbs.count {
        let milestone =
          next < request.breadcrumbs.count ? screenIndex[request.breadcrumbs[next]]! : destination
        next += 1
        defer { legEnds.append(steps.count) }
        if topMatches(chain, milestone, parameters, buffers) { continue }
        let filter = legFilter(refusing: refused, inTab: selected, marking: &buffers.disabled)
        var best = layeredLeg(
          from: chain, layerStarts: layerStarts, to: milestone, parameters: parameters,
          filter: filter, &buffers)
        if !stacks.isEmpty {
          best = selectingLeg(
            better: best, from: chain, layerStarts: layerStarts, selected: selected!,
            stacks: stacks, numbers: stackNumbers, to: milestone, parameters: parameters,
            refused: refused, &buffers)
        }
        guard let leg = best else {
          throw RoutingError.unreachable(
            from: chain[chain.count - 1].screen, to: screenNames[Int(milestone)])
        }
        for closing in leg.closing {
          if let pop = closing {
            steps.append(
              .command(
                try applyInLayers(pop, parameters: parameters, to: &chain, &layerStarts, &buffers)))
          } else {
            let closed = layerStarts.removeLast()
            chain.removeSubrange(closed...)
            buffers.stackScreens.removeSubrange(closed...)
            steps.append(.dismiss)
          }
        }
        if let tab = leg.select {
          // Every layer is closed: the chain is the selected tab's stack.
          stacks[selected!] = chain
          stackNumbers[selected!] = buffers.stackScreens
          selected = tab
          chain = stacks[tab]
          buffers.stackScreens = stackNumbers[tab]
          steps.append(.select(layout!.tabs[tab].name))
        }
        for step in leg.steps {
          steps.append(
            .command(
              try applyInLayers(step, parameters: parameters, to: &chain, &layerStarts, &buffers)))
        }
      }
      var after = ModalState(chain: chain, layerStarts: layerStarts)
      if let layout {
        stacks[selected!] = after.stack
        var tabs = TabState(selected: layout.tabs[selected!].name)
        for (number, tab) in layout.tabs.enumerated() { tabs.stacks[tab.name] = stacks[number] }
        after = ModalState(tabs: tabs, layers: after.layers)
      }
      return (ModalRoute(steps: steps, state: after), legEnds)
    }
  }

  /// `best`, or a better leg that closes every layer, selects another tab and goes on
  /// in it, when there is one: across tabs, a select is possible only with no layer
  /// open. `buffers.stackScreens` holds the chain's screen numbers; it is left as it was.
  /// `stacks` are every tab's stacks and `numbers` their screen numbers (the selected
  /// tab's are the chain's, and not read).
  ///
  /// - Complexity: One leg search per other tab, plus the closing of every layer
  ///   (``closingLayers(_:screens:layerStarts:parameters:filter:floor:)``) and O(*n*) to find a
  ///   pop into the base, for a chain of *n* entries.
  private func selectingLeg(
    better best: LayeredLeg?, from chain: [Entry], layerStarts: [Int], selected: Int,
    stacks: [[Entry]], numbers: [[Int32]], to milestone: Int32, parameters: Parameters,
    refused: [Int32],
    _ buffers: inout PlannerScratch
  ) -> LayeredLeg? {
    let screens = buffers.stackScreens
    defer { buffers.stackScreens = screens }
    var best = best
    let filter = legFilter(refusing: refused, inTab: selected, marking: &buffers.disabled)
    guard
      let closing =
        layerStarts.isEmpty
        ? layeredLeg(closing: [], steps: [])
        : closingAll(
          chain, screens: screens, layerStarts: layerStarts, parameters: parameters,
          filter: filter)
    else { return best }
    for tab in stacks.indices where tab != selected {
      buffers.stackScreens = numbers[tab]
      var candidate: LayeredLeg? = nil
      if topMatches(stacks[tab], milestone, parameters, buffers) {
        candidate = layeredLeg(closing: closing.closing, select: tab, steps: [])
      } else {
        let inTab = legFilter(refusing: refused, inTab: tab, marking: &buffers.disabled)
        if leg(
          from: stacks[tab], to: milestone, parameters: parameters, filter: inTab, bound: .max,
          &buffers)
        {
          candidate = layeredLeg(closing: closing.closing, select: tab, steps: buffers.leg)
        }
      }
      if let candidate, best.map({ candidate.precedes($0) }) ?? true { best = candidate }
    }
    return best
  }

  /// A leg from a state with layers: the steps that close layers (a pop, or `nil` for a
  /// dismiss), then the steps of a leg from the chain that is left.
  struct LayeredLeg {
    var closing: [LegStep?]
    /// Across tabs, the tab selected once every layer is closed, before `steps`.
    var select: Int? = nil
    var steps: [LegStep]
    /// Its cost: commands' costs (1 each without costs), 1 a dismiss and 1 a select.
    var cost: Int
    /// Its steps in the order ties compare them: command numbers, then a dismiss
    /// (``dismissOrder``), then a select in tab order.
    var order: [Int]

    /// Where a dismiss comes in the order of ties: after every command.
    static let dismissOrder = Int(Int32.max) + 1

    /// Whether this leg comes before `other`: the cheaper, then the first whose steps,
    /// read from the first, come first.
    func precedes(_ other: LayeredLeg) -> Bool {
      cost != other.cost ? cost < other.cost : order.lexicographicallyPrecedes(other.order)
    }
  }

  /// The shortest leg from `chain`, whose open layers start at `layerStarts`, to
  /// `milestone`, or `nil` when there is none. `buffers.stackScreens` holds the chain's
  /// screen numbers; it is left as it was. With a `floor` above 0 (the first entry of a
  /// layer), the leg keeps that layer and those below it open: it neither dismisses
  /// them nor pops below `floor`.
  ///
  /// - Complexity: *k* + 1 leg searches for *k* open layers, plus O(*n*) for a chain of
  ///   *n* entries.
  func layeredLeg(
    from chain: [Entry], layerStarts: [Int], to milestone: Int32, parameters: Parameters,
    filter: LegFilter, floor: Int = 0, _ buffers: inout PlannerScratch
  ) -> LayeredLeg? {
    let screens = buffers.stackScreens
    defer { buffers.stackScreens = screens }
    var best: LayeredLeg? = nil
    func consider(_ leg: LayeredLeg) {
      if best.map({ leg.precedes($0) }) ?? true { best = leg }
    }
    // Commands from the whole chain: a push, or a pop to any entry (closing the layers
    // above it), then commands.
    if leg(
      from: chain, to: milestone, parameters: parameters, filter: filter, bound: .max,
      popFloor: floor, &buffers)
    {
      consider(layeredLeg(closing: [], steps: buffers.leg))
    }
    guard !layerStarts.isEmpty else { return best }
    let closings = closingLayers(
      chain, screens: screens, layerStarts: layerStarts, parameters: parameters, filter: filter,
      floor: floor)
    for kept in stride(from: layerStarts.count - 1, through: 0, by: -1) {
      guard layerStarts[kept] > floor, let closing = closings[kept] else { continue }
      let end = layerStarts[kept]
      buffers.stackScreens = Array(screens[..<end])
      let left = Array(chain[..<end])
      if topMatches(left, milestone, parameters, buffers) {
        consider(closing)
      } else if leg(
        from: left, to: milestone, parameters: parameters, filter: filter, bound: .max,
        popFloor: floor, &buffers)
      {
        consider(layeredLeg(closing: closing.closing, steps: buffers.leg))
      }
    }
    return best
  }

  /// For each number of layers kept open (from 0 to all but one), the best way to close
  /// the others, or `nil` when none: a search over the positions from the base's top to
  /// the chain's top, each the state whose top is that entry (the chain above it gone),
  /// where a dismiss goes from an entry of a layer to the entry below the layer, and a
  /// pop to every lower entry that is the topmost one matching its screen, by the
  /// cheapest command to it. Neither goes below `floor`, as in
  /// ``layeredLeg(from:layerStarts:to:parameters:filter:floor:_:)``.
  ///
  /// - Complexity: O(*m*² · *k*), where *m* is the number of entries in the
  ///   layers and *k* the most commands to one screen.
  func closingLayers(
    _ chain: [Entry], screens: [Int32], layerStarts: [Int], parameters: Parameters,
    filter: LegFilter, floor: Int = 0
  ) -> [LayeredLeg?] {
    let best = closingSearch(
      chain, screens: screens, layerStarts: layerStarts, parameters: parameters, filter: filter,
      floor: floor)
    let lowest = layerStarts[0] - 1
    return layerStarts.map { start in best[start - 1 - lowest] }
  }

  /// The best way to close every layer, or `nil` when none: down to the base's top
  /// (``closingLayers(_:screens:layerStarts:parameters:filter:floor:)``), or from a position
  /// that search reaches, by a pop to an entry of the base below its top.
  ///
  /// - Complexity: The search's, plus O(*m* · *n*) for *m* entries in the layers and a
  ///   chain of *n*.
  private func closingAll(
    _ chain: [Entry], screens: [Int32], layerStarts: [Int], parameters: Parameters,
    filter: LegFilter
  ) -> LayeredLeg? {
    let ways = closingSearch(
      chain, screens: screens, layerStarts: layerStarts, parameters: parameters, filter: filter)
    let lowest = layerStarts[0] - 1
    var best = ways[0]
    for (index, way) in ways.enumerated() where index > 0 {
      guard let way else { continue }
      let position = lowest + index
      // As in the search: the topmost entry below the top that matches its screen.
      var blocked: Set<Int32> = []
      for target in stride(from: position, through: 0, by: -1) {
        let screen = screens[target]
        guard screen >= 0,
          entry(chain[target], matchesParametersOf: screen, under: parameters),
          blocked.insert(screen).inserted, target < lowest,
          let command = graph.popCommand(to: screen, where: { filter.allows($0) })
        else { continue }
        let option = layeredLeg(
          closing: way.closing + [LegStep(command: command, screen: screen, popTo: Int32(target))],
          steps: [])
        if best.map({ option.precedes($0) }) ?? true { best = option }
      }
    }
    return best
  }

  /// The search of ``closingLayers(_:screens:layerStarts:parameters:filter:floor:)``: the best
  /// way to each position from the base's top to the chain's top, by its index from the
  /// base's top.
  ///
  /// - Complexity: O(*m*² · *k*), where *m* is the number of entries in the layers and
  ///   *k* the most commands to one screen.
  private func closingSearch(
    _ chain: [Entry], screens: [Int32], layerStarts: [Int], parameters: Parameters,
    filter: LegFilter, floor: Int = 0
  ) -> [LayeredLeg?] {
    let lowest = layerStarts[0] - 1
    let count = chain.count - lowest
    // Per position (from `lowest`): its best way there, settled or not yet.
    var best: [LayeredLeg?] = Array(repeating: nil, count: count)
    var settled = [Bool](repeating: false, count: count)
    best[count - 1] = layeredLeg(closing: [], steps: [])
    // Whether the entry at a position matches its own screen under the request, so that a
    // command to that screen could pop back to it.
    let poppable = (lowest..<chain.count).map { position in
      screens[position] >= 0
        && entry(chain[position], matchesParametersOf: screens[position], under: parameters)
    }
    while true {
      var next = -1
      for index in 0..<count where !settled[index] {
        guard let way = best[index] else { continue }
        if next < 0 || way.precedes(best[next]!) { next = index }
      }
      guard next >= 0 else { break }
      settled[next] = true
      let way = best[next]!
      let position = lowest + next
      func offer(_ step: LegStep?, to target: Int) {
        let index = target - lowest
        guard !settled[index] else { return }
        let option = layeredLeg(closing: way.closing + [step], steps: [])
        if best[index].map({ option.precedes($0) }) ?? true { best[index] = option }
      }
      if let layer = layerStarts.lastIndex(where: { $0 <= position }), layerStarts[layer] > floor {
        offer(nil, to: layerStarts[layer] - 1)
      }
      // A pop lands on the topmost entry below the top that matches its screen; the top
      // itself blocks a pop to an entry of its own screen that it matches too.
      var blocked: Set<Int32> = poppable[next] ? [screens[position]] : []
      for target in stride(from: position - 1, through: lowest, by: -1) {
        let screen = screens[target]
        guard poppable[target - lowest], blocked.insert(screen).inserted, target >= floor,
          let command = graph.popCommand(to: screen, where: { filter.allows($0) })
        else { continue }
        offer(LegStep(command: command, screen: screen, popTo: Int32(target)), to: target)
      }
    }
    return best
  }

  /// A leg of these parts, with its cost and its order.
  private func layeredLeg(closing: [LegStep?], select: Int? = nil, steps: [LegStep])
    -> LayeredLeg
  {
    var cost = 0
    var order: [Int] = []
    order.reserveCapacity(closing.count + steps.count + 1)
    for step in closing {
      if let step {
        cost += graph.hasCosts ? Int(graph.cost[Int(step.command)]) : 1
        order.append(Int(step.command))
      } else {
        cost += 1
        order.append(LayeredLeg.dismissOrder)
      }
    }
    if let select {
      cost += 1
      order.append(LayeredLeg.dismissOrder + 1 + select)
    }
    for step in steps {
      cost += graph.hasCosts ? Int(graph.cost[Int(step.command)]) : 1
      order.append(Int(step.command))
    }
    return LayeredLeg(closing: closing, select: select, steps: steps, cost: cost, order: order)
  }

  /// Applies `step` to `chain` (``apply(_:parameters:to:)``): a pop closes every layer
  /// that starts above the entry it goes back to, and a presenting command's new entry
  /// starts a layer.
  private func applyInLayers(
    _ step: LegStep, parameters: Parameters, to chain: inout [Entry], _ layerStarts: inout [Int],
    _ buffers: inout PlannerScratch
  ) throws(RoutingError) -> Step {
    if step.popTo >= 0 {
      buffers.stackScreens.removeSubrange(Int(step.popTo + 1)...)
      while let last = layerStarts.last, last > Int(step.popTo) { layerStarts.removeLast() }
    } else {
      buffers.stackScreens.append(step.screen)
    }
    let applied = try apply(step, parameters: parameters, to: &chain)
    guard step.popTo < 0, commands.presents(Int(step.command)) else { return applied }
    layerStarts.append(chain.count - 1)
    return applied.presenting
  }
}

extension Step {
  /// This step, as the present of the entry it pushed.
  fileprivate var presenting: Step {
    Step(command: command, commandID: commandID, action: .present, entry: entry, depth: depth)
  }
}
