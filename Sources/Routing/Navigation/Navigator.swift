/// Executes planned routes on a container, one navigation at a time.
///
/// The navigator plans each request on its ``table`` from the container's current
/// stack, then carries out the steps: a push makes the screen object with its command's
/// factory, giving it the request parameters its screen declares, typed; a pop goes
/// back to an existing screen object, which keeps its own parameters.
///
/// ```swift
/// let navigator = try Navigator(table: table, root: .menu)
/// let route = try await navigator.go(to: .profile, via: [.folder], parameters: ["userId": 2])
/// ```
///
/// Calls are serialized: a second `go` waits until the first has finished, and none is
/// lost. Every call completes: with the route (empty when already there) or with a
/// ``NavigationError``, in which case the container is exactly as it was, unless
/// something else changed it mid-route (``NavigationError/containerChanged(beforeStep:)``).
@MainActor
public final class Navigator<Container: NavigationContainer> {
  /// The route table requests are planned on.
  public let table: RouteTable
  /// The container routes run on.
  public let container: Container

  private var observers = ObserverList<NavigationEvent>()
  /// The detour whose request waits for ``resume()``, or `nil` (<doc:LayersAndDetours>).
  /// Only a navigator over a ``ModalPresenter`` detours; a later navigation replaces
  /// it, ``cancelDetour()`` drops it.
  public internal(set) var pendingDetour: Detour?
  private var isNavigating = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Creates a navigator.
  ///
  /// - Parameters:
  ///   - table: The route table to plan on.
  ///   - container: The container to run routes on.
  public init(table: RouteTable, container: Container) {
    self.table = table
    self.container = container
  }

  /// The container's stack, bottom first.
  ///
  /// - Complexity: O(*n*), where *n* is the number of screens on the container.
  public var stack: [Entry] { container.entries }

  /// Goes to a destination through breadcrumbs, with request parameters.
  ///
  /// - Parameters:
  ///   - destination: Where to go.
  ///   - breadcrumbs: Milestones to pass on the way, in order.
  ///   - parameters: Values for every screen the navigation creates.
  /// - Returns: The route that ran; empty when the top already matched.
  /// - Throws: ``NavigationError``: ``NavigationError/routing(_:)`` when the request
  ///   cannot be planned; nothing changes. See ``go(_:viewModel:)`` for the others.
  /// - Complexity: Planning as ``RouteTable/route(from:to:via:parameters:)->Route``, plus
  ///   O(*n*) to read the container's stack, where *n* is its depth, plus one container
  ///   operation and O(1) checking per step.
  @discardableResult
  public func go(
    to destination: ScreenName, via breadcrumbs: [ScreenName] = [], parameters: Parameters = [:]
  ) async throws(NavigationError) -> Route {
    try await go(Request(to: destination, via: breadcrumbs, parameters: parameters))
  }

  /// Goes to the screen that shows a view model; that screen's factory receives the
  /// view model in ``ScreenContext/viewModel``.
  ///
  /// The request's parameters are the view model's ``ViewModel/parameters``. When the
  /// destination is popped back to rather than created, the existing screen keeps what
  /// it has and the view model is not delivered.
  ///
  /// - Parameters:
  ///   - viewModel: The view model; its type names the destination.
  ///   - breadcrumbs: Milestones to pass on the way, in order.
  /// - Returns: The route that ran.
  /// - Throws: ``NavigationError``, as ``go(_:viewModel:)``.
  /// - Complexity: As ``go(to:via:parameters:)``.
  @discardableResult
  public func go<Model: ViewModel>(
    to viewModel: Model, via breadcrumbs: [ScreenName] = []
  ) async throws(NavigationError) -> Route {
    try await go(
      Request(to: Model.destination, via: breadcrumbs, parameters: viewModel.parameters),
      viewModel: viewModel)
  }

