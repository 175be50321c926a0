import Routing
import RoutingTool
import SampleApp
import Testing

/// A route that a guard refuses names the guard and its command in the error, alike
/// through the Swift API (`table.route`, `navigator.go(to:)`, single stacks and tabs) and
/// the tool (flags, `--request`, a `--batch` line, an expectation file) and the
/// interactive mode, word for word; the guard named is the one on the route that
/// planning without guards takes.
@MainActor
@Suite struct GuardRefusalTests {
  /// The file's table: in the tool a file's guard refuses every request.
  static let file = """
    {"commands": [
      {"id": "openAdmin", "from": ["Home"], "to": "Admin", "guard": "isAdmin"},
      {"id": "openList", "from": ["Home"], "to": "List"}
    ]}
    """

  /// The same table in Swift, its guard saying no.
  static let table = try! RouteTable(defaultFactory: HeadlessScreen.factory) {
    Command(
      id: "openAdmin", from: ["Home"], to: "Admin", when: RouteGuard("isAdmin") { _ in false })
    Command(id: "openList", from: ["Home"], to: "List")
  }

  static let message =
    "no route from Home to Admin: the guard 'isAdmin' refused commands[0] 'openAdmin'"

  @Test func theSwiftAPINamesTheGuard() async throws {
    let refusal = RoutingError.GuardRefusal(
      guardName: "isAdmin", command: 0, commandID: "openAdmin")
    let error = RoutingError.refusedByGuard(from: "Home", to: "Admin", refusal)
    #expect(error.description == Self.message)
    #expect(error.kind == "unreachable")
    #expect(error.refusingGuard == refusal)
    #expect(throws: error) { try Self.table.route(from: [Entry("Home")], to: "Admin") }
    let container = StackContainer(
      items: [
        StackItem(entry: Entry("Home"), screen: HeadlessScreen(ScreenContext(entry: Entry("Home"))))
      ])
    let navigator = Navigator(table: Self.table, container: container)
    await #expect(throws: NavigationError.routing(error)) { try await navigator.go(to: "Admin") }
    #expect(container.items.map(\.entry) == [Entry("Home")])
  }

