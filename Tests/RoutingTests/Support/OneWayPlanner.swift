@testable import Routing

/// The planner as it was before the bidirectional search: a one-directional search over
/// states (a screen on top and the *base*, the stack index the leg popped back to),
/// expanding a screen again when it is reached from a lower base. Kept as a second
/// reference, reading the table through its compiled graph; it agrees with the
/// whole-stack ``ReferencePlanner`` and is fast enough for larger tables. Its cost grows
/// with the number of bases, so it is for small and medium tables only.
struct OneWayPlanner {
  let table: RouteTable

  private var graph: RouteGraph { table.graph }

  /// One node of the search: a screen reached on top, how, and from which base.
  struct Record {
    var screen: Int32
    var parent: Int
    var command: Int32
    var base: Int32
    var isPop: Bool
    var cost: Int
  }

  /// The search's state; every array is fresh for each leg.
  struct Buffers {
    /// Lowest stack index whose entry matches the screen.
    var low: [Int32?]
    /// Topmost stack index below the top whose entry matches the screen.
    var popIndex: [Int32?]
    /// Smallest base with which the screen has been reached.
    var best: [Int32?]
    /// Whether the commands from anywhere have been tried for a base.
    var wildcardsTried: Set<Int32> = []
    var records: [Record] = []
    var candidates: [Record] = []
  }

  func route(_ request: Request, from stack: [Entry]) -> Result<Route, RoutingError> {
    guard !stack.isEmpty else { return .failure(.emptyStack) }
    var milestones: [Int32] = []
    for name in request.breadcrumbs + [request.destination] {
      guard let number = table.screenIndex[name] else {
        return .failure(.unknownScreen(name, suggestion: table.nearestScreen(to: name)))
      }
      milestones.append(number)
    }
    if table.declaresScreens,
      let entry = stack.indices.first(where: { table.screen(named: stack[$0].screen) == nil })
    {
      return .failure(
        .unknownScreenOnStack(
          stack[entry].screen, entry: entry, tab: nil,
          suggestion: table.nearestScreen(to: stack[entry].screen)))
    }
    let parameters = request.parameters
    if table.entry(stack[stack.count - 1], matches: milestones.last!, under: parameters) {
      let route = Route(steps: [], stack: stack)
      return Result { () throws(RoutingError) -> Route in
        try table.planner.checkParameters(of: request, along: route)
        return route
      }
    }
    let context = GuardContext(request: request, stack: stack)
    var disabled = Set<Int32>()
    for (position, command) in graph.guardedCommands.enumerated()
    where !graph.guards[position].allows(context) {
      disabled.insert(command)
    }
    var current = stack
    var steps: [Step] = []
    do {
      for milestone in milestones {
        if table.entry(current[current.count - 1], matches: milestone, under: parameters) {
          continue
        }
        guard let leg = searchLeg(from: current, to: milestone, parameters, disabled) else {
          return .failure(
            .unreachable(
              from: current[current.count - 1].screen, to: table.screens[Int(milestone)].name))
        }
        for record in leg {
          if record.isPop {
            current.removeSubrange(Int(record.base + 1)...)
          } else {
            current.append(try table.newEntry(of: record.screen, parameters: parameters))
          }
          let command = Int(record.command)
          steps.append(
            Step(
              command: command, commandID: table.commands[command].id,
              action: record.isPop ? .pop : .push, entry: current[current.count - 1],
              depth: current.count))
        }
      }
      // The rules on request parameters are the table's, checked on the found route.
      let route = Route(steps: steps, stack: current)
      try table.planner.checkParameters(of: request, along: route)
      return .success(route)
    } catch {
      return .failure(error)
    }
  }

