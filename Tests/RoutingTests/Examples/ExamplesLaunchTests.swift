import Routing
import Testing

@testable import SampleApp

/// `RoutingExamples`'s arguments, read in-process, and the "did you mean" helper.
@Suite struct ExamplesLaunchTests {
  @Test func noArgumentRunsTheTourAndInteractiveTheSession() {
    #expect(ExamplesLaunch(arguments: []) == .tour)
    #expect(ExamplesLaunch(arguments: []).exitCode == nil)
    #expect(ExamplesLaunch(arguments: ["--interactive"]) == .interactive)
    #expect(ExamplesLaunch(arguments: ["--interactive"]).exitCode == nil)
  }

  @Test(arguments: [["--help"], ["-h"], ["--interactive", "--help"], ["--nope", "-h"]])
  func helpPrintsTheUsageAndExitsZero(arguments: [String]) {
    let launch = ExamplesLaunch(arguments: arguments)
    #expect(launch == .help)
    #expect(launch.exitCode == 0)
    #expect(launch.output == ExamplesLaunch.usage)
    #expect(launch.output?.contains("--interactive") == true)
    #expect(launch.errors == nil)
  }

  @Test(arguments: [
    (["--interactiv"], "unknown option '--interactiv'; did you mean '--interactive'?"),
    (["--Interactive"], "unknown option '--Interactive'; did you mean '--interactive'?"),
    (["--hlep"], "unknown option '--hlep'; did you mean '--help'?"),
    (["--interactive", "--verbose"], "unknown option '--verbose'"),
    (["tour"], "unexpected argument 'tour'"),
  ])
  func anythingElseIsAnErrorThatExitsTwo(arguments: [String], message: String) {
    let launch = ExamplesLaunch(arguments: arguments)
    #expect(launch == .invalid(message))
    #expect(launch.exitCode == 2)
    #expect(launch.output == nil)
    #expect(launch.errors == "error: \(message)\n\n\(ExamplesLaunch.usage)")
  }

  @Test(
    arguments: [
      ("profile", ["Menu", "Profile"], "Profile"),
      ("PROFILE", ["Menu", "Profile"], "Profile"),
      ("Profle", ["Menu", "Profile"], "Profile"),
      ("Chatt", ["Chat", "Menu"], "Chat"),
      ("jsno", ["text", "json"], "json"),
      ("grpah", ["route", "graph"], "graph"),
      ("Porfile", ["Menu", "Profile"], "Profile"),
      ("Settings", ["Menu", "Profile"], nil),
      ("x", ["Menu"], nil),
      ("", ["Menu"], nil),
    ] as [(String, [String], String?)])
  func suggestsTheClosestWord(word: String, candidates: [String], expected: String?) {
    #expect(suggestion(for: word, among: candidates) == expected)
  }

  @Test func editDistanceCountsSingleCharacterEdits() {
    #expect(editDistance("kitten", "sitting") == 3)
    #expect(editDistance("", "abc") == 3)
    #expect(editDistance("abc", "abc") == 0)
    // A swap of two adjacent characters is one edit; each character is edited once, so
    // `ca` to `abc` is three (not a swap then an insertion between the swapped pair).
    #expect(editDistance("ab", "ba") == 1)
    #expect(editDistance("json", "jsno") == 1)
    #expect(editDistance("abcd", "badc") == 2)
    #expect(editDistance("ca", "abc") == 3)
  }
}