  /// Carries out a request.
  ///
  /// The screen objects of the route's pushes are all made, and checked to be new to
  /// the container, before the first step runs. Before each step and after the last,
  /// the navigator checks that the container holds as many screens as the route has
  /// left and the same top screen object, which finds a container changed behind its
  /// back in O(1) per step. On a ``TabContainer``, the route stays in the selected tab,
  /// with the commands that tab allows (``Navigator/go(acrossTabs:)`` may select). On a
  /// ``ModalPresenter``, the request is planned with layers and may detour, as
  /// ``go(withLayers:viewModel:)`` plans it; the route returned lists its command steps
  /// and the chain after them.
  ///
  /// - Parameters:
  ///   - request: Where to go, through which breadcrumbs, with which parameters.
  ///   - viewModel: A view model for the destination's factory, if any.
  /// - Returns: The route that ran.
  /// - Throws: ``NavigationError``: ``NavigationError/routing(_:)`` when the request
  ///   cannot be planned, ``NavigationError/alreadyShown(_:)`` when a factory hands back
  ///   a screen object already shown, both leaving the container as it was;
  ///   ``NavigationError/containerChanged(beforeStep:)`` when something else changed the
  ///   container mid-route, after which no further step runs; or what the container's
  ///   own moves throw.
  /// - Complexity: As ``go(to:via:parameters:)``.
  @discardableResult
  public func go(
    _ request: Request, viewModel: (any ViewModel)? = nil
  ) async throws(NavigationError) -> Route {
    if let presenter = container as? any LayerPresenting {
      let route = try await go(request, viewModel: viewModel, presenter: presenter)
      return Route(steps: route.commandSteps, stack: route.state.chain)
    }
    return try await navigate(
      request, planning: { () throws(RoutingError) in try plan(request) },
      making: { (route) throws(NavigationError) in
        try makeScreens(for: route, viewModel: viewModel)
      },
      summary: { $0 },
      running: { (route, screens) async throws(NavigationError) in
        try await run(route.steps, making: screens)
      })
  }

  /// Carries out a request in turn, with its events: plans it and makes the route's
  /// screen objects, a failure then reported and thrown with nothing changed; then runs
  /// the route. One mechanism for routes on one stack and across tabs.
  func navigate<Planned>(
    _ request: Request, planning plan: () throws(RoutingError) -> Planned,
    making makeScreens: (Planned) throws(NavigationError) -> [any ScreenController],
    summary: (Planned) -> Route,
    running run: (Planned, [any ScreenController]) async throws(NavigationError) -> Void
  ) async throws(NavigationError) -> Planned {
    await acquire()
    defer { release() }
    return try await navigateHoldingTurn(
      request, planning: plan, making: makeScreens, summary: summary, running: run)
  }

  /// ``navigate(_:planning:making:summary:running:)`` for a caller that holds the
  /// navigator's turn already.
  func navigateHoldingTurn<Planned>(
    _ request: Request, planning plan: () throws(RoutingError) -> Planned,
    making makeScreens: (Planned) throws(NavigationError) -> [any ScreenController],
    summary: (Planned) -> Route,
    running run: (Planned, [any ScreenController]) async throws(NavigationError) -> Void
  ) async throws(NavigationError) -> Planned {
    let planned: Planned
    let screens: [any ScreenController]
    do throws(NavigationError) {
      do {
        planned = try plan()
      } catch {
        throw NavigationError.routing(error)
      }
      screens = try makeScreens(planned)
    } catch {
      send(.didFail(request, error))
      throw error
    }
    let route = summary(planned)
    send(.willNavigate(request, route))
    do throws(NavigationError) {
      try await run(planned, screens)
    } catch {
      send(.didFail(request, error))
      throw error
    }
    send(.didNavigate(request, route))
    return planned
  }

  /// Plans a request from the container's stack; on a ``TabContainer`` of the table's
  /// tabs, inside the selected tab with the commands it allows (as a leg across tabs
  /// that stays there).
  private func plan(_ request: Request) throws(RoutingError) -> Route {
    guard let tabs = container as? TabContainer, table.tab(named: tabs.selected) != nil else {
      return try table.route(request, from: container.entries)
    }
    return try table.route(request, inTab: tabs.selected, from: tabs.entries)
  }

