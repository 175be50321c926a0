import Foundation
import Routing
import RoutingTool
import Testing

/// `routing graph --route FROM TO`: the table drawn with a route highlighted.
@Suite struct GraphRouteTests {
  /// Presenting commands are dashed and marked `(present)`, with a legend line, and a
  /// route that presents is highlighted on them; a route that detours ends on the remedy.
  @Test func drawsPresentingCommandsDashedAndRoutesThatPresent() throws {
    let files = ["t.json": try LayerToolTests.tableText("modal")]
    let result = Tool.run(["graph", "t.json", "--route", "Inbox", "Photo"], files: files)
    #expect(result.exitCode == 0, "\(result)")
    let lines = Tool.lines(result.output)
    #expect(
      lines.contains(
        "// A dashed edge marked (present) presents its screen in a layer of its own, over the screens below."
      ))
    #expect(lines.contains(#"  s3 -> s4 [label="recipients"];"#))
    #expect(
      lines.filter { $0.contains("fontcolor=red") } == [
        #"  s0 -> s3 [label="1. compose (present)", style=dashed, color=red, fontcolor=red, penwidth=2];"#,
        #"  s3 -> s5 [label="2. attach (present)", style=dashed, color=red, fontcolor=red, penwidth=2];"#,
        #"  s5 -> s6 [label="3. photo", color=red, fontcolor=red, penwidth=2];"#,
      ])
    let detour = Tool.run(["graph", "t.json", "--route", "Inbox", "Account"], files: files)
    #expect(
      Tool.lines(detour.output).contains(
        "// In red: the route from Inbox to Login, each edge numbered by its step."),
      "\(detour.output)")
  }

  @Test func highlightsThePushesAndDrawsThePop() {
    let result = Tool.run([
      "graph", "SampleApp.json", "--route", "Menu,Folder,ContactCard", "Chat", "--param",
      "userId=2",
    ])
    #expect(result.exitCode == 0)
    let lines = Tool.lines(result.output)
    #expect(
      lines[2]
        == "// In red: the route from Menu > Folder > ContactCard to Chat, each edge numbered by its step."
    )
    #expect(
      lines.filter { $0.contains("red") } == [
        lines[2],
        #"  s0 [label="Menu", color=red, penwidth=2];"#,
        #"  s2 [label="Connections", color=red, penwidth=2];"#,
        #"  s3 [label="Chat\n(userId*: integer)", color=red, penwidth=2];"#,
        #"  s5 [label="ContactCard\n(userId*: integer)", color=red, penwidth=2];"#,
        #"  s0 -> s2 [label="2. openConnections", color=red, fontcolor=red, penwidth=2];"#,
        #"  s2 -> s3 [label="3. openChat", color=red, fontcolor=red, penwidth=2];"#,
        #"  s5 -> s0 [label="1. back by home", style=dashed, color=red, fontcolor=red, penwidth=2];"#,
      ])
    // Without the legend, the pop and the highlights, it is the plain graph.
    let plain = Tool.lines(Tool.run(["graph", "SampleApp.json"]).output)
    let unmarked = lines.filter { !$0.contains("In red") && !$0.contains("back by") }.map {
      $0.replacingOccurrences(of: ", color=red, fontcolor=red, penwidth=2", with: "")
        .replacingOccurrences(of: ", color=red, penwidth=2", with: "")
        .replacingOccurrences(of: #"label="2. "#, with: #"label=""#)
        .replacingOccurrences(of: #"label="3. "#, with: #"label=""#)
    }
    #expect(unmarked == plain)
  }

  @Test func highlightsAPushFromAnywhere() {
    let result = Tool.run(["graph", "SampleApp.json", "--route", "Chat", "Menu"])
    #expect(
      result.output.contains(
        #"  any -> s0 [label="1. home", style=dashed, color=red, fontcolor=red, penwidth=2];"#))
  }

  @Test func stylesMermaidLinksByTheirNumbers() {
    let result = Tool.run([
      "graph", "SampleApp.json", "--format", "mermaid", "--route", "Menu", "Chat", "--param",
      "userId=2",
    ])
    #expect(result.exitCode == 0)
    let lines = Tool.lines(result.output)
    #expect(lines.contains(#"  s0 -->|"1. openConnections"| s2"#))
    #expect(lines.contains(#"  s2 -->|"2. openChat"| s3"#))
    #expect(
      Array(lines.suffix(5)) == [
        "  style s0 stroke:red,stroke-width:3px",
        "  style s2 stroke:red,stroke-width:3px",
        "  style s3 stroke:red,stroke-width:3px",
        // Links are numbered from 0 in the order written: home, openFolder, openConnections…
        "  linkStyle 2 stroke:red,stroke-width:3px,color:red",
        "  linkStyle 5 stroke:red,stroke-width:3px,color:red",
      ])
  }

  @Test func failsWithoutARoute() {
    let result = Tool.run(
      ["graph", "Flawed.json", "--route", "Home", "Archive"], files: ["Flawed.json": Self.flawed])
    #expect(result.exitCode == 1)
    #expect(result.output.isEmpty)
    #expect(
      result.errors == "error: no route from Home to Archive (see 'routing route --explain')\n")
  }

  /// The planner's errors, as `routing route` reports them for the same stack and
  /// destination: an unknown screen (exit 1) on a table that declares its screens, a
  /// stack outside every tab (exit 2) on a table with tabs.
  @Test(
    arguments: [
      ("SampleApp.json", "Menu,Lobby", "Chat", 1), ("SampleApp.json", "Menu", "Chta", 1),
      ("SampleTabs.json", "Profile", "Chat", 2),
      // Chat requires a userId, which `--param` gives: none here.
      ("SampleApp.json", "Menu", "Chat", 2),
    ])
  func reportsThePlannersErrors(table: String, from: String, to: String, exitCode: Int32) throws {
    let files = [table: try Tool.packageFile("Docs/Examples/\(table)")]
    let graph = Tool.run(["graph", table, "--route", from, to], files: files)
    let route = Tool.run(["route", table, "--from", from, "--to", to], files: files)
    #expect(graph.exitCode == exitCode)
    #expect(graph.output.isEmpty)
    #expect(graph.errors == route.errors)
    #expect(route.exitCode == exitCode)
  }

  @Test func aTableWithoutScreensTakesAnyNameOnTheStack() {
    let table = #"{"commands": [{"to": "Menu"}, {"from": ["Menu"], "to": "Folder"}]}"#
    let result = Tool.run(
      ["graph", "t.json", "--route", "Login", "Folder"], files: ["t.json": table])
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      Tool.lines(result.output).filter { $0.contains("red") } == [
        "// In red: the route from Login to Folder, each edge numbered by its step.",
        #"  s0 [label="Menu", color=red, penwidth=2];"#,
        #"  s1 [label="Folder", color=red, penwidth=2];"#,
        #"  any -> s0 [label="1. #0", style=dashed, color=red, fontcolor=red, penwidth=2];"#,
        #"  s0 -> s1 [label="2. #1", color=red, fontcolor=red, penwidth=2];"#,
      ])
  }

  @Test(
    arguments: [
      (
        ["--route", "Menu"],
        "error: option '--route' needs two values: FROM (A,B,C) and TO (see 'routing graph --help')"
      ),
      (
        ["--route", "Menu", "--format", "dot"],
        "error: option '--route' needs two values: FROM (A,B,C) and TO (see 'routing graph --help')"
      ),
      (
        ["--route", "Menu", "Chat", "--route", "Menu", "Folder"],
        "error: option '--route' is given twice (see 'routing graph --help')"
      ),
      (
        ["--route", "Menu", "Chat,Folder"],
        "error: option '--route' takes one destination, not 'Chat,Folder' (see 'routing graph --help')"
      ),
      (
        ["--param", "userId=2"],
        "error: option '--param' goes with '--route' (see 'routing graph --help')"
      ),
      (
        ["--route", "Menu", "Chat", "--route=x"],
        "error: unknown option '--route' (see 'routing graph --help')"
      ),
    ])
  func refusesBadRoutes(arguments: [String], message: String) {
    let result = Tool.run(["graph", "SampleApp.json"] + arguments)
    #expect(result.exitCode == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors == message + "\n")
  }

  static let flawed = (try? Tool.packageFile("Docs/Examples/Flawed.json")) ?? ""
}

