extension Planner {
  /// The tab a single stack is in, on a table with tabs: a route from it stays in that
  /// tab, with the commands the tab allows, and plans as a single stack's does (no
  /// ``TabState`` is made for it).
  struct StackTab {
    /// The tab's number, in table order: the leg's filter leaves out the commands this
    /// tab leaves out (``legFilter(refusing:inTab:marking:)``).
    let number: Int
    /// The tab's name, for an unknown stack screen's error; `nil` when the stack was
    /// given as a single stack, not as the tab's.
    let name: String?
  }

  /// A route planned across tabs, in the planner's terms: tab numbers in table order.
  struct TabPlan {
    /// The steps, selects and commands, in order.
    var steps: [TabStep]
    /// The selected tab after the route.
    var selected: Int
    /// Every tab's stack after the route, in tab order.
    var stacks: [[Entry]]
  }

  /// Plans the route that fulfils `request` across the tabs of `layout`, from tab
  /// `selected` and the tabs' `stacks` (in tab order); see
  /// ``RouteTable/route(_:from:)-(_,TabState)`` and <doc:PlanningAcrossTabs>.
  ///
  /// Each leg is the shortest of: the leg inside the selected tab, with the commands it
  /// allows; and, for every other tab in order, a select of it followed by the leg
  /// inside it (nothing more when its top already matches). Each candidate is one call
  /// of ``leg(from:to:parameters:filter:bound:_:)`` with a ``LegFilter`` made for it:
  /// the commands the tab leaves out beside those whose guard said no (the
  /// breadth-first search's inner loops test their positions, ``LimitedPositions``).
  /// Ties go to staying, then to the first tab; a tab is searched only when it could
  /// still win, and for a leg shorter than the best so far only (the call's bound);
  /// when only a leg of one or two steps could, only when
  /// ``RouteGraph/mayReach(_:within:from:)``
  /// allows one. The plan owns `stacks`: a leg changes its tab's in place. A route that
  /// stays in one tab is a single stack's (``route(_:from:inTab:)``).
  ///
  /// The plan's keys are checked along its steps (``checkParameters(of:along:)``), and a
  /// plan that fails where a guard stood in the way names that guard
  /// (``namingRefusingGuard(_:of:from:replan:)``), as a single stack's route does.
  ///
  /// - Complexity: O(*T*) leg searches per leg, where *T* is the number of tabs.
  func route(
    _ request: Request, tabs layout: TabLayout, selected start: Int, stacks: consuming [[Entry]]
  ) throws(RoutingError) -> TabPlan {
    // Kept for the failure path only, on a table where a guard may stand in the way.
    let original = graph.guardedCommands.isEmpty ? nil : copy stacks
    do throws(RoutingError) {
      let plan = try plan(
        request, tabs: layout, selected: start, stacks: stacks, heedingGuards: true)
      if checksParameters(of: request) {
        let steps = plan.steps.compactMap { if case .command(let step) = $0 { step } else { nil } }
        try checkParameters(of: request, along: Route(steps: steps, stack: []))
      }
      return plan
    } catch {
      guard let original else { throw error }
      throw namingRefusingGuard(error, of: request, from: original[start]) {
        () throws(RoutingError) in
        try plan(
          request, tabs: layout, selected: start, stacks: original, heedingGuards: false
        ).steps.compactMap { if case .command(let step) = $0 { step } else { nil } }
      }
    }
  }

