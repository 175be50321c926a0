/// Collects screens and commands, then compiles them into an immutable ``RouteTable``.
///
/// Register in any order during start-up, passing the registry (a value) to each part of
/// the app that declares routes; commands are numbered in the order they were
/// registered, and that order breaks ties between equally short routes.
///
/// ```swift
/// var registry = RouteRegistry()
/// registry.register(Screen(.menu, factory: HeadlessScreen.factory))
/// registry.register(
///   Screen(.profile, parameters: [.integer("userId")], factory: HeadlessScreen.factory))
/// registry.register(Command(to: .menu))
/// registry.register(Command(from: [.menu], to: .profile))
/// let table = try registry.compile()
/// ```
public struct RouteRegistry: Sendable {
  /// The screens registered so far, in order.
  public private(set) var screens: [Screen] = []
  /// The commands registered so far, in order: a command's position is its number.
  public private(set) var commands: [any NavigationCommand] = []
  /// The factory used for destinations that neither their command nor their screen says
  /// how to make; `nil` makes such a destination a ``TableError``.
  ///
  /// Tables that are only planned on, never navigated, can use ``HeadlessScreen/factory``.
  public var defaultFactory: ScreenFactory?
  /// The web hosts that `http` and `https` links may name, such as `example.com`
  /// (compared ignoring case; see ``RouteTable/read(_:strict:)``). With none, such
  /// links fail with ``LinkError/Kind/unknownHost(_:)``.
  public var linkHosts: [String] = []
  /// The tabs registered so far, in order (see <doc:PlanningAcrossTabs>); none for an app without a
  /// tab bar.
  public private(set) var tabs: [Tab] = []

  /// Creates an empty registry.
  ///
  /// - Parameter defaultFactory: The factory for destinations nothing else makes.
  public init(defaultFactory: ScreenFactory? = nil) {
    self.defaultFactory = defaultFactory
  }

  /// Registers a screen.
  ///
  /// Once any screen is registered, every screen a command names must be registered;
  /// a registry without screens takes the screens its commands name, without
  /// parameters.
  ///
  /// - Parameter screen: The screen to add.
  public mutating func register(_ screen: Screen) {
    screens.append(screen)
  }

  /// Registers a tab; tabs keep their registration order, which breaks ties between
  /// equally short routes that select different tabs.
  ///
  /// - Parameter tab: The tab to add.
  public mutating func register(_ tab: Tab) {
    tabs.append(tab)
  }

  /// Registers a command; it takes the next number.
  ///
  /// - Parameter command: The command to add.
  public mutating func register(_ command: some NavigationCommand) {
    commands.append(command)
  }

  /// Registers every screen, command and tab that a ``RouteTableBuilder`` block
  /// declares, in order.
  ///
  /// - Parameter content: The declarations.
  public mutating func register(@RouteTableBuilder _ content: () -> [RouteTableComponent]) {
    for component in content() {
      switch component {
      case .screen(let screen): screens.append(screen)
      case .command(let command): commands.append(command)
      case .tab(let tab): tabs.append(tab)
      }
    }
  }

  /// Compiles the registry into a route table.
  ///
  /// - Returns: An immutable table that any number of threads may plan on at once.
  /// - Throws: ``TableError`` for an invalid name, a duplicate screen or identifier, a
  ///   command naming an undeclared screen, a cost that is not positive, a malformed
  ///   parameter declaration, a destination that nothing can make, or a path pattern
  ///   that is malformed, captures an undeclared parameter, or reads the same links as
  ///   another screen's (``TableError/Kind/invalidPath`` at `screens[i].path`), or a tab
  ///   or a command's tab limit that is malformed (``TableError/Kind/invalidTab``). The
  ///   error names the command's identifier or the screen's name, and the file and line
  ///   that declared it (``TableError/declaredAt``).
  /// - Complexity: O(*V* + *E* + *O* + *P*), where *V* is the number of screens, *E* the
  ///   number of commands, *O* the number of origins they name and *P* the total length
  ///   of the path patterns.
  public func compile() throws(TableError) -> RouteTable {
    do {
      return try RouteTable(
        screens: screens, commands: commands, defaultFactory: defaultFactory,
        linkHosts: linkHosts, tabs: tabs)
    } catch {
      throw error.naming(declarationsIn: screens, commands)
    }
  }
}

/// One declaration inside a ``RouteTableBuilder`` block.
public enum RouteTableComponent: Sendable {
  /// A screen.
  case screen(Screen)
  /// A command.
  case command(any NavigationCommand)
  /// A tab (see <doc:PlanningAcrossTabs>).
  case tab(Tab)
}

/// Declares a route table in one place, without runtime class scanning: its screens,
/// commands and tabs, in the order they count in.
///
/// ```swift
/// let table = try RouteTable {
///   Screen(.menu, factory: HeadlessScreen.factory)
///   Screen(.profile, parameters: [.integer("userId")], factory: HeadlessScreen.factory)
///   Command(to: .menu)
///   Command(from: [.menu], to: .profile)
/// }
/// ```
@resultBuilder
public enum RouteTableBuilder {
  /// A screen declaration.
  public static func buildExpression(_ screen: Screen) -> [RouteTableComponent] {
    [.screen(screen)]
  }

  /// A command declaration.
  public static func buildExpression(_ command: some NavigationCommand) -> [RouteTableComponent] {
    [.command(command)]
  }

  /// A tab declaration: tabs count in the order declared, as
  /// `RouteRegistry.register(_:)` registers a ``Tab``.
  public static func buildExpression(_ tab: Tab) -> [RouteTableComponent] {
    [.tab(tab)]
  }

  /// Several declarations at once, such as a list made by a loop elsewhere.
  public static func buildExpression(_ components: [RouteTableComponent]) -> [RouteTableComponent] {
    components
  }

  /// The declarations in order.
  public static func buildBlock(_ parts: [RouteTableComponent]...) -> [RouteTableComponent] {
    parts.flatMap { $0 }
  }

  /// Declarations under an `if` without `else`.
  public static func buildOptional(_ part: [RouteTableComponent]?) -> [RouteTableComponent] {
    part ?? []
  }

  /// The declarations of an `if` branch.
  public static func buildEither(first part: [RouteTableComponent]) -> [RouteTableComponent] {
    part
  }

  /// The declarations of an `else` branch.
  public static func buildEither(second part: [RouteTableComponent]) -> [RouteTableComponent] {
    part
  }

  /// The declarations of a `for` loop, in order.
  public static func buildArray(_ parts: [[RouteTableComponent]]) -> [RouteTableComponent] {
    parts.flatMap { $0 }
  }
}

extension RouteTable {
  /// Compiles a table declared in a ``RouteTableBuilder`` block.
  ///
  /// - Parameters:
  ///   - defaultFactory: The factory for destinations nothing else makes; `nil` makes
  ///     such a destination an error.
  ///   - linkHosts: The web hosts that `http` and `https` links may name
  ///     (``RouteRegistry/linkHosts``).
  ///   - content: The screens, commands and tabs, in order.
  /// - Throws: ``TableError``, as ``RouteRegistry/compile()`` does.
  /// - Complexity: O(*V* + *E* + *O* + *P*), as ``RouteRegistry/compile()``.
  public init(
    defaultFactory: ScreenFactory? = nil, linkHosts: [String] = [],
    @RouteTableBuilder _ content: () -> [RouteTableComponent]
  ) throws(TableError) {
    var registry = RouteRegistry(defaultFactory: defaultFactory)
    registry.linkHosts = linkHosts
    registry.register(content)
    self = try registry.compile()
  }
}