/// `routing route --explain`: why a request has no route.
@Suite struct ExplainToolTests {
  static let files = ["Flawed.json": GraphRouteTests.flawed]

  @Test func explainsAsText() {
    let result = Tool.run(
      ["route", "Flawed.json", "--from", "Home", "--to", "Archive", "--explain"], files: Self.files)
    #expect(result.exitCode == 1)
    #expect(
      result.output == """
        no route from Home to Archive
        reachable from Home (2 screens): List (1 step), Detail (2 steps)
        commands to Archive:
          commands[4] 'openArchive' from Archive: none of its origins is reached
        nearest: no reached screen has a chain of commands to Archive

        """)
    #expect(result.errors.isEmpty)
  }

  @Test func explainsAsJSON() throws {
    let result = Tool.run(
      ["route", "Flawed.json", "--from", "Home", "--to", "Archive", "--explain", "--json"],
      files: Self.files)
    #expect(result.exitCode == 1)
    #expect(
      result.output
        == #"{"error":{"kind":"unreachable","from":"Home","to":"Archive","message":"no route from Home to Archive"},"explanation":{"from":"Home","to":"Archive","stack":[{"screen":"Home","parameters":{}}],"reachable":[{"screen":"List","steps":1},{"screen":"Detail","steps":2}],"commands":[{"command":4,"id":"openArchive","from":["Archive"],"reason":"originsNotReached","onStack":[]}],"nearest":null}}"#
        + "\n")
  }

  @Test func explainsTheFailingLegWithItsNearestScreen() throws {
    let result = Tool.run([
      "route", "SampleApp.json", "--from", "ContactCard", "--to", "Chat", "--via", "Connections",
      "--param", "userId=2", "--explain", "--json",
    ])
    // Every leg routes: the route is printed as without --explain.
    #expect(result.exitCode == 0)
    #expect(result.output.hasPrefix(#"{"steps":"#))
    let table =
      #"{"commands": [{"from": ["A"], "to": "B"}, {"from": ["C"], "to": "D"}, {"from": ["B"], "to": "A"}]}"#
    let failed = Tool.run(
      ["route", "t.json", "--from", "A", "--to", "D", "--via", "B", "--explain", "--json"],
      files: ["t.json": table])
    let object = try #require(Tool.object(failed.output))
    let explanation = try #require(object["explanation"] as? [String: Any])
    #expect(explanation["from"] as? String == "B")
    #expect((explanation["stack"] as? [[String: Any]])?.count == 2)
    #expect(explanation["nearest"] == nil || explanation["nearest"] is NSNull)
  }

  @Test func leavesOtherFailuresAsTheyAre() {
    let unknown = Tool.run([
      "route", "SampleApp.json", "--from", "Menu", "--to", "Lobby", "--explain",
    ])
    #expect(unknown.exitCode == 1)
    #expect(unknown.output.isEmpty)
    #expect(unknown.errors == "error: unknown screen 'Lobby'\n")
    let batch = Tool.run(["route", "SampleApp.json", "--batch", "-", "--explain"])
    #expect(batch.exitCode == 2)
    #expect(
      batch.errors == "error: '--explain' does not go with '--batch' (see 'routing route --help')\n"
    )
  }
}
