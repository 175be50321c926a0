import Routing
import Testing

/// No trap reachable from the public API: every misuse that used to stop the program
/// throws a typed error and leaves the container as it was.
@MainActor
@Suite struct NavigatorRefusalTests {
  static func item(_ screen: ScreenName) -> StackItem {
    StackItem(entry: Entry(screen), screen: HeadlessScreen(ScreenContext(entry: Entry(screen))))
  }

  /// A table whose every factory hands back one shared object.
  static func sharedTable(_ shared: HeadlessScreen) throws -> RouteTable {
    let factory: ScreenFactory = { _ in shared }
    return try RouteTable(defaultFactory: factory) {
      Screen("A", restorationIdentifier: "a")
      Screen("B", restorationIdentifier: "b")
      Screen("C")
      Command(from: ["A"], to: "B")
      Command(from: ["B"], to: "C")
    }
  }

  @Test func aFactoryReturningAShownScreenIsRefusedBeforeAnyStep() async throws {
    try await refusesAShownScreen { StackContainer(root: $0) }
    try await refusesAShownScreen { DrillDownContainer(root: $0) }
  }

  func refusesAShownScreen<Container: NavigationContainer>(
    _ makeContainer: (StackItem) -> Container
  ) async throws {
    let shared = HeadlessScreen(ScreenContext(entry: Entry("A")))
    let table = try Self.sharedTable(shared)
    let root = StackItem(entry: Entry("A"), screen: shared)
    let navigator = Navigator(table: table, container: makeContainer(root))
    var events: [NavigationEvent] = []
    navigator.addObserver { events.append($0) }
    await #expect(throws: NavigationError.alreadyShown(Entry("B"))) {
      try await navigator.go(to: "B")
    }
    #expect(navigator.container.items == [root])
    #expect(events == [.didFail(Request(to: "B"), .alreadyShown(Entry("B")))])
    // One object for two pushes of one route is refused too, before the first.
    let other = Navigator(table: table, container: makeContainer(Self.item("A")))
    await #expect(throws: NavigationError.alreadyShown(Entry("C"))) {
      try await other.go(to: "C")
    }
    #expect(other.stack == [Entry("A")])
  }

  @Test func aRoutePushOfAShownScreenIsRefused() async throws {
    let menu = Self.item("Menu")
    let folder = Self.item("Folder")
    let drillDown = try DrillDownContainer(left: [menu], right: folder)
    var drillDownEvents: [DrillDownEvent] = []
    drillDown.addObserver { drillDownEvents.append($0) }
    for shown in [menu, folder] {
      await #expect(throws: NavigationError.alreadyShown(shown.entry)) {
        try await drillDown.push(shown)
      }
    }
    #expect(drillDown.items == [menu, folder])
    #expect(drillDownEvents.isEmpty)

    let stack = StackContainer(items: [menu, folder])
    await #expect(throws: NavigationError.alreadyShown(menu.entry)) { try await stack.push(menu) }
    #expect(stack.items == [menu, folder])
    // Once popped, the object may be pushed again.
    try await stack.pop(toCount: 1)
    try await stack.push(folder)
    #expect(stack.items == [menu, folder])
  }

  @Test func aPopToACountOutOfRangeIsRefused() async throws {
    let items = [Self.item("A"), Self.item("B"), Self.item("C")]
    let stack = StackContainer(items: items)
    let drillDown = try DrillDownContainer(left: Array(items.prefix(2)), right: items[2])
    var events: [DrillDownEvent] = []
    drillDown.addObserver { events.append($0) }
    for count in [-1, 4, Int.max, Int.min] {
      await #expect(throws: NavigationError.invalidDepth(count, depth: 3)) {
        try await stack.pop(toCount: count)
      }
      await #expect(throws: NavigationError.invalidDepth(count, depth: 3)) {
        try await drillDown.pop(toCount: count)
      }
    }
    #expect(stack.items == items)
    #expect(drillDown.items == items)
    #expect(events.isEmpty)
    // The full count is a no-op, not an error.
    try await drillDown.pop(toCount: 3)
    #expect(events.isEmpty)
  }

  @Test func restoringWithAFactoryThatSharesAnObjectIsRefused() async throws {
    let shared = HeadlessScreen(ScreenContext(entry: Entry("A")))
    let table = try Self.sharedTable(shared)
    let snapshot = NavigationSnapshot(
      entries: [SavedEntry(identifier: "a"), SavedEntry(identifier: "b")],
      rightPaneRestorable: true)
    let expected = RestorationError(
      .sharedScreenObject, at: "entries[1]",
      "the factory of B returned a screen object already restored for an earlier entry")
    let root = Self.item("C")
    let drillDown = DrillDownContainer(root: root)
    var events: [DrillDownEvent] = []
    drillDown.addObserver { events.append($0) }
    #expect(throws: expected) { try drillDown.restore(snapshot, using: table) }
    #expect(drillDown.items == [root])
    #expect(events.isEmpty)
    let navigator = Navigator(table: table, container: StackContainer(root: root))
    await #expect(throws: expected) { try await navigator.restore(snapshot) }
    #expect(navigator.container.items == [root])
  }

  @Test func aContainerChangedMidRouteStopsTheRoute() async throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("A")
      Screen("B")
      Screen("C")
      Screen("D")
      Screen("X", restorationIdentifier: "x")
      Command(from: ["A"], to: "B")
      Command(from: ["B"], to: "C")
      Command(from: ["C"], to: "D")
    }
    let container = StackContainer(root: Self.item("A"))
    let navigator = Navigator(table: table, container: container)
    var events: [NavigationEvent] = []
    navigator.addObserver { event in
      events.append(event)
      guard case .didPush(let entry, _) = event, entry.screen == "B" else { return }
      // Restoring the container directly, behind the navigator's back.
      try? container.restore(
        NavigationSnapshot(entries: [SavedEntry(identifier: "x")]), using: table)
    }
    await #expect(throws: NavigationError.containerChanged(beforeStep: 1)) {
      try await navigator.go(to: "D")
    }
    // No step ran after the change: the container holds what the observer left.
    #expect(navigator.stack == [Entry("X")])
    #expect(events.count == 4)
    #expect(events.last == .didFail(Request(to: "D"), .containerChanged(beforeStep: 1)))
    // On a drill-down too, found before the step after the change.
    let drillDown = DrillDownContainer(root: Self.item("A"))
    let other = Navigator(table: table, container: drillDown)
    other.addObserver { event in
      guard case .didPush(let entry, _) = event, entry.screen == "C" else { return }
      try? drillDown.restore(
        NavigationSnapshot(entries: [SavedEntry(identifier: "x")]), using: table)
    }
    await #expect(throws: NavigationError.containerChanged(beforeStep: 2)) {
      try await other.go(to: "D")
    }
    #expect(other.stack == [Entry("X")])
    // Another top object at the same depth is found too.
    let sameDepth = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("A", restorationIdentifier: "a")
      Screen("B", restorationIdentifier: "b")
      Screen("C")
      Command(from: ["A"], to: "B")
      Command(from: ["B"], to: "C")
    }
    let twoDeep = StackContainer(root: Self.item("A"))
    let third = Navigator(table: sameDepth, container: twoDeep)
    third.addObserver { event in
      guard case .didPush(let entry, _) = event, entry.screen == "B" else { return }
      try? twoDeep.restore(
        NavigationSnapshot(entries: [SavedEntry(identifier: "a"), SavedEntry(identifier: "b")]),
        using: sameDepth)
    }
    await #expect(throws: NavigationError.containerChanged(beforeStep: 1)) {
      try await third.go(to: "C")
    }
    #expect(third.stack == [Entry("A"), Entry("B")])
    // The navigator still works afterwards.
    let navigatorAfter = Navigator(table: table, container: StackContainer(root: Self.item("A")))
    #expect(try await navigatorAfter.go(to: "D").steps.count == 3)
  }

  @Test func itemsTransitionsAndBackControlsCompareByScreenObject() async throws {
    let menu = Self.item("Menu")
    let twin = StackItem(
      entry: menu.entry, screen: HeadlessScreen(ScreenContext(entry: menu.entry)))
    // Another item of the same entry and screen object is equal; the same entry with
    // another screen object is not.
    #expect(menu == StackItem(entry: menu.entry, screen: menu.screen))
    #expect(menu != twin)
    #expect(menu != StackItem(entry: Entry("Other"), screen: menu.screen))
    let folder = Self.item("Folder")
    let container = DrillDownContainer(root: menu)
    var events: [DrillDownEvent] = []
    container.addObserver { events.append($0) }
    try await container.perform(.push(folder))
    try await container.perform(.push(Self.item("Message")))
    #expect(container.backControl(in: .left) == DrillDownBackControl(destination: menu))
    #expect(container.backControl(in: .left) != DrillDownBackControl(destination: twin))
    #expect(events.count == 4)
    #expect(events[0] != events[1])
    #expect(events[0].transition == events[1].transition)
    #expect(events[1].transition.after == events[2].transition.before)
    #expect(events[1].transition != events[3].transition)
    #expect(try DrillDownState(left: [menu], right: folder) == events[1].transition.after)
  }
}
