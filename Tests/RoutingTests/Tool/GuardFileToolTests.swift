import Routing
import RoutingTool
import Testing

/// A route-table file with guarded commands: the tool never routes through one as if it
/// had no guard, says why a route is missing, and draws the guard.
@Suite struct GuardFileToolTests {
  static let table = """
    {"commands": [
      {"id": "openAdmin", "from": ["Home"], "to": "Admin", "guard": "isAdmin"},
      {"id": "openList", "from": ["Home"], "to": "List"},
      {"id": "openDetail", "from": ["List"], "to": "Detail"},
      {"id": "quickDetail", "from": ["Home"], "to": "Detail", "guard": "beta"}
    ]}
    """

  func run(_ arguments: [String], input: String = "", cases: String = "") -> ToolResult {
    Tool.run(arguments, input: input, files: ["t.json": Self.table, "c.json": cases])
  }

  @Test func routesAroundAGuardedCommand() {
    // The guarded shortcut would take one step; the route takes two, unguarded.
    let result = run(["route", "t.json", "--from", "Home", "--to", "Detail"])
    #expect(result.exitCode == 0)
    #expect(
      result.output
        == "1. push List by openList\n2. push Detail by openDetail\nstack: Home > List > Detail\n")
  }

  @Test func saysWhyNoRouteGoesThroughAGuard() {
    let result = run(["route", "t.json", "--from", "Home", "--to", "Admin"])
    #expect(result.exitCode == 1)
    #expect(
      result.errors
        == "error: no route from Home to Admin: the guard 'isAdmin' refused commands[0] 'openAdmin'\n"
    )
    let batch = run(
      ["route", "t.json", "--batch", "-"], input: #"{"stack": ["Home"], "to": "Admin"}"#)
    #expect(batch.output.contains(#""kind":"unreachable""#))
    #expect(batch.output.contains("the guard 'isAdmin' refused commands[0] 'openAdmin'"))
    let cases =
      #"{"cases": [{"name": "admin", "stack": ["Home"], "to": "Admin", "expect": {"steps": 1}}]}"#
    let tested = run(["test", "t.json", "c.json"], cases: cases)
    #expect(tested.exitCode == 1)
    #expect(tested.output.contains("FAIL admin: expected a route, got error unreachable"))
  }

  @Test func theGraphDrawsTheGuard() {
    let result = run(["graph", "t.json"])
    #expect(result.output.contains(#"s0 -> s1 [label="openAdmin [guard isAdmin]"];"#))
    #expect(result.output.contains(#"[label="quickDetail [guard beta]"]"#))
  }

  @Test func checkAnalysesGuardedCommandsLikeAnyOther() {
    // The analysis is static: a guard may say yes, so Admin counts as reachable.
    let result = run(["check", "t.json", "--strict"])
    #expect(result.exitCode == 0, "\(result)")
  }
}
