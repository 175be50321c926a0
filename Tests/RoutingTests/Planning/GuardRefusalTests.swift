import Routing
import RoutingTool
import Testing

/// A route that a guard refuses names the guard and its command in the error, alike
/// through the Swift API (`table.route`, `navigator.go(to:)`) and the tool (flags,
/// `--request`), word for word.
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
}
