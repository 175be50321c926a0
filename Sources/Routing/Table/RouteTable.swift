/// An immutable, compiled set of screens and commands that any number of threads can
/// plan routes on at once.
///
/// Build one with a ``RouteRegistry``, the ``RouteTableBuilder`` initializer, or from a
/// route-table file. Compiling interns every screen to a dense integer and lays the
/// commands out by origin and by destination, so planning never compares strings in
/// its inner loop.
///
/// ```swift
/// let route = try table.route(from: [Entry(.menu)], to: .profile, parameters: ["userId": 2])
/// print(route.stack.stackDescription)  // Menu > Folder > Profile(userId: 2)
/// ```
public struct RouteTable: Sendable {
  /// The screens, in table order: declared screens first, then those only commands name.
  public let screens: [Screen]
  /// The commands, in registration order: a command's position is its number.
  public let commands: [any NavigationCommand]
  /// The factory for destinations nothing else makes, if any.
  public let defaultFactory: ScreenFactory?

  let screenIndex: [ScreenName: Int32]
  /// Screens by restoration identifier; identifiers are unique.
  let restorationIndex: [String: Int32]
  let commandDestination: [Int32]
  /// Commands by origin: the commands starting from screen `s` are
  /// `originCommands[originStart[s]..<originStart[s + 1]]`, ascending.
  let originStart: [Int32]
  let originCommands: [Int32]
  /// Commands from anywhere, ascending.
  let wildcardCommands: [Int32]
  /// Commands by destination, ascending, laid out like the origins.
  let destinationStart: [Int32]
  let destinationCommands: [Int32]
  /// Commands that carry a guard, ascending.
  let guardedCommands: [Int32]
  /// Whether some command costs more than 1.
  let hasCosts: Bool
  /// Each command's cost, read once from the command.
  let commandCost: [Int]

  /// The largest cost a command may have: small enough that no route's total can
  /// overflow.
  public static let maximumCost = 1_000_000_000
  /// The screens' path patterns, compiled for reading links.
  let links: LinkIndex
  let scratch: ScratchPool

