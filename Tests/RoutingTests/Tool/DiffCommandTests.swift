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
      ])
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
