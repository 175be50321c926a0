import Foundation
import Routing
import RoutingTool
import Testing

/// `routing diff OLD NEW`: each kind of change, both formats, exit codes and bad input.
@Suite struct DiffCommandTests {
  static let next = (try? Tool.packageFile("Docs/Examples/SampleApp-next.json")) ?? ""

  static func diff(_ arguments: [String], files: [String: String] = [:]) -> ToolResult {
    Tool.run(
      ["diff", "SampleApp.json", "next.json"] + arguments,
      files: ["next.json": next].merging(files) { $1 })
  }

  /// A command that comes to present its screen changes the routes through it, which
  /// name the present.
  @Test func aCommandThatComesToPresentChangesItsRoutes() {
    let old = #"{"commands": [{"id": "compose", "from": ["Inbox"], "to": "Compose"}]}"#
    let new =
      #"{"commands": [{"id": "compose", "from": ["Inbox"], "to": "Compose", "present": true}]}"#
    let result = Tool.run(
      ["diff", "old.json", "new.json", "--from", "Inbox"],
      files: ["old.json": old, "new.json": new])
    // A changed route alone does not fail the run (`--fail-on` names the kinds that do).
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      Tool.lines(result.output) == [
        "changed: from Inbox to Compose: 1 step: present Compose by compose; was push Compose by compose"
      ])
  }

  @Test func reportsEachChangeFromAStart() {
    let result = Self.diff(["--from", "Chat"])
    #expect(result.exitCode == 1)
    #expect(
      Tool.lines(result.output) == [
        "screens added: Settings",
        "changed: from Chat to Folder: 2 steps: push Menu by home, push Folder by showFolder; was push Menu by home, push Folder by openFolder",
        "lost: from Chat to Connections: was push Menu by home, push Connections by openConnections",
        "shorter: from Chat to ContactCard: 1 step, was 2: push ContactCard by openContactCard; was push Profile by profileOfChat, push ContactCard by openContactCard",
        "gained: from Chat to Settings: push Menu by home, push Settings by openSettings (not in the old table)",
      ])
    #expect(
      result.errors
        == "diff: 1 lost, 1 gained, 0 longer, 1 shorter, 1 changed, of 6 pairs from 1 start\n")
  }

  @Test func startsFromEveryScreenBothTablesHold() {
    let result = Self.diff([])
    #expect(
      result.errors
        == "diff: 5 lost, 6 gained, 2 longer, 1 shorter, 8 changed, of 36 pairs from 6 starts\n")
    #expect(
      Tool.lines(result.output).contains(
        "longer: from Menu to Chat: 3 steps, was 2: push Folder by showFolder, push Profile by openProfile, push Chat by chatWithProfile; was push Connections by openConnections, push Chat by openChat"
      ))
  }

  @Test func startsFromGivenStacksWithPops() {
    let result = Self.diff(["--from", "Menu,Folder,Profile", "--from", "Connections"])
    #expect(result.errors.hasSuffix("of 12 pairs from 2 starts\n"))
    #expect(
      Tool.lines(result.output).contains(
        "changed: from Menu > Folder > Profile to Folder: 1 step: back to Folder by showFolder; was back to Folder by openFolder"
      ))
  }

  @Test func printsJSON() throws {
    let result = Self.diff(["--from", "Chat", "--json"])
    #expect(result.exitCode == 1)
    #expect(Self.diff(["--from", "Chat", "--format", "json"]).output == result.output)
    let object = try #require(Tool.object(result.output))
    let screens = try #require(object["screens"] as? [String: [String]])
    #expect(screens == ["removed": [], "added": ["Settings"]])
    let changes = try #require(object["changes"] as? [[String: Any]])
    #expect(changes.map { $0["kind"] as? String } == ["changed", "lost", "shorter", "gained"])
    #expect(
      changes.map { $0["to"] as? String } == ["Folder", "Connections", "ContactCard", "Settings"])
    #expect(changes.allSatisfy { $0["from"] as? [String] == ["Chat"] })
    let shorter = changes[2]
    let old = try #require(shorter["old"] as? [String: Any])
    let new = try #require(shorter["new"] as? [String: Any])
    #expect(old["cost"] as? Int == 2 && new["cost"] as? Int == 1)
    let steps = try #require(new["steps"] as? [[String: Any]])
    #expect(steps.first?["id"] as? String == "openContactCard")
    #expect(steps.first?["command"] as? Int == 6)
    #expect(changes[1]["new"] == nil && changes[3]["old"] == nil)
    let summary = try #require(object["summary"] as? [String: Int])
    #expect(
      summary == [
        "starts": 1, "pairs": 6, "lost": 1, "gained": 1, "longer": 0, "shorter": 1, "changed": 1,
      ])
  }

  @Test func failsOnLostRoutesAndOnTheKindsAsked() {
    let gainedOnly = Self.diff(["--from", "Connections"])
    #expect(gainedOnly.errors.hasPrefix("diff: 0 lost, 1 gained, 0 longer"))
    #expect(gainedOnly.exitCode == 0)
    #expect(Self.diff(["--from", "Connections", "--fail-on", "gained"]).exitCode == 1)
    #expect(Self.diff(["--from", "Connections", "--fail-on", "longer,shorter"]).exitCode == 0)
    #expect(Self.diff(["--from", "Connections", "--fail-on", "any"]).exitCode == 1)
    let same = Tool.run(["diff", "SampleApp.json", "SampleApp.json", "--fail-on", "any"])
    #expect(same.exitCode == 0)
    #expect(same.output.isEmpty)
  }

  @Test func matchesCommandsWithoutIDsByDestinationAndOrigins() {
    let old = #"{"commands": [{"from": ["A"], "to": "B"}, {"from": ["B", "A"], "to": "C"}]}"#
    // Renumbered and with repeated origins, the commands are the same.
    let new =
      #"{"commands": [{"from": ["X"], "to": "A"}, {"from": ["A", "B", "A"], "to": "C"}, {"from": ["A"], "to": "B"}]}"#
    let result = Tool.run(
      ["diff", "old.json", "new.json"], files: ["old.json": old, "new.json": new])
    #expect(result.exitCode == 0)
    #expect(Tool.lines(result.output) == ["screens added: X"])
    let moved = #"{"commands": [{"from": ["A"], "to": "B"}, {"from": ["B"], "to": "C"}]}"#
    let changed = Tool.run(
      ["diff", "old.json", "new.json"], files: ["old.json": old, "new.json": moved])
    #expect(
      Tool.lines(changed.output) == [
        "longer: from A to C: 2 steps, was 1: push B by command 0, push C by command 1; was push C by command 1",
        // Without an id, a command with other origins is another command.
        "changed: from B to C: 1 step: push C by command 1; was push C by command 1",
        // The root's view: C is a step deeper.
        "depth from A: C 1 → 2",
      ])
  }

  /// Without `--from`, the depths from each root that changed, as `routing stats`
  /// counts them: text lines after the changes, and `"depths"` in JSON.
  @Test func reportsDepthChangesFromTheRoot() throws {
    let files = [
      "next.json": try Tool.packageFile("Docs/Examples/SampleApp-next.json")
    ]
    let text = Tool.run(["diff", "SampleApp.json", "next.json"], files: files)
    #expect(
      Array(Tool.lines(text.output).suffix(3)) == [
        "depth from Menu: Connections 1 → none",
        "depth from Menu: Chat 2 → 3",
        "depth from Menu: Settings none → 1",
      ])
    let json = Tool.run(["diff", "SampleApp.json", "next.json", "--json"], files: files)
    let depths = Tool.object(json.output)?["depths"] as? [[String: Any]] ?? []
    #expect(depths.map { $0["screen"] as? String } == ["Connections", "Chat", "Settings"])
    #expect(depths.map { $0["old"] as? Int } == [1, 2, nil])
    #expect(depths.map { $0["new"] as? Int } == [nil, 3, 1])
    // The library's reach says the same.
    let old = try RouteTable(json: Tool.sampleTable).reach(from: "Menu")
    let new = try RouteTable(json: files["next.json"]!).reach(from: "Menu")
    #expect(old.depth(of: "Chat") == 2 && new.depth(of: "Chat") == 3)
    // Given starts ask about those stacks only.
    let given = Tool.run(["diff", "SampleApp.json", "next.json", "--from", "Menu"], files: files)
    #expect(!given.output.contains("depth from"))
  }

  @Test func comparesCostsWhenATableHasThem() {
    let old = #"{"commands": [{"from": ["A"], "to": "B", "cost": 5}, {"from": ["B"], "to": "A"}]}"#
    let new =
      #"{"commands": [{"from": ["A"], "to": "B", "cost": 2}, {"from": ["B"], "to": "A", "cost": 3}]}"#
    let result = Tool.run(
      ["diff", "old.json", "new.json"], files: ["old.json": old, "new.json": new])
    #expect(
      Tool.lines(result.output) == [
        "shorter: from A to B: cost 2, was 5: push B by command 0; was push B by command 0",
        "longer: from B to A: cost 3, was 1: push A by command 1; was push A by command 1",
      ])
  }

  @Test func reportsRoutesToRemovedScreensAsLost() {
    let old = #"{"commands": [{"from": ["A"], "to": "B"}, {"from": ["A"], "to": "Gone"}]}"#
    let new = #"{"commands": [{"from": ["A"], "to": "B"}]}"#
    let result = Tool.run(
      ["diff", "old.json", "new.json"], files: ["old.json": old, "new.json": new])
    #expect(result.exitCode == 1)
    #expect(
      Tool.lines(result.output) == [
        "screens removed: Gone",
        "lost: from A to Gone: was push Gone by command 1 (not in the new table)",
        "depth from A: Gone 1 → none",
      ])
  }

  @Test(
    arguments: [
      (
        ["--from", "Menu,Fodler"],
        "error: option '--from' (stack 1, 'Menu,Fodler'): screen 'Fodler' is in neither table; did you mean 'Folder'? (see 'routing diff --help')"
      ),
      (
        ["--from", "Menu", "--from", "Menu,,Chat"],
        "error: option '--from': empty screen name (see 'routing diff --help')"
      ),
      (
        ["--format", "yaml"],
        "error: unknown format 'yaml' (allowed: text, json) (see 'routing diff --help')"
      ),
      (
        ["--format", "text", "--json"],
        "error: '--json' and '--format text' disagree (see 'routing diff --help')"
      ),
      (
        ["--fail-on", "lost,slower"],
        "error: option '--fail-on': unknown kind 'slower': use lost, gained, longer, shorter, changed or any (see 'routing diff --help')"
      ),
      (["extra"], "error: unexpected argument 'extra' (see 'routing diff --help')"),
    ])
  func refusesBadArguments(arguments: [String], message: String) {
    let result = Self.diff(arguments)
    #expect(result.exitCode == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors == message + "\n")
  }

  @Test func isInTheHelp() {
    let help = Tool.run(["diff", "--help"])
    #expect(help.exitCode == 0)
    #expect(help.output.hasPrefix("Usage: routing diff OLD NEW [--from A,B]..."))
    #expect(Tool.run(["--help"]).output.contains("  diff OLD NEW  "))
  }

  @Test func refusesBadTablesAndMissingOperands() {
    let missing = Tool.run(["diff", "SampleApp.json"])
    #expect(missing.exitCode == 2)
    #expect(missing.errors == "error: missing NEW (see 'routing diff --help')\n")
    let broken = Tool.run(
      ["diff", "SampleApp.json", "broken.json"], files: ["broken.json": #"{"commands": [{}]}"#])
    #expect(broken.exitCode == 2)
    #expect(broken.errors.hasPrefix("broken.json:1:15: error: commands[0].to:"))
    let stdin = Tool.run(["diff", "-", "-"])
    #expect(stdin.exitCode == 2)
    #expect(stdin.errors.contains("OLD and NEW cannot both come from standard input"))
  }

  /// Either table may come from standard input, named `<stdin>` in its messages.
  @Test func readsOneTableFromStandardInput() {
    let same = Tool.run(["diff", "-", "SampleApp.json", "--json"], input: Tool.sampleTable)
    #expect(same.exitCode == 0)
    #expect(same.output.contains(#""changes":[]"#))
    let broken = Tool.run(["diff", "SampleApp.json", "-"], input: #"{"commands": [{}]}"#)
    #expect(broken.exitCode == 2)
    #expect(broken.errors.hasPrefix("<stdin>:1:15: error: commands[0].to:"))
  }

  static let tabs = (try? Tool.packageFile("Docs/Examples/SampleTabs.json")) ?? ""

  /// `tabs` with `replacing` replaced by `with`, the text found.
  static func tabs(replacing: String, with replacement: String) throws -> String {
    let changed = tabs.replacingOccurrences(of: replacing, with: replacement)
    try #require(changed != tabs)
    return changed
  }

  /// On tables with tabs, each start is a tab's root and plans inside its tab: allowing
  /// `chatWithProfile` in Folders too gives Folders its first route to Chat, which a
  /// search with every command finds in both tables alike.
  @Test func plansEachStartInsideItsTab() throws {
    let wider = try Self.tabs(
      replacing: #""to": "Chat", "tabs": ["Connections"]"#,
      with: #""to": "Chat", "tabs": ["Connections", "Folders"]"#)
    let files = ["old.json": Self.tabs, "new.json": wider]
    let result = Tool.run(["diff", "old.json", "new.json"], files: files)
    #expect(result.exitCode == 0)
    #expect(
      Tool.lines(result.output) == [
        "gained: from Folder (tab Folders) to Chat: push Profile by openProfile, push Chat by chatWithProfile",
        "depth from Folder: Chat none → 2",
      ])
    #expect(
      result.errors
        == "diff: 0 lost, 1 gained, 0 longer, 0 shorter, 0 changed, of 8 pairs from 2 starts\n")
    let json = Tool.run(
      ["diff", "new.json", "old.json", "--json", "--from", "Folder"], files: files)
    #expect(json.exitCode == 1)
    #expect(
      json.output.contains(
        #"{"kind":"lost","from":["Folder"],"tabs":{"old":"Folders","new":"Folders"},"to":"Chat","old":{"cost":2,"#
      ))
    // A tab renamed: each table's name of it.
    let renamed = try Self.tabs(replacing: #""name": "Folders""#, with: #""name": "Files""#)
      .replacingOccurrences(of: #""tabs": ["Folders"]"#, with: #""tabs": ["Files"]"#)
    let both = files.merging(["renamed.json": renamed]) { $1 }
    #expect(
      Tool.lines(Tool.run(["diff", "new.json", "renamed.json"], files: both).output) == [
        "lost: from Folder (tab Files, was Folders) to Chat: was push Profile by openProfile, push Chat by chatWithProfile",
        "depth from Folder: Chat 2 → none",
      ])
  }

  /// A start that one table refuses as a stack (no tab's root there, or a screen it does
  /// not declare) has no route in it; one that both refuse is a bad `--from`.
  @Test func aStartOneTableRefusesHasNoRoutesThere() throws {
    let moved = try Self.tabs(replacing: #""root": "Connections""#, with: #""root": "Chat""#)
    let files = ["old.json": Self.tabs, "new.json": moved]
    let result = Tool.run(["diff", "old.json", "new.json"], files: files)
    #expect(result.exitCode == 1)
    let lines = Tool.lines(result.output)
    #expect(
      lines.prefix(2) == [
        "start Connections: the new table plans no route from it: the table has tabs and 'Connections', the stack's first entry, is no tab's root: start the stack at a tab's root, or give a tab state",
        "start Chat: the old table plans no route from it: the table has tabs and 'Chat', the stack's first entry, is no tab's root: start the stack at a tab's root, or give a tab state",
      ])
    #expect(
      lines.contains("lost: from Connections (tab Connections) to Chat: was push Chat by openChat"))
    #expect(
      lines.contains(
        "gained: from Chat (tab Connections) to Profile: push Profile by profileOfChat"))
    #expect(
      result.errors
        == "diff: 3 lost, 3 gained, 0 longer, 0 shorter, 0 changed, of 12 pairs from 3 starts\n")
    let json = try #require(
      Tool.object(Tool.run(["diff", "old.json", "new.json", "--json"], files: files).output))
    let refused = try #require(json["refused"] as? [[String: Any]])
    #expect(refused.map { $0["table"] as? String } == ["new", "old"])
    #expect(refused.map { $0["kind"] as? String } == ["noTabForStack", "noTabForStack"])
    let neither = Tool.run(
      ["diff", "old.json", "new.json", "--from", "Chat", "--from", "Profile"], files: files)
    #expect(neither.exitCode == 2)
    #expect(
      neither.errors
        == "error: option '--from' (stack 2, 'Profile'): neither table plans from it: the table has tabs and 'Profile', the stack's first entry, is no tab's root: start the stack at a tab's root, or give a tab state (see 'routing diff --help')\n"
    )
    // A screen only the new table declares: the old one refuses the stack.
    let added = Self.diff(["--from", "Menu,Settings"])
    #expect(
      Tool.lines(added.output).prefix(3) == [
        "screens added: Settings",
        "start Menu > Settings: the old table plans no route from it: unknown screen 'Settings' at stack entry 1",
        "gained: from Menu > Settings to Menu: back to Menu by home",
      ])
  }

  /// A guarded command takes part in no route the tool plans, so guarding the only way
  /// to a screen loses the route.
  @Test func routesThroughNoGuardedCommand() {
    let open = #"{"commands": [{"id": "openB", "from": ["A"], "to": "B"}]}"#
    let guarded = #"{"commands": [{"id": "openB", "from": ["A"], "to": "B", "guard": "signedIn"}]}"#
    let result = Tool.run(
      ["diff", "old.json", "new.json", "--json"], files: ["old.json": open, "new.json": guarded])
    #expect(result.exitCode == 1)
    #expect(result.output.contains(#"{"kind":"lost","from":["A"],"to":"B""#))
  }
}
