extension RouteTable {
  /// The commands of a compiled table, in registration order: a command's position is its
  /// number.
  ///
  /// A compiled table keeps no ``Command`` value per command. Destinations, origins and
  /// costs are read from the table's compiled graph, where the planner reads them;
  /// identifiers, guards and factories are kept only for the commands that have them, and
  /// declaration sites once per run of commands declared at the same place (a loop
  /// declares many commands at one line). Reading an element makes its ``Command``, so
  /// `table.commands[3].id` and `table.commands.map(\.destination)` read as they did on
  /// an array.
  ///
  /// (Before 0.3 ``RouteTable/commands`` was `[any NavigationCommand]`, and in 0.3's
  /// first builds `[Command]`.)
  public struct Commands: RandomAccessCollection, Sendable {
    /// The compiled graph: destinations, origins, costs and guards.
    let graph: RouteGraph
    /// The table's screens, for the names of destinations and origins.
    let screens: [Screen]
    /// What only some commands declare.
    let details: CommandDetails

    /// The first command's number: 0.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { 0 }

    /// One past the last command's number: the number of commands.
    ///
    /// - Complexity: O(1).
    public var endIndex: Int { graph.commandCount }

    /// Command `number`, as it was declared: its origins (in declaration order), its
    /// destination, identifier, cost, guard, factory and declaration site.
    ///
    /// - Parameter number: A command number, at least 0 and less than ``endIndex``.
    /// - Complexity: O(log *E* + *k*), where *E* is the number of commands and *k* the
    ///   number of commands that lead to the command's destination.
    public subscript(number: Int) -> Command {
      precondition(indices.contains(number), "command number \(number) out of range")
      return Command(
        id: id(of: number), from: origins(of: number),
        to: screens[Int(graph.destination[number])].name, cost: Int(graph.cost[number]),
        when: condition(of: number), factory: details.factories[number],
        presents: presents(number), declaredAt: declaredAt(of: number))
    }

    /// Whether command `number` presents its destination in a layer of its own, without
    /// making its ``Command``.
    ///
    /// - Complexity: O(log *p*), where *p* is the number of presenting commands.
    func presents(_ number: Int) -> Bool {
      let position = lowerBound(of: Int32(number), in: details.presenting)
      return position < details.presenting.count && details.presenting[position] == number
    }

    /// Whether any command presents its destination: a table without one plans every
    /// route as it did before layers.
    var anyPresents: Bool { !details.presenting.isEmpty }

    /// Command `number`'s identifier, without making its ``Command``.
    ///
    /// - Complexity: O(log *i*), where *i* is the number of commands with identifiers.
    func id(of number: Int) -> String? { details.ids[number] }

    /// Where command `number` was declared in Swift, without making its ``Command``.
    ///
    /// - Complexity: O(log *r*), where *r* is the number of runs of commands declared at
    ///   the same place.
    func declaredAt(of number: Int) -> DeclarationSite? { details.sites[number] }

    /// Command `number`'s guard.
    ///
    /// - Complexity: O(log *g*), where *g* is the number of guarded commands.
    func condition(of number: Int) -> RouteGuard? {
      let position = lowerBound(of: Int32(number), in: graph.guardedCommands)
      guard position < graph.guardedCommands.count,
        graph.guardedCommands[position] == Int32(number)
      else { return nil }
      return graph.guards[position]
    }

    /// Command `number`'s origins as declared: the graph's, which lists each once,
    /// unless the declaration repeats one.
    ///
    /// - Complexity: O(log *k* + *o*), where *k* is the number of commands that lead to
    ///   the command's destination and *o* the number of its origins.
    func origins(of number: Int) -> [ScreenName] {
      if let declared = details.repeatedOrigins[number] { return declared }
      // The destination's predecessors list the origins of the commands to it, command
      // by command in ascending order.
      let row = graph.predecessors.range(Int(graph.destination[number]))
      let commands = graph.predecessorCommands[row]
      var position = lowerBound(of: Int32(number), in: commands)
      var origins: [ScreenName] = []
      while position < row.upperBound && graph.predecessorCommands[position] == Int32(number) {
        origins.append(screens[Int(graph.predecessors.items[position])].name)
        position += 1
      }
      return origins
    }

    /// The first command that names screen `screen` (a position in
    /// ``RouteTable/screens``), as an origin or as its destination, and the screen's
    /// first position among that command's origins as declared (`nil` when the command
    /// names it only as its destination); `nil` when no command names it. A file lists a
    /// command's origins before its destination, so a command from a screen to itself
    /// names it first as an origin.
    ///
    /// It reads the graph's rows of the screen instead of walking the commands, so that
    /// a tool placing a diagnostic on a table that takes its screens from its commands
    /// pays for the screens it reports, not for the table.
    ///
    /// - Complexity: O(*k* + *o*), where *k* is the number of commands from and to the
    ///   screen and *o* the number of origins of the command found.
    package func firstMention(of screen: Int) -> (command: Int, origin: Int?)? {
      let from = graph.commandsFrom[screen].min()
      let to = graph.commandsTo[screen].min()
      if let from, to.map({ from <= $0 }) ?? true {
        return (Int(from), origins(of: Int(from)).firstIndex(of: screens[screen].name))
      }
      return to.map { (Int($0), nil) }
    }
  }
}

