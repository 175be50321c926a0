import Foundation
import Routing
import RoutingTool
import Testing

/// `routing cover`: the library's cover as an expectation file that `routing test` runs
/// and whose coverage is complete, byte for byte the same for the same table.
@Suite struct CoverCommandTests {
  @Test func theSampleAppsCoverIsTheCommittedFileAndPasses() throws {
    let expected = try Tool.packageFile("Docs/Examples/SampleApp-cover.json")
    let result = Tool.run(["cover", "SampleApp.json"])
    #expect(result.exitCode == 0)
    #expect(result.output == expected)
    #expect(
      result.errors
        == "cover: 4 cases take 8 of 8 commands (chosen from 8 routes); every command is covered\n"
    )
    let test = Tool.run(
      ["test", "SampleApp.json", "cover.json", "--coverage"], files: ["cover.json": expected])
    #expect(test.exitCode == 0)
    #expect(
      Tool.lines(test.output).suffix(2) == [
        "coverage: 8 of 8 commands, 6 of 6 screens", "4 passed, 0 failed",
      ])
    // The library's cases, in the same order.
    let cover = try RouteTable(json: Tool.sampleTable).cover()
    let names = Tool.lines(result.output).compactMap { line -> String? in
      guard let start = line.range(of: #"{"name":""#) else { return nil }
      return String(line[start.upperBound...].prefix { $0 != "\"" })
    }
    #expect(names == cover.cases.map(\.name))
  }

  /// A table whose commands present: the cases are the planner's answers with layers,
  /// the committed file byte for byte, and they exercise every command.
  @Test func aPresentingTablesCoverIsTheCommittedFileAndPasses() throws {
    let table = try Tool.packageFile("Docs/Examples/Mail.json")
    let expected = try Tool.packageFile("Docs/Examples/Mail-cover.json")
    let files = ["Mail.json": table, "cover.json": expected]
    let result = Tool.run(["cover", "Mail.json"], files: files)
    #expect(result.exitCode == 0)
    #expect(result.output == expected)
    #expect(result.output.contains(#""layers":[["Compose"],["Picker","Photo"]]"#))
    let test = Tool.run(["test", "Mail.json", "cover.json", "--coverage"], files: files)
    #expect(test.exitCode == 0)
    #expect(Tool.lines(test.output).contains { $0.hasPrefix("coverage: 5 of 5 commands") })
  }

  @Test func withTabsCasesStartFromTheTabStateAndListWhatNoRouteTakes() throws {
    let table = try Tool.packageFile("Docs/Examples/SampleTabs.json")
    let expected = try Tool.packageFile("Docs/Examples/SampleTabs-cover.json")
    let files = ["SampleTabs.json": table, "cover.json": expected]
    let result = Tool.run(["cover", "SampleTabs.json"], files: files)
    #expect(result.exitCode == 0)
    #expect(result.output == expected)
    #expect(
      Tool.lines(result.errors).last
        == "not coverable: commands[0] 'folders': it leads to Folder, the root of every tab it runs in, and no route there through at most one breadcrumb goes back to it on the way elsewhere"
    )
    let test = Tool.run(["test", "SampleTabs.json", "cover.json", "--coverage"], files: files)
    #expect(test.exitCode == 0)
    let lines = Tool.lines(test.output)
    #expect(lines.contains("coverage: 6 of 7 commands (1 not coverable), 5 of 5 screens"))
    #expect(!lines.contains { $0.hasPrefix("not exercised") })
    let json = Tool.run(
      ["test", "SampleTabs.json", "cover.json", "--coverage", "--format", "json"], files: files)
    let commands =
      (Tool.object(json.output)?["coverage"] as? [String: Any])?["commands"] as? [String: Any]
    #expect(commands?["exercised"] as? Int == 6)
    #expect((commands?["missed"] as? [Any])?.isEmpty == true)
    #expect(
      (commands?["notCoverable"] as? [[String: Any]])?.first?["id"] as? String == "folders")
  }

  @Test func aRootOfOnesOwnAndBadRoots() {
    let folder = Tool.run(["cover", "SampleApp.json", "--root", "Folder"])
    #expect(folder.exitCode == 0)
    #expect(folder.output.contains(#""stack":["Folder"]"#))
    #expect(!folder.output.contains(#""stack":["Menu"]"#))
    let unknown = Tool.run(["cover", "SampleApp.json", "--root", "Foldr"])
    #expect(unknown.exitCode == 2)
    #expect(unknown.errors.contains("--root: unknown screen 'Foldr'"))
    #expect(unknown.errors.contains("Folder"))
    let extra = Tool.run(["cover", "SampleApp.json", "More.json"])
    #expect(extra.exitCode == 2)
  }

  @Test func anExpectationFilesUncoveredListIsChecked() {
    let file = #"{"cases": [], "uncovered": [{"command": "x", "reason": "r"}]}"#
    let result = Tool.run(["test", "SampleApp.json", "cases.json"], files: ["cases.json": file])
    #expect(result.exitCode == 2)
    #expect(result.errors.contains("uncovered[0].command"))
    let missing = #"{"cases": [], "uncovered": [{"command": 1}]}"#
    let noReason = Tool.run(
      ["test", "SampleApp.json", "cases.json"], files: ["cases.json": missing])
    #expect(noReason.exitCode == 2)
    #expect(noReason.errors.contains("uncovered[0]"))
    #expect(noReason.errors.contains("reason"))
  }
}
