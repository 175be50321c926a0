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
/// ``RoutingError``, in which case the container is exactly as it was.
@MainActor
public final class Navigator<Container: NavigationContainer> {
  /// The route table requests are planned on.
  public let table: RouteTable
  /// The container routes run on.
  public let container: Container

  private var observers = ObserverList<NavigationEvent>()
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
  /// - Throws: ``RoutingError`` when the request cannot be planned; nothing changes.
  /// - Complexity: Planning as ``RouteTable/route(from:to:via:parameters:)``, plus one
  ///   container operation per step.
  @discardableResult
  public func go(
    to destination: ScreenName, via breadcrumbs: [ScreenName] = [], parameters: Parameters = [:]
  ) async throws(RoutingError) -> Route {
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
  /// - Throws: ``RoutingError`` when the request cannot be planned; nothing changes.
  /// - Complexity: As ``go(to:via:parameters:)``.
  @discardableResult
  public func go<Model: ViewModel>(
    to viewModel: Model, via breadcrumbs: [ScreenName] = []
  ) async throws(RoutingError) -> Route {
    try await go(
      Request(to: Model.destination, via: breadcrumbs, parameters: viewModel.parameters),
      viewModel: viewModel)
  }

  /// Carries out a request.
  ///
  /// - Parameters:
  ///   - request: Where to go, through which breadcrumbs, with which parameters.
  ///   - viewModel: A view model for the destination's factory, if any.
  /// - Returns: The route that ran.
  /// - Throws: ``RoutingError`` when the request cannot be planned; nothing changes.
  /// - Complexity: As ``go(to:via:parameters:)``.
  @discardableResult
  public func go(
    _ request: Request, viewModel: (any ViewModel)? = nil
  ) async throws(RoutingError) -> Route {
    await acquire()
    defer { release() }
    let route: Route
    do {
      route = try table.route(request, from: container.entries)
    } catch {
      send(.didFail(request, error))
      throw error
    }
    let screens = makeScreens(for: route, viewModel: viewModel)
    var expected = container.entries
    send(.willNavigate(request, route))
    for (number, step) in route.steps.enumerated() {
      checkUnchanged(expected)
      switch step.action {
      case .push:
        send(.willPush(step.entry, step: step))
        await container.push(StackItem(entry: step.entry, screen: screens[number]!))
        expected.append(step.entry)
        send(.didPush(step.entry, step: step))
      case .pop:
        send(.willPop(to: step.entry, step: step))
        await container.pop(toCount: step.depth)
        expected.removeSubrange(step.depth...)
        send(.didPop(to: step.entry, step: step))
      }
    }
    checkUnchanged(expected)
    send(.didNavigate(request, route))
    return route
  }

  /// Goes back one screen, as a back button does: the top screen leaves, whatever the
  /// route table says. Waits for its turn like ``go(_:viewModel:)``.
  ///
  /// - Returns: The entry now on top, or `nil` when the container holds one screen or
  ///   none and nothing changed.
  /// - Complexity: O(*n*), where *n* is the number of screens on the container.
  @discardableResult
  public func goBack() async -> Entry? {
    await acquire()
    defer { release() }
    let entries = container.entries
    guard entries.count >= 2 else { return nil }
    let uncovered = entries[entries.count - 2]
    send(.willGoBack(to: uncovered))
    await container.pop(toCount: entries.count - 1)
    send(.didGoBack(to: uncovered))
    return uncovered
  }

  /// Stops the program when the container no longer holds what the running route left
  /// in it: something (an observer, say) drove the container directly mid-route, which
  /// is a programming error.
  private func checkUnchanged(_ expected: [Entry]) {
    precondition(
      container.entries == expected,
      "the container changed while a route ran on it: drive it through its navigator only")
  }

  /// Makes the screen objects of a route's pushes, by step number, before the first step
  /// runs, and checks that each is new to the container: a factory that hands back an
  /// object already shown is a programming error, caught before anything changes.
  private func makeScreens(
    for route: Route, viewModel: (any ViewModel)?
  ) -> [Int: any ScreenController] {
    var made: [Int: any ScreenController] = [:]
    var shown = Set<ObjectIdentifier>()
    let popsFirst = route.steps.first?.action == .pop
    for item in container.items.prefix(popsFirst ? route.steps[0].depth : .max) {
      shown.insert(ObjectIdentifier(item.screen))
    }
    for (number, step) in route.steps.enumerated() where step.action == .push {
      let isDestination = number == route.steps.count - 1
      let context = ScreenContext(entry: step.entry, viewModel: isDestination ? viewModel : nil)
      let screen = table.factory(forCommand: step.command)(context)
      precondition(
        shown.insert(ObjectIdentifier(screen)).inserted,
        "the factory of command \(step.command) returned a screen object that is already shown")
      made[number] = screen
    }
    return made
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

  private func send(_ event: NavigationEvent) {
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
  /// Makes the screen object for an entry with its screen's factory, or the table's
  /// default: for root screens and restored state, which no command pushed.
  ///
  /// - Parameters:
  ///   - entry: The entry to show.
  ///   - viewModel: A view model for the factory, if any.
  /// - Returns: The screen object, or `nil` when neither the screen nor the table has a
  ///   factory.
  @MainActor
  public func makeScreen(for entry: Entry, viewModel: (any ViewModel)? = nil) -> (
    any ScreenController
  )? {
    let factory = screen(named: entry.screen)?.factory ?? defaultFactory
    return factory?(ScreenContext(entry: entry, viewModel: viewModel))
  }
}
