extension Navigator {
  /// Carries out `request` on a ``ModalPresenter``: plans it from the presenter's
  /// ``ModalPresenter/state`` with layers and detours (<doc:LayersAndDetours>), makes
  /// every screen object of its pushes and presents, then runs its steps, presents and
  /// dismisses included. When the route is a detour, the request waits as
  /// ``pendingDetour`` for ``resume()``; any other route that runs drops a waiting one.
  ///
  /// ```swift
  /// let route = try await navigator.go(withLayers: Request(to: "Account"))
  /// if let detour = route.detour {
  ///   print("sign in first: \(detour.remedy)")  // Login
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - request: The destination, breadcrumbs and parameters.
  ///   - viewModel: A view model for the destination's screen, if any.
  /// - Returns: The route that ran, with its ``ModalRoute/detour``.
  /// - Throws: ``NavigationError``, as ``go(_:viewModel:)`` does; nothing changes and a
  ///   waiting request keeps waiting.
  /// - Complexity: The plan (<doc:LayersAndDetours>), plus O(*n*) per step on a chain of
  ///   *n* items.
  @discardableResult
  public func go<Base>(
    withLayers request: Request, viewModel: (any ViewModel)? = nil
  ) async throws(NavigationError) -> ModalRoute where Container == ModalPresenter<Base> {
    try await go(request, viewModel: viewModel, presenter: container)
  }

  /// Plans the request of ``pendingDetour`` from wherever the app is now, the guards
  /// asked again, and carries it out. The waiting request is dropped whatever the
  /// outcome: it never detours twice, so when a guard still refuses, `resume()` fails
  /// with ``RoutingError/unreachable(from:to:)`` and nothing changes.
  ///
  /// ```swift
  /// session.signIn()
  /// try await navigator.resume()  // closes Login on the way to Account
  /// ```
  ///
  /// - Returns: The route that ran, or `nil` when no request was waiting.
  /// - Throws: ``NavigationError``, as ``go(withLayers:viewModel:)`` does.
  /// - Complexity: As ``go(withLayers:viewModel:)``.
  @discardableResult
  public func resume<Base>() async throws(NavigationError) -> ModalRoute?
  where Container == ModalPresenter<Base> {
    // The waiting request is taken in the navigator's turn: a navigation that ran
    // before it may have replaced it.
    await acquire()
    defer { release() }
    guard let detour = pendingDetour else { return nil }
    pendingDetour = nil
    let request = detour.pending
    let presenter = container
    return try await navigateHoldingTurn(
      request,
      planning: { () throws(RoutingError) in
        let route = try table.route(request, from: presenter.state)
        guard route.detour == nil else {
          throw RoutingError.unreachable(
            from: presenter.state.top!.screen, to: request.destination)
        }
        return route
      },
      making: { (route) throws(NavigationError) in
        try makeScreens(for: route, viewModel: nil, presenter: presenter)
      },
      summary: { Route(steps: $0.commandSteps, stack: $0.state.chain) },
      running: { (route, screens) async throws(NavigationError) in
        try await run(route.steps, making: screens, presenter: presenter)
      })
  }

  /// Drops the request that ``pendingDetour`` keeps waiting, if any.
  ///
  /// - Complexity: O(1).
  public func cancelDetour() {
    pendingDetour = nil
  }

  /// ``go(withLayers:viewModel:)`` on the presenter the container is.
  func go(
    _ request: Request, viewModel: (any ViewModel)?, presenter: any LayerPresenting
  ) async throws(NavigationError) -> ModalRoute {
    let route = try await navigate(
      request,
      planning: { () throws(RoutingError) in try table.route(request, from: presenter.state) },
      making: { (route) throws(NavigationError) in
        try makeScreens(for: route, viewModel: viewModel, presenter: presenter)
      },
      summary: { Route(steps: $0.commandSteps, stack: $0.state.chain) },
      running: { (route, screens) async throws(NavigationError) in
        try await run(route.steps, making: screens, presenter: presenter)
        pendingDetour = route.detour
      })
    if let detour = route.detour { send(.didDetour(request, detour)) }
    return route
  }

  /// The screen objects of a route's pushes and presents, made before its first step,
  /// each new to the chain items that stay and to the route.
  private func makeScreens(
    for route: ModalRoute, viewModel: (any ViewModel)?, presenter: any LayerPresenting
  ) throws(NavigationError) -> [any ScreenController] {
    // The items that stay: those below every dismiss and pop before the first screen
    // the route makes.
    var staying = presenter.items.count
    var layerStarts = presenter.state.layerStarts
    stepping: for step in route.steps {
      switch step {
      case .dismiss:
        staying = min(staying, layerStarts.removeLast())
      case .command(let inner) where inner.action == .pop:
        staying = min(staying, inner.depth)
        while let last = layerStarts.last, last >= inner.depth { layerStarts.removeLast() }
      case .command, .select:
        break stepping
      }
    }
    return try makeScreens(
      for: route.commandSteps, besides: presenter.items.prefix(staying), viewModel: viewModel)
  }
}
