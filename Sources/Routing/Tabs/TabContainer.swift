/// What a ``TabContainer`` tells its observers: a tab about to be selected, and
/// selected. Each tab's own container sends its own events beside these.
public enum TabEvent: Sendable, Hashable, CustomStringConvertible {
  /// The selection is about to move from the first tab to the second.
  case willSelect(from: String, to: String)
  /// The selection moved from the first tab to the second.
  case didSelect(from: String, to: String)

  /// `will select Search (from Home)`, `did select Search (from Home)`.
  public var description: String {
    switch self {
    case .willSelect(let from, let to): "will select \(to) (from \(from))"
    case .didSelect(let from, let to): "did select \(to) (from \(from))"
    }
  }
}

/// A headless tab bar: named tabs in order, each with its own container (a plain stack
/// or a drill-down), and the selected tab (see <doc:PlanningAcrossTabs>).
///
/// As a ``NavigationContainer`` it is the selected tab's container: its items, pushes
/// and pops are that tab's. A ``Navigator`` on it plans across tabs with
/// ``Navigator/go(acrossTabsTo:via:parameters:)``, selecting tabs on the way.
///
/// ```swift
/// let tabs = try TabContainer(table: table)
/// let navigator = Navigator(table: table, container: tabs)
/// try await navigator.go(acrossTabsTo: "Results")
/// // tabs.selected == "Search"
/// ```
@MainActor
public final class TabContainer: NavigationContainer {
  /// The tabs' names, in order.
  public let names: [String]
  /// Each tab's container, in tab order.
  public let containers: [any RestorableContainer]
  /// The selected tab's position in ``names``.
  public private(set) var selectedIndex: Int
  private var observers = ObserverList<TabEvent>()

  /// Creates a tab container from its tabs' containers.
  ///
  /// - Parameters:
  ///   - tabs: Each tab's name and container, in order; names must be unique and the
  ///     list non-empty (a programming error otherwise).
  ///   - selected: The selected tab's name; the first tab by default.
  /// - Complexity: O(*T*), where *T* is the number of tabs.
  public init(tabs: [(name: String, container: any RestorableContainer)], selected: String? = nil) {
    precondition(!tabs.isEmpty, "a tab container holds at least one tab")
    let names = tabs.map(\.name)
    precondition(Set(names).count == names.count, "tab names are unique")
    guard let index = selected.map({ names.firstIndex(of: $0) }) ?? 0 else {
      preconditionFailure("no tab '\(selected!)'")
    }
    self.names = names
    containers = tabs.map(\.container)
    selectedIndex = index
  }

  /// Creates a tab container with a plain stack per tab of the table, each at its root,
  /// the first tab selected.
  ///
  /// - Parameter table: A table that declares tabs; its factories make the roots.
  /// - Throws: ``RoutingError/unknownTab(_:suggestion:)`` for a table without tabs;
  ///   ``RoutingError`` as ``StackContainer/init(table:root:parameters:)``.
  /// - Complexity: O(*T*), where *T* is the number of tabs, plus the factories.
  public convenience init(table: RouteTable) throws(RoutingError) {
    guard !table.tabs.isEmpty else { throw RoutingError.unknownTab("") }
    var tabs: [(name: String, container: any RestorableContainer)] = []
    for tab in table.tabs {
      tabs.append((tab.name, try StackContainer(table: table, root: tab.root)))
    }
    self.init(tabs: tabs)
  }

  /// The selected tab's name.
  public var selected: String { names[selectedIndex] }

  /// The selected tab's container.
  public var selectedContainer: any RestorableContainer { containers[selectedIndex] }

  /// The selected tab's items, bottom first.
  ///
  /// - Complexity: As the selected tab's container's `items`.
  public var items: [StackItem] { selectedContainer.items }

  /// Pushes onto the selected tab.
  ///
  /// - Parameter item: The screen to show.
  /// - Throws: What the selected tab's container throws.
  public func push(_ item: StackItem) async throws(NavigationError) {
    try await selectedContainer.push(item)
  }

  /// Pops the selected tab back to `count` screens.
  ///
  /// - Parameter count: How many screens stay.
  /// - Throws: What the selected tab's container throws.
  public func pop(toCount count: Int) async throws(NavigationError) {
    try await selectedContainer.pop(toCount: count)
  }

  /// Selects a tab, with will/did select events; selecting the selected tab does
  /// nothing and sends nothing.
  ///
  /// - Parameter name: The tab's name; one the container does not hold is a
  ///   programming error.
  /// - Complexity: O(*T*), where *T* is the number of tabs, plus the observers.
  public func select(_ name: String) {
    guard let index = names.firstIndex(of: name) else { preconditionFailure("no tab '\(name)'") }
    guard index != selectedIndex else { return }
    let from = selected
    observers.send(.willSelect(from: from, to: name))
    selectedIndex = index
    observers.send(.didSelect(from: from, to: name))
  }

  /// The state for planning: the selected tab and every tab's stack.
  ///
  /// - Complexity: O(*n*), where *n* is the number of entries of every tab.
  public var state: TabState {
    var stacks: [String: [Entry]] = [:]
    for (name, container) in zip(names, containers) { stacks[name] = container.entries }
    return TabState(selected: selected, stacks: stacks)
  }

  /// Adds an observer of the tab container's own events.
  ///
  /// - Parameter handler: Called on the main actor for each event, in order.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func addObserver(_ handler: @escaping (TabEvent) -> Void) -> ObserverToken {
    observers.add(handler)
  }

  /// Removes an observer; later events do not reach it.
  ///
  /// - Parameter token: The token ``addObserver(_:)`` returned.
  /// - Complexity: O(*k*), where *k* is the number of observers.
  public func removeObserver(_ token: ObserverToken) {
    observers.remove(token)
  }
}
