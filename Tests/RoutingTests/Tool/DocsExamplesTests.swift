import Foundation
import Routing
import RoutingJSON
import RoutingTool
import Testing

/// The examples of `Docs/RouteTables.md` run again: every `$ routing …` line of a
/// console block, its output compared with what the page shows.
@Suite struct DocsExamplesTests {
  struct Example: CustomStringConvertible {
    var arguments: [String]
    var output: String
    var description: String { arguments.joined(separator: " ") }
  }

  static func page(_ path: String = "Docs/RouteTables.md") throws -> String {
    try Tool.packageFile(path)
  }

  /// The console blocks' commands and outputs of a page.
  static func examples(page path: String = "Docs/RouteTables.md") -> [Example] {
    guard let page = try? page(path) else { return [] }
    var examples: [Example] = []
    var current: Example? = nil
    var inConsole = false
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "```console" {
        inConsole = true
      } else if inConsole && line == "```" {
        inConsole = false
        if let finished = current { examples.append(finished) }
        current = nil
      } else if inConsole && line.hasPrefix("$ routing ") {
        if let finished = current { examples.append(finished) }
        current = Example(
          arguments: line.dropFirst("$ routing ".count).split(separator: " ").map(String.init),
          output: "")
      } else if inConsole {
        current?.output += line + "\n"
      }
    }
    return examples
  }

  @Test func theTabsPageHasExamples() {
    #expect(
      Set(Self.examples(page: "Docs/Tabs.md").compactMap(\.arguments.first)) == [
        "route", "link", "test", "diff",
      ])
  }

  @Test func thePageHasExamplesOfEveryCommand() {
    let commands = Set(Self.examples().compactMap(\.arguments.first))
    #expect(commands == ["route", "link", "check", "stats", "cover", "graph", "diff", "test"])
    #expect(Self.examples().count >= 12)
  }

  @Test(arguments: examples() + examples(page: "Docs/Tabs.md"))
  func exampleOutputIsCurrent(example: Example) {
    let result = RoutingTool.run(arguments: example.arguments) {
      (path: String) throws(FileReadError) -> [UInt8] in
      try FileBytes.read(atPath: Tool.packageRoot.appendingPathComponent(path).path)
    }
    #expect(result.output + result.errors == example.output)
  }

  @Test(arguments: [
    "Docs/Examples/SampleApp.json", "Docs/Examples/SampleApp-request.json",
    "Docs/Examples/Mail-request.json",
  ])
  func thePageQuotesTheExampleFiles(path: String) throws {
    #expect(try Self.page().contains(try Tool.packageFile(path)))
  }

  @Test func theSampleTableLoadsThroughTheLibrary() throws {
    let table = try RouteTable(
      contentsOfFile: Tool.packageRoot.appendingPathComponent("Docs/Examples/SampleApp.json").path)
    #expect(
      table.screens.map(\.name) == [
        "Menu", "Folder", "Connections", "Chat", "Profile", "ContactCard",
      ])
    #expect(table.screen(named: "Profile")?.path == "profile")
    #expect(table.screen(named: "Profile")?.parameters == [.integer("userId", required: true)])
    let route = try table.route(from: [Entry("Menu")], to: "Chat", parameters: ["userId": "2"])
    #expect(route.stack.stackDescription == "Menu > Connections > Chat(userId: 2)")
  }
}