  /// Runs the steps of a route on the container, with their push and pop events; the
  /// screen objects of the pushes are `screens`, in order (``makeScreens(for:viewModel:)``).
  func run(_ steps: [Step], making screens: [any ScreenController])
    async throws(NavigationError)
  {
    try await run(steps.map { .command($0) }, making: screens, presenter: nil)
  }

  /// Runs `steps` on the container, taking the screen objects of its pushes and
  /// presents from `screens` in order; `presenter` is the container when it holds
  /// layers, for the presents and dismisses only such a container's routes have.
  func run(
    _ steps: [ModalStep], making screens: [any ScreenController],
    presenter: (any LayerPresenting)?
  ) async throws(NavigationError) {
    // The identities of the screen objects the container must hold, bottom first.
    var expected = container.items.map(\.identity)
    var made = screens.makeIterator()
    for (number, modalStep) in steps.enumerated() {
      try checkUnchanged(expected, beforeStep: number)
      if case .select(let tab) = modalStep {
        // Only a presenter over tabs plans a select, with every layer closed.
        presenter!.select(tab)
        expected = container.items.map(\.identity)
        continue
      }
      guard case .command(let step) = modalStep else {
        // Only a presenter's routes dismiss.
        let layer = presenter!.layers.last!
        let entries = layer.map(\.entry)
        send(.willDismiss(entries))
        try await presenter!.dismiss()
        expected.removeLast(layer.count)
        send(.didDismiss(entries))
        continue
      }
      switch step.action {
      case .push:
        guard let screen = made.next() else { throw NavigationError.alreadyShown(step.entry) }
        let item = StackItem(entry: step.entry, screen: screen)
        send(.willPush(step.entry, step: step))
        try await container.push(item)
        expected.append(item.identity)
        send(.didPush(step.entry, step: step))
      case .pop:
        send(.willPop(to: step.entry, step: step))
        try await container.pop(toCount: step.depth)
        expected.removeSubrange(step.depth...)
        send(.didPop(to: step.entry, step: step))
      case .present:
        // Only a presenter's routes present: planning from a plain stack or tabs
        // pushes a presenting command's destination.
        guard let screen = made.next() else { throw NavigationError.alreadyShown(step.entry) }
        let item = StackItem(entry: step.entry, screen: screen)
        send(.willPresent(step.entry, step: step))
        try await presenter!.present(item)
        expected.append(item.identity)
        send(.didPresent(step.entry, step: step))
      }
    }
    try checkUnchanged(expected, beforeStep: steps.count)
  }

  /// Goes back one screen, as a back button does: the top screen leaves, whatever the
  /// route table says. Waits for its turn like ``go(_:viewModel:)``.
  ///
  /// - Returns: The entry now on top, or `nil` when the container holds one screen or
  ///   none, or refused the pop, and nothing changed.
  /// - Complexity: O(*n*), where *n* is the number of screens on the container.
  @discardableResult
  public func goBack() async -> Entry? {
    await acquire()
    defer { release() }
    let entries = container.entries
    guard entries.count >= 2 else { return nil }
    let uncovered = entries[entries.count - 2]
    send(.willGoBack(to: uncovered))
    do {
      try await container.pop(toCount: entries.count - 1)
    } catch {
      return nil
    }
    send(.didGoBack(to: uncovered))
    return uncovered
  }

  /// Throws when the container no longer holds what the running route left in it: a
  /// different number of screens or another top screen object. Something (an observer,
  /// say) drove the container directly mid-route.
  ///
  /// - Complexity: O(1) for containers whose ``NavigationContainer/depth`` and
  ///   ``NavigationContainer/top`` are.
  private func checkUnchanged(
    _ expected: [ObjectIdentifier], beforeStep step: Int
  ) throws(NavigationError) {
    guard container.depth == expected.count, container.top?.identity == expected.last else {
      throw .containerChanged(beforeStep: step)
    }
  }

