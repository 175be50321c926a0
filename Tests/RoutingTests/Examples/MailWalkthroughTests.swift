import SampleApp
import Testing

/// The mail walkthrough's output: its key lines, and the same text on every run.
@Suite @MainActor struct MailWalkthroughTests {
  @Test func printsTheKeyLines() async throws {
    let text = await mailWalkthrough()
    #expect(!text.contains("error"))
    let lines = text.split(separator: "\n").map(String.init)
    for expected in [
      "go to Message via Folder with id: 42, name: Inbox",
      "  1. push Folder(name: Inbox) by openFolder",
      "  2. push Message(id: 42) by openMessage",
      "  left stack: Mailboxes > Folder(name: Inbox)",
      "  right pane: Message(id: 42)",
      "go to Folder with name: Archive",
      "  1. back to Mailboxes by mailboxes",
      "  2. push Folder(name: Archive) by openFolder",
      "  left pane:  Folder(name: Archive), back button \"Mailboxes\", swipe back",
      "  left stack: Mailboxes > Folder(name: Archive) > Message(id: 7)",
      "  right pane: Compose",
      "  left pane:  Message(id: 7), back button \"Archive\", swipe back",
      "  right pane: (placeholder)",
      "  left pane:  Folder(name: Archive), back button \"Mailboxes\", swipe back",
      "  right pane: Message(id: 8)",
      "  refused: entries[1].identifier: unknown restoration identifier 'drafts'",
    ] {
      #expect(lines.contains(expected), "missing line: \(expected)")
    }
    // The snapshot as JSON: three restorable screens, Compose left out.
    #expect(text.contains(#""identifier" : "message""#))
    #expect(!text.contains(#""identifier" : "compose""#))
    #expect(text.contains(#""rightPaneRestorable" : false"#))
    #expect(text.contains(#""version" : 1"#))
  }

  @Test func isDeterministic() async {
    let first = await mailWalkthrough()
    let second = await mailWalkthrough()
    #expect(first == second)
  }
}
