extension RouteTable {
  /// Plans the route from a stack to a destination, through breadcrumbs, with request
  /// parameters.
  ///
  /// The route follows the rules of <doc:HowRoutesArePlanned>: each leg (to each breadcrumb,
  /// then to the destination) is the shortest sequence of applicable commands, ties
  /// broken by command numbers read from the first step; a destination already below
  /// the top is popped back to rather than pushed again. Planning touches no UI and
  /// changes nothing: it only returns the steps and the stack they leave.
  ///
  /// ```swift
  /// let route = try table.route(
  ///   from: [Entry(.menu)], to: .profile, via: [.folder], parameters: ["userId": 2])
  /// for step in route.steps { print(step) }
  /// ```
  ///
  /// - Parameters:
  ///   - stack: The stack to start from, bottom first; it must not be empty. On a table
  ///     that declares its screens, every entry must name one of them. On a table with
  ///     tabs, it is a tab's stack: it starts at the root of one tab, and the route
  ///     stays in that tab (give a ``TabState`` to plan across tabs).
  ///   - destination: Where to go.
  ///   - breadcrumbs: Milestones to pass on the way, in order.
  ///   - parameters: Values applied to every screen the route pushes (each screen takes
  ///     those it declares) and used to match existing entries. Each key must be
  ///     declared by the destination, a breadcrumb or a screen the route pushes.
  /// - Returns: The steps and the resulting stack; no step when the top of `stack`
  ///   already matches `destination`.
  /// - Throws: ``RoutingError/unknownScreen(_:suggestion:)`` for a destination or breadcrumb that
  ///   the table does not know, then
  ///   ``RoutingError/unknownScreenOnStack(_:entry:tab:suggestion:)`` for a stack entry naming a
  ///   screen that the table does not declare, when it declares its screens
  ///   (``declaresScreens``); on a table with tabs,
  ///   ``RoutingError/noTabForStack(root:tabs:)`` for a stack that does not start at the
  ///   root of exactly one tab (the route stays in that tab, with the commands it
  ///   allows); ``RoutingError/invalidParameter(name:value:expected:)``
  ///   for a value that does not convert to the kind declared by a screen the route
  ///   creates (an existing entry whose screen declares a kind the value does not convert
  ///   to simply does not match),
  ///   ``RoutingError/unreachable(from:to:)`` for a leg without a route
  ///   (``RoutingError/refusedByGuard(from:to:_:)`` when a guard stands on the route that
  ///   planning without guards takes, naming it: <doc:DeepLinksAndGuards>),
  ///   ``RoutingError/emptyStack``; then, once the route is found,
  ///   ``RoutingError/undeclaredParameter(key:suggestion:)`` for a key that none of the
  ///   screens the request concerns declares (the smallest such key), and
  ///   ``RoutingError/missingParameter(screen:key:)`` for the first pushed screen
  ///   without a value for a parameter it declares required.
  /// - Complexity: O(*L* · (*V* + *E*) + *L* · *n*) at most, where *L* is the number of
  ///   legs, *V* the number of screens, *E* the number of command origins and *n* the
  ///   depth of the stack. A search visits only what it reaches before it meets the
  ///   milestone. When the milestone was planned before, a leg usually costs
  ///   O(*d* · *k* + *c*) instead, where *d* is its length, *k* the most commands a screen
  ///   on it starts and *c* its number of first steps (see <doc:HowRoutesArePlanned>).
  ///   With costs (some command costing more than 1) a leg is a Dijkstra search instead,
  ///   at most O(*E* · log(*E*) · *d*). Checking the request's *k* keys adds
  ///   O(*s* · *p*) at most, where *s* is the number of steps and *p* the most
  ///   parameters a screen declares (O(*s*) without keys).
  public func route(
    from stack: [Entry], to destination: ScreenName, via breadcrumbs: [ScreenName] = [],
    parameters: Parameters = [:]
  ) throws(RoutingError) -> Route {
    try route(Request(to: destination, via: breadcrumbs, parameters: parameters), from: stack)
  }

  /// Plans the route that fulfils a request from a stack.
  ///
  /// - Parameters:
  ///   - request: Where to go, through which breadcrumbs, with which parameters.
  ///   - stack: The stack to start from, bottom first; it must not be empty.
  /// - Returns: The steps and the resulting stack.
  /// - Throws: ``RoutingError``, as ``route(from:to:via:parameters:)->Route`` does.
  /// - Complexity: As ``route(from:to:via:parameters:)->Route``.
  public func route(_ request: Request, from stack: [Entry]) throws(RoutingError) -> Route {
    guard tabLayout.tabs.isEmpty else { return try routeInTab(request, from: stack) }
    return try planner.route(request, from: stack)
  }

  /// Whether the warm-plan cache holds the distance field of `destination`, so that a
  /// leg to it can walk along the field instead of searching; for benchmarks and tests.
  package func isPlanCached(to destination: ScreenName) -> Bool {
    guard let screen = planner.screenIndex[destination] else { return false }
    return planner.cache.isCached(screen)
  }

  /// Whether `entry` matches screen `screen` under `parameters` (<doc:HowRoutesArePlanned>,
  /// "Matching").
  func entry(_ entry: Entry, matches screen: Int32, under parameters: Parameters) -> Bool {
    planner.entry(entry, matches: screen, under: parameters)
  }

  /// The entry a push of `screen` creates; see ``Planner/newEntry(of:parameters:)``.
  func newEntry(of screen: Int32, parameters: Parameters) throws(RoutingError) -> Entry {
    try planner.newEntry(of: screen, parameters: parameters)
  }
}
