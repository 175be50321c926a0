import RoutingStorage

/// The compiled graph of a route table: screens and commands as dense integers, laid
/// out for the planner, the table's analysis and its links.
///
/// Compiling a table builds it once; it never changes after. Screens are numbered in
/// table order and commands in registration order, both from 0. Commands are listed by
/// origin and by destination in compressed rows, each row ascending, so walking a row
/// visits commands in the order that breaks ties.
package struct RouteGraph: Sendable {
  /// The number of screens.
  package let screenCount: Int
  /// Each command's destination screen.
  package let destination: [Int32]
  /// Each command's cost, a positive number of at most ``RouteTable/maximumCost``.
  package let cost: CostColumn
  /// Whether some command costs more than 1.
  package let hasCosts: Bool
  /// The commands that start from each screen (commands from anywhere excluded).
  package let commandsFrom: CompressedRows
  /// The destination of each command of ``commandsFrom``, in the same positions: a
  /// forward search reads them in a row instead of one by one.
  package let targetsFrom: [Int32]
  /// The commands that lead to each screen, from anywhere included.
  package let commandsTo: CompressedRows
  /// Each screen's predecessors: the origins of the commands that lead to it, command by
  /// command in ascending order, with ``predecessorCommands`` in the same positions. A
  /// backward search reads them in a row.
  package let predecessors: CompressedRows
  package let predecessorCommands: [Int32]
  /// ``commandsFrom``'s rows over ``targetsFrom``, and ``predecessors``, as rows whose
  /// items are checked once to be screens: the breadth-first search reads them, and each
  /// screen's word, with no check at each item.
  package let forwardRows: BoundedRows
  package let backwardRows: BoundedRows
  /// The commands from anywhere, ascending.
  package let fromAnywhere: [Int32]
  /// Per screen, the lowest-numbered command from anywhere that leads to it, or -1.
  package let firstFromAnywhere: [Int32]
  /// The screens some command from anywhere leads to, ascending.
  package let anywhereDestinations: [Int32]
  /// The commands that carry a guard, ascending, and their guards.
  package let guardedCommands: [Int32]
  package let guards: [RouteGuard]

  /// The number of commands.
  package var commandCount: Int { destination.count }

  /// The number of command origins (a command from anywhere has none).
  package var originCount: Int { predecessors.items.count }

  /// Whether command `command` starts from anywhere.
  ///
  /// - Complexity: O(log *a*), where *a* is the number of commands from anywhere.
  package func isFromAnywhere(_ command: Int32) -> Bool {
    var low = 0
    var high = fromAnywhere.count
    while low < high {
      let middle = (low + high) / 2
      if fromAnywhere[middle] < command { low = middle + 1 } else { high = middle }
    }
    return low < fromAnywhere.count && fromAnywhere[low] == command
  }

  /// Collects commands one by one, then lays them out.
  package struct Builder {
    private var screenCount: Int
    private var destination: [Int32] = []
    /// Each command's cost, from the first that costs more than 1; empty before.
    private var cost: [Int32] = []
    private var hasCosts = false
    private var origins = CompressedRows.Appender()
    private var guardedCommands: [Int32] = []
    private var guards: [RouteGuard] = []

    /// A builder for a graph of `screenCount` screens.
    package init(screenCount: Int, commandCapacity: Int = 0) {
      self.screenCount = screenCount
      destination.reserveCapacity(commandCapacity)
      origins.reserve(items: commandCapacity)
    }

    /// The builder, for a table whose screens are only known once its commands are read:
    /// `screenCount` screens.
    package consuming func with(screenCount: Int) -> Builder {
      self.screenCount = screenCount
      return self
    }

    /// The number of commands added so far.
    package var count: Int { destination.count }

    /// Adds the next command. Repeated origins are listed once.
    package mutating func add(
      origins from: [Int32], destination to: Int32, cost: Int, guard condition: RouteGuard?
    ) {
      for origin in from { addOrigin(origin) }
      endCommand(destination: to, cost: cost, guard: condition)
    }

    /// Adds an origin of the command being added, unless it already has it.
    ///
    /// - Returns: `false` when the command already starts from `origin`.
    /// - Complexity: O(*k*), where *k* is the number of origins added to the command.
    @discardableResult
    package mutating func addOrigin(_ origin: Int32) -> Bool {
      origins.appendUnique(origin)
    }

    /// Ends the command whose origins ``addOrigin(_:)`` added; it takes the next number.
    package mutating func endCommand(destination to: Int32, cost: Int, guard condition: RouteGuard?)
    {
      precondition(cost > 0 && cost <= RouteTable.maximumCost, "compiling checks costs")
      let number = Int32(destination.count)
      origins.endRow()
      destination.append(to)
      if cost != 1 && !hasCosts {
        hasCosts = true
        self.cost = Array(repeating: 1, count: Int(number))
      }
      if hasCosts { self.cost.append(Int32(cost)) }
      if let condition {
        guardedCommands.append(number)
        guards.append(condition)
      }
    }

    /// The destination of command `number`, added before.
    package func destination(of number: Int) -> Int32 { destination[number] }

    /// The graph of the commands added so far.
    package consuming func build() -> RouteGraph {
      RouteGraph(
        screenCount: screenCount, destination: destination, cost: cost, hasCosts: hasCosts,
        origins: origins, guardedCommands: guardedCommands, guards: guards)
    }
  }

  private init(
    screenCount: Int, destination: [Int32], cost: [Int32], hasCosts: Bool,
    origins: consuming CompressedRows.Appender, guardedCommands: [Int32], guards: [RouteGuard]
  ) {
    var byOrigin = CompressedRows.Filler(rows: screenCount)
    var byDestination = CompressedRows.Filler(rows: screenCount)
    var fromAnywhere: [Int32] = []
    var firstFromAnywhere = [Int32](repeating: -1, count: screenCount)
    // When every command has exactly one origin, the predecessors' rows are the rows by
    // destination: their starts and their commands are kept once, and the origins are
    // placed where the commands by destination are.
    let oneOriginEach = origins.hasOneItemPerRow
    var byPredecessor = CompressedRows.Filler(rows: oneOriginEach ? 0 : screenCount)
    // Counting sort: one pass counts every row's length, one places the items.
    for command in destination.indices {
      let range = origins.range(command)
      for position in range { byOrigin.count(row: origins.items[position]) }
      byDestination.count(row: destination[command])
      if !oneOriginEach { byPredecessor.count(row: destination[command], times: range.count) }
    }
    byOrigin.allocate()
    byDestination.allocate()
    if !oneOriginEach { byPredecessor.allocate() }
    var predecessorCommands = [Int32](repeating: 0, count: oneOriginEach ? 0 : origins.items.count)
    var predecessorItems = [Int32](repeating: 0, count: oneOriginEach ? origins.items.count : 0)
    for command in destination.indices {
      let number = Int32(command)
      if origins.isEmpty(command) {
        fromAnywhere.append(number)
        let target = Int(destination[command])
        if firstFromAnywhere[target] < 0 { firstFromAnywhere[target] = number }
      }
      let place = byDestination.append(number, to: destination[command])
      for position in origins.range(command) {
        byOrigin.append(number, to: origins.items[position])
        if oneOriginEach {
          predecessorItems[place] = origins.items[position]
        } else {
          let slot = byPredecessor.append(origins.items[position], to: destination[command])
          predecessorCommands[slot] = number
        }
      }
    }
    self.screenCount = screenCount
    self.destination = destination
    self.cost = CostColumn(cost, count: destination.count)
    self.hasCosts = hasCosts
    self.commandsFrom = byOrigin.rows
    // The origins by command are read no more: their memory takes the targets.
    var targets = origins.takeItems()
    for position in byOrigin.rows.items.indices {
      targets[position] = destination[Int(byOrigin.rows.items[position])]
    }
    self.targetsFrom = targets
    self.predecessors =
      oneOriginEach
      ? CompressedRows(starts: byDestination.rows.starts, items: predecessorItems)
      : byPredecessor.rows
    self.predecessorCommands = oneOriginEach ? byDestination.rows.items : predecessorCommands
    self.commandsTo = byDestination.rows
    self.fromAnywhere = fromAnywhere
    self.firstFromAnywhere = firstFromAnywhere
    self.anywhereDestinations = firstFromAnywhere.indices.compactMap {
      firstFromAnywhere[$0] >= 0 ? Int32($0) : nil
    }
    self.guardedCommands = guardedCommands
    self.guards = guards
    self.forwardRows = BoundedRows(
      starts: commandsFrom.starts, items: targetsFrom, bound: screenCount)
    self.backwardRows = BoundedRows(
      starts: predecessors.starts, items: predecessors.items, bound: screenCount)
  }
}

