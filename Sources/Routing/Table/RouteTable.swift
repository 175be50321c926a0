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
  ///
  /// Compiling reads each registered ``NavigationCommand`` once; reading an element
  /// makes a ``Command`` that holds what it declared: its origins, destination,
  /// identifier, cost, guard, factory and declaration site. The collection keeps no
  /// value per command of its own (see ``Commands``).
  public let commands: Commands
  /// The factory for destinations nothing else makes, if any.
  public let defaultFactory: ScreenFactory?

  /// Screens by name.
  let screenIndex: ScreenIndex
  /// Screens by restoration identifier; identifiers are unique.
  let restorationIndex: [String: Int32]
  /// The screens' path patterns, compiled for reading links.
  let links: LinkIndex
  /// The tabs, compiled; empty for a table without tabs.
  let tabLayout: TabLayout
  /// The planner, over the compiled graph.
  let planner: Planner

  /// The largest cost a command may have: small enough that no route's total can
  /// overflow.
  public static let maximumCost = 1_000_000_000

  /// The compiled graph: commands by origin and by destination, costs and guards,
  /// screens and commands as dense integers. (Identifiers stay in ``commands``.)
  package var graph: RouteGraph { planner.graph }

  init(
    screens declared: [Screen], commands registered: [any NavigationCommand],
    defaultFactory: ScreenFactory?, linkHosts: [String] = [], tabs: [Tab] = []
  ) throws(TableError) {
    var names = try ScreenNames(declared)
    var columns = CommandColumns(capacity: registered.count)
    var limits: [(command: Int, tabs: [String])] = []
    var batch = NameBatch()
    var start = 0
    while start < registered.count {
      let end = min(start + NameBatch.capacity, registered.count)
      batch.fill(with: registered[start..<end])
      names.probe(&batch)
      for command in start..<end {
        try columns.add(registered[command], naming: &names, batch: &batch, command - start)
        if !registered[command].tabs.isEmpty { limits.append((command, registered[command].tabs)) }
      }
      start = end
    }
    try self.init(
      names: names, commands: consume columns, defaultFactory: defaultFactory,
      linkHosts: linkHosts, tabs: tabs, limits: limits)
  }

  /// Compiles the screens and the commands read, once all are read and numbered.
  init(
    names: ScreenNames, commands columns: consuming CommandColumns, defaultFactory: ScreenFactory?,
    linkHosts: [String] = [], tabs: [Tab] = [], limits: [(command: Int, tabs: [String])] = [],
    remedyPlace: ((String) -> String)? = nil
  ) throws(TableError) {
    var names = names
    let layout = try TabLayout(tabs: tabs, limits: limits, names: &names)
    let links = try LinkIndex(screens: names.screens, index: names.index, hosts: linkHosts)
    try Self.checkFactories(columns, names.screens, defaultFactory: defaultFactory)
    let graph = columns.takeBuilder().with(screenCount: names.screens.count).build()
    try Self.checkRemedies(graph, names, place: remedyPlace)
    try Self.checkRestorableScreens(names.screens, destinations: graph.destination, defaultFactory)
    let commands = Commands(graph: graph, screens: names.screens, details: columns.details)
    self.screens = names.screens
    self.commands = commands
    self.defaultFactory = defaultFactory
    self.screenIndex = names.index
    self.restorationIndex = names.restorable
    self.links = links
    self.tabLayout = layout
    self.planner = Planner(
      graph: graph, screens: names.screens, commands: commands, screenIndex: names.index,
      declaresScreens: names.areDeclared, excluded: layout.excluded)
  }

  /// This table with another planner, sharing everything else.
  private init(_ table: RouteTable, planner: Planner) {
    screens = table.screens
    commands = table.commands
    defaultFactory = table.defaultFactory
    screenIndex = table.screenIndex
    restorationIndex = table.restorationIndex
    links = table.links
    tabLayout = table.tabLayout
    self.planner = planner
  }

  /// Checks that every guard's remedy is a screen of the table.
  ///
  /// - Parameter place: Where a guard's remedy is given, by the guard's name; `nil` for
  ///   the command that carries the guard.
  /// - Complexity: O(*g*) on average, for *g* guarded commands.
  private static func checkRemedies(
    _ graph: RouteGraph, _ names: ScreenNames, place: ((String) -> String)?
  ) throws(TableError) {
    guard graph.guards.contains(where: { $0.remedy != nil }) else { return }
    let index = names.index
    for (position, condition) in graph.guards.enumerated() {
      guard let remedy = condition.remedy, index[remedy] == nil else { continue }
      let near = suggestion(for: remedy.rawValue, among: names.screens.map(\.name.rawValue))
      throw TableError(
        .undeclaredScreen,
        at: place?(condition.fileName) ?? "commands[\(graph.guardedCommands[position])].guard",
        "the remedy '\(excerpt(remedy))' of guard '\(excerpt(condition.fileName))' is not a screen of the table"
          + (near.map { "; did you mean '\(excerpt($0))'?" } ?? ""), suggestion: near)
    }
  }

  /// Checks that something makes every command's destination.
  private static func checkFactories(
    _ columns: CommandColumns, _ screens: [Screen], defaultFactory: ScreenFactory?
  ) throws(TableError) {
    guard defaultFactory == nil else { return }
    for number in 0..<columns.count
    where screens[Int(columns.builder.destination(of: number))].factory == nil
      && columns.details.factories[number] == nil
    {
      throw TableError(
        .unconstructibleDestination, at: "commands[\(number)]",
        "nothing makes screen '\(excerpt(screens[Int(columns.builder.destination(of: number))].name))': give the command or the screen a factory, or the table a default factory"
      )
    }
  }

  /// Whether the table declares its screens (a `Screen` registered, a `screens` list in
  /// its file), rather than taking them from the names its commands use. An empty
  /// `screens` list in a file declares nothing: such a table does not declare its screens.
  ///
  /// A table that declares its screens knows every screen a stack may hold: a stack
  /// entry naming another screen is a mistake, and planning from it fails with
  /// ``RoutingError/unknownScreenOnStack(_:entry:tab:suggestion:)``. A table that takes its
  /// screens from its commands accepts any name on a stack, as a screen without
  /// parameters that no command targets (see <doc:HowRoutesArePlanned>).
  public var declaresScreens: Bool { planner.declaresScreens }

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
    return graph.commandsTo[Int(target)].map(Int.init)
  }

  /// The factory that makes the destination of command `number`: the command's own,
  /// else its destination screen's, else the table's default.
  ///
  /// - Parameter number: A command number.
  /// - Returns: The factory; compiling guarantees there is one.
  public func factory(forCommand number: Int) -> ScreenFactory {
    if let own = commands.details.factories[number] { return own }
    if let screens = screens[Int(graph.destination[number])].factory { return screens }
    guard let fallback = defaultFactory else {
      preconditionFailure("compiling checks that command \(number) has a factory")
    }
    return fallback
  }

  /// The most memory, in bytes, that this table's warm-plan cache may hold.
  ///
  /// A request whose milestones were planned before reuses what the planner learnt about
  /// them (see <doc:HowRoutesArePlanned>); ``defaultPlanCacheLimit`` unless set with
  /// ``limitingPlanCache(to:)``.
  public var planCacheLimit: Int { planner.cache.limit }

  /// The default ``planCacheLimit``: 64 MiB.
  public static let defaultPlanCacheLimit = 64 << 20

  /// This table with a warm-plan cache of its own that holds at most `bytes` bytes.
  ///
  /// Routes do not depend on the cache: only how fast they are planned does. A limit of
  /// 0 turns warm plans off, and every plan searches the table.
  ///
  /// - Parameter bytes: The most memory the cache may hold; negative counts as 0.
  /// - Returns: A table that shares this one's screens, commands and graph, with an
  ///   empty cache.
  /// - Complexity: O(1).
  public func limitingPlanCache(to bytes: Int) -> RouteTable {
    RouteTable(self, planner: planner.withCache(limit: max(0, bytes)))
  }
}

