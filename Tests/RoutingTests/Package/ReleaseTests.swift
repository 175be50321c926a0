import Foundation
import RoutingTool
import Testing

/// The release's version, license and dependency line, kept in step across the package.
@Suite struct ReleaseTests {
  @Test func theToolPrintsItsVersion() {
    for flag in ["--version", "version"] {
      let result = Tool.run([flag])
      #expect(result.exitCode == 0)
      #expect(result.output == "routing \(RoutingTool.version)\n")
      #expect(result.errors.isEmpty)
    }
    let extra = Tool.run(["--version", "route"])
    #expect(extra.exitCode == 2)
    #expect(extra.errors.contains("'--version' takes no arguments"))
  }

  @Test func theChangelogHeadsTheRelease() throws {
    let changelog = try Tool.packageFile("CHANGELOG.md")
    let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }
    // An Unreleased section first, then the newest release: the tool's version.
    #expect(headings.first == "## Unreleased")
    #expect(headings.dropFirst().first?.hasPrefix("## \(RoutingTool.version) ") == true)
  }

  @Test func theReadmesDependencyLineNamesTheRelease() throws {
    let readme = try Tool.packageFile("README.md")
    #expect(readme.contains(#"from: "\#(RoutingTool.version)""#))
  }

  @Test func thePackageIsLicensed() throws {
    let license = try Tool.packageFile("LICENSE")
    #expect(license.contains("Apache License"))
    #expect(license.contains("Version 2.0, January 2004"))
    let readme = try Tool.packageFile("README.md")
    #expect(readme.contains("[Apache License 2.0](LICENSE)"))
  }
}
