/// The weighted search of the leg engine: Dijkstra's algorithm over screens, taking
/// reached screens in the order of ``LegOrder`` (least cost, then command numbers from
/// the first step). The planner's legs on a table with costs and the tree of legs from
/// one stack with costs are this one search, stopped at a milestone or run to the end.
///
/// As without costs, a cheapest leg pushes no screen that the stack holds, so each
/// screen is settled once. Its buffers are kept between searches: each search starts
/// them afresh (``run(_:from:isHeld:filter:until:)``), so nothing of one search is
/// read by the next.
struct WeightedSearch: Sendable {
  /// The ways found, each extending a settled one.
  private(set) var records: [SearchRecord] = []
  /// Per screen, the record of its settled way.
  private var settled = StampedArray<Int32>(filler: 0)
  /// Per screen, the least cost offered.
  private var cheapest = StampedArray<Int>(filler: 0)
  private var heap = IndexHeap()
  private var order = LegOrder()
  /// The screens settled, in the order of their legs.
  private(set) var reached: [Int32] = []

  /// Sizes the per-screen arrays for a table of `screenCount` screens.
  mutating func resize(to screenCount: Int) {
    guard settled.count != screenCount else { return }
    settled.resize(to: screenCount)
    cheapest.resize(to: screenCount)
  }

  /// Sets the generation of the per-screen arrays, for tests that exercise the
  /// wrap-around.
  mutating func setGeneration(_ value: UInt32) {
    settled.setGeneration(value)
    cheapest.setGeneration(value)
  }

  /// The record of the way settled to `screen`, or `nil` when none is.
  func settledRecord(of screen: Int32) -> Int32? { settled[Int(screen)] }

  /// Searches `graph` from the first steps `first` (ascending by command), pushing no
  /// screen that `isHeld` names and taking only the commands `filter` allows;
  /// returns the record of the leg to `milestone`, or `nil` when it has none. With
  /// `milestone` -1 it settles every screen it reaches and returns `nil`.
  ///
  /// - Complexity: O(*E* · log(*E*) · *d*), where *E* is the number of command origins
  ///   and *d* the number of steps of the longest leg: comparing two equally cheap ways
  ///   walks their parent chains. Costs are an extension; tables without them never
  ///   come here.
  mutating func run(
    _ graph: RouteGraph, from first: [LegStep], isHeld: (Int32) -> Bool,
    filter: LegFilter, until milestone: Int32
  ) -> Int32? {
    resize(to: graph.screenCount)
    settled.clear()
    cheapest.clear()
    records.removeAll(keepingCapacity: true)
    reached.removeAll(keepingCapacity: true)
    heap.removeAll()
    // The rows the loop reads, taken out of the graph once: reading them through `graph`
    // copies the whole graph at each access in a debug build.
    let costs = graph.cost
    let rows = graph.commandsFrom
    let destinations = graph.destination
    for step in first {
      offer(SearchRecord(step: step, parent: -1, cost: Int(costs[Int(step.command)]), depth: 1))
    }
    while let current = popFirst() {
      let record = records[Int(current)]
      let screen = record.step.screen
      guard !settled.contains(Int(screen)) else { continue }
      settled[Int(screen)] = current
      reached.append(screen)
      if screen == milestone { return current }
      for position in rows.range(Int(screen)) {
        let command = rows.items[position]
        let target = destinations[Int(command)]
        guard !settled.contains(Int(target)), !isHeld(target), filter.allows(command) else {
          continue
        }
        offer(
          SearchRecord(
            step: LegStep(command: command, screen: target, popTo: -1), parent: current,
            cost: record.cost + Int(costs[Int(command)]), depth: record.depth + 1))
      }
    }
    return nil
  }

  /// The steps of the way of record `record`, first step first, appended to `steps`.
  ///
  /// - Complexity: O(*d*), where *d* is its number of steps.
  func appendSteps(of record: Int32, to steps: inout [LegStep]) {
    let start = steps.count
    var cursor = record
    while cursor >= 0 {
      steps.append(records[Int(cursor)].step)
      cursor = records[Int(cursor)].parent
    }
    steps[start...].reverse()
  }

  /// Queues a record unless its screen was already offered for less.
  private mutating func offer(_ record: SearchRecord) {
    let slot = Int(record.step.screen)
    if let known = cheapest[slot], known < record.cost { return }
    cheapest[slot] = record.cost
    records.append(record)
    var heap = self.heap
    self.heap = IndexHeap()
    heap.push(Int32(records.count - 1)) { order.precedes($0, $1, in: records) }
    self.heap = heap
  }

  private mutating func popFirst() -> Int32? {
    var heap = self.heap
    self.heap = IndexHeap()
    defer { self.heap = heap }
    return heap.pop { order.precedes($0, $1, in: records) }
  }
}
