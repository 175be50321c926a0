/// The planner's legs from one stack to every screen at once: one search instead of one
/// per destination.
///
/// The leg to each screen is the one the planner plans (<doc:HowRoutesArePlanned>): the
/// shortest (the cheapest, with costs), ties broken by command numbers read from the
/// first step; its first step may pop back to an entry below the top, by the command
/// ``RouteGraph/popCommand(to:where:)`` chooses, and no step pushes a screen that an
/// entry of the stack matches. `routing diff` compares two tables with it, and
/// ``RouteTable/explanation(from:to:via:parameters:)`` reads what a failing leg reaches.
///
/// Without costs it is a breadth-first search that takes each level's screens in the
/// order of their legs: a screen's leg is its parent's leg and one command, so the first
/// time a screen is found, by the first parent in that order and the lowest-numbered
/// command from it, is its leg, and the screens of the next level are found in order
/// too. With costs it is the planner's weighted search (``WeightedSearch``), run to the
/// end. Both start from the planner's first steps
/// (``RouteGraph/listFirstSteps(_:implicitAnywhere:into:pops:merged:filter:)``), leave out
/// what a ``LegFilter`` says, and break ties by ``LegOrder``.
package struct RouteTree {
  /// Per screen, the position in ``records`` of its leg, or -1 when not reached.
  private var settled: [Int32]
  private var records: [SearchRecord] = []
  /// The screens reached, in the order of their legs (fewest steps first, without
  /// costs; cheapest first, with them).
  package private(set) var reached: [Int32] = []

  /// Searches `graph` from a stack whose marks are `marks`, leaving out what `filter`
  /// leaves out (``RouteTable/legFilter(refusing:inTab:)`` makes one).
  ///
  /// - Complexity: O(*V* + *E*) without costs, where *V* is the number of screens and
  ///   *E* the number of command origins; with costs as
  ///   ``WeightedSearch/run(_:from:isHeld:filter:until:)``.
  package init(graph: RouteGraph, marks: StackMarks, filter: LegFilter = .none) {
    settled = Array(repeating: -1, count: graph.screenCount)
    var first: [LegStep] = []
    var pops: [LegStep] = []
    var merged: [LegStep] = []
    graph.listFirstSteps(
      marks, implicitAnywhere: false, into: &first, pops: &pops, merged: &merged, filter: filter)
    if graph.hasCosts {
      var search = WeightedSearch()
      _ = search.run(
        graph, from: first, isHeld: { marks.isHeld($0) }, filter: filter, until: -1)
      records = search.records
      reached = search.reached
      for screen in reached { settled[Int(screen)] = search.settledRecord(of: screen)! }
    } else {
      breadthFirst(graph, marks, first, filter)
    }
  }

  /// Whether the search reached `screen`.
  package func isReached(_ screen: Int32) -> Bool { settled[Int(screen)] >= 0 }

  /// The cost of the leg to `screen` (its number of steps when commands cost 1), or
  /// `nil` when not reached.
  package func cost(to screen: Int32) -> Int? {
    let record = settled[Int(screen)]
    return record < 0 ? nil : records[Int(record)].cost
  }

  /// The number of steps of the leg to `screen`, or `nil` when not reached.
  package func depth(of screen: Int32) -> Int? {
    let record = settled[Int(screen)]
    return record < 0 ? nil : Int(records[Int(record)].depth)
  }

  /// The last step of the leg to `screen`, or `nil` when not reached.
  package func lastStep(to screen: Int32) -> LegStep? {
    let record = settled[Int(screen)]
    return record < 0 ? nil : records[Int(record)].step
  }

  /// The screen on top before the last step of the leg to `screen`: -1 when that step is
  /// the first, or when `screen` is not reached.
  package func previous(of screen: Int32) -> Int32 {
    let record = settled[Int(screen)]
    guard record >= 0 else { return -1 }
    let parent = records[Int(record)].parent
    return parent < 0 ? -1 : records[Int(parent)].step.screen
  }

  /// The steps of the leg to `screen`, first step first; empty when not reached.
  ///
  /// - Complexity: O(*d*), where *d* is the number of steps.
  package func steps(to screen: Int32) -> [LegStep] {
    var steps: [LegStep] = []
    var cursor = settled[Int(screen)]
    while cursor >= 0 {
      steps.append(records[Int(cursor)].step)
      cursor = records[Int(cursor)].parent
    }
    return steps.reversed()
  }

  /// Whether some step of the leg to `screen` satisfies `predicate`; `false` when not
  /// reached.
  ///
  /// - Complexity: O(*d*), where *d* is the number of steps.
  package func anyStep(to screen: Int32, where predicate: (LegStep) -> Bool) -> Bool {
    var cursor = settled[Int(screen)]
    while cursor >= 0 {
      if predicate(records[Int(cursor)].step) { return true }
      cursor = records[Int(cursor)].parent
    }
    return false
  }

  private mutating func settle(_ record: SearchRecord) {
    settled[Int(record.step.screen)] = Int32(records.count)
    records.append(record)
    reached.append(record.step.screen)
  }

  /// The breadth-first search from the first steps `first`: each level's screens are
  /// taken in the order of their legs, so the first time a screen is found, by the first
  /// parent in that order and the lowest-numbered command from it, is its leg, and the
  /// screens of the next level are found in order too: the breadth-first order of
  /// ``LegOrder``.
  private mutating func breadthFirst(
    _ graph: RouteGraph, _ marks: StackMarks, _ first: [LegStep], _ filter: LegFilter
  ) {
    for step in first where !isReached(step.screen) {
      settle(SearchRecord(step: step, parent: -1, cost: 1, depth: 1))
    }
    var next = 0
    while next < reached.count {
      let screen = reached[next]
      let parent = settled[Int(screen)]
      let depth = records[Int(parent)].depth + 1
      next += 1
      for position in graph.commandsFrom.range(Int(screen)) {
        let target = graph.targetsFrom[position]
        let command = graph.commandsFrom.items[position]
        guard !isReached(target), !marks.isHeld(target), filter.allows(command) else { continue }
        settle(
          SearchRecord(
            step: LegStep(command: command, screen: target, popTo: -1), parent: parent,
            cost: Int(depth), depth: depth))
      }
    }
  }
}

