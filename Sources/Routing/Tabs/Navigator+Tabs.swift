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
  ///   cannot be planned, and then no tab, stack or selection changes; otherwise as
  ///   ``go(_:viewModel:)`` for each tab's steps. The screen objects of a tab's pushes
  ///   are made when the route reaches that tab.
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
    await acquire()
    defer { release() }
    let route = try plan(request) { () throws(RoutingError) in
      try table.route(request, from: container.state)
    }
    try await perform(route, for: request)
    return route
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
    await acquire()
    defer { release() }
    let request = reading.reading.request
    let route = try plan(request) { () throws(RoutingError) in
      try table.route(reading, from: container.state)
    }
    try await perform(route, for: request)
    return route
  }

  /// Plans with `planner`; a failure is reported and thrown as
  /// ``NavigationError/routing(_:)``, nothing changed.
  private func plan(
    _ request: Request, _ planner: () throws(RoutingError) -> TabRoute
  ) throws(NavigationError) -> TabRoute {
    do {
      return try planner()
    } catch {
      let failure = NavigationError.routing(error)
      send(.didFail(request, failure))
      throw failure
    }
  }

  /// Runs a planned route: each tab's steps (their screen objects made when the route
  /// reaches the tab), and the selects between them.
  private func perform(_ route: TabRoute, for request: Request) async throws(NavigationError) {
    let summary = Route(steps: route.commandSteps, stack: route.state.stack)
    send(.willNavigate(request, summary))
    do throws(NavigationError) {
      var pending: [Step] = []
      for step in route.steps + [.select(route.state.selected)] {
        switch step {
        case .command(let inner):
          pending.append(inner)
        case .select(let tab):
          let screens = try makeScreens(for: Route(steps: pending, stack: []), viewModel: nil)
          try await run(pending, making: screens)
          pending = []
          container.select(tab)
        }
      }
    } catch {
      send(.didFail(request, error))
      throw error
    }
    send(.didNavigate(request, summary))
  }
}
