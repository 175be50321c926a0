/// What a ``Navigator`` tells its observers, in order, while it carries out a request.
///
/// A navigation sends ``willNavigate(_:_:)``, then for each step exactly one will/did
/// pair (a push or a pop, however many screens the pop takes away; with a
/// ``ModalPresenter``, a present or a dismiss too), then ``didNavigate(_:_:)``, and
/// ``didDetour(_:_:)`` when the route was a detour. A request that cannot be planned, or whose screen objects are
/// refused before the first step, sends ``didFail(_:_:)`` alone; a route stopped
/// mid-way ends with ``didFail(_:_:)`` instead of ``didNavigate(_:_:)``.
///
/// Each event reads as one line, in the words of ``Step/description``:
///
/// ```
/// will navigate to Folder in 1 step
/// will push Folder by openFolder
/// did push Folder by openFolder
/// did navigate to Folder; stack: Menu > Folder
/// did go back to Menu
/// ```
public enum NavigationEvent: Sendable, Hashable, CustomStringConvertible {
  /// A route was planned and is about to run.
  case willNavigate(Request, Route)
  /// A step is about to push an entry.
  case willPush(Entry, step: Step)
  /// A step pushed an entry.
  case didPush(Entry, step: Step)
  /// A step is about to pop back to an entry.
  case willPop(to: Entry, step: Step)
  /// A step popped back to an entry.
  case didPop(to: Entry, step: Step)
  /// The top screen is about to leave by ``Navigator/goBack()``, uncovering an entry.
  case willGoBack(to: Entry)
  /// The top screen left by ``Navigator/goBack()``.
  case didGoBack(to: Entry)
  /// A step is about to present an entry in a new layer (a ``ModalPresenter``).
  case willPresent(Entry, step: Step)
  /// A step presented an entry in a new layer.
  case didPresent(Entry, step: Step)
  /// A dismiss step is about to close the top layer, whose entries these are.
  case willDismiss([Entry])
  /// A dismiss step closed the top layer, whose entries these were.
  case didDismiss([Entry])
  /// The route ran to its end (an empty route too).
  case didNavigate(Request, Route)
  /// The route that ran was a detour: a guard refused, and the request waits for
  /// ``Navigator/resume()`` (sent after ``didNavigate(_:_:)``).
  case didDetour(Request, Detour)
  /// The request could not be planned or run: nothing changed, unless the route was
  /// stopped mid-way (``NavigationError/containerChanged(beforeStep:)``).
  case didFail(Request, NavigationError)

  /// The event as one line: `will push Folder by openFolder`, `did go back to Menu by
  /// home`, `did fail to navigate to Login: unknown screen 'Login'`.
  ///
  /// - Complexity: O(*k* log *k*) for the parameters it names, plus O(*n*) for the stack
  ///   ``didNavigate(_:_:)`` shows, where *n* is its depth.
  public var description: String {
    switch self {
    case .willNavigate(let request, let route):
      let count = route.steps.count
      let length =
        count == 0 ? "(already there)" : count == 1 ? "in 1 step" : "in \(count) steps"
      return "will navigate \(request) \(length)"
    case .willPush(_, let step): return "will \(step)"
    case .didPush(_, let step): return "did \(step)"
    case .willPop(_, let step): return "will go \(step)"
    case .didPop(_, let step): return "did go \(step)"
    case .willPresent(_, let step): return "will \(step)"
    case .didPresent(_, let step): return "did \(step)"
    case .willDismiss(let layer): return "will dismiss \(layer.stackDescription)"
    case .didDismiss(let layer): return "did dismiss \(layer.stackDescription)"
    case .didDetour(let request, let detour):
      return
        "did detour \(request) to \(detour.remedy): the guard \(detour.guardName ?? "guard") refused"
    case .willGoBack(let entry): return "will go back to \(entry)"
    case .didGoBack(let entry): return "did go back to \(entry)"
    case .didNavigate(let request, let route):
      return "did navigate \(request); stack: \(route.stack.stackDescription)"
    case .didFail(let request, let error):
      return "did fail to navigate \(request): \(error)"
    }
  }
}

/// Identifies an observer so that it can be removed.
public struct ObserverToken: Hashable, Sendable {
  let value: Int
}

/// The observers of one object and the tokens that remove them, in the order they were
/// added: the one list that ``Navigator`` and ``DrillDownContainer`` keep.
@MainActor
struct ObserverList<Event> {
  private var observers: [(token: ObserverToken, handler: (Event) -> Void)] = []
  private var nextToken = 0

  mutating func add(_ handler: @escaping (Event) -> Void) -> ObserverToken {
    let token = ObserverToken(value: nextToken)
    nextToken += 1
    observers.append((token, handler))
    return token
  }

  mutating func remove(_ token: ObserverToken) {
    observers.removeAll { $0.token == token }
  }

  func send(_ event: Event) {
    for observer in observers { observer.handler(event) }
  }
}