extension RouteTable {
  /// The legs the planner plans from `stack` to every screen, under `parameters`,
  /// leaving out what `filter` leaves out (nothing by default: guards are not asked).
  ///
  /// - Complexity: As ``RouteTree/init(graph:marks:filter:)``.
  package func routeTree(
    from stack: [Entry], parameters: Parameters = [:], filter: LegFilter = .none
  ) -> RouteTree {
    RouteTree(
      graph: graph, marks: StackMarks(stack, in: self, parameters: parameters), filter: filter)
  }

  /// The legs ``route(from:to:via:parameters:)->Route`` plans from `stack` to every
  /// screen, with no request parameters, when the guards of the commands `refused` say
  /// no: on a table with tabs, inside the tab whose root the stack starts at, without the
  /// commands that tab leaves out (<doc:PlanningAcrossTabs>), as the planner's filter
  /// for that tab says (``legFilter(refusing:inTab:)``).
  ///
  /// - Returns: The tree, and the name of the stack's tab on a table with tabs.
  /// - Throws: The planner's errors about the stack:
  ///   ``RoutingError/emptyStack``, ``RoutingError/unknownScreenOnStack(_:entry:tab:suggestion:)``,
  ///   then ``RoutingError/noTabForStack(root:tabs:)``.
  /// - Complexity: As ``RouteTree/init(graph:marks:filter:)``, plus O(*C*) when some
  ///   guard says no, where *C* is the number of commands.
  package func plannedRouteTree(
    from stack: [Entry], refusing refused: [Int32] = []
  ) throws(RoutingError) -> (tree: RouteTree, tab: String?) {
    guard !stack.isEmpty else { throw RoutingError.emptyStack }
    let tab = try tab(ofCheckedStack: stack, for: nil)
    let tree = routeTree(from: stack, filter: legFilter(refusing: refused, inTab: tab))
    return (tree, tab.map { tabLayout.tabs[$0].name })
  }
}