/// Each command's cost, kept only when some command costs more than 1.
package struct CostColumn: RandomAccessCollection, Sendable {
  /// The costs; empty when every command costs 1.
  private let costs: [Int32]
  /// The number of commands.
  package let endIndex: Int

  init(_ costs: [Int32], count: Int) {
    precondition(costs.isEmpty || costs.count == count)
    self.costs = costs
    self.endIndex = count
  }

  /// 0.
  package var startIndex: Int { 0 }

  /// Command `command`'s cost.
  @inline(__always)
  package subscript(command: Int) -> Int32 {
    costs.isEmpty ? 1 : costs[command]
  }
}

/// Lists of integers laid end to end (compressed sparse rows): row `r` is
/// `items[starts[r]..<starts[r + 1]]`.
package struct CompressedRows: Sendable {
  /// Where each row starts, and one past the end of the last.
  package private(set) var starts: [Int32]
  /// The rows' items, end to end.
  package private(set) var items: [Int32]

  /// The number of rows.
  package var count: Int { starts.count - 1 }

  /// The positions in ``items`` of row `row`.
  @inline(__always)
  package func range(_ row: Int) -> Range<Int> {
    Int(starts[row])..<Int(starts[row + 1])
  }

  /// Row `row`.
  package subscript(row: Int) -> ArraySlice<Int32> {
    items[range(row)]
  }

  /// Whether row `row` is empty.
  package func isEmpty(_ row: Int) -> Bool {
    starts[row] == starts[row + 1]
  }

  /// Builds rows in order, item by item.
  ///
  /// While every row has exactly one item, as in a table whose commands each start
  /// from one screen, the rows' starts are implicit rather than stored: the builder
  /// is let go once the graph is laid out, but the memory it took stays with the
  /// process.
  struct Appender {
    /// Where each row starts, once some row has not had exactly one item.
    private var starts: [Int32] = []
    /// The rows' items, end to end.
    private(set) var items: [Int32] = []
    /// The number of rows ended, while each has had exactly one item; `nil` after.
    private var singleRows: Int? = 0

    /// Where the row being built starts in ``items``.
    private var rowStart: Int { singleRows ?? Int(starts[starts.count - 1]) }

    mutating func append(_ item: Int32) { items.append(item) }

    /// Appends `item` to the row being built unless the row already holds it.
    mutating func appendUnique(_ item: Int32) -> Bool {
      var position = rowStart
      while position < items.count {
        if items[position] == item { return false }
        position += 1
      }
      items.append(item)
      return true
    }

    mutating func endRow() {
      if let rows = singleRows {
        if items.count == rows + 1 {
          singleRows = rows + 1
          return
        }
        starts = Array(0...Int32(rows))
        singleRows = nil
      }
      starts.append(Int32(items.count))
    }

    mutating func reserve(items count: Int) { items.reserveCapacity(count) }

    /// The positions in ``items`` of row `row`.
    @inline(__always)
    func range(_ row: Int) -> Range<Int> {
      singleRows != nil ? row..<row + 1 : Int(starts[row])..<Int(starts[row + 1])
    }

    /// Whether row `row` is empty.
    func isEmpty(_ row: Int) -> Bool { range(row).isEmpty }

    /// The items, leaving the builder empty.
    mutating func takeItems() -> [Int32] {
      let taken = items
      items = []
      return taken
    }

    /// Whether every row ended has exactly one item.
    var hasOneItemPerRow: Bool { singleRows != nil }
  }

  /// Builds rows in any order, in two passes: count every row's length, allocate, then
  /// append.
  ///
  /// While items are appended, `starts[r + 1]` is where row `r`'s next item goes, so
  /// that once all are appended it is where row `r + 1` starts: no other array is
  /// needed.
  struct Filler {
    private(set) var rows: CompressedRows

    init(rows count: Int) {
      rows = CompressedRows(starts: Array(repeating: 0, count: count + 1), items: [])
    }

    mutating func count(row: Int32, times: Int = 1) { rows.starts[Int(row) + 1] += Int32(times) }

    mutating func allocate() {
      var start: Int32 = 0
      for position in rows.starts.indices.dropFirst() {
        let count = rows.starts[position]
        rows.starts[position] = start
        start += count
      }
      rows.items = Array(repeating: 0, count: Int(start))
    }

    /// Appends `item` to row `row`; returns its position in ``CompressedRows/items``.
    @discardableResult
    mutating func append(_ item: Int32, to row: Int32) -> Int {
      let position = Int(rows.starts[Int(row) + 1])
      rows.items[position] = item
      rows.starts[Int(row) + 1] += 1
      return position
    }
  }
}