  func searchLeg(
    from stack: [Entry], to milestone: Int32, _ parameters: Parameters, _ disabled: Set<Int32>
  ) -> [Record]? {
    let count = graph.screenCount
    var buffers = Buffers(
      low: Array(repeating: nil, count: count), popIndex: Array(repeating: nil, count: count),
      best: Array(repeating: nil, count: count))
    let top = stack.count - 1
    var popped: [Int32] = []
    for (position, entry) in stack.enumerated() {
      guard let screen = table.screenIndex[entry.screen],
        table.entry(entry, matches: screen, under: parameters)
      else { continue }
      let slot = Int(screen)
      if buffers.low[slot] == nil { buffers.low[slot] = Int32(position) }
      if position < top {
        if buffers.popIndex[slot] == nil { popped.append(screen) }
        buffers.popIndex[slot] = Int32(position)
      }
    }
    // First steps: pops back to entries below the top, pushes from the top.
    for screen in popped {
      for command in graph.commandsTo[Int(screen)] where !disabled.contains(command) {
        buffers.candidates.append(
          Record(
            screen: screen, parent: -1, command: command, base: buffers.popIndex[Int(screen)]!,
            isPop: true, cost: Int(graph.cost[Int(command)])))
        if !graph.hasCosts { break }
      }
    }
    let fromTop = table.screenIndex[stack[top].screen].map { graph.commandsFrom[Int($0)] } ?? []
    for command in Array(fromTop) + graph.fromAnywhere where !disabled.contains(command) {
      let target = graph.destination[Int(command)]
      guard buffers.low[Int(target)] == nil else { continue }
      buffers.candidates.append(
        Record(
          screen: target, parent: -1, command: command, base: Int32(top), isPop: false,
          cost: Int(graph.cost[Int(command)])))
    }
    buffers.wildcardsTried.insert(Int32(top))
    buffers.candidates.sort { $0.command < $1.command }
    let found =
      graph.hasCosts
      ? cheapestLeg(to: milestone, &buffers, disabled)
      : breadthFirstLeg(to: milestone, &buffers, disabled)
    guard found >= 0 else { return nil }
    var path: [Record] = []
    var cursor = found
    while cursor >= 0 {
      path.append(buffers.records[cursor])
      cursor = buffers.records[cursor].parent
    }
    return path.reversed()
  }

  /// Whether a leg standing on `base` may push `target` and gain something.
  func mayPush(_ target: Int32, onBase base: Int32, _ buffers: Buffers) -> Bool {
    if let low = buffers.low[Int(target)], low <= base { return false }
    if let best = buffers.best[Int(target)], best <= base { return false }
    return true
  }

  /// The commands a record's screen tries, in command order: its own, and those from
  /// anywhere when it is the first on its base.
  func commands(of record: Record, _ buffers: inout Buffers) -> [Int32] {
    let own = Array(graph.commandsFrom[Int(record.screen)])
    guard buffers.wildcardsTried.insert(record.base).inserted else { return own }
    return (own + graph.fromAnywhere).sorted()
  }

  func breadthFirstLeg(to milestone: Int32, _ buffers: inout Buffers, _ disabled: Set<Int32>)
    -> Int
  {
    for candidate in buffers.candidates {
      let slot = Int(candidate.screen)
      if let best = buffers.best[slot], best <= candidate.base { continue }
      buffers.best[slot] = candidate.base
      buffers.records.append(candidate)
      if candidate.screen == milestone { return buffers.records.count - 1 }
    }
    var next = 0
    while next < buffers.records.count {
      let parent = buffers.records[next]
      let current = next
      next += 1
      for command in commands(of: parent, &buffers) where !disabled.contains(command) {
        let target = graph.destination[Int(command)]
        guard mayPush(target, onBase: parent.base, buffers) else { continue }
        buffers.best[Int(target)] = parent.base
        buffers.records.append(
          Record(
            screen: target, parent: current, command: command, base: parent.base, isPop: false,
            cost: parent.cost + 1))
        if target == milestone { return buffers.records.count - 1 }
      }
    }
    return -1
  }

  /// Dijkstra's algorithm over the same states; a plain scan stands for the priority
  /// queue.
  func cheapestLeg(to milestone: Int32, _ buffers: inout Buffers, _ disabled: Set<Int32>) -> Int {
    var open: [Int] = []
    for candidate in buffers.candidates {
      buffers.records.append(candidate)
      open.append(buffers.records.count - 1)
    }
    while !open.isEmpty {
      let position = open.indices.min { precedes(open[$0], open[$1], buffers) }!
      let current = open.remove(at: position)
      let record = buffers.records[current]
      let slot = Int(record.screen)
      if let best = buffers.best[slot], best <= record.base { continue }
      buffers.best[slot] = record.base
      if record.screen == milestone { return current }
      for command in commands(of: record, &buffers) where !disabled.contains(command) {
        let target = graph.destination[Int(command)]
        guard mayPush(target, onBase: record.base, buffers) else { continue }
        buffers.records.append(
          Record(
            screen: target, parent: current, command: command, base: record.base, isPop: false,
            cost: record.cost + Int(graph.cost[Int(command)])))
        open.append(buffers.records.count - 1)
      }
    }
    return -1
  }

  /// Lower cost, then command numbers from the first step.
  func precedes(_ left: Int, _ right: Int, _ buffers: Buffers) -> Bool {
    let records = buffers.records
    if records[left].cost != records[right].cost { return records[left].cost < records[right].cost }
    func path(_ start: Int) -> [Int32] {
      var commands: [Int32] = []
      var cursor = start
      while cursor >= 0 {
        commands.append(records[cursor].command)
        cursor = records[cursor].parent
      }
      return commands.reversed()
    }
    return path(left).lexicographicallyPrecedes(path(right))
  }
}