  /// Makes the screen objects of a route's pushes, in order, before the first step runs,
  /// and checks that each is new to the container and to the route: a factory that hands
  /// back an object already shown is refused before anything changes.
  func makeScreens(
    for route: Route, viewModel: (any ViewModel)?
  ) throws(NavigationError) -> [any ScreenController] {
    try makeScreens(
      for: route.steps, besides: staying(container.items, under: route.steps.first),
      viewModel: viewModel)
  }

  /// Makes the screen objects of the pushes of `steps`, in order, and checks that each is
  /// new to `shown` (the screens that stay shown while the steps run) and to the steps;
  /// the last step's screen gets `viewModel`.
  func makeScreens(
    for steps: [Step], besides shown: some Sequence<StackItem>, viewModel: (any ViewModel)?
  ) throws(NavigationError) -> [any ScreenController] {
    var made: [any ScreenController] = []
    var shown = Set(shown.lazy.map(\.identity))
    for (number, step) in steps.enumerated() where step.action != .pop {
      let isDestination = number == steps.count - 1
      let context = ScreenContext(entry: step.entry, viewModel: isDestination ? viewModel : nil)
      let screen = table.factory(forCommand: step.command)(context)
      guard shown.insert(ObjectIdentifier(screen)).inserted else {
        throw .alreadyShown(step.entry)
      }
      made.append(screen)
    }
    return made
  }

  /// The screens of `items` that stay shown while steps starting with `first` run on
  /// them: all of them, but those a first pop takes off.
  func staying(_ items: [StackItem], under first: Step?) -> ArraySlice<StackItem> {
    guard let first, first.action == .pop else { return items[...] }
    return items.prefix(first.depth)
  }

  /// Adds an observer that receives every ``NavigationEvent``.
  ///
  /// - Parameter handler: Called on the main actor for each event, in order.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func addObserver(_ handler: @escaping (NavigationEvent) -> Void) -> ObserverToken {
    observers.add(handler)
  }

  /// Removes an observer; later events do not reach it.
  ///
  /// - Parameter token: The token ``addObserver(_:)`` returned.
  /// - Complexity: O(*k*), where *k* is the number of observers.
  public func removeObserver(_ token: ObserverToken) {
    observers.remove(token)
  }

  func send(_ event: NavigationEvent) {
    observers.send(event)
  }

  /// Waits until no other navigation runs, then takes the turn; turns are handed over
  /// in the order they were asked for. Internal so that restoration can take a turn too.
  func acquire() async {
    guard isNavigating else {
      isNavigating = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Hands the turn to the next waiting call, or frees it.
  func release() {
    if waiting.isEmpty {
      isNavigating = false
    } else {
      waiting.removeFirst().resume()
    }
  }
}

extension RouteTable {
  /// Makes the screen object for an entry that no route pushed (a root, a restored
  /// screen): with its screen's factory, else the table's default, else the factory of
  /// the lowest-numbered command to it. The view model goes to whichever factory makes
  /// it.
  ///
  /// - Parameters:
  ///   - entry: The entry to show.
  ///   - viewModel: A view model for the factory, if any.
  /// - Returns: The screen object, or `nil` when nothing makes the screen. Compiling a
  ///   table refuses a restorable screen that nothing makes.
  /// - Complexity: O(1) on average, plus the factory.
  @MainActor
  public func makeScreen(for entry: Entry, viewModel: (any ViewModel)? = nil) -> (
    any ScreenController
  )? {
    factory(forScreen: entry.screen)?(ScreenContext(entry: entry, viewModel: viewModel))
  }

  /// The factory that makes a screen outside a route: its own, else the table's default,
  /// else that of the lowest-numbered command to it; `nil` when there is none.
  ///
  /// - Complexity: O(1) on average.
  func factory(forScreen name: ScreenName) -> ScreenFactory? {
    guard let number = screenIndex[name] else { return defaultFactory }
    if let own = screens[Int(number)].factory ?? defaultFactory { return own }
    let commandsTo = graph.commandsTo
    guard let first = commandsTo.range(Int(number)).first else { return nil }
    return factory(forCommand: Int(commandsTo.items[first]))
  }
}