  init(
    screens declared: [Screen], commands: [any NavigationCommand],
    defaultFactory: ScreenFactory?
  ) throws(TableError) {
    var screens: [Screen] = []
    var index: [ScreenName: Int32] = [:]
    var restorable: [String: Int32] = [:]
    for (position, screen) in declared.enumerated() {
      try Self.validate(screen.name, at: "screens[\(position)].name")
      if let first = index[screen.name] {
        throw TableError(
          .duplicateScreen, at: "screens[\(position)].name",
          "duplicate screen '\(screen.name)' (first at screens[\(first)])")
      }
      var keys: Set<String> = []
      for (number, parameter) in screen.parameters.enumerated() {
        let location = "screens[\(position)].parameters[\(number)]"
        guard !parameter.name.isEmpty else {
          throw TableError(.invalidParameter, at: location, "empty parameter name")
        }
        guard keys.insert(parameter.name).inserted else {
          throw TableError(
            .invalidParameter, at: location, "parameter '\(parameter.name)' is declared twice")
        }
      }
      if let identifier = screen.restorationIdentifier, !identifier.isEmpty {
        if let first = restorable[identifier] {
          throw TableError(
            .duplicateRestorationIdentifier, at: "screens[\(position)].restorationIdentifier",
            "restoration identifier '\(identifier)' is already screens[\(first)]'s")
        }
        restorable[identifier] = Int32(screens.count)
      }
      index[screen.name] = Int32(screens.count)
      screens.append(screen)
    }
    let implicit = declared.isEmpty
    // Places are spelled out only when something is wrong, not for every command.
    func intern(_ name: ScreenName, at place: @autoclosure () -> String) throws(TableError) -> Int32
    {
      if let known = index[name] { return known }
      try Self.validate(name, at: place())
      guard implicit else {
        throw TableError(.undeclaredScreen, at: place(), "screen '\(name)' is not declared")
      }
      let number = Int32(screens.count)
      index[name] = number
      screens.append(Screen(name, declaredAt: nil))
      return number
    }

    var destinations: [Int32] = []
    destinations.reserveCapacity(commands.count)
    var origins: [[Int32]] = []
    origins.reserveCapacity(commands.count)
    var ids: [String: Int] = [:]
    var guarded: [Int32] = []
    var hasCosts = false
    var costs: [Int] = []
    costs.reserveCapacity(commands.count)
    for (number, command) in commands.enumerated() {
      var from: [Int32] = []
      for (slot, origin) in command.origins.enumerated() {
        from.append(try intern(origin, at: "commands[\(number)].from[\(slot)]"))
      }
      let to = try intern(command.destination, at: "commands[\(number)].to")
      if let id = command.id {
        guard !id.isEmpty else {
          throw TableError(.invalidName, at: "commands[\(number)].id", "empty id")
        }
        if let first = ids[id] {
          throw TableError(
            .duplicateID, at: "commands[\(number)].id",
            "duplicate id '\(id)' (first at commands[\(first)])")
        }
        ids[id] = number
      }
      guard command.cost > 0, command.cost <= Self.maximumCost else {
        throw TableError(
          .invalidCost, at: "commands[\(number)].cost",
          "cost \(command.cost) is not a positive integer of at most \(Self.maximumCost)")
      }
      costs.append(command.cost)
      if command.cost != 1 { hasCosts = true }
      if command.condition != nil { guarded.append(Int32(number)) }
      destinations.append(to)
      origins.append(from)
    }
    let links = try LinkIndex(screens: screens)
    for (number, command) in commands.enumerated()
    where command.factory == nil && defaultFactory == nil
      && screens[Int(destinations[number])].factory == nil
    {
      throw TableError(
        .unconstructibleDestination, at: "commands[\(number)]",
        "nothing makes screen '\(command.destination)': give the command or the screen a factory, or the table a default factory"
      )
    }
    try Self.checkRestorableScreens(screens, destinations: destinations, defaultFactory)

    let count = screens.count
    var wildcard: [Int32] = []
    var byOrigin = CompressedLists(count: count)
    var byDestination = CompressedLists(count: count)
    for number in origins.indices {
      // A command that names an origin twice is listed once under it.
      origins[number] = Self.withoutRepeats(origins[number])
      if origins[number].isEmpty {
        wildcard.append(Int32(number))
      } else {
        for origin in origins[number] { byOrigin.count(origin) }
      }
      byDestination.count(destinations[number])
    }
    byOrigin.allocate()
    byDestination.allocate()
    for number in origins.indices {
      for origin in origins[number] { byOrigin.append(Int32(number), to: origin) }
      byDestination.append(Int32(number), to: destinations[number])
    }

    self.screens = screens
    self.commands = commands
    self.defaultFactory = defaultFactory
    self.screenIndex = index
    self.restorationIndex = restorable
    self.commandDestination = destinations
    self.originStart = byOrigin.starts
    self.originCommands = byOrigin.items
    self.wildcardCommands = wildcard
    self.destinationStart = byDestination.starts
    self.destinationCommands = byDestination.items
    self.guardedCommands = guarded
    self.hasCosts = hasCosts
    self.commandCost = costs
    self.links = links
    self.scratch = ScratchPool()
  }

  /// The list without its repeated items, first occurrences kept in order. Origin
  /// lists are short, so a quadratic scan beats hashing.
  private static func withoutRepeats(_ list: [Int32]) -> [Int32] {
    guard list.count > 1 else { return list }
    var kept: [Int32] = []
    for item in list where !kept.contains(item) { kept.append(item) }
    return kept
  }

  private static func validate(
    _ name: ScreenName, at place: @autoclosure () -> String
  ) throws(TableError) {
    if let problem = name.problem { throw TableError(.invalidName, at: place(), problem) }
  }

