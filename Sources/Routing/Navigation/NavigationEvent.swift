/// What a ``Navigator`` tells its observers, in order, while it carries out a request.
///
/// A navigation sends ``willNavigate(_:_:)``, then for each step a will/did pair, then
/// ``didNavigate(_:_:)``; a request that cannot be planned sends ``didFail(_:_:)`` alone.
public enum NavigationEvent: Sendable, Hashable {
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
  /// The route ran to its end (an empty route too).
  case didNavigate(Request, Route)
  /// The request could not be planned; nothing changed.
  case didFail(Request, RoutingError)
}

/// Identifies an observer so that it can be removed.
public struct ObserverToken: Hashable, Sendable {
  let value: Int
}