  @Test func aRouteWithoutAGuardStaysUnreachable() {
    // No command leads to Home: no guard took part in the failure.
    #expect(throws: RoutingError.unreachable(from: "List", to: "Home")) {
      try Self.table.route(from: [Entry("List")], to: "Home")
    }
  }

  @Test func theToolSaysTheSameWords() throws {
    let expected = Self.message
    let files = ["t.json": Self.file]
    let flags = Tool.run(["route", "t.json", "--from", "Home", "--to", "Admin"], files: files)
    #expect(flags.exitCode == 1)
    #expect(flags.errors == "error: \(expected)\n")
    let request = Tool.run(
      ["route", "t.json", "--request", "-"], input: #"{"stack": ["Home"], "to": "Admin"}"#,
      files: files)
    #expect(request.exitCode == 1)
    #expect((request.errors + request.output).contains(expected), "\(request)")
    let table = try RouteTable(json: Self.file)
    // The file's table, planned by the library, throws the error of the Swift table.
    let refusal = RoutingError.GuardRefusal(
      guardName: "isAdmin", command: 0, commandID: "openAdmin")
    #expect(throws: RoutingError.refusedByGuard(from: "Home", to: "Admin", refusal)) {
      try table.route(from: [Entry("Home")], to: "Admin")
    }
  }

  /// Two guards say no, the first in table order on a command no route to Admin takes:
  /// the error names the second, on the route's second step.
  static let twoGuards = """
    {"commands": [
      {"id": "openOther", "from": ["Home"], "to": "Other", "guard": "other"},
      {"id": "openMiddle", "from": ["Home"], "to": "Middle"},
      {"id": "openAdmin", "from": ["Middle"], "to": "Admin", "guard": "isAdmin"}
    ]}
    """

  /// The same table in Swift, each guard saying no; with `tab`, under one tab.
  static func twoGuardsTable(tab: Bool = false) throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory) {
      if tab { Tab("main", root: "Home") }
      Command(
        id: "openOther", from: ["Home"], to: "Other", when: RouteGuard("other") { _ in false })
      Command(id: "openMiddle", from: ["Home"], to: "Middle")
      Command(
        id: "openAdmin", from: ["Middle"], to: "Admin", when: RouteGuard("isAdmin") { _ in false })
    }
  }

  static let onTheRoute = RoutingError.refusedByGuard(
    from: "Home", to: "Admin",
    .init(guardName: "isAdmin", command: 2, commandID: "openAdmin"))

  @Test func theGuardNamedIsTheOneOnTheRoute() throws {
    #expect(
      Self.onTheRoute.description.hasSuffix("the guard 'isAdmin' refused commands[2] 'openAdmin'"))
    #expect(throws: Self.onTheRoute) {
      try Self.twoGuardsTable().route(from: [Entry("Home")], to: "Admin")
    }
    #expect(throws: Self.onTheRoute) {
      try RouteTable(json: Self.twoGuards).route(from: [Entry("Home")], to: "Admin")
    }
    let flags = Tool.run(
      ["route", "t.json", "--from", "Home", "--to", "Admin"], files: ["t.json": Self.twoGuards])
    #expect(flags.errors == "error: \(Self.onTheRoute)\n")
  }

  @Test func tabsNameTheGuardToo() async throws {
    let table = try Self.twoGuardsTable(tab: true)
    let state = TabState(selected: "main", stacks: ["main": [Entry("Home")]])
    #expect(throws: Self.onTheRoute) { try table.route(from: state, to: "Admin") }
    // A single stack on a table with tabs plans inside its tab.
    #expect(throws: Self.onTheRoute) { try table.route(from: [Entry("Home")], to: "Admin") }
    let navigator = Navigator(table: table, container: try TabContainer(table: table))
    await #expect(throws: NavigationError.routing(Self.onTheRoute)) {
      try await navigator.go(to: "Admin")
    }
    await #expect(throws: NavigationError.routing(Self.onTheRoute)) {
      try await navigator.go(acrossTabsTo: "Admin")
    }
    #expect(navigator.container.state == state)
  }

  @Test func aBatchLineAndAnExpectationFileSayTheSameWords() {
    let files = ["t.json": Self.twoGuards]
    let line = #"{"stack": ["Home"], "to": "Admin"}"#
    let batch = Tool.run(["route", "t.json", "--batch", "-"], input: line + "\n", files: files)
    #expect(batch.exitCode == 0)  // every line was answered
    let error =
      Tool.object(batch.output.split(separator: "\n").first.map(String.init) ?? "")?[
        "error"] as? [String: Any]
    #expect(error?["kind"] as? String == "unreachable", "\(batch)")
    #expect(error?["message"] as? String == Self.onTheRoute.description, "\(batch)")
    let cases =
      #"{"cases": [{"name": "admin", "stack": ["Home"], "to": "Admin", "#
      + #""expect": {"steps": 2}}]}"#
    let test = Tool.run(
      ["test", "t.json", "c.json"], files: files.merging(["c.json": cases]) { $1 })
    #expect(test.exitCode == 1)
    #expect(
      test.output.contains("got error unreachable: \(Self.onTheRoute)"), "\(test.output)")
  }

  @Test func theInteractiveModeSaysTheSameWords() async throws {
    let single = try Self.twoGuardsTable()
    let tabbed = try Self.twoGuardsTable(tab: true)
    let session = InteractiveSession(
      navigator: try Navigator(table: single, root: "Home"),
      tabNavigator: Navigator(table: tabbed, container: try TabContainer(table: tabbed)))
    #expect(await session.respond(to: "go Admin").first == "error: \(Self.onTheRoute)")
    #expect(await session.respond(to: "tab main").first != nil)
    #expect(await session.respond(to: "go Admin").first == "error: \(Self.onTheRoute)")
    #expect(session.navigator.stack == [Entry("Home")])
  }
}
