import Routing
import Testing

/// A `RouteTable { }` block declares tabs like screens and commands, and compiles to the
/// table a registry makes from the same declarations.
@Suite struct BuilderTabTests {
  @Test func tabsInTheBuilderMatchRegisteredTabs() throws {
    let built = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Tab("Home", root: "Feed", path: "home")
      Screen("Feed")
      Screen("Query")
      Screen("Results")
      Tab("Search", root: "Query", path: "search")
      Command(from: ["Query"], to: "Results")
    }
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Tab("Home", root: "Feed", path: "home"))
    registry.register(Tab("Search", root: "Query", path: "search"))
    registry.register {
      Screen("Feed")
      Screen("Query")
      Screen("Results")
      Command(from: ["Query"], to: "Results")
    }
    let registered = try registry.compile()
    #expect(built.tabs.map(\.name) == ["Home", "Search"])
    #expect(built.tabs.map(\.name) == registered.tabs.map(\.name))
    #expect(built.exportedJSON() == registered.exportedJSON())
    let state = TabState(selected: "Home", stacks: ["Home": [Entry("Feed")]])
    #expect(
      try built.route(from: state, to: "Results") == registered.route(from: state, to: "Results"))
  }

  @Test func aTabWithAnUnknownRootIsRefusedAsInARegistry() {
    let error = #expect(throws: TableError.self) {
      try RouteTable(defaultFactory: HeadlessScreen.factory) {
        Tab("Home", root: "Fed")
        Screen("Feed")
      }
    }
    #expect(error?.kind == .undeclaredScreen)
    #expect(error?.suggestion == "Feed")
  }
}
