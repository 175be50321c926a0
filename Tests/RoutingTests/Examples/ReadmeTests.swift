import Foundation
import Routing
import SampleApp
import Testing

/// The README's example, compiled and run; and a check that the README still shows it.
@Suite struct ReadmeTests {
  // Keep in step with the first Swift block of README.md (checked below).
  static let snippet = """
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Folder")
      Screen("Profile", parameters: [.integer("userId")])
      Command(id: "home", to: "Menu")                         // from anywhere
      Command(id: "openFolder", from: ["Menu"], to: "Folder")
      Command(id: "openProfile", from: ["Folder"], to: "Profile")
    }
    let route = try table.route(from: [Entry("Menu")], to: "Profile", parameters: ["userId": 2])
    print(route.stack.stackDescription)  // Menu > Folder > Profile(userId: 2)
    """

  @Test func readmeExampleRuns() throws {
    // swift-format-ignore
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Folder")
      Screen("Profile", parameters: [.integer("userId")])
      Command(id: "home", to: "Menu")                         // from anywhere
      Command(id: "openFolder", from: ["Menu"], to: "Folder")
      Command(id: "openProfile", from: ["Folder"], to: "Profile")
    }
    let route = try table.route(from: [Entry("Menu")], to: "Profile", parameters: ["userId": 2])
    #expect(route.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")
  }

  @Test func readmeShowsTheExample() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains(Self.snippet), "README.md no longer shows the tested example")
  }

  /// The README's excerpt of the demonstration is what the tour prints, line for line.
  @Test @MainActor func readmeQuotesTheTour() async throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let blocks = readme.components(separatedBy: "```text\n").dropFirst()
    let excerpt = try #require(blocks.first?.components(separatedBy: "```").first)
    #expect(excerpt.hasPrefix("-> go to Chat with user 3"))
    let tour = await Tour.run().joined(separator: "\n") + "\n"
    #expect(tour.contains(excerpt), "README.md's excerpt is not in the tour's output")
  }
}
