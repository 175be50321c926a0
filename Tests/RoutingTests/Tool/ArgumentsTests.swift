import Routing
import RoutingTool
import Testing

/// How the tool reads its argument lists: help and `--`.
@Suite struct ArgumentsTests {
  /// A table whose only link path is `--help`.
  static let helpTable =
    #"{"screens": [{"name": "Home"}, {"name": "Help", "path": "--help"}], "commands": [{"from": ["Home"], "to": "Help"}]}"#

  // MARK: Help and `--`

  @Test func helpAfterDoubleDashIsALink() {
    let result = Tool.run(
      ["link", "t.json", "--from", "Home", "--", "--help"], files: ["t.json": Self.helpTable])
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      Tool.lines(result.output) == ["link: to Help", "1. push Help by #0", "stack: Home > Help"])
    #expect(result.errors.isEmpty)
  }

  @Test func helpAfterDoubleDashIsReadAsALinkEvenWhenNoPathReadsIt() {
    let result = Tool.run(["link", "SampleApp.json", "--from", "Menu", "--", "--help"])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("no screen's path pattern reads segment 0 '--help'"))
  }

  @Test func dashHAfterDoubleDashIsATablePath() {
    let result = Tool.run(
      ["route", "--from", "Menu", "--to", "Folder", "--", "-h"], files: ["-h": Tool.sampleTable])
    #expect(result.exitCode == 0, "\(result)")
    #expect(Tool.lines(result.output).last == "stack: Menu > Folder")
  }

  @Test(arguments: [
    ["link", "SampleApp.json", "--help", "--", "folder"],
    ["link", "SampleApp.json", "-h", "--", "--help"],
    ["route", "SampleApp.json", "--from", "Menu", "--help", "--"],
  ])
  func helpBeforeDoubleDashStillPrintsHelp(arguments: [String]) {
    let result = Tool.run(arguments)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.output.hasPrefix("Usage: routing \(arguments[0]) TABLE"))
    #expect(result.errors.isEmpty)
  }
}
