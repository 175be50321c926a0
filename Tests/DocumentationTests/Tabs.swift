// The code of Docs/Tabs.md, the DocC article Tabs.md and the doc comments of
// Sources/Routing/Tabs: a feed and a search under a tab bar.

import Foundation
import Routing
import Testing

@MainActor
@Suite struct TabExamples {
  /// The table of the tab examples.
  static func makeTable() throws -> RouteTable {
    // snippet tab-registry
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Tab("Home", root: "Feed", path: "home"))
    registry.register(Tab("Search", root: "Query", path: "search"))
    registry.register(Command(from: ["Query"], to: "Results"))
    let table = try registry.compile()
    // snippet.end
    return table
  }

  @Test func declaresTabs() throws {
    let table = try Self.makeTable()
    #expect(table.tabs.map(\.name) == ["Home", "Search"])
    #expect(table.tab(named: "Search")?.path == "search")
  }

  @Test func limitsACommandToATab() throws {
    // snippet tab-limited-command
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Tab("Home", root: "Feed"))
    registry.register(Tab("Search", root: "Query"))
    registry.register(Command(id: "findAuthor", from: ["Query"], to: "Author", tabs: ["Search"]))
    let table = try registry.compile()
    // table.tabs(ofCommand: 0) == ["Search"]
    // snippet.end
    #expect(table.tabs(ofCommand: 0) == ["Search"])
    let state = TabState(selected: "Home")
    let route = try table.route(from: state, to: "Author")
    #expect(route.steps.map(\.description) == ["select Search", "push Author by findAuthor"])
  }

  @Test func routesAcrossTabs() throws {
    let table = try Self.makeTable()
    // snippet tab-route
    let state = TabState(selected: "Home", stacks: ["Home": [Entry("Feed")]])
    let route = try table.route(from: state, to: "Results")
    // 1. select Search, 2. push Results by command 0
    // snippet.end
    #expect(route.steps.map(\.description) == ["select Search", "push Results by command 0"])
    #expect(route.state.selected == "Search")
    #expect(route.state.stacks["Home"] == [Entry("Feed")])
    #expect(route.state.stacks["Search"] == [Entry("Query"), Entry("Results")])
  }

  @Test func readsLinksIntoTabs() throws {
    let table = try Self.makeTable()
    // snippet tab-link
    let reading = try table.readInTabs("myapp://search/Query/Results")
    // reading.tab: "Search"; reading.reading.request: to Results via Query
    // snippet.end
    #expect(reading.tab == "Search")
    #expect(reading.reading.request == Request(to: "Results", via: ["Query"]))
    // snippet tab-link-render
    let state = TabState(
      selected: "Search", stacks: ["Search": [Entry("Query"), Entry("Results")]])
    let link = try table.link(for: state)
    // "search/Query/Results"
    // snippet.end
    #expect(link == "search/Query/Results")
  }

  @Test func navigatesAndRestores() async throws {
    let table = try Self.makeTable()
    // snippet tab-container
    let tabs = try TabContainer(table: table)
    let navigator = Navigator(table: table, container: tabs)
    try await navigator.go(acrossTabsTo: "Results")
    // tabs.selected == "Search"
    // snippet.end
    #expect(tabs.selected == "Search")
    // snippet tab-events
    tabs.addObserver { event in print(event) }
    tabs.select("Home")
    // will select Home (from Search)
    // did select Home (from Search)
    // snippet.end
    #expect(tabs.selected == "Home")
    // snippet tab-snapshot
    let snapshot = await navigator.snapshot()
    let data = try JSONEncoder().encode(snapshot)
    let restored = Navigator(table: table, container: try TabContainer(table: table))
    try await restored.restore(try JSONDecoder().decode(TabSnapshot.self, from: data))
    // snippet.end
    // The example's screens have no restoration identifier: each tab keeps its root.
    #expect(snapshot.tabs["Search"]?.entries == [])
    #expect(restored.container.selected == "Home")
  }
}
