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
  /// the top.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot to restore.
  ///   - table: The route table that resolves its restoration identifiers.
  /// - Throws: ``RestorationError``, as ``RouteTable/restoredItems(from:)``; an empty
  ///   snapshot is an error because a route cannot start from an empty stack. The
  ///   stack is as it was.
  /// - Complexity: As ``RouteTable/restoredItems(from:)``.
  public func restore(_ snapshot: NavigationSnapshot, using table: RouteTable)
    throws(RestorationError)
  {
    replaceItems(with: try table.restoredItems(from: snapshot))
  }
}
