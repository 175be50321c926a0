import Routing

extension RoutingError {
  /// The error with a guard's refusal left out: the reference planners of the tests
  /// know no guard names, so they compare whether a route fails, and `GuardRefusalTests`
  /// checks which guard the error names.
  var unrefused: RoutingError {
    if case .refusedByGuard(let from, let to, _) = self {
      .unreachable(from: from, to: to)
    } else {
      self
    }
  }
}

/// The outcome of `body` with a guard's refusal left out of its error (see
/// ``RoutingError/unrefused``), for tests of whether a route fails, not which guard
/// says so.
func unrefused<R>(_ body: () throws(RoutingError) -> R) throws(RoutingError) -> R {
  do throws(RoutingError) { return try body() } catch { throw error.unrefused }
}
