extension RouteTable {
  /// Why a request has no route: the first leg the planner cannot plan, explained.
  ///
  /// The legs are planned as ``route(from:to:via:parameters:)->Route`` plans them (the
  /// guards asked once, about the request and `stack`), until one has no route. Its
  /// explanation lists the screens the leg reaches, each command into the milestone
  /// with why it cannot apply (its guard said no, or none of its origins is reached),
  /// and the reached screen from which the fewest commands lead to the milestone. On a
  /// table with tabs, the stack is a tab's, as for a route: the commands that tab leaves
  /// out take no part.
  ///
  /// ```swift
  /// let explanation = try table.explanation(from: [Entry("Home")], to: "Archive")
  /// #expect(explanation?.reachable.map(\.screen) == ["List"])
  /// #expect(explanation?.commands.map(\.reason) == [.originsNotReached(onStack: [])])
  /// print(explanation!)
  /// // no route from Home to Archive
  /// // reachable from Home (1 screen): List (1 step)
  /// // commands to Archive:
  /// //   commands[1] 'openArchive' from Archive: none of its origins is reached
  /// // nearest: no reached screen has a chain of commands to Archive
  /// ```
  ///
  /// - Parameters:
  ///   - stack: The stack to start from, bottom first; it must not be empty.
  ///   - destination: Where to go.
  ///   - breadcrumbs: Milestones to pass on the way, in order.
  ///   - parameters: The request parameters, as for a route.
  /// - Returns: The explanation of the first leg without a route, or `nil` when every leg
  ///   has one (the request may still fail on its parameters, which
  ///   ``route(from:to:via:parameters:)->Route`` checks once the route is found).
  /// - Throws: ``RoutingError/emptyStack``, ``RoutingError/unknownScreen(_:suggestion:)`` for a
  ///   milestone the table does not know, the stack's errors as for a route
  ///   (``RoutingError/unknownScreenOnStack(_:entry:tab:suggestion:)``,
  ///   ``RoutingError/noTabForStack(root:tabs:)``), and
  ///   ``RoutingError/invalidParameter(name:value:expected:)`` for a value that a screen
  ///   an earlier leg pushes cannot take, as planning does.
  /// - Complexity: O(*L* · (*V* + *E*)) without costs, where *L* is the number of legs,
  ///   *V* the number of screens and *E* the number of command origins; with costs a leg
  ///   is a Dijkstra search, O(*E* · log(*E*) · *d*) for legs of *d* steps.
  public func explanation(
    from stack: [Entry], to destination: ScreenName, via breadcrumbs: [ScreenName] = [],
    parameters: Parameters = [:]
  ) throws(RoutingError) -> RouteExplanation? {
    guard !stack.isEmpty else { throw RoutingError.emptyStack }
    let request = Request(to: destination, via: breadcrumbs, parameters: parameters)
    let target = try planner.destination(of: request)
    // On a table with tabs, the stack is a tab's, and the commands it leaves out take no
    // part, as in the route.
    let tab = try self.tab(ofCheckedStack: stack, for: request)
    if entry(stack[stack.count - 1], matches: target, under: parameters) { return nil }
    let filter = legFilter(refusing: refusedCommands(request, from: stack), inTab: tab)
    var current = stack
    for milestone in breadcrumbs.map({ screenIndex[$0]! }) + [target] {
      if entry(current[current.count - 1], matches: milestone, under: parameters) { continue }
      let marks = StackMarks(current, in: self, parameters: parameters)
      let tree = RouteTree(graph: graph, marks: marks, filter: filter)
      guard tree.isReached(milestone) else {
        let reached = tree.reached.map { ($0, tree.depth(of: $0)!) }
        return explain(milestone, from: current, reached: reached, marks, inTab: tab, filter)
      }
      for step in tree.steps(to: milestone) {
        if step.popTo >= 0 {
          current.removeSubrange(Int(step.popTo + 1)...)
        } else {
          current.append(try newEntry(of: step.screen, parameters: parameters))
        }
      }
    }
    return nil
  }

  /// The explanation of a leg from `stack`, marked `marks`, that cannot reach
  /// `milestone`: it reaches the screens `reached`, each with its number of steps, fewest
  /// first.
  func explain(
    _ milestone: Int32, from stack: [Entry], reached: [(screen: Int32, steps: Int)],
    _ marks: StackMarks, inTab tab: Int?, _ filter: LegFilter
  ) -> RouteExplanation {
    let reachable = reached.map {
      RouteExplanation.ReachedScreen(screen: screens[Int($0.screen)].name, steps: $0.steps)
    }
    let blocked = graph.commandsTo[Int(milestone)].map { command in
      let origins = commands.origins(of: Int(command)).uniqued()
      let reason: RouteExplanation.Reason
      if let tab, isLeftOut(Int(command), inTab: tab) {
        reason = .leftOutOfTab(tab: tabLayout.tabs[tab].name)
      } else if !filter.allows(command) {
        reason = .guardRefused
      } else {
        let onStack = origins.filter { origin in
          screenIndex[origin].map { (marks.popTo($0) ?? -1) >= 0 } ?? false
        }
        reason = .originsNotReached(onStack: onStack)
      }
      return RouteExplanation.BlockedCommand(
        command: Int(command), commandID: commands.id(of: Int(command)), origins: origins,
        reason: reason)
    }
    let distance = distances(to: milestone)
    var nearest: RouteExplanation.Nearest?
    let candidates = (marks.top >= 0 ? [(marks.top, 0)] : []) + reached
    for (screen, steps) in candidates {
      let remaining = distance[Int(screen)]
      guard remaining >= 0, nearest == nil || remaining < nearest!.remaining else { continue }
      nearest = RouteExplanation.Nearest(
        screen: screens[Int(screen)].name, steps: steps, remaining: Int(remaining))
    }
    return RouteExplanation(
      stack: stack, milestone: screens[Int(milestone)].name, reachable: reachable,
      commands: blocked, nearest: nearest)
  }

  /// Per screen, the fewest commands from it to `screen` when every command applies from
  /// its origins (a command from anywhere from every screen), or -1 when none leads
  /// there: a backward breadth-first search.
  ///
  /// - Complexity: O(*V* + *E*).
  private func distances(to screen: Int32) -> [Int32] {
    var distance = [Int32](repeating: -1, count: graph.screenCount)
    distance[Int(screen)] = 0
    var queue = [screen]
    var next = 0
    while next < queue.count {
      let current = Int(queue[next])
      next += 1
      let step = distance[current] + 1
      if graph.firstFromAnywhere[current] >= 0 {
        // A command from anywhere leads here: every screen not nearer is one step more.
        for other in distance.indices where distance[other] < 0 { distance[other] = step }
        break
      }
      for origin in graph.predecessors[current] where distance[Int(origin)] < 0 {
        distance[Int(origin)] = step
        queue.append(origin)
      }
    }
    return distance
  }
}

extension Array where Element: Hashable {
  /// The elements, each once, in order of first appearance.
  fileprivate func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
