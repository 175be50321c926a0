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
      "   1. push Chat(userId: 2) by chatWithProfile",
      "   1. back to Profile(userId: 2) by openProfile",
      "   stack: Menu > Connections > Chat(userId: 3)",
      "-> open the contact card of user 3, Ada, from its view model",
      "   the card shows: Ada's card",
      "   (already there)",
      "   stack unchanged: Menu > Connections > Chat(userId: 3)",
      "-> go to Folder, with the events an observer receives",
      "   will navigate to Folder in 2 steps",
      "   did go back to Menu by home",
      "   did push Folder by openFolder",
      "   did navigate to Folder; stack: Menu > Folder",
      "== Reach: how many steps each screen lies from Menu (routing stats)",
      "   depth 1: Folder, Connections",
      "   deepest: ContactCard; unreached: none",
      "== Cover: 3 cases from Menu take 7 of 8 commands (routing cover)",
      "   to Connections via Folder: home; ends on Menu > Connections",
      "   not coverable: chatWithProfile: its guard has no name for a case to answer it by: cover plans it refusing, as a table loaded from a file does",
      "== Deep links",
      "the link folder/profile?userId=2 reads as: to Profile via Folder with userId: 2",
      "the stack renders as the link: menu/connections/chat/3",
      "== Two panes: a mail app on the drill-down container",
      "  right pane: Message(id: 42)",
      "  refused: entries[1].identifier: unknown restoration identifier 'drafts'",
      "== Save and restore the sample app",
      #"   {"entries":[{"identifier":"menu","parameters":{}},{"identifier":"folder","parameters":{}},{"identifier":"profile","parameters":{"userId":"3"}}],"version":1}"#,
      "-> restore it into a fresh stack",
      "   stack: Menu > Folder > Profile(userId: 3)",
      "   1. back to Folder by openFolder",
      "   stack: Menu > Folder",
      "== Layers and detours: sheets and covers over a mail app, and a sign-in that resumes",
      "   state: Inbox | Compose | Picker > Photo(photoId: 5)",
      "   2. dismiss",
      "   detour: signedIn → Login, then to Account",
      "waiting: to Account",
      "   1. back to Settings by settings",
      "   state: Inbox > Archive | Settings > Account",
      #"   {"entries":[{"identifier":"inbox","parameters":{}},{"identifier":"archive","parameters":{}}],"layers":[[{"identifier":"settings","parameters":{}}]],"version":1}"#,
    ] {
      #expect(lines.contains(expected), "missing line: \(expected)")
    }
  }

  /// Every route the tour prints is in the one format of `Route.description`, and no
  /// line uses a word a newcomer cannot know.
  @Test func tourSpeaksWithOneVoice() async {
    let lines = await Tour.run()
    for line in lines {
      #expect(!(line.contains("  [") && line.hasSuffix("]")), "old step format: \(line)")
      #expect(!line.contains(" by #"), "command number in a step: \(line)")
      #expect(!line.hasSuffix("  "), "trailing spaces: \(line)")
      for word in ["seed", "contract", "so far", "Ada's contact card"] {
        #expect(!line.contains(word), "'\(word)' in: \(line)")
      }
      let trimmed = line.drop { $0 == " " }
      if let dot = trimmed.firstIndex(of: "."), trimmed[..<dot].allSatisfy(\.isNumber),
        !trimmed[..<dot].isEmpty
      {
        let step = trimmed[trimmed.index(dot, offsetBy: 2)...]
        // A select names its tab, a dismiss nothing, a push, a present or a pop its
        // command.
        guard !step.hasPrefix("select ") && step != "dismiss" else { continue }
        #expect(
          step.hasPrefix("push ") || step.hasPrefix("present ") || step.hasPrefix("back to "),
          "not a step: \(line)")
        #expect(step.contains(" by "), "step without its command: \(line)")
      }
    }
    let ada = lines.firstIndex { $0.contains("Ada") }
    #expect(ada.map { lines[$0].contains("user 3, Ada") } == true, "Ada is not introduced")
  }

  /// Each step the tour announces says what happened, and what it says of the stack is
  /// the navigator's stack after it: a route ends with the stack it left, a refusal says
  /// the stack is unchanged only when it is.
  @Test func everyNarrationLineMatchesTheNavigatorAfterIt() async {
    let (lines, steps) = await Tour.narrate()
    let announced = lines.filter { $0.hasPrefix("-> ") }
    let mail = lines.filter { $0.hasPrefix("  ") && $0.contains("->") }
    #expect(
      steps.map(\.announcement) == announced, "an announcement without its step: \(mail)")
    #expect(steps.count >= 20)
    for step in steps {
      let told = step.lines.filter {
        !$0.isEmpty && !$0.hasPrefix("the ") && !$0.hasPrefix("saved")
      }
      #expect(!told.isEmpty, "\(step.announcement): says nothing of what happened")
      for line in step.lines {
        let trimmed = line.drop { $0 == " " }
        for label in ["stack: ", "stack unchanged: ", "tabs: ", "state: "]
        where trimmed.hasPrefix(label) {
          #expect(
            trimmed.dropFirst(label.count) == step.after[...],
            "\(step.announcement): says '\(trimmed)', the stack is \(step.after)")
        }
        if line.contains("unchanged") {
          #expect(step.before == step.after, "\(step.announcement): not unchanged")
        }
        if line.contains("refused") {
          #expect(step.before == step.after, "\(step.announcement): a refusal changed the stack")
        }
      }
      if step.before != step.after {
        #expect(
          step.lines.contains {
            $0.hasSuffix(": \(step.after)") || $0.hasSuffix("stack: \(step.after)")
          },
          "\(step.announcement): the stack changed to \(step.after) unsaid")
      }
    }
  }

  /// The sample app's user screens need their user: the tour shows the error.
  @Test func theTourShowsTheMissingUser() async {
    let lines = await Tour.run()
    #expect(
      lines.contains(
        "   refused: Profile requires parameter 'userId', and no value is given for it"),
      "\(lines.joined(separator: "\n"))")
    #expect(lines.contains("   refused: unknown screen 'Profil'; did you mean 'Profile'?"))
    #expect(lines.contains("   refused: unknown screen 'Login'"))
    let profileLink = lines.firstIndex(of: "-> open profile?admin=true")
    #expect(profileLink.map { lines[$0 + 1].hasPrefix("   refused: ") } == true)
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
