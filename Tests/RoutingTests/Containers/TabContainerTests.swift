import Foundation
import Routing
import SampleApp
import Testing

/// The tab container driven by a navigator on the tabbed sample app: routes that select,
/// links into tabs, events, and save and restore of every tab.
@MainActor
@Suite struct TabContainerTests {
  static func navigator() throws -> Navigator<TabContainer> {
    let table = try SampleApp.makeTabbedTable()
    return Navigator(table: table, container: try TabContainer(table: table))
  }

  @Test func aRouteSelectsAnotherTabWithEvents() async throws {
    let navigator = try Self.navigator()
    var tabEvents: [String] = []
    var events: [String] = []
    navigator.container.addObserver { tabEvents.append("\($0)") }
    navigator.addObserver { events.append("\($0)") }
    let route = try await navigator.go(acrossTabsTo: "Chat", parameters: ["userId": 7])
    #expect(
      route.steps.map(\.description) == ["select Connections", "push Chat(userId: 7) by openChat"])
    #expect(navigator.container.selected == "Connections")
    #expect(navigator.container.state == route.state)
    #expect(
      tabEvents == [
        "will select Connections (from Folders)", "did select Connections (from Folders)",
      ])
    #expect(events.first?.hasPrefix("will navigate") == true)
    #expect(events.contains("did push Chat(userId: 7) by openChat"))
  }

  @Test func refusedRoutesAndLinksChangeNoTab() async throws {
    let navigator = try Self.navigator()
    try await navigator.go(acrossTabsTo: "Profile", parameters: ["userId": 2])
    let before = navigator.container.state
    await #expect(throws: NavigationError.routing(.unknownScreen("Menu"))) {
      try await navigator.go(acrossTabsTo: "Menu")
    }
    // Only the Folders tab has a command to Folder, and a link into Connections stays
    // inside it.
    let reading = try navigator.table.readInTabs("people/Folder")
    await #expect(throws: NavigationError.routing(.unreachable(from: "Connections", to: "Folder")))
    {
      try await navigator.open(reading)
    }
    #expect(navigator.container.state == before)
  }

  /// Two tabs, One at A and Two at X, with A to B and X to Y; Y's screen object comes
  /// from `second`, given the screen object of One's root and the one B's factory made.
  static func twoTabs(
    second:
      @escaping @MainActor (_ root: any ScreenController, _ first: any ScreenController) ->
      any ScreenController
  ) throws -> Navigator<TabContainer> {
    let root = HeadlessScreen(ScreenContext(entry: Entry("A")))
    let first = HeadlessScreen(ScreenContext(entry: Entry("B")))
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Tab("One", root: "A"))
    registry.register(Tab("Two", root: "X"))
    registry.register(Command(from: ["A"], to: "B", factory: { _ in first }))
    registry.register(Command(from: ["X"], to: "Y", factory: { _ in second(root, first) }))
    let table = try registry.compile()
    let tabs = TabContainer(tabs: [
      ("One", StackContainer(root: StackItem(entry: Entry("A"), screen: root))),
      ("Two", try StackContainer(table: table, root: "X")),
    ])
    return Navigator(table: table, container: tabs)
  }

  @Test func aFactoryRefusedInALaterTabChangesNoTab() async throws {
    // Y's object is B's, pushed earlier in the same route, or One's root, shown in
    // another tab: either is refused before B is pushed in the first tab.
    let choices: [@MainActor (any ScreenController, any ScreenController) -> any ScreenController] =
      [{ $1 }, { root, _ in root }]
    for second in choices {
      let navigator = try Self.twoTabs(second: second)
      let before = navigator.container.state
      var events: [String] = []
      navigator.addObserver { events.append("\($0)") }
      navigator.container.addObserver { events.append("\($0)") }
      let request = Request(to: "Y", via: ["B"])
      #expect(try navigator.table.route(request, from: before).steps.count == 3)
      await #expect(throws: NavigationError.alreadyShown(Entry("Y"))) {
        try await navigator.go(acrossTabs: request)
      }
      #expect(navigator.container.state == before)
      #expect(events == ["\(NavigationEvent.didFail(request, .alreadyShown(Entry("Y"))))"])
    }
    // A fresh object for Y goes through both tabs.
    let navigator = try Self.twoTabs { _, _ in HeadlessScreen(ScreenContext(entry: Entry("Y"))) }
    let route = try await navigator.go(acrossTabs: Request(to: "Y", via: ["B"]))
    #expect(route.state == navigator.container.state)
    #expect(navigator.container.state.stacks["One"]?.map(\.screen) == ["A", "B"])
  }

  /// A plain `go(to:)` stays in the selected tab, with the commands that tab allows: a
  /// command limited to another tab takes no part, as across tabs.
  @Test func aPlainGoKeepsToTheSelectedTabsCommands() async throws {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Tab("Home", root: "Feed"))
    registry.register(Tab("Search", root: "Query"))
    registry.register(Command(from: ["Feed", "Query"], to: "Author", tabs: ["Search"]))
    let table = try registry.compile()
    let navigator = Navigator(table: table, container: try TabContainer(table: table))
    let before = navigator.container.state
    await #expect(throws: NavigationError.routing(.unreachable(from: "Feed", to: "Author"))) {
      try await navigator.go(to: "Author")
    }
    #expect(navigator.container.state == before)
    navigator.container.select("Search")
    let route = try await navigator.go(to: "Author")
    #expect(route.steps.map(\.description) == ["push Author by command 0"])
    #expect(navigator.container.state.stacks["Home"] == [Entry("Feed")])
  }

  @Test func aTableWithoutTabsMakesNoTabContainer() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) { Screen("A") }
    do {
      _ = try TabContainer(table: table)
      Issue.record("made a tab container without tabs")
    } catch {
      #expect(error == .unknownTab(""))
      #expect(error.description == "the table declares no tab")
    }
  }

  @Test func aLinkIntoATabSelectsItAndStaysInside() async throws {
    let navigator = try Self.navigator()
    let reading = try navigator.table.readInTabs("myapp://people/Connections/chat/3")
    #expect(reading.tab == "Connections")
    let route = try await navigator.open(reading)
    #expect(route.steps.first == .select("Connections"))
    #expect(navigator.container.state.stack.map(\.screen) == ["Connections", "Chat"])
    #expect(try navigator.table.link(for: navigator.container.state) == "people/Connections/chat/3")
    // A bare tab segment reads as the tab's root.
    let bare = try navigator.table.readInTabs("folders")
    #expect(bare.tab == "Folders" && bare.reading.request.destination == "Folder")
  }

  @Test func aLinkStringOpensAcrossTabsInOneCall() async throws {
    let navigator = try Self.navigator()
    let route = try await navigator.open(acrossTabs: "myapp://people/Connections/chat/3")
    #expect(route.steps.first == .select("Connections"))
    #expect(navigator.container.state.stack.map(\.screen) == ["Connections", "Chat"])
    let before = navigator.container.state
    await #expect(
      throws: LinkNavigationError.link(LinkError(.unknownSegment(index: 0, segment: "Nowhere")))
    ) {
      try await navigator.open(acrossTabs: "people/Nowhere")
    }
    await #expect(
      throws: LinkNavigationError.routing(.unreachable(from: "Chat", to: "Folder"))
    ) {
      try await navigator.open(acrossTabs: "people/Folder")
    }
    #expect(navigator.container.state == before)
  }

  @Test func saveAndRestoreRoundTripsEveryTab() async throws {
    let navigator = try Self.navigator()
    try await navigator.go(acrossTabsTo: "Profile", parameters: ["userId": 2])
    try await navigator.go(acrossTabsTo: "Chat", parameters: ["userId": 7])
    let snapshot = await navigator.snapshot()
    let data = try JSONEncoder().encode(snapshot)
    let decoded = try JSONDecoder().decode(TabSnapshot.self, from: data)
    #expect(decoded == snapshot)
    let fresh = try Self.navigator()
    try await fresh.restore(decoded)
    #expect(fresh.container.state == navigator.container.state)
  }

  @Test(arguments: [
    ("selected", "Mail", [:] as [String: [SavedEntry]]),
    ("tabs.Mail", "Folders", ["Mail": [SavedEntry(identifier: "folder")]]),
    (
      "tabs.Connections.entries[1].identifier", "Folders",
      [
        "Folders": [SavedEntry(identifier: "folder"), SavedEntry(identifier: "profile")],
        "Connections": [SavedEntry(identifier: "connections"), SavedEntry(identifier: "nope")],
      ]
    ),
  ])
  func refusedSnapshotsChangeNoTab(location: String, selected: String, tabs: [String: [SavedEntry]])
    async throws
  {
    let navigator = try Self.navigator()
    try await navigator.go(acrossTabsTo: "Profile", parameters: ["userId": 2])
    let before = navigator.container.state
    let snapshot = TabSnapshot(
      selected: selected, tabs: tabs.mapValues { NavigationSnapshot(entries: $0) })
    do {
      try await navigator.restore(snapshot)
      Issue.record("restored \(snapshot)")
    } catch {
      #expect(error.location == location)
    }
    #expect(navigator.container.state == before)
  }

  @Test(arguments: [
    (
      #"{"version": 2, "selected": "Folders", "tabs": {}}"#,
      "unsupported tab snapshot version 2; this library reads version 1"
    ),
    (#"{"version": 1, "selected": "Folders", "tabs": {}, "extra": 1}"#, "unknown key 'extra'"),
  ])
  func snapshotsOfAnotherVersionOrWithUnknownKeysAreRefused(text: String, message: String) {
    do {
      let snapshot = try JSONDecoder().decode(TabSnapshot.self, from: Data(text.utf8))
      Issue.record("decoded \(snapshot)")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription == message)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