/// The screens of a table being compiled: the declared ones, validated, then those that
/// only commands name, when the table declares none.
struct ScreenNames {
  private(set) var screens: [Screen] = []
  private var slots: ScreenSlots
  /// The screens' names, in order.
  private(set) var names: [ScreenName] = []
  /// Screens by name.
  var index: ScreenIndex { ScreenIndex(slots, names: names) }
  private(set) var restorable: [String: Int32] = [:]
  private let implicit: Bool
  /// Whether the screens were declared, rather than taken from the names commands use.
  var areDeclared: Bool { !implicit }

  init(_ declared: [Screen]) throws(TableError) {
    implicit = declared.isEmpty
    slots = ScreenSlots(capacity: declared.count)
    names.reserveCapacity(declared.count)
    for (position, screen) in declared.enumerated() {
      try Self.validate(screen.name, at: "screens[\(position)].name")
      let (first, slot) = slots.find(screen.name)
      if let first {
        throw TableError(
          .duplicateScreen, at: "screens[\(position)].name",
          "duplicate screen '\(excerpt(screen.name))' (first at screens[\(first)])")
      }
      var keys: Set<String> = []
      for (number, parameter) in screen.parameters.enumerated() {
        let location = "screens[\(position)].parameters[\(number)]"
        guard !parameter.name.isEmpty else {
          throw TableError(.invalidParameter, at: location, "empty parameter name")
        }
        guard keys.insert(parameter.name).inserted else {
          throw TableError(
            .invalidParameter, at: location,
            "parameter '\(excerpt(parameter.name))' is declared twice")
        }
      }
      if let identifier = screen.restorationIdentifier, !identifier.isEmpty {
        if let first = restorable[identifier] {
          throw TableError(
            .duplicateRestorationIdentifier, at: "screens[\(position)].restorationIdentifier",
            "restoration identifier '\(excerpt(identifier))' is already screens[\(first)]'s")
        }
        restorable[identifier] = Int32(position)
      }
      names.append(screen.name)
      slots.insert(Int32(position), named: screen.name, at: slot)
    }
    // The table shares the declared list rather than copying it.
    screens = declared
  }

