extension StackContainer: RestorableContainer {
  /// Saves the restorable screens of the stack, bottom first.
  ///
  /// - Parameter table: The route table that knows the screens' restoration identifiers.
  /// - Returns: The snapshot; its ``NavigationSnapshot/rightPaneRestorable`` is `nil`, so
  ///   its JSON has no such key.
  /// - Complexity: O(*n*), where *n* is the number of screens and their parameters.
  public func snapshot(using table: RouteTable) -> NavigationSnapshot {
    NavigationSnapshot(entries: items.compactMap { table.savedEntry(for: $0.entry) })
  }

  /// Replaces the stack with the screens of a snapshot, bottom first.
  ///
  /// A drill-down's snapshot restores too: its right pane's screen, if saved, becomes
  /// the top. A snapshot without entries (of a stack with no restorable screen) leaves
  /// the stack as it is: every snapshot a container saves restores
  /// (<doc:SavingAndRestoringState>).
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot to restore.
  ///   - table: The route table that resolves its restoration identifiers.
  /// - Throws: ``RestorationError``, as ``RouteTable/restoredItems(from:)``. The stack
  ///   is as it was.
  /// - Complexity: As ``RouteTable/restoredItems(from:)``.
  public func restore(_ snapshot: NavigationSnapshot, using table: RouteTable)
    throws(RestorationError)
  {
    let items = try table.restoredItems(from: snapshot)
    // A stack is never empty: nothing restorable keeps the screens it shows.
    guard !items.isEmpty else { return }
    replaceItems(with: items)
  }
}
