import Foundation
import Routing
import RoutingTool
import Testing

/// Tab tables and requests through the in-process tool: every tab scenario through
/// `routing route --request`, links into tabs through `routing link --request`, and the
/// refusals.
@Suite struct TabToolTests {
  static func fixture() throws -> [String: Any] { try Fixtures.object("tab-scenarios") }

  static let names: [String] =
    ((try? Fixtures.scenarios("tab-scenarios")) ?? []).compactMap { $0["name"] as? String }

  static func table() throws -> String { try Fixtures.text(try #require(fixture()["table"])) }

  /// Runs `arguments` with the fixture's table as `table.json` and `request` as
  /// `request.json`.
  static func run(_ arguments: [String], request: String) throws -> (
    output: [String: Any], exitCode: Int32
  ) {
    let result = Tool.run(
      arguments, files: ["table.json": try table(), "request.json": request])
    return (try #require(Tool.object(result.output), "\(result)"), result.exitCode)
  }

  @Test(arguments: names)
  func scenarioPassesThroughTheTool(name: String) throws {
    let scenarios = try Fixtures.scenarios("tab-scenarios")
    let scenario = try #require(scenarios.first { $0["name"] as? String == name })
    let expect = try #require(scenario["expect"] as? [String: Any])
    let (output, exitCode) = try Self.run(
      ["route", "table.json", "--request", "request.json"],
      request: try Fixtures.text(try #require(scenario["request"])))
    #expect(exitCode == 0, "\(output)")
    let steps = try #require(output["steps"] as? [[String: Any]])
    let wanted = try #require(expect["steps"] as? [[Any]])
    #expect(
      steps.map { "\($0["command"] ?? "-") \($0["action"]!) \($0["screen"] ?? $0["tab"]!)" }
        == wanted.map { "\($0[0] is NSNull ? "-" : "\($0[0])") \($0[1]) \($0[2])" })
    #expect(output["tab"] as? String == expect["tab"] as? String)
    let stacks = try #require(output["stacks"] as? [String: [[String: Any]]])
    let expectedStacks = try #require(expect["stacks"] as? [String: [Any]])
    #expect(Set(stacks.keys) == Set(expectedStacks.keys))
    for (tab, stack) in expectedStacks {
      let got = try #require(stacks[tab])
      #expect(
        got.map { "\($0["screen"]!) \($0["parameters"] as? [String: String] ?? [:])" }
          == stack.map { entry -> String in
            guard let object = entry as? [String: Any] else { return "\(entry) [:]" }
            return "\(object["screen"]!) \(object["parameters"] as? [String: String] ?? [:])"
          })
    }
  }

  @Test func linkIntoATabSelectsItFirst() throws {
    let (output, exitCode) = try Self.run(
      ["link", "table.json", "--request", "request.json"],
      request:
        #"{"tab": "Home", "stacks": {"Search": ["Query"]}, "link": "myapp://search/Query/Results"}"#
    )
    #expect(exitCode == 0, "\(output)")
    let steps = try #require(output["steps"] as? [[String: Any]])
    #expect(steps.map { $0["action"] as? String } == ["select", "push"])
    #expect(steps.first?["tab"] as? String == "Search")
    let link = try #require(output["link"] as? [String: Any])
    #expect(link["tab"] as? String == "Search")
    #expect(link["to"] as? String == "Results")
  }

  @Test func linkWithoutATabMaySelectOne() throws {
    // `Feed` names no tab: the planner selects Home, whose top is Feed.
    let (output, exitCode) = try Self.run(
      ["link", "table.json", "--request", "request.json"],
      request: #"{"tab": "Search", "link": "Feed"}"#)
    #expect(exitCode == 0, "\(output)")
    let steps = try #require(output["steps"] as? [[String: Any]])
    #expect(steps.map { $0["action"] as? String } == ["select"])
    #expect((output["link"] as? [String: Any])?["tab"] == nil)
  }

  @Test func batchLinesMayPlanAcrossTabs() throws {
    let lines = [
      #"{"tab": "Home", "to": "Results"}"#, #"{"stack": ["Feed"], "to": "Post"}"#,
      #"{"tab": "Mail", "to": "Results"}"#,
    ]
    let result = Tool.run(
      ["route", "table.json", "--batch", "requests.jsonl"],
      files: ["table.json": try Self.table(), "requests.jsonl": lines.joined(separator: "\n")])
    let answers = Tool.lines(result.output).compactMap(Tool.object)
    #expect(answers.count == 3, "\(result)")
    #expect(answers.first?["tab"] as? String == "Search")
    #expect((answers.dropFirst().first?["stack"] as? [Any])?.count == 2)
    #expect((answers.last?["error"] as? [String: Any])?["path"] as? String == "tab")
  }

  @Test func linkRequestOnAStack() throws {
    let (output, exitCode) = try Self.run(
      ["link", "table.json", "--request", "request.json"],
      request: #"{"stack": ["Feed"], "link": "post/3"}"#)
    #expect(exitCode == 0, "\(output)")
    #expect((output["stack"] as? [[String: Any]])?.count == 2)
  }

  @Test(arguments: [
    (#"{"tab": "Mail", "to": "Feed"}"#, "tab"),
    (#"{"tab": "Home", "stacks": {"Mail": ["Feed"]}, "to": "Feed"}"#, "stacks.Mail"),
    (#"{"tab": "Home", "stack": ["Feed"], "to": "Feed"}"#, "stack"),
    (#"{"stacks": {"Home": ["Feed"]}, "stack": ["Feed"], "to": "Feed"}"#, "tab"),
    (#"{"tab": "Home", "stacks": {"Home": []}, "to": "Feed"}"#, "stacks.Home"),
  ])
  func badTabRequestsAreRefused(request: String, path: String) throws {
    let (output, exitCode) = try Self.run(
      ["route", "table.json", "--request", "request.json"], request: request)
    #expect(exitCode == 2)
    let error = try #require(output["error"] as? [String: Any])
    #expect(error["kind"] as? String == "invalidRequest")
    #expect(error["path"] as? String == path, "\(error)")
  }

  /// Across tabs the tool helps as on one stack: the nearest tab or screen.
  @Test func unknownTabsAndScreensAcrossTabsSuggestTheNearest() throws {
    for (request, suggestion) in [
      (#"{"tab": "Serch", "to": "Feed"}"#, "Search"),
      (#"{"tab": "Home", "stacks": {"Hom": ["Feed"]}, "to": "Feed"}"#, "Home"),
      (#"{"tab": "Home", "to": "Resuls"}"#, "Results"),
    ] {
      let (output, _) = try Self.run(
        ["route", "table.json", "--request", "request.json"], request: request)
      let error = try #require(output["error"] as? [String: Any])
      #expect(error["suggestion"] as? String == suggestion, "\(error)")
      #expect((error["message"] as? String)?.contains("did you mean '\(suggestion)'") == true)
    }
    let (output, exitCode) = try Self.run(
      ["link", "table.json", "--request", "request.json"],
      request: #"{"tab": "Home", "stacks": {"Mail": ["Feed"]}, "link": "search/Query"}"#)
    #expect(exitCode == 2)
    #expect((output["error"] as? [String: Any])?["path"] as? String == "stacks.Mail")
  }

  @Test func unreachableAcrossTabsExitsOne() throws {
    let (output, exitCode) = try Self.run(
      ["route", "table.json", "--request", "request.json"],
      request: #"{"tab": "Home", "stacks": {"Home": ["Feed", "Post"]}, "to": "Query"}"#)
    // Query is Search's root: selecting Search is the route.
    #expect(exitCode == 0, "\(output)")
    let (failed, code) = try Self.run(
      ["route", "table.json", "--request", "request.json"],
      request: #"{"tab": "Home", "stacks": {"Search": ["Query", "Results"]}, "to": "Query"}"#)
    #expect(code == 1)
    #expect((failed["error"] as? [String: Any])?["kind"] as? String == "unreachable")
  }

  @Test(arguments: [
    (
      #"{"tabs": [{"name": "A", "root": "X"}, {"name": "A", "root": "X"}], "commands": []}"#,
      "tabs[1].name", TableError.Kind.invalidTab
    ),
    (
      #"{"tabs": [{"name": "A", "root": "X", "path": "a/b"}], "commands": []}"#, "tabs[0].path",
      .invalidTab
    ),
    (
      #"{"tabs": [{"name": "A", "root": "X", "kind": "x"}], "commands": []}"#, "tabs[0].kind",
      .unknownKey
    ),
    (#"{"tabs": [{"name": "A"}], "commands": []}"#, "tabs[0].root", .missingKey),
    (
      #"{"tabs": [{"name": "A", "root": "X"}], "commands": [{"to": "X", "tabs": ["B"]}]}"#,
      "commands[0].tabs[0]", .invalidTab
    ),
    (
      #"{"tabs": [{"name": "A", "root": "X"}], "commands": [{"to": "X", "tabs": []}]}"#,
      "commands[0].tabs", .invalidTab
    ),
    (#"{"commands": [{"to": "X", "tabs": ["A"]}]}"#, "commands[0].tabs", .invalidTab),
    (
      #"{"screens": [{"name": "X"}], "tabs": [{"name": "A", "root": "Y"}], "commands": []}"#,
      "tabs[0].root", .undeclaredScreen
    ),
  ])
  func badTabTablesNameThePlace(table: String, location: String, kind: TableError.Kind) {
    let error = #expect(throws: TableError.self) { try RouteTable(json: table) }
    #expect(error?.location == location, "\(String(describing: error))")
    #expect(error?.kind == kind, "\(String(describing: error))")
  }

  @Test func checkAndGraphReadTabTables() throws {
    let table = try Self.table()
    let check = Tool.run(["check", "table.json"], files: ["table.json": table])
    #expect(check.exitCode == 0, "\(check)")
    let graph = Tool.run(["graph", "table.json"], files: ["table.json": table])
    #expect(graph.exitCode == 0)
    #expect(graph.output.contains("subgraph cluster_tab_0"), "\(graph.output)")
    #expect(graph.output.contains("label=\"Home\""))
    let mermaid = Tool.run(
      ["graph", "table.json", "--format", "mermaid"], files: ["table.json": table])
    #expect(mermaid.output.contains("subgraph tab_1 [Search]"), "\(mermaid.output)")
  }
}