  /// The plan of ``route(_:tabs:selected:stacks:)``, its keys not checked yet; without
  /// `heedingGuards`, no guard is asked.
  private func plan(
    _ request: Request, tabs layout: TabLayout, selected start: Int, stacks: consuming [[Entry]],
    heedingGuards: Bool
  ) throws(RoutingError) -> TabPlan {
    var plan = TabPlan(steps: [], selected: start, stacks: consume stacks)
    for stack in plan.stacks where stack.isEmpty { throw RoutingError.emptyStack }
    let destination = try destination(of: request)
    let parameters = typedOnce(request.parameters)
    try scratch.withScratch { (buffers) throws(RoutingError) in
      if buffers.tabScreens.count < plan.stacks.count {
        buffers.tabScreens.append(
          contentsOf: repeatElement([], count: plan.stacks.count - buffers.tabScreens.count))
      }
      for (tab, stack) in plan.stacks.enumerated() {
        try screenNumbers(
          of: stack, tab: layout.tabs[tab].name, into: &buffers.tabScreens[tab])
      }
      // The tab whose numbers are swapped in as `stackScreens`, or -1.
      var numbered = -1
      func number(_ tab: Int, _ buffers: inout PlannerScratch) {
        guard tab != numbered else { return }
        if numbered >= 0 { swap(&buffers.stackScreens, &buffers.tabScreens[numbered]) }
        swap(&buffers.stackScreens, &buffers.tabScreens[tab])
        numbered = tab
      }
      number(start, &buffers)
      if topMatches(plan.stacks[start], destination, parameters, buffers) { return }
      buffers.prepare(screens: graph.screenCount, commands: graph.commandCount)
      // The guards hear the selected tab's stack, once per request.
      let refused = heedingGuards ? refusedCommands(request, from: plan.stacks[start]) : []
      var bestLeg: [LegStep] = []
      for next in 0...request.breadcrumbs.count {
        let milestone =
          next < request.breadcrumbs.count ? screenIndex[request.breadcrumbs[next]]! : destination
        let here = plan.selected
        number(here, &buffers)
        if topMatches(plan.stacks[here], milestone, parameters, buffers) { continue }
        var best: (tab: Int, cost: Int)?
        // The selected tab, then the others in order.
        for position in 0..<layout.tabs.count {
          let tab = position == 0 ? here : position <= here ? position - 1 : position
          let select = tab == here ? 0 : 1
          // A later candidate wins only when it is strictly cheaper.
          if let best, best.cost <= select { break }
          number(tab, &buffers)
          var cost = select
          if tab == here || !topMatches(plan.stacks[tab], milestone, parameters, buffers) {
            // Behind the best so far, only a strictly cheaper leg wins.
            let bound = best.map { Int32($0.cost - select - 1) } ?? .max
            // A leg costs at least 1: none could win.
            if bound < 1 { continue }
            // Nor any when a leg of one or two steps is all that could win and none is
            // possible.
            if bound <= 2 && !graph.hasCosts
              && !graph.mayReach(milestone, within: bound, from: buffers.stackScreens)
            {
              continue
            }
            let filter = legFilter(refusing: refused, inTab: tab, marking: &buffers.disabled)
            guard
              leg(
                from: plan.stacks[tab], to: milestone, parameters: parameters, filter: filter,
                bound: bound, &buffers)
            else { continue }
            cost += legCost(buffers.leg)
          } else {
            buffers.leg.removeAll(keepingCapacity: true)
          }
          if best == nil || cost < best!.cost {
            best = (tab, cost)
            swap(&bestLeg, &buffers.leg)
          }
        }
        guard let best else {
          let top = plan.stacks[here][plan.stacks[here].count - 1].screen
          throw RoutingError.unreachable(from: top, to: screenNames[Int(milestone)])
        }
        if best.tab != here {
          plan.steps.append(.select(layout.tabs[best.tab].name))
          plan.selected = best.tab
        }
        swap(&bestLeg, &buffers.leg)
        number(best.tab, &buffers)
        try takeLeg(
          into: &plan.steps, as: TabStep.command, on: &plan.stacks[best.tab],
          parameters: parameters, &buffers)
      }
    }
    return plan
  }

  /// What a leg costs: its number of steps, or the sum of its commands' costs.
  private func legCost(_ leg: [LegStep]) -> Int {
    guard graph.hasCosts else { return leg.count }
    return leg.reduce(0) { $0 + Int(graph.cost[Int($1.command)]) }
  }
}
