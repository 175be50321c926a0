extension Navigator where Container: RestorableContainer {
  /// Saves the container's restorable screens, once the navigation in progress (if any)
  /// has finished.
  ///
  /// - Returns: The snapshot.
  /// - Complexity: As the container's ``RestorableContainer/snapshot(using:)``.
  public func snapshot() async -> NavigationSnapshot {
    await acquire()
    defer { release() }
    return container.snapshot(using: table)
  }

  /// Restores a snapshot into the container, taking the navigation turn: it waits for
  /// the navigation in progress to finish, and later calls to ``go(_:viewModel:)`` wait
  /// for it.
  ///
  /// ```swift
  /// let snapshot = try JSONDecoder().decode(NavigationSnapshot.self, from: data)
  /// try await navigator.restore(snapshot)
  /// try await navigator.go(to: .message, parameters: ["id": 7])
  /// ```
  ///
  /// - Parameter snapshot: The snapshot to restore.
  /// - Throws: ``RestorationError``; the container is as it was.
  /// - Complexity: As the container's ``RestorableContainer/restore(_:using:)``.
  public func restore(_ snapshot: NavigationSnapshot) async throws(RestorationError) {
    await acquire()
    defer { release() }
    try container.restore(snapshot, using: table)
    // A restored state is a new navigation: a request waiting for a detour is dropped.
    pendingDetour = nil
  }
}
