/// Saving entries to snapshots and making screens back from them.
extension RouteTable {
  /// The screen with a restoration identifier, or `nil` when no screen has it. When
  /// several screens share an identifier, the first in table order wins.
  ///
  /// - Parameter restorationIdentifier: The identifier, as saved in a snapshot.
  /// - Returns: The screen's declaration.
  /// - Complexity: O(*V*), where *V* is the number of screens.
  public func screen(restorationIdentifier: String) -> Screen? {
    guard !restorationIdentifier.isEmpty else { return nil }
    return screens.first { $0.restorationIdentifier == restorationIdentifier }
  }

  /// What a snapshot saves of an entry: its screen's restoration identifier and its
  /// parameter values as text; `nil` when the screen has no restoration identifier (or
  /// is not in the table).
  ///
  /// - Parameter entry: The entry to save.
  /// - Returns: The saved entry, or `nil` when the entry is not restorable.
  /// - Complexity: O(*k*), where *k* is the number of parameters.
  public func savedEntry(for entry: Entry) -> SavedEntry? {
    guard let identifier = screen(named: entry.screen)?.restorationIdentifier,
      !identifier.isEmpty
    else { return nil }
    return SavedEntry(identifier: identifier, parameters: entry.parameters.mapValues(\.description))
  }

  /// Makes the screens of a snapshot, in order: each saved entry's identifier resolves to
  /// a screen of the table, its parameters are typed by that screen's declarations (keys
  /// it does not declare stay text), and the screen object is made with
  /// ``makeScreen(for:viewModel:)``.
  ///
  /// Containers call this to restore; nothing is changed here, so a container that
  /// assigns the result only when it returns stays as it was on failure.
  ///
  /// - Parameter snapshot: The snapshot.
  /// - Returns: The screens, bottom first; at least one.
  /// - Throws: ``RestorationError`` for an unknown identifier, a parameter that does not
  ///   convert, a screen that nothing can make, or a snapshot without entries.
  /// - Complexity: O(*V* + *n* · *d*) plus the factories, where *V* is the number of
  ///   screens, *n* the number of saved entries and *d* the most parameters a screen
  ///   declares or an entry holds.
  @MainActor
  public func restoredItems(from snapshot: NavigationSnapshot) throws(RestorationError)
    -> [StackItem]
  {
    guard !snapshot.entries.isEmpty else {
      throw RestorationError(
        .nothingToRestore, at: "entries", "the snapshot holds no restorable screen")
    }
    var byIdentifier: [String: Screen] = [:]
    for screen in screens {
      if let identifier = screen.restorationIdentifier, !identifier.isEmpty,
        byIdentifier[identifier] == nil
      {
        byIdentifier[identifier] = screen
      }
    }
    var items: [StackItem] = []
    items.reserveCapacity(snapshot.entries.count)
    for (index, saved) in snapshot.entries.enumerated() {
      let place = "entries[\(index)]"
      guard let screen = byIdentifier[saved.identifier] else {
        throw RestorationError(
          .unknownIdentifier, at: "\(place).identifier",
          "unknown restoration identifier '\(saved.identifier)'")
      }
      var parameters: Parameters = [:]
      for key in saved.parameters.keys.sorted() {
        let text = saved.parameters[key] ?? ""
        let kind = screen.kind(of: key) ?? .string
        guard let value = ParameterValue.string(text).converted(to: kind) else {
          throw RestorationError(
            .invalidParameter, at: "\(place).parameters.\(key)",
            "'\(text)' is not a valid \(kind) for parameter '\(key)' of \(screen.name)")
        }
        parameters[key] = value
      }
      let entry = Entry(screen.name, parameters: parameters)
      guard let object = makeScreen(for: entry) else {
        throw RestorationError(
          .unconstructibleScreen, at: place,
          "nothing makes screen '\(screen.name)': give the screen or the table a factory")
      }
      items.append(StackItem(entry: entry, screen: object))
    }
    return items
  }
}
