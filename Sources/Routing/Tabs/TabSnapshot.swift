/// A saved tab container: every tab's snapshot and the selected tab's name (see
/// <doc:PlanningAcrossTabs>, "Saving and restoring").
///
/// Each tab's snapshot holds its restorable entries, as ``NavigationSnapshot`` does for
/// a plain stack or a drill-down.
public struct TabSnapshot: Codable, Hashable, Sendable {
  /// The format's version; ``currentVersion`` when written by this library.
  public static let currentVersion = 1

  /// The version the snapshot was written in.
  public let version: Int
  /// The selected tab's name.
  public var selected: String
  /// Each tab's snapshot, by tab name.
  public var tabs: [String: NavigationSnapshot]
  /// For a ``ModalPresenter`` over tabs, the restorable entries of each layer open over
  /// the selected tab, as ``NavigationSnapshot/layers`` holds them; `nil`, and not
  /// encoded, when no layer is saved.
  public var layers: [[SavedEntry]]?

  /// Creates a snapshot of the current version.
  ///
  /// - Parameters:
  ///   - selected: The selected tab's name.
  ///   - tabs: Each tab's snapshot, by name.
  ///   - layers: For a modal presenter over tabs, each saved layer's entries; `nil` (the
  ///     default) for none.
  public init(
    selected: String, tabs: [String: NavigationSnapshot], layers: [[SavedEntry]]? = nil
  ) {
    self.version = Self.currentVersion
    self.selected = selected
    self.tabs = tabs
    self.layers = layers
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case version
    case selected
    case tabs
    case layers
  }

  /// Decodes a snapshot, refusing an unknown version or key.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for an unknown version or key; other
  ///   `DecodingError`s for missing keys, values of the wrong type and bad tab snapshots.
  /// - Complexity: O(*n*), where *n* is the number of entries of every tab.
  public init(from decoder: any Decoder) throws {
    let container = try versionedContainer(
      decoder, keyedBy: CodingKeys.self, version: .version, current: Self.currentVersion,
      of: "tab snapshot")
    self.version = Self.currentVersion
    selected = try container.decode(String.self, forKey: .selected)
    tabs = try container.decode([String: NavigationSnapshot].self, forKey: .tabs)
    layers = try container.decodeIfPresent([[SavedEntry]].self, forKey: .layers)
    if let layers, let empty = layers.firstIndex(where: \.isEmpty) {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath + [CodingKeys.layers],
          debugDescription: "layer \(empty) is empty: a saved layer holds at least one entry"))
    }
  }

  /// Encodes the snapshot.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  /// - Complexity: O(*n*), where *n* is the number of entries of every tab.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(selected, forKey: .selected)
    try container.encode(tabs, forKey: .tabs)
    try container.encodeIfPresent(layers, forKey: .layers)
  }
}

extension TabContainer {
  /// Saves every tab's restorable entries and the selected tab.
  ///
  /// - Parameter table: The table whose restoration identifiers name the screens.
  /// - Returns: The snapshot.
  /// - Complexity: O(*n*), where *n* is the number of entries of every tab.
  public func snapshot(using table: RouteTable) -> TabSnapshot {
    var tabs: [String: NavigationSnapshot] = [:]
    for (name, container) in zip(names, containers) {
      tabs[name] = container.snapshot(using: table)
    }
    return TabSnapshot(selected: selected, tabs: tabs)
  }

