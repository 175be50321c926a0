import Foundation
import Routing
import RoutingTool
import SampleApp
import Testing

/// Saved-state cases of `routing test`: a snapshot as a container saves it, restored with
/// the table and compared with the expected stack, tab state or error; the library's
/// `restoredEntries(from:)` and `restoredState(from:)` agree with the containers'
/// restoration.
@MainActor
@Suite struct SavedStateCaseTests {
  static func run(_ cases: String, table: String = "SampleApp.json", files: [String: String] = [:])
    -> ToolResult
  {
    Tool.run(["test", table, "c.json"], files: files.merging(["c.json": cases]) { $1 })
  }

  /// A presenter's snapshot: the layers after the base (a stack's or the tabs'),
  /// compared with the expected layers; a bad layer entry is the snapshot's error, at
  /// its place; an empty saved layer makes the file malformed.
  @Test func aLayeredSnapshotRestoresItsLayers() {
    let table = """
      {"tabs": [{"name": "Mail", "root": "Inbox"}, {"name": "Contacts", "root": "People"}],
       "screens": [{"name": "Inbox", "restorationIdentifier": "inbox"},
                   {"name": "People", "restorationIdentifier": "people"},
                   {"name": "Compose", "restorationIdentifier": "compose"}],
       "commands": [{"id": "compose", "to": "Compose", "present": true}]}
      """
    let cases = """
      {"cases": [
        {"name": "stack", "snapshot": {"version": 1, "entries": [{"identifier": "inbox"}],
          "layers": [[{"identifier": "compose"}]]},
         "expect": {"stack": ["Inbox"], "layers": [["Compose"]]}},
        {"name": "tabs", "snapshot": {"version": 1, "selected": "Mail",
          "tabs": {"Mail": {"version": 1, "entries": [{"identifier": "inbox"}]}},
          "layers": [[{"identifier": "compose"}]]},
         "expect": {"tab": "Mail", "layers": [["Compose"]]}},
        {"name": "bad layer", "snapshot": {"version": 1, "entries": [{"identifier": "inbox"}],
          "layers": [[{"identifier": "compse"}]]},
         "expect": {"error": "invalidSnapshot"}},
        {"name": "layers expected none", "snapshot": {"version": 1,
          "entries": [{"identifier": "inbox"}], "layers": [[{"identifier": "compose"}]]},
         "expect": {"stack": ["Inbox"]}}
      ]}
      """
    let result = Self.run(cases, table: "t.json", files: ["t.json": table])
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.output.contains(
        "FAIL layers expected none: expected no layer, got Compose"), "\(result.output)")
    #expect(result.output.hasSuffix("3 passed, 1 failed\n"), "\(result.output)")
    let empty =
      #"{"cases": [{"name": "x", "snapshot": {"version": 1, "entries": [], "layers": [[]]}, "expect": {"stack": ["Inbox"]}}]}"#
    let malformed = Self.run(empty, table: "t.json", files: ["t.json": table])
    #expect(malformed.exitCode == 2, "\(malformed)")
    #expect(malformed.errors.contains("cases[0].snapshot.layers[0]: layer 0 is empty"))
  }

  @Test func aStackSnapshotRestoresOrNamesWhatChanged() {
    let cases = """
      {"cases": [
        {"name": "chat", "snapshot": {"version": 1, "entries": [{"identifier": "menu"},
          {"identifier": "connections"}, {"identifier": "chat", "parameters": {"userId": "2"}}]},
         "expect": {"stack": ["Menu", "Connections", {"screen": "Chat", "parameters": {"userId": 2}}]}},
        {"name": "renamed", "snapshot": {"version": 1, "entries": [{"identifier": "folders"}]},
         "expect": {"stack": ["Folder"]}},
        {"name": "refused", "snapshot": {"version": 1, "entries": [{"identifier": "folders"}]},
         "expect": {"error": "invalidSnapshot"}},
        {"name": "drill-down", "snapshot": {"version": 1, "entries": [{"identifier": "menu"}],
          "rightPaneRestorable": false}, "expect": {"stack": ["Menu"]}},
        {"name": "nothing to restore", "snapshot": {"version": 1, "entries": []},
         "expect": {"stack": []}}
      ]}
      """
    let result = Self.run(cases)
    #expect(result.exitCode == 1)
    #expect(
      Tool.lines(result.output) == [
        "PASS chat",
        "c.json:5:3: error: FAIL renamed: expected a route, got error invalidSnapshot: "
          + "snapshot.entries[0].identifier: unknown restoration identifier 'folders'; "
          + "did you mean 'folder'?",
        "PASS refused", "PASS drill-down", "PASS nothing to restore", "4 passed, 1 failed",
      ])
    // The same in JSON and as an annotation.
    let json = Tool.run(
      ["test", "SampleApp.json", "c.json", "--format", "json"], files: ["c.json": cases])
    #expect(json.output.contains(#""name":"renamed","line":5,"column":3,"passed":false"#))
    let github = Tool.run(
      ["test", "SampleApp.json", "c.json", "--format", "github"], files: ["c.json": cases])
    #expect(github.output.hasPrefix("::error file=c.json,line=5,col=3::FAIL renamed"))
  }

  @Test func aTabSnapshotRestoresEveryTab() throws {
    let tabs = try Tool.packageFile("Docs/Examples/SampleTabs.json")
    let cases = """
      {"cases": [
        {"name": "people", "snapshot": {"version": 1, "selected": "Connections", "tabs": {
          "Connections": {"version": 1, "entries": [{"identifier": "connections"},
            {"identifier": "chat", "parameters": {"userId": "3"}}]},
          "Folders": {"version": 1, "entries": []}}},
         "expect": {"tab": "Connections", "stacks": {"Connections": ["Connections", "Chat"],
           "Folders": ["Folder"]}}},
        {"name": "a tab renamed", "snapshot": {"version": 1, "selected": "People", "tabs": {}},
         "expect": {"error": "invalidSnapshot"}}
      ]}
      """
    let result = Self.run(cases, table: "t.json", files: ["t.json": tabs])
    #expect(
      Tool.lines(result.output) == ["PASS people", "PASS a tab renamed", "2 passed, 0 failed"])
    #expect(result.exitCode == 0)
  }

  @Test(arguments: [
    (
      #"{"version": 1, "entries": [], "extra": 1}"#,
      "cases[0].snapshot.extra: unknown key 'extra'"
    ),
    (#"{"version": 2, "entries": []}"#, "cases[0].snapshot.version: unsupported snapshot version"),
    (#"{"version": 1, "entries": [{"identifier": ""}]}"#, "empty restoration identifier"),
  ])
  func aMalformedSnapshotIsBadInput(snapshot: String, message: String) {
    let cases = #"{"cases": [{"name": "bad", "snapshot": \#(snapshot), "expect": {"stack": []}}]}"#
    let result = Self.run(cases)
    #expect(result.exitCode == 2)
    #expect(result.errors.contains(message), "\(result.errors)")
  }

  @Test func aSnapshotCaseHoldsNoRequest() {
    let cases =
      #"{"cases": [{"name": "both", "to": "Menu", "snapshot": {"version": 1, "entries": []}, "#
      + #""expect": {"stack": []}}]}"#
    let result = Self.run(cases)
    #expect(result.exitCode == 2)
    #expect(result.errors.contains("cases[0].to: a case with a 'snapshot' restores it"))
  }

  /// What a navigator saves, the library restores to the same entries without making
  /// screens, on a stack and on tabs.
  /// A drill-down whose right pane holds a restorable screen saves it with
  /// `rightPaneRestorable`; the library and a saved-state case restore the whole stack,
  /// and the case reports in JUnit as in the other formats.
  @Test func aDrillDownSnapshotRestoresBothPanes() async throws {
    let table = try SampleApp.makeTable()
    let container = try DrillDownContainer(table: table, root: .menu)
    let navigator = Navigator(table: table, container: container)
    try await navigator.go(to: .chat, parameters: ["userId": 2])
    let snapshot = container.snapshot(using: table)
    #expect(snapshot.entries.count == 3)
    #expect(snapshot.rightPaneRestorable == true)
    #expect(try table.restoredEntries(from: snapshot) == navigator.stack)
    let saved = String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
    let cases = """
      {"cases": [
        {"name": "two panes", "snapshot": \(saved),
         "expect": {"stack": ["Menu", "Connections", {"screen": "Chat", "parameters": {"userId": 2}}]}},
        {"name": "stale", "snapshot": \(saved), "expect": {"stack": ["Menu"]}}
      ]}
      """
    let text = Self.run(cases)
    #expect(text.exitCode == 1)
    #expect(Tool.lines(text.output).first == "PASS two panes")
    #expect(Tool.lines(text.output).last == "1 passed, 1 failed")
    let junit = Tool.run(
      ["test", "SampleApp.json", "c.json", "--format", "junit"], files: ["c.json": cases])
    #expect(junit.exitCode == 1)
    #expect(junit.output.contains(#"<testsuite name="c.json" tests="2" failures="1""#))
    #expect(junit.output.contains(#"<testcase name="two panes""#))
    #expect(junit.output.contains(#"<testcase name="stale""#))
    #expect(junit.output.contains("<failure"))
  }

  @Test func theLibraryRestoresWhatContainersSave() async throws {
    let table = try SampleApp.makeTable()
    let navigator = try Navigator(table: table, root: .menu)
    try await navigator.go(to: .chat, parameters: ["userId": 2])
    #expect(try table.restoredEntries(from: await navigator.snapshot()) == navigator.stack)
    let tabbed = try SampleApp.makeTabbedTable()
    let tabs = Navigator(table: tabbed, container: try TabContainer(table: tabbed))
    try await tabs.go(acrossTabsTo: .chat, parameters: ["userId": 3])
    let state = try tabbed.restoredState(from: await tabs.snapshot())
    #expect(state == tabs.container.state)
    // A tab left out of the snapshot is at its root; an unknown one is refused.
    let fresh = try tabbed.restoredState(from: TabSnapshot(selected: "Folders", tabs: [:]))
    #expect(fresh.selected == "Folders")
    #expect(fresh.stacks["Connections"] == [Entry(.connections)])
    #expect(
      throws: RestorationError(
        .unknownTab, at: "selected", "unknown tab 'Folder'; did you mean 'Folders'?",
        suggestion: "Folders")
    ) {
      try tabbed.restoredState(from: TabSnapshot(selected: "Folder", tabs: [:]))
    }
  }
}
