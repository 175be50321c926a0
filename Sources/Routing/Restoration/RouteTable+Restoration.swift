/// Saving entries to snapshots and making screens back from them.
extension RouteTable {
  /// The screen with a restoration identifier, or `nil` when no screen has it.
  /// Compiling a table refuses two screens with one identifier.
  ///
  /// - Parameter restorationIdentifier: The identifier, as saved in a snapshot.
  /// - Returns: The screen's declaration.
  /// - Complexity: O(1) on average.
  public func screen(restorationIdentifier: String) -> Screen? {
    restorationIndex[restorationIdentifier].map { screens[Int($0)] }
  }

  /// What a snapshot saves of an entry: its screen's restoration identifier and the
  /// values of the parameters the screen declares, as text; `nil` when the screen has no
  /// restoration identifier (or is not in the table).
  ///
  /// - Parameter entry: The entry to save.
  /// - Returns: The saved entry, or `nil` when the entry is not restorable.
  /// - Complexity: O(*d*), where *d* is the number of parameters the screen declares.
  public func savedEntry(for entry: Entry) -> SavedEntry? {
    guard let screen = screen(named: entry.screen),
      let identifier = screen.restorationIdentifier, !identifier.isEmpty
    else { return nil }
    var values: [String: String] = [:]
    for parameter in screen.parameters {
      if let value = entry.parameters[parameter.name] { values[parameter.name] = value.description }
    }
    return SavedEntry(identifier: identifier, parameters: values)
  }

  /// Makes the screens of a snapshot, in order: each saved entry's identifier resolves to
  /// a screen of the table, its parameters are typed by that screen's declarations (a
  /// snapshot is untrusted input: a key the screen does not declare is refused), and the
  /// screen object is made with
  /// ``makeScreen(for:viewModel:)``.
  ///
  /// Containers call this to restore; nothing is changed here, so a container that
  /// assigns the result only when it returns stays as it was on failure.
  ///
  /// A factory that returns one object for two of the snapshot's screens is a
  /// programming error and stops the program, as it does for a route.
  ///
  /// - Parameter snapshot: The snapshot.
  /// - Returns: The screens, bottom first; at least one.
  /// - Throws: ``RestorationError`` for an unknown identifier, a parameter the screen
  ///   does not declare or that does not convert, a screen that nothing can make, or a
  ///   snapshot without entries.
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
    var items: [StackItem] = []
    var made = Set<ObjectIdentifier>()
    items.reserveCapacity(snapshot.entries.count)
    for (index, saved) in snapshot.entries.enumerated() {
      let place = "entries[\(index)]"
      guard let screen = screen(restorationIdentifier: saved.identifier) else {
        throw RestorationError(
          .unknownIdentifier, at: "\(place).identifier",
          "unknown restoration identifier '\(saved.identifier)'")
      }
      // Keys in order, so that the first problem reported does not depend on the
      // dictionary's order.
      for key in saved.parameters.keys.sorted() where screen.kind(of: key) == nil {
        throw RestorationError(
          .undeclaredParameter, at: "\(place).parameters.\(key)",
          "\(screen.name) does not declare a parameter '\(key)'")
      }
      let parameters: Parameters
      do {
        parameters = try self.parameters(saved.parameters, for: screen.name)
      } catch .invalidParameter(let key, let text, let kind) {
        throw RestorationError(
          .invalidParameter, at: "\(place).parameters.\(key)",
          "'\(text)' is not a valid \(kind) for parameter '\(key)' of \(screen.name)")
      } catch {
        throw RestorationError(.invalidParameter, at: "\(place).parameters", error.description)
      }
      let entry = Entry(screen.name, parameters: parameters)
      guard let object = makeScreen(for: entry) else {
        throw RestorationError(
          .unconstructibleScreen, at: place,
          "nothing makes screen '\(screen.name)': give the screen or the table a factory")
      }
      // A factory that hands back an object already made for this snapshot is a
      // programming error, as it is for a route: no screen object shows twice.
      precondition(
        made.insert(ObjectIdentifier(object)).inserted,
        "the factory of \(screen.name) returned a screen object already restored")
      items.append(StackItem(entry: entry, screen: object))
    }
    return items
  }
}
