extension DrillDownState {
  /// Checks the drill-down's structural rule after a change: the right pane holds a
  /// screen only when the left stack does. Runs in debug builds only; in release builds
  /// it compiles to nothing.
  ///
  /// That no screen appears twice is kept by the operations themselves (a push or a
  /// replace of a shown screen is refused) and checked by the tests; it is not checked
  /// here because ``map(_:)`` may legitimately map two screens to equal values.
  func checkInvariants() {
    assert(right == nil || !left.isEmpty, "drill-down: a right pane without a left stack")
  }
}
