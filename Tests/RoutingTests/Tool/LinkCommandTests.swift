import Routing
import RoutingJSON
import RoutingTool
import SampleApp
import Testing

/// `routing link`: reading a link, then routing, in text and JSON, and its failures.
@Suite struct LinkCommandTests {
  /// A table given compiled (as the fuzz target gives its table) is taken instead of
  /// the file; `check` still reads the file.
  @Test func aTableGivenCompiledIsNotReadAgain() throws {
    let table = try RouteTable(json: Tool.sampleTable)
    func run(_ arguments: [String]) -> ToolResult {
      RoutingTool.run(
        arguments: arguments,
        readFile: { (path: String) throws(FileReadError) -> [UInt8] in
          throw FileReadError(path: path, reason: "No such file or directory")
        }, tables: ["t.json": table])
    }
    let linked = run(["link", "t.json", "--from", "Menu", "folder"])
    #expect(linked.exitCode == 0)
    #expect(Tool.lines(linked.output).last == "stack: Menu > Folder")
    #expect(run(["route", "t.json", "--from", "Menu", "--to", "Folder"]).exitCode == 0)
    let checked = run(["check", "t.json"])
    #expect(checked.exitCode == 2)
    #expect(checked.errors.contains("No such file or directory"))
  }

  @Test func readsTheLinkThenRoutes() {
    let result = Tool.run(["link", "SampleApp.json", "--from", "Menu", "folder/profile?userId=2"])
    #expect(result.exitCode == 0)
    #expect(
      Tool.lines(result.output) == [
        "link: to Profile via Folder with userId: 2",
        "1. push Folder by openFolder",
        "2. push Profile(userId: 2) by openProfile",
        "stack: Menu > Folder > Profile(userId: 2)",
      ])
    #expect(result.errors.isEmpty)
  }

  @Test func jsonAddsWhatTheLinkReadAs() throws {
    let result = Tool.run(
      ["link", "SampleApp.json", "--from", "Menu,Connections", "myapp://chat/3", "--json"])
    #expect(result.exitCode == 0)
    let object = try #require(Tool.object(result.output))
    let link = try #require(object["link"] as? [String: Any])
    #expect(link["to"] as? String == "Chat")
    #expect((link["via"] as? [String]) == [])
    #expect((link["parameters"] as? [String: String]) == ["userId": "3"])
    #expect((object["steps"] as? [[String: Any]])?.first?["id"] as? String == "openChat")
  }

  @Test(arguments: [
    ("https://other.org/profile?userId=2", "unknownHost"),
    ("chat/abc", "invalidParameter"),
    ("folder//profile", "emptySegment"),
    ("nowhere", "unknownSegment"),
    ("chat/%zz", "badEncoding"),
    ("profile?userId=1&userId=2", "repeatedQueryKey"),
  ])
  func aLinkTheTableCannotReadIsBadInput(link: String, reason: String) throws {
    let json = Tool.run(["link", "SampleApp.json", "--from", "Menu", link, "--json"])
    #expect(json.exitCode == 2)
    let error = try #require(Tool.object(json.output)?["error"] as? [String: Any])
    #expect(error["kind"] as? String == "invalidLink")
    #expect(error["reason"] as? String == reason)
    #expect(error["link"] as? String == link)
    let text = Tool.run(["link", "SampleApp.json", "--from", "Menu", link])
    #expect(text.exitCode == 2)
    #expect(text.output.isEmpty)
    #expect(text.errors.hasPrefix("error: "))
  }

  @Test func aLinkWithoutARouteFailsWithExitOne() {
    let table =
      #"{"screens": [{"name": "Home"}, {"name": "Login", "path": "login"}], "commands": [{"from": ["Login"], "to": "Home"}]}"#
    let result = Tool.run(
      ["link", "t.json", "--from", "Home", "login", "--json"], files: ["t.json": table])
    #expect(result.exitCode == 1)
    #expect(result.output.contains(#""kind":"unreachable""#))
  }

  @Test(arguments: [
    ["link", "SampleApp.json", "folder"],
    ["link", "SampleApp.json", "--from", "Menu"],
    ["link", "SampleApp.json", "--from", "Menu", "folder", "extra"],
    ["link", "SampleApp.json", "--from", "", "folder"],
    ["link", "SampleApp.json", "--from", "Menu", "folder", "--to", "Chat"],
  ])
  func badArgumentsAreBadInput(arguments: [String]) {
    let result = Tool.run(arguments)
    #expect(result.exitCode == 2)
    #expect(result.errors.contains("link"))
  }

  @Test func helpExplainsTheCommand() {
    let result = Tool.run(["link", "--help"])
    #expect(result.exitCode == 0)
    #expect(
      result.output.hasPrefix(
        "Usage: routing link TABLE --from A,B,C LINK [--strict-links] [--json]"))
  }
}

/// The sample table file and the Swift sample table declare the same screens and
/// commands (the file has no guards: a file cannot hold a Swift predicate).
@Suite struct SampleTableFileTests {
  @Test func fileAndSwiftTableAgree() throws {
    let file = try RouteTable(json: Tool.sampleTable)
    let swift = try SampleApp.makeTable()
    #expect(file.screens.map(\.name) == swift.screens.map(\.name))
    #expect(file.screens.map(\.parameters) == swift.screens.map(\.parameters))
    #expect(file.screens.map(\.path) == swift.screens.map(\.path))
    #expect(file.screens.map(\.restorationIdentifier) == swift.screens.map(\.restorationIdentifier))
    #expect(file.commands.map(\.id) == swift.commands.map(\.id))
    #expect(file.commands.map(\.origins) == swift.commands.map(\.origins))
    #expect(file.commands.map(\.destination) == swift.commands.map(\.destination))
    #expect(
      swift.commands.map { $0.condition != nil } == file.commands.map { $0.id == "chatWithProfile" }
    )
    #expect(file.linkHosts == swift.linkHosts && file.linkHosts == ["example.com"])
  }
}
