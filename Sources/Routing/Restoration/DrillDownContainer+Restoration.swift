extension DrillDownContainer: RestorableContainer {
  /// Saves the restorable screens, left stack then right pane, and whether the right
  /// pane's screen was restorable.
  ///
  /// - Parameter table: The route table that knows the screens' restoration identifiers.
  /// - Returns: The snapshot; its ``NavigationSnapshot/rightPaneRestorable`` is never
  ///   `nil`, `false` when the right pane is empty.
  /// - Complexity: O(*n*), where *n* is the number of screens and their parameters.
  public func snapshot(using table: RouteTable) -> NavigationSnapshot {
    let rightPaneRestorable = right.map { table.savedEntry(for: $0.entry) != nil } ?? false
    return NavigationSnapshot(
      entries: items.compactMap { table.savedEntry(for: $0.entry) },
      rightPaneRestorable: rightPaneRestorable)
  }

  /// Replaces both panes with the screens of a snapshot.
  ///
  /// When at least two screens come back and the right pane was restorable, the last
  /// goes to the right pane and the rest to the left stack; otherwise all go to the left
  /// stack, so a restorable right pane without a restorable left screen comes back as
  /// the only left screen. Sends ``DrillDownEvent/willRestore(_:)`` and
  /// ``DrillDownEvent/didRestore(_:)``. A snapshot without entries leaves both panes as
  /// they are and sends no event, as for a stack.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot to restore.
  ///   - table: The route table that resolves its restoration identifiers.
  /// - Throws: ``RestorationError``, as ``RouteTable/restoredItems(from:)``. The
  ///   container is as it was and no event is sent.
  /// - Complexity: As ``RouteTable/restoredItems(from:)``, plus O(*k*) observers.
  public func restore(_ snapshot: NavigationSnapshot, using table: RouteTable)
    throws(RestorationError)
  {
    let slots = try table.restoredItems(from: snapshot).map(DrillDownSlot.init)
    guard !slots.isEmpty else { return }
    let restored =
      if slots.count >= 2 && snapshot.rightPaneRestorable == true {
        DrillDownState(unchecked: Array(slots.dropLast()), right: slots.last)
      } else {
        DrillDownState(unchecked: slots, right: nil)
      }
    restored.checkInvariants()
    commit([(.restore, restored)])
  }
}
