/// Roots made by their factories: the first screen of a container, from its name and
/// parameters, the way a route makes every later screen.
extension RouteTable {
  /// Makes the item for a container's first screen: the entry holds the values its
  /// screen declares, converted to their declared kinds, and the screen object comes
  /// from the screen's factory, else the table's default factory, else the factory of
  /// the lowest-numbered command to the screen, as ``makeScreen(for:viewModel:)`` makes
  /// it.
  ///
  /// ```swift
  /// let root = try table.makeItem(for: .menu)
  /// let container = StackContainer(root: root)
  /// ```
  ///
  /// The parameters follow the rules of a route for its one screen: every key must be
  /// one the screen declares, and every parameter it declares required needs a value.
  ///
  /// - Parameters:
  ///   - screen: The root screen; it must be a screen of the table.
  ///   - parameters: Values for the parameters the screen declares.
  /// - Returns: The entry and its screen object.
  /// - Throws: ``RoutingError/unknownScreen(_:suggestion:)`` when the table has no such screen,
  ///   ``RoutingError/invalidParameter(name:value:expected:)`` when a value does not
  ///   convert to its declared kind,
  ///   ``RoutingError/undeclaredParameter(key:suggestion:)`` for a key the screen does
  ///   not declare, ``RoutingError/missingParameter(screen:key:)`` for a required
  ///   parameter without a value, and ``RoutingError/noFactory(_:)`` when nothing
  ///   makes the screen: no factory of its own, of the table or of a command to it.
  /// - Complexity: O(*d* + *k*) plus the factory, where *d* is the number of parameters
  ///   the screen declares and *k* the number of keys given.
  @MainActor
  public func makeItem(
    for screen: ScreenName, parameters: Parameters = [:]
  ) throws(RoutingError) -> StackItem {
    guard let number = screenIndex[screen] else {
      throw RoutingError.unknownScreen(screen, suggestion: nearestScreen(to: screen))
    }
    let entry = try newEntry(of: number, parameters: parameters)
    try planner.checkKeys(parameters, declaredBy: [number])
    try planner.checkRequired(of: number, in: parameters)
    guard let object = makeScreen(for: entry) else { throw RoutingError.noFactory(screen) }
    return StackItem(entry: entry, screen: object)
  }
}

extension StackContainer {
  /// Creates a stack whose root screen is made by its factory.
  ///
  /// ```swift
  /// let container = try StackContainer(table: table, root: .menu)
  /// ```
  ///
  /// - Parameters:
  ///   - table: The table whose factories make the root.
  ///   - root: The root screen.
  ///   - parameters: Values for the parameters the root declares.
  /// - Throws: ``RoutingError``, as ``RouteTable/makeItem(for:parameters:)`` does.
  /// - Complexity: As ``RouteTable/makeItem(for:parameters:)``.
  public convenience init(
    table: RouteTable, root: ScreenName, parameters: Parameters = [:]
  ) throws(RoutingError) {
    self.init(root: try table.makeItem(for: root, parameters: parameters))
  }
}

extension DrillDownContainer {
  /// Creates a drill-down whose left pane shows one screen, made by its factory.
  ///
  /// ```swift
  /// let navigator = Navigator(
  ///   table: table, container: try DrillDownContainer(table: table, root: .mailboxes))
  /// ```
  ///
  /// - Parameters:
  ///   - table: The table whose factories make the root.
  ///   - root: The bottom of the left stack.
  ///   - parameters: Values for the parameters the root declares.
  /// - Throws: ``RoutingError``, as ``RouteTable/makeItem(for:parameters:)`` does.
  /// - Complexity: As ``RouteTable/makeItem(for:parameters:)``.
  public convenience init(
    table: RouteTable, root: ScreenName, parameters: Parameters = [:]
  ) throws(RoutingError) {
    self.init(root: try table.makeItem(for: root, parameters: parameters))
  }
}

extension Navigator where Container == StackContainer {
  /// Creates a navigator on a new plain stack whose root screen is made by its factory.
  ///
  /// ```swift
  /// let navigator = try Navigator(table: table, root: .menu)
  /// try await navigator.go(to: .profile, parameters: ["userId": 2])
  /// ```
  ///
  /// - Parameters:
  ///   - table: The route table to plan on; its factories make the root.
  ///   - root: The root screen.
  ///   - parameters: Values for the parameters the root declares.
  /// - Throws: ``RoutingError``, as ``RouteTable/makeItem(for:parameters:)`` does.
  /// - Complexity: As ``RouteTable/makeItem(for:parameters:)``.
  public convenience init(
    table: RouteTable, root: ScreenName, parameters: Parameters = [:]
  ) throws(RoutingError) {
    self.init(
      table: table, container: try StackContainer(table: table, root: root, parameters: parameters))
  }
}
