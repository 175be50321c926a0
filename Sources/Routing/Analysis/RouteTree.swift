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
/// too. With costs it is Dijkstra's algorithm, ways of equal cost compared by their
/// command numbers, as the planner compares them.
package struct RouteTree {
  /// One step: the command, the screen it leaves on top, and the stack index it pops
  /// back to, or -1 for a push.
  package struct Step: Hashable, Sendable {
    package var command: Int32
    package var screen: Int32
    package var popTo: Int32
  }

  /// A screen's way: its last step, the record of the screen before (-1 for a first
  /// step), its cost and its number of steps.
  struct Record {
    var step: Step
    var parent: Int32
    var cost: Int
    var depth: Int32
  }

  /// Per screen, the position in ``records`` of its leg, or -1 when not reached.
  private var settled: [Int32]
  private var records: [Record] = []
  /// The screens reached, in the order of their legs (fewest steps first, without
  /// costs; cheapest first, with them).
  package private(set) var reached: [Int32] = []

  /// Searches `graph` from a stack whose marks are `marks`, with the commands that
  /// `isEnabled` lets take part.
  ///
  /// - Complexity: O(*V* + *E*) without costs, where *V* is the number of screens and
  ///   *E* the number of command origins; with costs O(*E* · log(*E*) · *d*), where *d*
  ///   is the number of steps of the longest leg.
  package init(
    graph: RouteGraph, marks: StackMarks, where isEnabled: (Int32) -> Bool = { _ in true }
  ) {
    settled = Array(repeating: -1, count: graph.screenCount)
    let first = Self.firstSteps(graph, marks, isEnabled)
    if graph.hasCosts {
      cheapest(graph, marks, first, isEnabled)
    } else {
      breadthFirst(graph, marks, first, isEnabled)
    }
  }

  /// The possible first steps, by command number: pops back to the entries below the
  /// top, pushes from the top by its own commands and those from anywhere.
  private static func firstSteps(
    _ graph: RouteGraph, _ marks: StackMarks, _ isEnabled: (Int32) -> Bool
  ) -> [Step] {
    var steps: [Step] = []
    for screen in marks.poppable {
      let popTo = marks.held[Int(screen)]
      guard popTo >= 0, let command = graph.popCommand(to: screen, where: isEnabled) else {
        continue
      }
      steps.append(Step(command: command, screen: screen, popTo: popTo))
    }
    var pushes: [Int32] = graph.fromAnywhere
    if marks.top >= 0 { pushes += graph.commandsFrom[Int(marks.top)] }
    for command in pushes {
      let target = graph.destination[Int(command)]
      guard isEnabled(command), !marks.isHeld(target) else { continue }
      steps.append(Step(command: command, screen: target, popTo: -1))
    }
    steps.sort { $0.command < $1.command }
    return steps
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
  package func lastStep(to screen: Int32) -> Step? {
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
  package func steps(to screen: Int32) -> [Step] {
    var steps: [Step] = []
    var cursor = settled[Int(screen)]
    while cursor >= 0 {
      steps.append(records[Int(cursor)].step)
      cursor = records[Int(cursor)].parent
    }
    return steps.reversed()
  }

  private mutating func settle(_ record: Record) {
    settled[Int(record.step.screen)] = Int32(records.count)
    records.append(record)
    reached.append(record.step.screen)
  }

  private mutating func breadthFirst(
    _ graph: RouteGraph, _ marks: StackMarks, _ first: [Step], _ isEnabled: (Int32) -> Bool
  ) {
    for step in first where !isReached(step.screen) {
      settle(Record(step: step, parent: -1, cost: 1, depth: 1))
    }
    var next = 0
    while next < reached.count {
      let screen = reached[next]
      let parent = settled[Int(screen)]
      let depth = records[Int(parent)].depth + 1
      next += 1
      Self.forEachPush(from: screen, graph, marks, isEnabled) { step in
        guard !isReached(step.screen) else { return }
        settle(Record(step: step, parent: parent, cost: Int(depth), depth: depth))
      }
    }
  }

  /// Calls `body` with each push from `screen`, by command number, to a screen the stack
  /// does not hold, by a command that takes part.
  private static func forEachPush(
    from screen: Int32, _ graph: RouteGraph, _ marks: StackMarks, _ isEnabled: (Int32) -> Bool,
    _ body: (Step) -> Void
  ) {
    for position in graph.commandsFrom.range(Int(screen)) {
      let target = graph.targetsFrom[position]
      let command = graph.commandsFrom.items[position]
      guard !marks.isHeld(target), isEnabled(command) else { continue }
      body(Step(command: command, screen: target, popTo: -1))
    }
  }

  private mutating func cheapest(
    _ graph: RouteGraph, _ marks: StackMarks, _ first: [Step], _ isEnabled: (Int32) -> Bool
  ) {
    // Ways found but not settled, and the least cost offered per screen.
    var ways: [Record] = []
    var offered = [Int](repeating: .max, count: graph.screenCount)
    var heap = WayHeap()
    func offer(_ record: Record) {
      let screen = Int(record.step.screen)
      guard record.cost <= offered[screen] else { return }
      offered[screen] = record.cost
      ways.append(record)
      heap.push(Int32(ways.count - 1)) { precedes($0, $1) }
    }
    // The commands of way `index`, first step first.
    func commands(_ index: Int32) -> [Int32] {
      var commands: [Int32] = []
      var way = index
      while way >= 0 {
        commands.append(ways[Int(way)].step.command)
        way = ways[Int(way)].parent
      }
      return commands.reversed()
    }
    func precedes(_ left: Int32, _ right: Int32) -> Bool {
      let (a, b) = (ways[Int(left)], ways[Int(right)])
      if a.cost != b.cost { return a.cost < b.cost }
      return commands(left).lexicographicallyPrecedes(commands(right))
    }
    for step in first {
      offer(Record(step: step, parent: -1, cost: Int(graph.cost[Int(step.command)]), depth: 1))
    }
    // Ways name their parents among `ways`; settled records name theirs among `records`.
    while let index = heap.pop(by: { precedes($0, $1) }) {
      let way = ways[Int(index)]
      let screen = way.step.screen
      guard !isReached(screen) else { continue }
      let parentRecord = way.parent < 0 ? -1 : settled[Int(ways[Int(way.parent)].step.screen)]
      settle(Record(step: way.step, parent: parentRecord, cost: way.cost, depth: way.depth))
      Self.forEachPush(from: screen, graph, marks, isEnabled) { step in
        guard !isReached(step.screen) else { return }
        offer(
          Record(
            step: step, parent: index, cost: way.cost + Int(graph.cost[Int(step.command)]),
            depth: way.depth + 1))
      }
    }
  }
}

/// A binary heap of way indices, ordered by a comparison given at each call.
private struct WayHeap {
  private var items: [Int32] = []

  mutating func push(_ item: Int32, by precedes: (Int32, Int32) -> Bool) {
    items.append(item)
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(items[child], items[parent]) else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop(by precedes: (Int32, Int32) -> Bool) -> Int32? {
    guard let last = items.popLast() else { return nil }
    guard !items.isEmpty else { return last }
    let first = items[0]
    items[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < items.count else { break }
      var smaller = left
      if left + 1 < items.count && precedes(items[left + 1], items[left]) { smaller = left + 1 }
      guard precedes(items[smaller], items[parent]) else { break }
      items.swapAt(smaller, parent)
      parent = smaller
    }
    return first
  }
}

/// What a stack means to a leg that starts from it (<doc:HowRoutesArePlanned>, "One
/// step"): the screens its entries match under the request's parameters.
package struct StackMarks {
  /// Per screen: the index of the topmost matching entry below the top, which a command
  /// to the screen pops back to; -1 when the top matches it (a command to it does not
  /// apply); ``notHeld`` when no entry matches it.
  package private(set) var held: [Int32]
  /// The screens held below the top, in stack order.
  package private(set) var poppable: [Int32] = []
  /// The top's screen number, or -1 when the table does not know it.
  package private(set) var top: Int32 = -1

  /// The mark of a screen no entry matches.
  package static let notHeld = Int32.min

  /// The marks of `stack` in `table` under `parameters`.
  ///
  /// - Complexity: O(*V* + *n* · *p*), where *V* is the number of screens, *n* the depth
  ///   of the stack and *p* the most parameters a screen declares.
  package init(_ stack: [Entry], in table: RouteTable, parameters: Parameters = [:]) {
    held = Array(repeating: Self.notHeld, count: table.screens.count)
    let last = stack.count - 1
    for (position, entry) in stack.enumerated() {
      guard let screen = table.screenIndex[entry.screen] else { continue }
      if position == last { top = screen }
      guard table.entry(entry, matches: screen, under: parameters) else { continue }
      if position < last {
        if held[Int(screen)] == Self.notHeld { poppable.append(screen) }
        held[Int(screen)] = Int32(position)
      } else {
        held[Int(screen)] = -1
      }
    }
  }

  /// Whether an entry of the stack matches `screen`.
  @inline(__always)
  package func isHeld(_ screen: Int32) -> Bool { held[Int(screen)] != Self.notHeld }
}

extension RouteTable {
  /// The legs the planner plans from `stack` to every screen, under `parameters`, with
  /// the commands `isEnabled` lets take part (every one by default: guards are not
  /// asked).
  ///
  /// - Complexity: As ``RouteTree/init(graph:marks:where:)``.
  package func routeTree(
    from stack: [Entry], parameters: Parameters = [:],
    where isEnabled: (Int32) -> Bool = { _ in true }
  ) -> RouteTree {
    RouteTree(
      graph: graph, marks: StackMarks(stack, in: self, parameters: parameters), where: isEnabled)
  }

  /// The legs ``route(from:to:via:parameters:)->Route`` plans from `stack` to every
  /// screen, with no request parameters and the commands `isEnabled` lets take part: on
  /// a table with tabs, inside the tab whose root the stack starts at, without the
  /// commands that tab leaves out (<doc:PlanningAcrossTabs>).
  ///
  /// - Returns: The tree, and the name of the stack's tab on a table with tabs.
  /// - Throws: The planner's errors about the stack:
  ///   ``RoutingError/emptyStack``, ``RoutingError/unknownScreenOnStack(_:entry:tab:suggestion:)``,
  ///   then ``RoutingError/noTabForStack(root:tabs:)``.
  /// - Complexity: As ``RouteTree/init(graph:marks:where:)``, plus O(*C*) on a table with
  ///   tabs, where *C* is the number of commands.
  package func plannedRouteTree(
    from stack: [Entry], where isEnabled: (Int32) -> Bool = { _ in true }
  ) throws(RoutingError) -> (tree: RouteTree, tab: String?) {
    guard !stack.isEmpty else { throw RoutingError.emptyStack }
    guard let tab = try tab(ofCheckedStack: stack, for: nil) else {
      return (routeTree(from: stack, where: isEnabled), nil)
    }
    var leftOut = [Bool](repeating: false, count: graph.commandCount)
    for command in tabLayout.excluded[tab] { leftOut[Int(command)] = true }
    let tree = routeTree(from: stack, where: { !leftOut[Int($0)] && isEnabled($0) })
    return (tree, tabLayout.tabs[tab].name)
  }
}
