/// A headless container that holds modal layers over another container: a stack, a
/// drill-down or tabs (<doc:LayersAndDetours>).
///
/// The presenter's ``items`` are the **chain**: the base container's items, then every
/// layer's, bottom first. A push goes onto the top layer, or onto the base when no layer
/// is open; a pop to a count below the first layer closes every layer and pops the base;
/// ``present(_:)`` opens a layer and ``dismiss()`` closes the top one. A ``Navigator``
/// over a presenter plans from its ``state`` and drives it as one container, presents
/// and dismisses included, atomically as ever.
///
/// ```swift
/// let presenter = ModalPresenter(base: StackContainer(root: inbox))
/// let navigator = Navigator(table: table, container: presenter)
/// try await navigator.go(to: "Settings")
/// print(presenter.state)  // Inbox | Settings
/// ```
@MainActor
public final class ModalPresenter<Base: NavigationContainer>: NavigationContainer {
  /// The container under the layers.
  public let base: Base
  /// The open layers, bottom first, each a non-empty stack of items.
  public private(set) var layers: [[StackItem]] = []

  /// Creates a presenter with no layer open over `base`.
  ///
  /// - Parameter base: The container under the layers.
  public init(base: Base) {
    self.base = base
  }

  /// The chain: the base's items, then each layer's, bottom first.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items.
  public var items: [StackItem] { base.items + layers.joined() }

  /// The number of items in the chain.
  ///
  /// - Complexity: O(*k*), where *k* is the number of open layers.
  public var depth: Int { layers.reduce(base.depth) { $0 + $1.count } }

  /// The top of the chain: the top layer's last item, or the base's top.
  public var top: StackItem? { layers.last?.last ?? base.top }

  /// The state to plan from: the base's entries and the layers' entries; over a
  /// ``TabContainer``, every tab's (``ModalState/init(tabs:layers:)``), so that a route
  /// may close the layers and select another tab.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items, every tab's included.
  public var state: ModalState {
    let layers = layers.map { $0.map(\.entry) }
    if let tabs = base as? TabContainer { return ModalState(tabs: tabs.state, layers: layers) }
    return ModalState(stack: base.entries, layers: layers)
  }

  /// Selects tab `name` of a base of tabs: a step of a route planned from ``state``,
  /// only with no layer open.
  ///
  /// - Complexity: As ``TabContainer/select(_:)``.
  func select(_ name: String) {
    precondition(layers.isEmpty, "a select with layers open")
    guard let tabs = base as? TabContainer else { preconditionFailure("a select needs tabs") }
    tabs.select(name)
  }

  /// Pushes `item` onto the top layer, or onto the base when no layer is open.
  ///
  /// - Throws: ``NavigationError/alreadyShown(_:)`` when the screen object is in the
  ///   chain already.
  /// - Complexity: O(*n*) to check the chain, where *n* is the number of items.
  public func push(_ item: StackItem) async throws(NavigationError) {
    guard !layers.isEmpty else { return try await base.push(item) }
    guard !isShown(item) else { throw .alreadyShown(item.entry) }
    layers[layers.count - 1].append(item)
  }

  /// Leaves the first `count` items of the chain: the layers above the item at
  /// `count - 1` close, and within its layer (or the base) the items above it leave.
  ///
  /// - Throws: ``NavigationError/invalidDepth(_:depth:)`` when `count` is negative or
  ///   greater than ``depth``; then nothing changes.
  /// - Complexity: O(*k*), for *k* open layers, plus the base's pop.
  public func pop(toCount count: Int) async throws(NavigationError) {
    let depth = self.depth
    guard count >= 0, count <= depth else { throw .invalidDepth(count, depth: depth) }
    var start = depth
    while let last = layers.last {
      start -= last.count
      if count > start {
        layers[layers.count - 1].removeSubrange((count - start)...)
        return
      }
      layers.removeLast()
    }
    try await base.pop(toCount: count)
  }

  /// Opens a layer holding `item` over the chain.
  ///
  /// - Throws: ``NavigationError/alreadyShown(_:)`` when the screen object is in the
  ///   chain already.
  /// - Complexity: O(*n*) to check the chain, where *n* is the number of items.
  public func present(_ item: StackItem) async throws(NavigationError) {
    guard !isShown(item) else { throw .alreadyShown(item.entry) }
    layers.append([item])
  }

  /// Closes the top layer with every item in it.
  ///
  /// - Throws: ``NavigationError/noOpenLayer`` when no layer is open.
  /// - Complexity: O(1).
  public func dismiss() async throws(NavigationError) {
    guard !layers.isEmpty else { throw .noOpenLayer }
    layers.removeLast()
  }

