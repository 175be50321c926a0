import Foundation
import Routing
import RoutingTool
import Testing

/// `routing stats`: the library's reach as text, JSON and GitHub annotations, and
/// `--max-depth` failing on deeper screens.
@Suite struct StatsCommandTests {
  /// A file's guard refuses, so Account is gated; Orphan has no command to it.
  static let file = """
    {"screens": [{"name": "Home"}, {"name": "Inbox"}, {"name": "Thread"}, {"name": "Settings"},
      {"name": "Account"}, {"name": "Orphan"}],
     "commands": [
      {"id": "openInbox", "from": ["Home"], "to": "Inbox"},
      {"id": "openThread", "from": ["Inbox"], "to": "Thread"},
      {"id": "openSettings", "from": ["Home"], "to": "Settings"},
      {"id": "openAccount", "from": ["Settings"], "to": "Account", "guard": "signedIn"}
    ]}
    """

  @Test func printsTheReachAsText() {
    let result = Tool.run(["stats", "t.json"], files: ["t.json": Self.file])
    #expect(result.exitCode == 0)
    #expect(
      Tool.lines(result.output) == [
        "root Home: 4 reached, deepest 2 (Thread), 1 unreached, 1 gated",
        "  depth 0: Home",
        "  depth 1: Inbox, Settings",
        "  depth 2: Thread",
        "  unreached: Orphan",
        "  gated: Account (signedIn)",
      ])
    #expect(result.errors == "stats: 4 reached from Home\n")
  }

  @Test func printsTheDocumentedJSON() throws {
    let result = Tool.run(["stats", "t.json", "--format", "json"], files: ["t.json": Self.file])
    #expect(result.exitCode == 0)
    #expect(
      result.output
        == #"{"root":"Home","depths":{"Home":0,"Inbox":1,"Settings":1,"Thread":2},"unreached":["Orphan"],"deepest":["Thread"],"histogram":{"0":1,"1":2,"2":1},"gated":{"Account":["signedIn"]}}"#
        + "\n")
    // The library's reach of the same file, word for word.
    let reach = try RouteTable(json: Self.file).reach(from: "Home")
    #expect(reach.depths.map(\.screen) == ["Home", "Inbox", "Settings", "Thread"])
    #expect(reach.gated.map(\.guardNames) == [["signedIn"]])
  }

  @Test func maxDepthFailsNamingEachDeeperScreen() {
    let files = ["t.json": Self.file]
    let text = Tool.run(["stats", "t.json", "--max-depth", "1"], files: files)
    #expect(text.exitCode == 1)
    #expect(
      Tool.lines(text.output).last
        == "t.json: error: Thread is 2 steps from Home, deeper than --max-depth 1")
    let github = Tool.run(
      ["stats", "t.json", "--max-depth", "1", "--format", "github"], files: files)
    #expect(github.exitCode == 1)
    #expect(
      github.output
        == "::error file=t.json::Thread is 2 steps from Home, deeper than --max-depth 1\n")
    let json = Tool.run(["stats", "t.json", "--max-depth", "1", "--format", "json"], files: files)
    #expect(json.exitCode == 1)
    let object = Tool.object(json.output)
    #expect(object?["maxDepth"] as? Int == 1)
    #expect(object?["tooDeep"] as? [String: Int] == ["Thread": 2])
    #expect(Tool.run(["stats", "t.json", "--max-depth", "2"], files: files).exitCode == 0)
  }

  @Test func aTableWithTabsCountsEachTabFromItsRoot() throws {
    let result = Tool.run(
      ["stats", "SampleTabs.json", "--format", "json"],
      files: [
        "SampleTabs.json": try Tool.packageFile("Docs/Examples/SampleTabs.json")
      ])
    #expect(result.exitCode == 0)
    let tabs = Tool.object(result.output)?["tabs"] as? [[String: Any]] ?? []
    #expect(tabs.map { $0["tab"] as? String } == ["Folders", "Connections"])
    #expect(tabs.map { $0["root"] as? String } == ["Folder", "Connections"])
    #expect((tabs.first?["unreached"] as? [String]) == ["Connections", "Chat"])
  }

  @Test(arguments: [
    (
      ["stats", "t.json", "--root", "Hom"],
      "error: --root: unknown screen 'Hom'; did you mean 'Home'?"
    ),
    (
      ["stats", "t.json", "--max-depth", "-1"],
      "error: option '--max-depth' takes a number of steps, 0 or more, not '-1'"
    ),
    (
      ["stats", "t.json", "--format", "junit"],
      "error: unknown format 'junit' (allowed: text, json, github)"
    ),
  ])
  func refusesBadArguments(arguments: [String], message: String) {
    let result = Tool.run(arguments, files: ["t.json": Self.file])
    #expect(result.exitCode == 2)
    #expect(result.errors.hasPrefix(message), "\(result.errors)")
  }

  @Test func anotherRootCountsFromItself() {
    let result = Tool.run(["stats", "t.json", "--root", "Settings"], files: ["t.json": Self.file])
    #expect(result.exitCode == 0)
    #expect(Tool.lines(result.output).first?.hasPrefix("root Settings: 1 reached") == true)
  }
}
