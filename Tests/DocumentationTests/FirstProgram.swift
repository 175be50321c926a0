// The whole first program of the Getting Started guide
// (Sources/Routing/Routing.docc/GettingStarted.md, "A whole first program"), as the
// guide shows it. Here, in a test target that has an entry point of its own, it compiles
// without its `@main` (`#if` leaves the attribute out: SE-0367) and a test runs its
// `main()`; with every seeded case (ROUTING_FULL_TESTS=1, as CI runs), another test
// writes the guide's manifest and program into a package of their own, beside a link to
// this one named `Routing`, builds it with `swift build`, runs it and compares what it
// prints with the output the guide shows.

// snippet first-program
import Foundation  // JSONEncoder and JSONDecoder, to save and restore the stack
import Routing
// snippet.hide
import Testing

// snippet.show

extension ScreenName {
  static let inbox: ScreenName = "Inbox"
  static let thread: ScreenName = "Thread"
  static let reply: ScreenName = "Reply"
  static let settings: ScreenName = "Settings"
}

/// The app's screens and moves. A thread needs its `id`; Settings opens only for a user
/// who is signed in; links from mail.example.com read `inbox/thread/7`.
func makeInboxTable(signedIn: Bool) throws -> RouteTable {
  let signedInOnly = RouteGuard("signedIn") { _ in signedIn }
  return try RouteTable(defaultFactory: HeadlessScreen.factory, linkHosts: ["mail.example.com"]) {
    Screen(.inbox, path: "inbox", restorationIdentifier: "inbox")
    Screen(
      .thread, parameters: [.integer("id", required: true)], path: "thread/:id",
      restorationIdentifier: "thread")
    Screen(.reply)
    Screen(.settings, path: "settings", restorationIdentifier: "settings")
    Command(id: "home", to: .inbox)
    Command(id: "openThread", from: [.inbox], to: .thread)
    Command(id: "reply", from: [.thread], to: .reply)
    Command(id: "openSettings", from: [.inbox], to: .settings, when: signedInOnly)
  }
}

// snippet.hide
// The attribute stays at the margin, as the guide shows it:
// swift-format-ignore
#if FIRST_PROGRAM_AS_AN_EXECUTABLE
// snippet.show
@main
// snippet.hide
#endif
// snippet.show
struct MailApp {
  // Containers, screens and the navigator are main-actor objects, as user interfaces
  // are; navigating is asynchronous, so the entry point is both.
  @MainActor static func main() async throws {
    let table = try makeInboxTable(signedIn: false)
    let navigator = Navigator(
      table: table, container: try StackContainer(table: table, root: .inbox))

    // Navigate: the route pushes Thread(id: 7), then Reply.
    try await navigator.go(to: .reply, parameters: ["id": 7])
    print(navigator.stack.stackDescription)  // Inbox > Thread(id: 7) > Reply

    // Go back, as the back button does.
    await navigator.goBack()
    print(navigator.stack.stackDescription)  // Inbox > Thread(id: 7)

    // Open a link: it replaces the route to its screens.
    try await navigator.open("https://mail.example.com/inbox/thread/8")
    print(navigator.stack.stackDescription)  // Inbox > Thread(id: 8)

    // Save the stack as JSON; go home; restore it.
    let saved = try JSONEncoder().encode(await navigator.snapshot())
    try await navigator.go(to: .inbox)
    print(navigator.stack.stackDescription)  // Inbox

    // Mistakes are errors that say what went wrong, and change nothing: a thread without
    // its id, and Settings, which the guard keeps closed.
    for screen in [ScreenName.thread, .settings] {
      do {
        try await navigator.go(to: screen)
      } catch {
        print(error)
      }
    }

    try await navigator.restore(try JSONDecoder().decode(NavigationSnapshot.self, from: saved))
    print(navigator.stack.stackDescription)  // Inbox > Thread(id: 8) again
  }
}
// snippet.end

@MainActor
@Suite struct FirstProgramTests {
  @Test func theProgramRuns() async throws {
    try await MailApp.main()
  }

  /// The guide's Swift block that opens with `// swift-tools-version`, the block with
  /// `@main`, and the lines of the console block after `$ swift run MailApp`.
  static func guide() throws -> (manifest: String, program: String, output: [String]) {
    let text = try SnippetTests.read("Sources/Routing/Routing.docc/GettingStarted.md")
    var blocks: [(fence: String, lines: [String])] = []
    var current: (fence: String, lines: [String])?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if let block = current {
        if line == "```" {
          blocks.append(block)
          current = nil
        } else {
          current?.lines.append(line)
        }
      } else if line.hasPrefix("```") {
        current = (String(line.dropFirst(3)), [])
      }
    }
    let manifest = try #require(
      blocks.first {
        $0.fence == "swift" && $0.lines.first?.hasPrefix("// swift-tools-version") == true
      })
    let program = try #require(blocks.first { $0.fence == "swift" && $0.lines.contains("@main") })
    let console = try #require(
      blocks.first { $0.fence == "console" && $0.lines.first == "$ swift run MailApp" })
    return (
      manifest.lines.joined(separator: "\n") + "\n", program.lines.joined(separator: "\n") + "\n",
      Array(console.lines.dropFirst())
    )
  }

  @Test func theGuideShowsThisProgramAndItsManifest() throws {
    let guide = try Self.guide()
    #expect(guide.manifest.contains(#".package(path: "../Routing")"#))
    #expect(guide.manifest.contains(#".product(name: "Routing", package: "Routing")"#))
    #expect(guide.output.count == 7, "\(guide.output)")
  }

  /// Builds and runs the guide's package as a user would, from the guide's own text.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["ROUTING_FULL_TESTS"] == "1"))
  func theGuidesPackageBuildsAndPrintsWhatTheGuideShows() throws {
    let guide = try Self.guide()
    let manager = FileManager.default
    let place = manager.temporaryDirectory.appendingPathComponent(
      "routing-first-program"
        + SnippetTests.packageRoot.path.replacingOccurrences(of: "/", with: "-"))
    let app = place.appendingPathComponent("MailApp")
    let sources = app.appendingPathComponent("Sources/MailApp")
    try manager.createDirectory(at: sources, withIntermediateDirectories: true)
    let link = place.appendingPathComponent("Routing")
    try? manager.removeItem(at: link)
    try manager.createSymbolicLink(at: link, withDestinationURL: SnippetTests.packageRoot)
    try guide.manifest.write(
      to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try guide.program.write(
      to: sources.appendingPathComponent("MailApp.swift"), atomically: true, encoding: .utf8)
    let build = try Self.run("/usr/bin/env", ["swift", "build", "--package-path", app.path])
    #expect(build.status == 0, "\(build.output)")
    let run = try Self.run(app.appendingPathComponent(".build/debug/MailApp").path, [])
    #expect(run.status == 0)
    #expect(run.output.split(separator: "\n").map(String.init) == guide.output)
  }

  /// Runs `tool` with `arguments`, and returns its exit status and standard output.
  static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