  /// Whether the screen object of `item` is in the chain.
  private func isShown(_ item: StackItem) -> Bool {
    base.items.contains { $0.identity == item.identity }
      || layers.contains { $0.contains { $0.identity == item.identity } }
  }
}

/// What the navigator needs of a ``ModalPresenter``, whatever its base.
@MainActor
protocol LayerPresenting: NavigationContainer {
  var state: ModalState { get }
  var layers: [[StackItem]] { get }
  func present(_ item: StackItem) async throws(NavigationError)
  func dismiss() async throws(NavigationError)
  func select(_ name: String)
}

extension ModalPresenter: LayerPresenting {}

extension ModalPresenter {
  /// Each layer's restorable entries, bottom first, up to the first layer whose first
  /// entry is not restorable; `nil` for none.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items in the layers.
  private func savedLayers(using table: RouteTable) -> [[SavedEntry]]? {
    var saved: [[SavedEntry]] = []
    for layer in layers {
      guard table.savedEntry(for: layer[0].entry) != nil else { break }
      saved.append(layer.compactMap { table.savedEntry(for: $0.entry) })
    }
    return saved.isEmpty ? nil : saved
  }
}

extension ModalPresenter: RestorableContainer where Base: RestorableContainer {
  /// The base's snapshot (as the base saves it), then each layer's restorable entries
  /// (``NavigationSnapshot/layers``). A layer whose first entry is not restorable is
  /// left out with every layer above it: its other entries would have no layer to go
  /// back to.
  ///
  /// - Parameter table: The table whose screens say which entries are restorable.
  /// - Returns: The snapshot.
  /// - Complexity: O(*n*) plus the base's snapshot, where *n* is the number of items in
  ///   the layers.
  public func snapshot(using table: RouteTable) -> NavigationSnapshot {
    var snapshot = base.snapshot(using: table)
    snapshot.layers = savedLayers(using: table)
    return snapshot
  }

  /// Restores the base from the snapshot and then its layers. Every layer's screens are
  /// made and checked, and the base checks its own, before anything changes: on an
  /// error the presenter and its base are as they were.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot, as ``snapshot(using:)->NavigationSnapshot`` saves it.
  ///   - table: The table whose identifiers and factories the entries use.
  /// - Throws: ``RestorationError`` as ``RouteTable/restoredItems(from:)`` throws it,
  ///   for a layer's entry at `layers[i].entries[j]`.
  /// - Complexity: O(*n* · *d*) plus the factories and the base's restore, where *n* is
  ///   the number of saved entries and *d* the most parameters one holds.
  public func restore(_ snapshot: NavigationSnapshot, using table: RouteTable)
    throws(RestorationError)
  {
    let restored = try table.restoredLayerItems(from: snapshot.layers)
    var base = snapshot
    base.layers = nil
    try self.base.restore(base, using: table)
    layers = restored
  }
}

extension ModalPresenter: RestorableTabContainer where Base == TabContainer {
  /// Every tab's snapshot and the selection (``TabContainer/snapshot(using:)``), then the
  /// layers over the selected tab (``TabSnapshot/layers``), left out from the first layer
  /// whose first entry is not restorable.
  ///
  /// - Parameter table: The table whose screens say which entries are restorable.
  /// - Returns: The snapshot.
  /// - Complexity: O(*n*), where *n* is the number of items, every tab's included.
  public func snapshot(using table: RouteTable) -> TabSnapshot {
    var snapshot = base.snapshot(using: table)
    snapshot.layers = savedLayers(using: table)
    return snapshot
  }

  /// Restores the tabs and then the layers over the selected tab, every layer's screens
  /// made and checked, and the tabs checking theirs, before anything changes.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot, as ``snapshot(using:)->TabSnapshot`` saves it.
  ///   - table: The table whose tabs, identifiers and factories the snapshot uses.
  /// - Throws: ``RestorationError`` as ``TabContainer/restore(_:using:)`` throws it, or
  ///   for a layer's entry at `layers[i].entries[j]`.
  /// - Complexity: As ``TabContainer/restore(_:using:)``, plus the layers' screens.
  public func restore(_ snapshot: TabSnapshot, using table: RouteTable) throws(RestorationError) {
    let restored = try table.restoredLayerItems(from: snapshot.layers)
    var tabs = snapshot
    tabs.layers = nil
    try base.restore(tabs, using: table)
    layers = restored
  }
}
