import Routing
import Testing

/// A stack whose pushes wait at a gate the test opens, logging what they do.
@MainActor
private final class GatedStack: NavigationContainer, RestorableContainer {
  let inner: StackContainer
  var log: [String] = []
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(root: StackItem) { inner = StackContainer(root: root) }

  var items: [StackItem] { inner.items }

  func open() {
    isOpen = true
    for waiter in waiting { waiter.resume() }
    waiting = []
  }

  func push(_ item: StackItem) async throws(NavigationError) {
    log.append("push \(item.entry.screen)")
    if !isOpen { await withCheckedContinuation { waiting.append($0) } }
    try await inner.push(item)
  }

  func pop(toCount count: Int) async throws(NavigationError) {
    log.append("pop to \(count)")
    try await inner.pop(toCount: count)
  }

  func snapshot(using table: RouteTable) -> NavigationSnapshot {
    log.append("snapshot")
    return inner.snapshot(using: table)
  }

  func restore(_ snapshot: NavigationSnapshot, using table: RouteTable) throws(RestorationError) {
    log.append("restore")
    try inner.restore(snapshot, using: table)
  }
}

/// Navigations, going back, saving and restoring take turns, first come first served.
@MainActor
@Suite struct NavigatorTurnTests {
  let table: RouteTable

  init() throws {
    table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("A", restorationIdentifier: "a")
      Screen("B", restorationIdentifier: "b")
      Screen("C", restorationIdentifier: "c")
      Command(to: "A")
      Command(from: ["A"], to: "B")
      Command(from: ["B"], to: "C")
    }
  }

  /// Lets every task that can run reach its next suspension.
  func settle() async {
    for _ in 0..<50 { await Task.yield() }
  }

  @Test func callsTakeTheirTurnsInOrder() async throws {
    let root = StackItem(
      entry: Entry("A"), screen: HeadlessScreen(ScreenContext(entry: Entry("A"))))
    let container = GatedStack(root: root)
    let navigator = Navigator(table: table, container: container)
    // The first navigation stops at its first push; the others queue behind it.
    let first = Task { try await navigator.go(to: "C") }
    await settle()
    #expect(container.log == ["push B"])
    let saved = Task { await navigator.snapshot() }
    await settle()
    let back = Task { await navigator.goBack() }
    await settle()
    let second = Task { try await navigator.go(to: "C") }
    await settle()
    let restored = Task {
      try await navigator.restore(NavigationSnapshot(entries: [SavedEntry(identifier: "a")]))
    }
    await settle()
    // Nothing else ran while the first navigation held the turn.
    #expect(container.log == ["push B"])
    container.open()
    let route = try await first.value
    let snapshot = await saved.value
    let uncovered = await back.value
    let again = try await second.value
    try await restored.value
    #expect(route.stack.map(\.screen) == ["A", "B", "C"])
    #expect(snapshot.entries.map(\.identifier) == ["a", "b", "c"])
    #expect(uncovered == Entry("B"))
    #expect(again.steps.map(\.action) == [.push])
    #expect(
      container.log == ["push B", "push C", "snapshot", "pop to 2", "push C", "restore"])
    #expect(navigator.stack == [Entry("A")])
  }
}
