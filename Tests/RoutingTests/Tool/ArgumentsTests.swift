import Routing
import RoutingTool
import Testing

/// How the tool reads its argument lists: help, `--`, option values and repeats.
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
      Tool.lines(result.output) == [
        "link: to Help", "1. push Help by command 0", "stack: Home > Help",
      ])
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

  // MARK: Option values

  @Test(arguments: [
    (["route", "SampleApp.json", "--from", "--json", "--to", "Chat"], "--from"),
    (["route", "SampleApp.json", "--from", "Menu", "--to", "--json"], "--to"),
    (["route", "SampleApp.json", "--from", "Menu", "--to", "--"], "--to"),
    (["route", "SampleApp.json", "--from", "Menu", "--to", "--", "Chat"], "--to"),
    (["route", "SampleApp.json", "--from", "Menu", "--to", "Chat", "--via", "--json"], "--via"),
    (["route", "SampleApp.json", "--from", "Menu", "--to", "Chat", "--param", "--x=1"], "--param"),
    (["route", "SampleApp.json", "--request", "--json"], "--request"),
    (["route", "SampleApp.json", "--batch", "--batch"], "--batch"),
    (["link", "SampleApp.json", "--from", "--json", "folder"], "--from"),
    (["check", "SampleApp.json", "--root", "--strict"], "--root"),
    (["graph", "SampleApp.json", "--format", "--mermaid"], "--format"),
  ])
  func aValueThatLooksLikeAnOptionIsMissing(arguments: [String], option: String) {
    let result = Tool.run(arguments)
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.output.isEmpty)
    #expect(
      result.errors.contains(
        "error: option '\(option)' needs a value (see 'routing \(arguments[0]) --help')"),
      "\(result.errors)")
  }

  @Test func anEqualsSignCarriesAnyValue() {
    // The value is the stack's screen, which the table does not declare.
    let from = Tool.run(["route", "SampleApp.json", "--from=--json", "--to", "Folder"])
    #expect(from.exitCode == 1, "\(from)")
    #expect(from.errors.contains("unknown screen '--json' at stack entry 0"), "\(from.errors)")
    let to = Tool.run(["route", "SampleApp.json", "--from", "Menu", "--to=--json"])
    #expect(to.exitCode == 1, "\(to)")
    #expect(to.errors.contains("unknown screen '--json'"), "\(to.errors)")
  }

  @Test func aLoneDashIsStillAValue() {
    let request = #"{"stack": ["Menu"], "to": "Folder"}"#
    let result = Tool.run(["route", "SampleApp.json", "--request", "-"], input: request)
    #expect(result.exitCode == 0, "\(result)")
    #expect(Tool.object(result.output)?["stack"] != nil, "\(result.output)")
  }

  // MARK: Repeats

  @Test(arguments: [
    (["route", "SampleApp.json", "--from", "Menu", "--to", "Chat", "--json", "--json"], "--json"),
    (["link", "SampleApp.json", "--from", "Menu", "--json", "folder", "--json"], "--json"),
    (["check", "SampleApp.json", "--strict", "--strict"], "--strict"),
    (["route", "SampleApp.json", "--from", "Menu", "--from", "Menu", "--to", "Chat"], "--from"),
  ])
  func anOptionGivenTwiceIsAUsageError(arguments: [String], option: String) {
    let result = Tool.run(arguments)
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.output.isEmpty)
    #expect(
      result.errors.contains(
        "error: option '\(option)' is given twice (see 'routing \(arguments[0]) --help')"),
      "\(result.errors)")
  }
}

/// Error positions in a table that starts with a byte-order mark.
@Suite struct ByteOrderMarkToolTests {
  @Test func theMarkIsNotAColumn() {
    let withMark: [String: [UInt8]] = ["t.json": [0xEF, 0xBB, 0xBF] + Array("{x}".utf8)]
    let route = ["route", "t.json", "--from", "Menu", "--to", "Menu"]
    let routed = Tool.run(route, input: [], files: withMark)
    #expect(routed.exitCode == 2)
    #expect(
      routed.errors.hasPrefix("t.json:1:2: error: unexpected 'x'"),
      "\(routed.errors)")
    #expect(routed.errors == Tool.run(route, files: ["t.json": "{x}"]).errors)
    // `check` reports a table that does not load on standard output.
    let checked = Tool.run(["check", "t.json"], input: [], files: withMark)
    #expect(checked.exitCode == 2)
    #expect(
      checked.output.hasPrefix("t.json:1:2: error: unexpected 'x'"), "\(checked.output)")
  }
}
