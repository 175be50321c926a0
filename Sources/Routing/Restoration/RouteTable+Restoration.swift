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
  /// Each screen object is made as ``makeScreen(for:viewModel:)`` makes it: with the
  /// screen's factory, else the table's default, else the lowest-numbered command's to
  /// it, without a view model. Compiling a table checks that every restorable screen has
  /// one, so every snapshot a container saves restores with the same table.
  ///
  /// - Parameter snapshot: The snapshot.
  /// - Returns: The screens, bottom first; none for a snapshot without entries, which
  ///   every container restores by staying as it is.
  /// - Throws: ``RestorationError`` for an unknown identifier, a parameter the screen
  ///   does not declare or that does not convert, a screen that nothing can make, or a
  ///   factory that hands back one screen object for two entries.
  /// - Complexity: O(*V* + *n* · *d*) plus the factories, where *V* is the number of
  ///   screens, *n* the number of saved entries and *d* the most parameters a screen
  ///   declares or an entry holds.
  @MainActor
  public func restoredItems(from snapshot: NavigationSnapshot) throws(RestorationError)
    -> [StackItem]
  {
    let entries = try restoredEntries(from: snapshot)
    var items: [StackItem] = []
    var made = Set<ObjectIdentifier>()
    items.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() {
      let place = "entries[\(index)]"
      guard let object = makeScreen(for: entry) else {
        throw RestorationError(
          .unconstructibleScreen, at: place,
          "nothing makes screen '\(excerpt(entry.screen.rawValue))': give the screen, a command to it or the table a factory"
        )
      }
      // No screen object shows twice.
      guard made.insert(ObjectIdentifier(object)).inserted else {
        throw RestorationError(
          .sharedScreenObject, at: place,
          "the factory of \(excerpt(entry.screen.rawValue)) returned a screen object already restored for an earlier entry"
        )
      }
      items.append(StackItem(entry: entry, screen: object))
    }
    return items
  }

  /// The entries a snapshot restores, in order, without making screen objects: each
  /// saved entry's identifier resolves to a screen of the table and its parameters are
  /// typed by that screen's declarations, as ``restoredItems(from:)`` checks them; what
  /// `routing test` compares a saved-state case with.
  ///
  /// ```swift
  /// let saved = NavigationSnapshot(entries: [SavedEntry(identifier: "menu")])
  /// print(try table.restoredEntries(from: saved).stackDescription)  // Menu
  /// ```
  ///
  /// - Parameter snapshot: The snapshot.
  /// - Returns: The entries, bottom first; none for a snapshot without entries.
  /// - Throws: ``RestorationError`` for an unknown identifier (with the nearest one), a
  ///   parameter the screen does not declare or a value that does not convert.
  /// - Complexity: O(*n* · *d*), where *n* is the number of saved entries and *d* the
  ///   most parameters a screen declares or an entry holds.
  public func restoredEntries(from snapshot: NavigationSnapshot) throws(RestorationError)
    -> [Entry]
  {
    var entries: [Entry] = []
    entries.reserveCapacity(snapshot.entries.count)
    for (index, saved) in snapshot.entries.enumerated() {
      let place = "entries[\(index)]"
      guard let screen = screen(restorationIdentifier: saved.identifier) else {
        let identifiers = screens.compactMap(\.restorationIdentifier).filter { !$0.isEmpty }
        let near = suggestion(for: saved.identifier, among: identifiers)
        throw RestorationError(
          .unknownIdentifier, at: "\(place).identifier",
          "unknown restoration identifier '\(excerpt(saved.identifier))'"
            + (near.map { "; did you mean '\(excerpt($0))'?" } ?? ""), suggestion: near)
      }
      // Keys in order, so that the first problem reported does not depend on the
      // dictionary's order.
      for key in saved.parameters.keys.sorted() where screen.kind(of: key) == nil {
        throw RestorationError(
          .undeclaredParameter, at: "\(place).parameters.\(excerpt(key))",
          "\(excerpt(screen.name)) does not declare a parameter '\(excerpt(key))'")
      }
      let parameters: Parameters
      do {
        parameters = try self.parameters(saved.parameters, for: screen.name)
      } catch .invalidParameter(let key, let text, let kind) {
        throw RestorationError(
          .invalidParameter, at: "\(place).parameters.\(excerpt(key))",
          "'\(excerpt(text))' is not a valid \(kind) for parameter '\(excerpt(key))' of \(excerpt(screen.name))"
        )
      } catch {
        throw RestorationError(.invalidParameter, at: "\(place).parameters", error.description)
      }
      entries.append(Entry(screen.name, parameters: parameters))
    }
    return entries
  }

  /// The entries of saved modal layers (``NavigationSnapshot/layers``,
  /// ``TabSnapshot/layers``), each layer resolved as ``restoredEntries(from:)`` resolves
  /// a snapshot's, without making screen objects; what `routing test` compares a
  /// saved-state case's layers with.
  ///
  /// - Parameter saved: The saved layers, bottom first; `nil` for none.
  /// - Returns: Each layer's entries, bottom first.
  /// - Throws: ``RestorationError`` as ``restoredEntries(from:)`` throws it, placed at
  ///   `layers[i].entries[j]…`.
  /// - Complexity: O(*n* · *d*), where *n* is the number of saved entries and *d* the
  ///   most parameters a screen declares or an entry holds.
  public func restoredLayers(from saved: [[SavedEntry]]?) throws(RestorationError) -> [[Entry]] {
    try eachSavedLayer(saved) { (layer) throws(RestorationError) in try restoredEntries(from: layer)
    }
  }

  /// The screens of saved modal layers, made and checked as ``restoredItems(from:)``
  /// makes a snapshot's, for a modal presenter's restore; errors placed as
  /// ``restoredLayers(from:)`` places them.
  ///
  /// - Complexity: As ``restoredItems(from:)`` for every layer.
  @MainActor
  func restoredLayerItems(from saved: [[SavedEntry]]?) throws(RestorationError)
    -> [[StackItem]]
  {
    try eachSavedLayer(saved) { (layer) throws(RestorationError) in try restoredItems(from: layer) }
  }

  /// `restore` applied to each saved layer as a snapshot of its own, an error's place
  /// put under `layers[i]`.
  private func eachSavedLayer<Restored>(
    _ saved: [[SavedEntry]]?,
    _ restore: (NavigationSnapshot) throws(RestorationError) -> Restored
  ) throws(RestorationError) -> [Restored] {
    var restored: [Restored] = []
    for (number, layer) in (saved ?? []).enumerated() {
      do {
        restored.append(try restore(NavigationSnapshot(entries: layer)))
      } catch {
        throw RestorationError(
          error.kind, at: "layers[\(number)].\(error.location)", error.message,
          suggestion: error.suggestion)
      }
    }
    return restored
  }
}

extension RouteTable {
  /// Refuses a table with a restorable screen that nothing makes: no factory of its own,
  /// no default factory and no command to it (every command to a screen has a factory
  /// once the commands are checked). Called while compiling, after the commands.
  ///
  /// - Complexity: O(*V* + *E*), where *V* is the number of screens and *E* the number
  ///   of commands.
  static func checkRestorableScreens(
    _ screens: [Screen], destinations: [Int32], _ defaultFactory: ScreenFactory?
  ) throws(TableError) {
    guard defaultFactory == nil else { return }
    var targeted = [Bool](repeating: false, count: screens.count)
    for destination in destinations { targeted[Int(destination)] = true }
    for (position, screen) in screens.enumerated()
    where screen.factory == nil && !targeted[position]
      && !(screen.restorationIdentifier ?? "").isEmpty
    {
      throw TableError(
        .unconstructibleScreen, at: "screens[\(position)]",
        "nothing makes restorable screen '\(excerpt(screen.name))': give the screen or the table a factory, or a command to it"
      )
    }
  }
}