  /// Restores every tab and the selection from a snapshot, after checking all of them:
  /// a refused snapshot leaves every tab and the selection as they were.
  ///
  /// A tab whose snapshot holds no restorable entry, or that the snapshot leaves out,
  /// keeps its stack.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot.
  ///   - table: The table whose registry resolves the restoration identifiers.
  /// - Throws: ``RestorationError``: ``RestorationError/Kind/unknownTab`` for a tab the
  ///   container does not hold (at `selected` or `tabs.NAME`); a tab's own errors, their
  ///   locations under `tabs.NAME.`.
  /// - Complexity: O(*n*), where *n* is the number of saved entries, plus the factories
  ///   (each tab's screen objects are made twice: once to check, once to restore).
  public func restore(_ snapshot: TabSnapshot, using table: RouteTable) throws(RestorationError) {
    guard let selected = names.firstIndex(of: snapshot.selected) else {
      throw RestorationError(
        .unknownTab, at: "selected", "unknown tab '\(excerpt(snapshot.selected))'")
    }
    var restoring: [(container: any RestorableContainer, snapshot: NavigationSnapshot)] = []
    for name in snapshot.tabs.keys.sorted() {
      guard let tab = names.firstIndex(of: name) else {
        throw RestorationError(
          .unknownTab, at: "tabs.\(excerpt(name))", "unknown tab '\(excerpt(name))'")
      }
      let saved = snapshot.tabs[name]!
      guard !saved.entries.isEmpty else { continue }
      do {
        _ = try table.restoredItems(from: saved)
      } catch {
        throw RestorationError(
          error.kind, at: "tabs.\(excerpt(name)).\(error.location)", error.message,
          suggestion: error.suggestion)
      }
      restoring.append((containers[tab], saved))
    }
    for (container, saved) in restoring {
      do {
        try container.restore(saved, using: table)
      } catch {
        preconditionFailure("a checked tab snapshot restores: \(error)")
      }
    }
    select(names[selected])
  }
}

extension TabContainer: RestorableTabContainer {}

extension Navigator where Container: RestorableTabContainer {
  /// Saves the tabs (and, for a presenter over them, the layers), waiting for the turn
  /// like a navigation.
  ///
  /// - Returns: The snapshot of every tab and the selection.
  /// - Complexity: As the container's ``RestorableTabContainer/snapshot(using:)``.
  public func snapshot() async -> TabSnapshot {
    await acquire()
    defer { release() }
    return container.snapshot(using: table)
  }

  /// Restores the tabs (and, for a presenter over them, the layers), waiting for the
  /// turn like a navigation; a request waiting for a detour is dropped.
  ///
  /// - Parameter snapshot: The snapshot.
  /// - Throws: ``RestorationError``, as the container's
  ///   ``RestorableTabContainer/restore(_:using:)``; nothing changes then.
  /// - Complexity: As the container's ``RestorableTabContainer/restore(_:using:)``.
  public func restore(_ snapshot: TabSnapshot) async throws(RestorationError) {
    await acquire()
    defer { release() }
    try container.restore(snapshot, using: table)
    pendingDetour = nil
  }
}

extension RouteTable {
  /// The tab state a tab snapshot restores a ``TabContainer`` of this table to, made
  /// fresh (every tab at its root), without making screen objects: each saved tab's
  /// entries as ``restoredEntries(from:)`` types them, a tab whose snapshot holds no
  /// restorable entry or that the snapshot leaves out at its root, and the saved
  /// selection; what `routing test` compares a saved-state case with.
  ///
  /// - Parameter snapshot: The snapshot.
  /// - Returns: The state.
  /// - Throws: ``RestorationError``, as ``TabContainer/restore(_:using:)`` does:
  ///   ``RestorationError/Kind/unknownTab`` for a tab the table does not declare (at
  ///   `selected` or `tabs.NAME`); a tab's own errors, their locations under
  ///   `tabs.NAME.`.
  /// - Complexity: O(*T* + *n* · *d*), where *T* is the number of tabs, *n* the number
  ///   of saved entries and *d* the most parameters a screen declares or an entry holds.
  public func restoredState(from snapshot: TabSnapshot) throws(RestorationError) -> TabState {
    func unknown(_ name: String, at place: String) -> RestorationError {
      let near = nearestTab(to: name)
      return RestorationError(
        .unknownTab, at: place,
        "unknown tab '\(excerpt(name))'" + (near.map { "; did you mean '\(excerpt($0))'?" } ?? ""),
        suggestion: near)
    }
    guard tabLayout.number(of: snapshot.selected) != nil else {
      throw unknown(snapshot.selected, at: "selected")
    }
    var stacks: [String: [Entry]] = [:]
    for tab in tabs { stacks[tab.name] = [Entry(tab.root)] }
    for name in snapshot.tabs.keys.sorted() {
      guard tabLayout.number(of: name) != nil else {
        throw unknown(name, at: "tabs.\(excerpt(name))")
      }
      do {
        let entries = try restoredEntries(from: snapshot.tabs[name]!)
        if !entries.isEmpty { stacks[name] = entries }
      } catch {
        throw RestorationError(
          error.kind, at: "tabs.\(excerpt(name)).\(error.location)", error.message,
          suggestion: error.suggestion)
      }
    }
    return TabState(selected: snapshot.selected, stacks: stacks)
  }
}
