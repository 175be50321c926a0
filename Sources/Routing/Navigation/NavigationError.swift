/// Why a ``Navigator`` did not carry out a request, or stopped carrying it out.
///
/// A request that cannot be planned fails with ``routing(_:)``, which wraps the
/// planner's ``RoutingError``; match its cases through it:
///
/// ```swift
/// do {
///   try await navigator.go(to: .chat)
/// } catch .routing(.unreachable(let from, let to)) {
///   print("no way from \(from) to \(to)")
/// } catch {
///   print(error)
/// }
/// ```
///
/// The other cases are failures of execution. Each is found before the container
/// changes, so the container is exactly as it was, except ``containerChanged(beforeStep:)``:
/// something else changed the container mid-route, and the navigator stops there without
/// touching it again.
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The request could not be planned; nothing changed.
  case routing(RoutingError)
  /// A screen object would show twice: a factory handed back an object the container
  /// already shows (or one it made for an earlier step of the same route), or a
  /// container was asked to push an object it shows. The entry is the one the object
  /// was to show. Nothing changed.
  case alreadyShown(Entry)
  /// A container was asked to pop to a number of screens it cannot: below 0 or above
  /// the number it holds (the second value). Nothing changed.
  case invalidDepth(Int, depth: Int)
  /// The container no longer holds what the running route left in it, found before the
  /// step of that number (the route's length: after its last step): something other
  /// than the navigator, such as an observer, drove it mid-route. The steps before it
  /// stand; the navigator runs no further step.
  case containerChanged(beforeStep: Int)
  /// A ``ModalPresenter`` was asked to dismiss with no layer open. Nothing changed.
  case noOpenLayer

  /// A sentence that says what failed; for ``routing(_:)``, the routing error's own.
  public var description: String {
    switch self {
    case .routing(let error):
      error.description
    case .alreadyShown(let entry):
      "the screen object for \(entry) is already shown: a factory must make a new object for every screen"
    case .invalidDepth(let count, let depth):
      "cannot pop to \(count) screens on a container of \(depth)"
    case .containerChanged(let step):
      "the container changed while a route ran on it (found before step \(step)): drive it through its navigator only"
    case .noOpenLayer:
      "no layer is open to dismiss"
    }
  }
}