  /// The screen with a name, or `nil` when the table does not know it.
  ///
  /// - Parameter name: The screen's name.
  /// - Returns: The screen's declaration.
  /// - Complexity: O(1) on average.
  public func screen(named name: ScreenName) -> Screen? {
    screenIndex[name].map { screens[Int($0)] }
  }

  /// The commands whose destination is `screen`, in registration order.
  ///
  /// - Parameter screen: The destination.
  /// - Returns: The commands' numbers.
  /// - Complexity: O(*k*), where *k* is the number of such commands.
  public func commands(to screen: ScreenName) -> [Int] {
    guard let target = screenIndex[screen] else { return [] }
    let range = Int(destinationStart[Int(target)])..<Int(destinationStart[Int(target) + 1])
    return destinationCommands[range].map(Int.init)
  }

  /// The factory that makes the destination of command `number`: the command's own,
  /// else its destination screen's, else the table's default.
  ///
  /// - Parameter number: A command number.
  /// - Returns: The factory; compiling guarantees there is one.
  public func factory(forCommand number: Int) -> ScreenFactory {
    let command = commands[number]
    if let own = command.factory { return own }
    if let screens = screens[Int(commandDestination[number])].factory { return screens }
    guard let fallback = defaultFactory else {
      preconditionFailure("compiling checks that command \(number) has a factory")
    }
    return fallback
  }
}

/// Lists of integers laid end to end (compressed sparse rows), filled in two passes:
/// count every list's length, allocate, then append.
struct CompressedLists {
  private(set) var starts: [Int32]
  private(set) var items: [Int32] = []
  private var next: [Int32] = []

  init(count: Int) {
    starts = Array(repeating: 0, count: count + 1)
  }

  mutating func count(_ list: Int32) {
    starts[Int(list) + 1] += 1
  }

  mutating func allocate() {
    for position in 1..<starts.count { starts[position] += starts[position - 1] }
    items = Array(repeating: 0, count: Int(starts[starts.count - 1]))
    next = Array(starts.dropLast())
  }

  mutating func append(_ item: Int32, to list: Int32) {
    items[Int(next[Int(list)])] = item
    next[Int(list)] += 1
  }
}

extension RouteTable {
  /// Types textual parameter values, such as those of a route-table file or a link, by
  /// the kinds that `screen` declares; keys it does not declare stay text.
  ///
  /// ```swift
  /// let values = try table.parameters(["userId": "2"], for: .profile)  // ["userId": 2]
  /// ```
  ///
  /// - Parameters:
  ///   - values: Values by key, as text.
  ///   - screen: The screen whose declarations decide the kinds.
  /// - Returns: The typed values.
  /// - Throws: ``RoutingError/invalidParameter(name:value:expected:)`` for a value that
  ///   does not convert to its declared kind; when several do not, the one with the
  ///   smallest key.
  /// - Complexity: O(*k* · *d*), where *k* is the number of values and *d* the number of
  ///   parameters the screen declares; O(*k* log *k*) more when a value does not convert.
  public func parameters(
    _ values: [String: String], for screen: ScreenName
  ) throws(RoutingError) -> Parameters {
    let declaration = self.screen(named: screen)
    var typed: Parameters = [:]
    for (key, text) in values {
      let kind = declaration?.kind(of: key) ?? .string
      guard let value = ParameterValue.string(text).converted(to: kind) else {
        // Report the smallest failing key, whatever the dictionary's order.
        for key in values.keys.sorted() {
          let kind = declaration?.kind(of: key) ?? .string
          if ParameterValue.string(values[key]!).converted(to: kind) == nil {
            throw RoutingError.invalidParameter(name: key, value: values[key]!, expected: kind)
          }
        }
        throw RoutingError.invalidParameter(name: key, value: text, expected: kind)
      }
      typed[key] = value
    }
    return typed
  }
}