/// The position of the first element of the ascending `elements` not less than `value`.
func lowerBound<Elements: RandomAccessCollection>(
  of value: Int32, in elements: Elements
) -> Elements.Index where Elements.Element == Int32 {
  var low = elements.startIndex
  var count = elements.count
  while count > 0 {
    let half = count / 2
    let middle = elements.index(low, offsetBy: half)
    if elements[middle] < value {
      low = elements.index(after: middle)
      count -= half + 1
    } else {
      count = half
    }
  }
  return low
}

/// Values that only some commands have, by ascending command number.
struct SparseColumn<Value: Sendable>: Sendable {
  private var numbers: [Int32] = []
  private var values: [Value] = []

  /// Whether no command has a value.
  var isEmpty: Bool { numbers.isEmpty }

  /// Gives command `number`, later than any given before, its value.
  mutating func append(_ value: Value, for number: Int) {
    numbers.append(Int32(number))
    values.append(value)
  }

  /// Command `number`'s value, or `nil`.
  ///
  /// - Complexity: O(log *n*), where *n* is the number of commands with values.
  subscript(number: Int) -> Value? {
    let position = lowerBound(of: Int32(number), in: numbers)
    guard position < numbers.count, numbers[position] == Int32(number) else { return nil }
    return values[position]
  }
}

/// Declaration sites by runs of consecutive commands declared at the same place.
struct DeclarationSites: Sendable {
  /// The first command of each run, ascending; the first run starts at 0.
  private var starts: [Int32] = []
  private var sites: [DeclarationSite?] = []

  /// Gives the next command, `number`, its site.
  mutating func append(_ site: DeclarationSite?, for number: Int) {
    if let last = sites.last, last == site { return }
    if sites.isEmpty && site == nil { return }
    starts.append(Int32(number))
    sites.append(site)
  }

  /// Command `number`'s site.
  ///
  /// - Complexity: O(log *r*), where *r* is the number of runs.
  subscript(number: Int) -> DeclarationSite? {
    let position = lowerBound(of: Int32(number) + 1, in: starts)
    return position == 0 ? nil : sites[position - 1]
  }
}

/// What only some commands declare: identifiers, factories, declaration sites, and the
/// origins of the commands that repeat one.
struct CommandDetails: Sendable {
  var ids = SparseColumn<String>()
  var factories = SparseColumn<ScreenFactory>()
  var sites = DeclarationSites()
  /// The declared origins of the commands that name an origin twice, which the graph
  /// lists once.
  var repeatedOrigins = SparseColumn<[ScreenName]>()
  /// The numbers of the commands that present their destination, ascending.
  var presenting: [Int32] = []
}

/// The commands of a table being compiled, read one by one into the graph's builder and
/// the details, and checked.
struct CommandColumns {
  var builder: RouteGraph.Builder
  var details = CommandDetails()
  /// Commands by identifier, for finding repeats.
  private var numbersByID: [String: Int] = [:]

  init(capacity: Int) {
    builder = RouteGraph.Builder(screenCount: 0, commandCapacity: capacity)
  }

  /// The graph's builder, leaving an empty one, so that building the graph can reuse
  /// the memory of what it no longer needs.
  mutating func takeBuilder() -> RouteGraph.Builder {
    let taken = builder
    builder = RouteGraph.Builder(screenCount: 0)
    return taken
  }

  /// The number of commands read.
  var count: Int { builder.count }

  /// Reads a registered command, its screens numbered by `names`: the command at
  /// `position` in `batch`, whose names were probed.
  mutating func add(
    _ command: some NavigationCommand, naming names: inout ScreenNames,
    batch: inout NameBatch, _ position: Int
  ) throws(TableError) {
    let number = builder.count
    let origins = batch.origins[position]
    var repeats = false
    for slot in origins.indices {
      let (origin, hash, found) = batch.take()
      let screen =
        found >= 0
        ? found : try names.intern(origin, hash: hash, at: "commands[\(number)].from[\(slot)]")
      if !builder.addOrigin(screen) { repeats = true }
    }
    if repeats { details.repeatedOrigins.append(origins, for: number) }
    let (name, hash, found) = batch.take()
    let destination =
      found >= 0 ? found : try names.intern(name, hash: hash, at: "commands[\(number)].to")
    try end(
      number, destination: destination, id: command.id, cost: command.cost,
      guard: command.condition, factory: command.factory, presents: command.presents,
      declaredAt: command.declaredAt)
  }

  /// Reads a command of a file whose origins are already added, and ends it.
  mutating func end(
    _ number: Int, destination: Int32, id: String?, cost: Int, guard condition: RouteGuard?,
    factory: ScreenFactory?, presents: Bool = false, declaredAt site: DeclarationSite?
  ) throws(TableError) {
    if let id {
      guard !id.isEmpty else {
        throw TableError(.invalidName, at: "commands[\(number)].id", "empty id")
      }
      if let first = numbersByID.updateValue(number, forKey: id) {
        throw TableError(
          .duplicateID, at: "commands[\(number)].id",
          "duplicate id '\(id)' (first at commands[\(first)])")
      }
      details.ids.append(id, for: number)
    }
    guard cost > 0, cost <= RouteTable.maximumCost else {
      throw TableError(
        .invalidCost, at: "commands[\(number)].cost",
        "cost \(cost) is not a positive integer of at most \(RouteTable.maximumCost)")
    }
    if let factory { details.factories.append(factory, for: number) }
    if presents { details.presenting.append(Int32(number)) }
    details.sites.append(site, for: number)
    builder.endCommand(destination: destination, cost: cost, guard: condition)
  }
}
