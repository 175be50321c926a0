import Routing
import SampleApp
import Testing

@MainActor
@Suite struct TourTests {
  @Test func tourPrintsEachNavigationWithItsRouteAndStack() async {
    let lines = await Tour.run()
    let text = lines.joined(separator: "\n")
    #expect(!text.contains("unexpected failure"), "\(text)")
    for expected in [
      "== The sample app: 6 screens, 8 commands",
      "   stack: Menu > Folder > Profile(userId: 2)",
      "   1. push Chat(userId: 2)  [chatWithProfile]",
      "   1. pop Profile(userId: 2)  [openProfile]",
      "   stack: Menu > Connections > Chat(userId: 3)",
      "   the card shows: Ada's card",
      "   (already there: nothing runs)",
      "   error: unknown screen 'Login'; stack unchanged: Menu > Connections > Chat(userId: 3)",
      "== Deep links",
      "the link folder/profile?userId=2 reads as: to Profile via Folder with userId 2",
      "the stack renders as the link: menu/connections/chat/3",
      "== Two panes: a mail app on the drill-down container",
      "  right pane: Message(id: 42)",
      "  refused: entries[1].identifier: unknown restoration identifier 'drafts'",
      "== Save and restore the sample app",
      "restored into a fresh stack: Menu > Connections > Chat(userId: 3) > Profile(userId: 3)",
      "   stack: Menu > Folder",
    ] {
      #expect(lines.contains(expected), "missing line: \(expected)")
    }
  }

  @Test func sampleGuardRoutesAnotherUsersChatThroughConnections() throws {
    let table = try SampleApp.makeTable()
    let stack = [Entry(.menu), Entry(.folder), Entry(.profile, parameters: ["userId": 2])]
    let same = try table.route(from: stack, to: .chat, parameters: ["userId": "2"])
    #expect(same.steps.map(\.commandID) == ["chatWithProfile"])
    let other = try table.route(from: stack, to: .chat, parameters: ["userId": 3])
    #expect(other.steps.map(\.commandID) == ["home", "openConnections", "openChat"])
  }
}
