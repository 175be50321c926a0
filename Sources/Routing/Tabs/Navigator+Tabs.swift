extension Navigator where Container == TabContainer {
  /// Goes to a destination across tabs: plans with
  /// ``RouteTable/route(from:to:via:parameters:)->TabRoute`` from the container's
  /// state, then selects tabs and runs each tab's steps, with the usual events (and the
  /// tab container's select events).
  ///
  /// - Parameters:
  ///   - destination: Where to go.
  ///   - breadcrumbs: Milestones to pass on the way, in order.
  ///   - parameters: Values for every screen the navigation creates.
  /// - Returns: The route that ran.
  /// - Throws: ``NavigationError``: ``NavigationError/routing(_:)`` when the request
  ///   cannot be planned, ``NavigationError/alreadyShown(_:)`` when a factory hands back
  ///   a screen object already shown (in any tab), both leaving every tab, stack and the
  ///   selection as they were; otherwise as ``go(_:viewModel:)`` for each tab's steps.
  ///   The screen objects of every tab's pushes are made before the first step runs.
  /// - Complexity: Planning as ``RouteTable/route(from:to:via:parameters:)->TabRoute``,
  ///   plus one container operation per step.
  @discardableResult
  public func go(
    acrossTabsTo destination: ScreenName, via breadcrumbs: [ScreenName] = [],
    parameters: Parameters = [:]
  ) async throws(NavigationError) -> TabRoute {
    try await go(acrossTabs: Request(to: destination, via: breadcrumbs, parameters: parameters))
  }

  /// Carries out a request across tabs; see ``go(acrossTabsTo:via:parameters:)``.
  ///
  /// - Parameter request: Where to go, through which breadcrumbs, with which parameters.
  /// - Returns: The route that ran.
  /// - Throws: ``NavigationError``, as ``go(acrossTabsTo:via:parameters:)``.
  /// - Complexity: As ``go(acrossTabsTo:via:parameters:)``.
  @discardableResult
  public func go(acrossTabs request: Request) async throws(NavigationError) -> TabRoute {
    try await navigate(request) { () throws(RoutingError) in
      try table.route(request, from: container.state)
    }
  }

  /// Opens a deep link across tabs: when its first segment names a tab, that tab is
  /// selected and the rest of the link is planned inside it (see
  /// ``RouteTable/readInTabs(_:strict:)``); otherwise as ``go(acrossTabs:)``.
  ///
  /// - Parameter reading: What ``RouteTable/readInTabs(_:strict:)`` read.
  /// - Returns: The route that ran.
  /// - Throws: ``NavigationError``, as ``go(acrossTabsTo:via:parameters:)``.
  /// - Complexity: As ``go(acrossTabsTo:via:parameters:)``.
  @discardableResult
  public func open(_ reading: TabLinkReading) async throws(NavigationError) -> TabRoute {
    try await navigate(reading.reading.request) { () throws(RoutingError) in
      try table.route(reading, from: container.state)
    }
  }

  /// Reads a deep link into tabs and opens it, in one call: ``RouteTable/readInTabs(_:strict:)``
  /// then ``open(_:)-(TabLinkReading)``, as ``open(_:strict:)`` does on one stack.
  ///
  /// - Parameters:
  ///   - link: The link, such as `myapp://people/Connections/chat/3`.
  ///   - strict: Whether a query item that no screen of the link declares is an error
  ///     rather than ignored.
  /// - Returns: The route that ran.
  /// - Throws: ``LinkNavigationError``; every tab is as it was, unless something else
  ///   changed one mid-route.
  /// - Complexity: Reading as ``RouteTable/readInTabs(_:strict:)``, then as
  ///   ``go(acrossTabsTo:via:parameters:)``.
  @discardableResult
  public func open(acrossTabs link: String, strict: Bool = false)
    async throws(LinkNavigationError) -> TabRoute
  {
    let reading: TabLinkReading
    do {
      reading = try table.readInTabs(link, strict: strict)
    } catch {
      throw .link(error)
    }
    do {
      return try await open(reading)
    } catch .routing(let error) {
      throw .routing(error)
    } catch {
      throw .navigation(error)
    }
  }

  /// Plans with `planner` and makes the screen objects of every tab's pushes, then runs
  /// the route: each tab's steps, and the selects between them, as
  /// ``go(_:viewModel:)`` runs a route on one stack.
  private func navigate(
    _ request: Request, _ planner: () throws(RoutingError) -> TabRoute
  ) async throws(NavigationError) -> TabRoute {
    try await navigate(
      request, planning: planner,
      making: { (route) throws(NavigationError) in try makeScreens(for: route) },
      summary: { Route(steps: $0.commandSteps, stack: $0.state.stack) },
      running: { (route, screens) async throws(NavigationError) in
        var pending: [Step] = []
        var made = screens[...]
        for step in route.steps + [.select(route.state.selected)] {
          switch step {
          case .command(let inner):
            pending.append(inner)
          case .select(let tab):
            let pushes = pending.count { $0.action == .push }
            try await run(pending, making: Array(made.prefix(pushes)))
            made = made.dropFirst(pushes)
            pending = []
            container.select(tab)
          }
        }
      })
  }

  /// Makes the screen objects of a route's pushes in every tab, in order, each new to
  /// every tab (but the screens a tab's first step pops) and to the route.
  private func makeScreens(for route: TabRoute) throws(NavigationError) -> [any ScreenController] {
    var firstSteps: [String: Step] = [:]
    var tab = container.selected
    for step in route.steps {
      switch step {
      case .select(let next): tab = next
      case .command(let inner): firstSteps[tab] = firstSteps[tab] ?? inner
      }
    }
    var shown: [StackItem] = []
    for (name, tabContainer) in zip(container.names, container.containers) {
      shown += staying(tabContainer.items, under: firstSteps[name])
    }
    return try makeScreens(for: route.commandSteps, besides: shown, viewModel: nil)
  }
}