  /// Looks up the names of a batch at once (``ScreenSlots/probe(_:)``).
  func probe(_ batch: inout NameBatch) {
    slots.probe(&batch)
  }

  /// Numbers a screen a command names; places are spelled out only when something is
  /// wrong, not for every command.
  ///
  /// - Parameters:
  ///   - hash: The name's hash value, when known.
  /// - Returns: The screen's number.
  mutating func intern(
    _ name: ScreenName, hash: UInt64? = nil, at place: @autoclosure () -> String
  ) throws(TableError) -> Int32 {
    let (found, slot) = slots.find(name, hash: hash ?? ScreenSlots.hash(name))
    if let found { return found }
    try Self.validate(name, at: place())
    guard implicit else {
      let near = suggestion(for: name.rawValue, among: names.map(\.rawValue))
      throw TableError(
        .undeclaredScreen, at: place(),
        "screen '\(excerpt(name))' is not declared"
          + (near.map { "; did you mean '\(excerpt($0))'?" } ?? ""),
        suggestion: near)
    }
    let number = Int32(screens.count)
    screens.append(Screen(name, declaredAt: nil))
    names.append(name)
    slots.insert(number, named: name, at: slot)
    return number
  }

  private static func validate(
    _ name: ScreenName, at place: @autoclosure () -> String
  ) throws(TableError) {
    if let problem = name.problem { throw TableError(.invalidName, at: place(), problem) }
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
