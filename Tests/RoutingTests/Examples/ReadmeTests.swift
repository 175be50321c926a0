import Foundation
import SampleApp
import Testing

/// The README's excerpt of the demonstration. (Its Swift blocks are regions of
/// Tests/DocumentationTests, compiled and run there.)
@Suite struct ReadmeTests {
  /// The README's excerpt of the demonstration is what the tour prints, line for line.
  @Test @MainActor func readmeQuotesTheTour() async throws {
    let readme = try Tool.packageFile("README.md")
    let blocks = readme.components(separatedBy: "```text\n").dropFirst()
    let excerpt = try #require(blocks.first?.components(separatedBy: "```").first)
    #expect(excerpt.hasPrefix("-> go to Chat with user 3"))
    let tour = await Tour.run().joined(separator: "\n") + "\n"
    #expect(tour.contains(excerpt), "README.md's excerpt is not in the tour's output")
  }
}
