import Foundation
import Routing
import Testing

/// The restoration rules of Docs/DrillDown.md, "State preservation and restoration", on
/// both containers.
@Suite @MainActor struct RestorationRuleTests {
  typealias T = RestorationTable

  /// Five on the stack, the last three restorable: those three come back, in order.
  static func fiveScreens() -> [StackItem] {
    [
      T.item("Launch"), T.item("Compose"), T.item("Folder", ["name": "Inbox"]),
      T.item("Message", ["id": 1]), T.item("Message", ["id": 2]),
    ]
  }

  static let lastThree = [
    Entry("Folder", parameters: ["name": "Inbox"]), Entry("Message", parameters: ["id": 1]),
    Entry("Message", parameters: ["id": 2]),
  ]

  @Test func fiveOnAStackLastThreeRestorable() throws {
    let table = try T.make()
    let snapshot = StackContainer(items: Self.fiveScreens()).snapshot(using: table)
    #expect(
      snapshot
        == NavigationSnapshot(entries: [
          SavedEntry(identifier: "folder", parameters: ["name": "Inbox"]),
          SavedEntry(identifier: "message", parameters: ["id": "1"]),
          SavedEntry(identifier: "message", parameters: ["id": "2"]),
        ]))
    let restored = StackContainer(root: T.item("Launch"))
    try restored.restore(snapshot, using: table)
    #expect(restored.entries == Self.lastThree)
    // Parameters come back typed by the screen's declarations.
    #expect(restored.items[1].entry.parameters["id"] == .integer(1))
    #expect(restored.items.allSatisfy { $0.screen is HeadlessScreen })
  }

  @Test func fiveOnADrillDownLastThreeRestorable() throws {
    let table = try T.make()
    let screens = Self.fiveScreens()
    let source = try DrillDownContainer(left: Array(screens.dropLast()), right: screens.last)
    let snapshot = source.snapshot(using: table)
    #expect(snapshot.entries.count == 3 && snapshot.rightPaneRestorable == true)
    let restored = DrillDownContainer()
    try restored.restore(snapshot, using: table)
    #expect(restored.left.map(\.entry) == Array(Self.lastThree.prefix(2)))
    #expect(restored.right?.entry == Self.lastThree[2])
    #expect(restored.entries == Self.lastThree)
  }

  @Test func restorableRightPaneWithoutARestorableLeftScreenComesBackOnTheLeft() throws {
    let table = try T.make()
    let source = try DrillDownContainer(
      left: [T.item("Launch"), T.item("Compose")], right: T.item("Message", ["id": 3]))
    let snapshot = source.snapshot(using: table)
    #expect(snapshot.entries == [SavedEntry(identifier: "message", parameters: ["id": "3"])])
    #expect(snapshot.rightPaneRestorable == true)
    let restored = DrillDownContainer()
    try restored.restore(snapshot, using: table)
    #expect(restored.left.map(\.entry) == [Entry("Message", parameters: ["id": 3])])
    #expect(restored.right == nil && restored.showsPlaceholder)
  }

  @Test func unrestorableRightPaneLeavesItsNeighboursOnTheLeft() throws {
    let table = try T.make()
    let source = try DrillDownContainer(
      left: [
        T.item("Mailboxes"), T.item("Folder", ["name": "Inbox"]), T.item("Message", ["id": 4]),
      ],
      right: T.item("Compose"))
    let snapshot = source.snapshot(using: table)
    #expect(snapshot.rightPaneRestorable == false && snapshot.entries.count == 3)
    let restored = DrillDownContainer()
    var events: [DrillDownEvent] = []
    restored.addObserver { events.append($0) }
    try restored.restore(snapshot, using: table)
    #expect(restored.left.map(\.entry.screen) == ["Mailboxes", "Folder", "Message"])
    #expect(restored.right == nil)
    // A restored drill-down swipes back and shows a back control when L has two screens.
    #expect(restored.canSwipeBack)
    #expect(restored.backControl(in: .left)?.title == "Folder")
    #expect(restored.backControl(in: .right) == nil)
    #expect(events.map(\.change) == [.restore, .restore])
    #expect(events.map(\.isDone) == [false, true])
    #expect(events.last?.transition.before.isEmpty == true)
    #expect(events.last?.transition.after.left.count == 3)
  }

  @Test func restoredContainersNavigateAtOnce() async throws {
    let table = try T.make()
    let snapshot = NavigationSnapshot(entries: [
      SavedEntry(identifier: "mailboxes"),
      SavedEntry(identifier: "folder", parameters: ["name": "Inbox"]),
      SavedEntry(identifier: "message", parameters: ["id": "7"]),
    ])

    let drillDown = Navigator(table: table, container: DrillDownContainer())
    try await drillDown.restore(snapshot)
    #expect(drillDown.container.left.count == 3 && drillDown.container.right == nil)
    let folder = try #require(drillDown.container.left.dropFirst().first?.screen)
    let route = try await drillDown.go(to: "Message", parameters: ["id": 8])
    #expect(route.steps.map(\.action) == [.pop, .push])
    #expect(drillDown.stack == route.stack)
    #expect(drillDown.container.left.last?.screen === folder)
    #expect(drillDown.container.right?.entry == Entry("Message", parameters: ["id": 8]))

    let stack = Navigator(table: table, container: StackContainer(root: T.item("Launch")))
    try await stack.restore(snapshot)
    let again = try await stack.go(to: "Message", parameters: ["id": 8])
    #expect(again == route)
    #expect(stack.stack == drillDown.stack)
  }

  @Test func anEmptySnapshotKeepsTheContainer() throws {
    let table = try T.make()
    let snapshot = StackContainer(items: [T.item("Launch"), T.item("Compose")]).snapshot(
      using: table)
    #expect(snapshot.entries.isEmpty)
    let stack = StackContainer(root: T.item("Mailboxes"))
    let root = stack.items[0].screen
    try stack.restore(snapshot, using: table)
    #expect(stack.items.count == 1 && stack.items[0].screen === root)
    let drillDown = DrillDownContainer(root: T.item("Mailboxes"))
    var events: [DrillDownEvent] = []
    _ = drillDown.addObserver { events.append($0) }
    try drillDown.restore(snapshot, using: table)
    #expect(drillDown.entries == [Entry("Mailboxes")])
    #expect(events.isEmpty)
  }

  @Test func restorationIdentifiersResolveThroughTheTable() throws {
    let table = try T.make()
    #expect(table.screen(restorationIdentifier: "folder")?.name == "Folder")
    #expect(table.screen(restorationIdentifier: "draft") == nil)
    #expect(table.screen(restorationIdentifier: "")?.name == nil)
    #expect(table.savedEntry(for: Entry("Compose")) == nil)
    #expect(table.savedEntry(for: Entry("Launch")) == nil)
    #expect(table.savedEntry(for: Entry("Unknown")) == nil)
    #expect(
      table.savedEntry(for: Entry("Settings", parameters: ["dark": true, "scale": 1.5]))
        == SavedEntry(identifier: "settings", parameters: ["dark": "true", "scale": "1.5"]))
    // Two screens with one identifier could not be told apart in a snapshot.
    let error = #expect(throws: TableError.self) {
      try RouteTable(defaultFactory: HeadlessScreen.factory) {
        Screen("First", restorationIdentifier: "same")
        Screen("Second", restorationIdentifier: "same")
        Command(to: "First")
      }
    }
    #expect(error?.kind == .duplicateRestorationIdentifier)
    #expect(error?.location == "screens[1].restorationIdentifier")
    #expect(error?.message == "restoration identifier 'same' is already screens[0]'s")
    #expect(error?.screenName == "Second")
    #expect(error?.declaredAt?.fileID == #fileID)
  }

  @Test func onlyDeclaredParametersAreSavedAndRestored() throws {
    let table = try T.make()
    // The Folder screen declares `name` only: anything else an entry holds is not saved.
    let saved = table.savedEntry(for: Entry("Folder", parameters: ["name": "Inbox", "extra": 1]))
    #expect(saved == SavedEntry(identifier: "folder", parameters: ["name": "Inbox"]))
    // A snapshot is untrusted: a key the screen does not declare is refused, and the
    // container stays as it was.
    let stack = StackContainer(root: T.item("Mailboxes"))
    let root = stack.items[0].screen
    let snapshot = NavigationSnapshot(entries: [
      SavedEntry(identifier: "mailboxes"),
      SavedEntry(identifier: "folder", parameters: ["name": "Inbox", "admin": "true"]),
    ])
    #expect(throws: RestorationError.self) { try stack.restore(snapshot, using: table) }
    do {
      try stack.restore(snapshot, using: table)
    } catch {
      #expect(error.kind == .undeclaredParameter)
      #expect(error.location == "entries[1].parameters.admin")
    }
    #expect(stack.items.count == 1 && stack.items[0].screen === root)
  }

  /// A restore waits for the navigation in progress: it is never applied half-way
  /// through a route.
  @Test func navigatorRestoreTakesTheNavigationTurn() async throws {
    let table = try T.make()
    let container = YieldingStack(root: T.item("Mailboxes"))
    let navigator = Navigator(table: table, container: container)
    let snapshot = NavigationSnapshot(entries: [
      SavedEntry(identifier: "settings", parameters: ["dark": "false", "scale": "2.0"])
    ])
    let going = Task {
      try await navigator.go(
        to: "Message", via: ["Folder"], parameters: ["name": "Inbox", "id": 1])
    }
    // Bounded, so that a route that never pushes fails instead of hanging.
    var turns = 0
    while container.items.count < 2 && turns < 100_000 {
      await Task.yield()
      turns += 1
    }
    try #require(container.items.count >= 2, "the route never pushed Folder")
    // The route is half-way: Folder is on, Message not yet.
    try await navigator.restore(snapshot)
    let route = try await going.value
    #expect(route.stack.count == 3)
    #expect(navigator.stack == [Entry("Settings", parameters: ["dark": false, "scale": 2.0])])
    #expect(container.pushes == 2)
  }
}

/// A stack whose push lets other tasks run before it lands, like an animation would.
@MainActor
final class YieldingStack: RestorableContainer {
  private let stack: StackContainer
  private(set) var pushes = 0

  init(root: StackItem) { stack = StackContainer(root: root) }

  var items: [StackItem] { stack.items }

  func push(_ item: StackItem) async throws(NavigationError) {
    for _ in 0..<5 { await Task.yield() }
    try await stack.push(item)
    pushes += 1
  }

  func pop(toCount count: Int) async throws(NavigationError) {
    await Task.yield()
    try await stack.pop(toCount: count)
  }

  func snapshot(using table: RouteTable) -> NavigationSnapshot { stack.snapshot(using: table) }

  func restore(_ snapshot: NavigationSnapshot, using table: RouteTable) throws(RestorationError) {
    try stack.restore(snapshot, using: table)
  }
}
