import Routing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One step the tour announces: the announcement, the lines that say what happened, and
/// the navigator's state before and after it, so a reader (or a test) can check that
/// what the tour says is what happened.
public struct TourStep: Sendable, Hashable {
  /// The announcement, such as `-> go to Folder`.
  public let announcement: String
  /// The lines after the announcement, up to the next step.
  public let lines: [String]
  /// The navigator's stack (or tab state) in words before the step.
  public let before: String
  /// The navigator's stack (or tab state) in words after the step.
  public let after: String
}

/// The main demonstration: the sample app navigated headless, each navigation printed
/// with its route and the stack after it, or with the error and the stack it left.
@MainActor
public struct Tour {
  private var lines: [String] = []
  private var steps: [TourStep] = []
  /// The announcement of the step under way, where its lines start, and the state before.
  private var open: (announcement: String, start: Int, before: String)?

  /// Creates an empty tour.
  public init() {}

  /// Runs the whole tour.
  ///
  /// - Returns: What the tour prints, one line each.
  public static func run() async -> [String] {
    await narrate().lines
  }

  /// Runs the whole tour and keeps each announced step with the state around it.
  ///
  /// - Returns: What the tour prints, one line each, and every step it announces.
  public static func narrate() async -> (lines: [String], steps: [TourStep]) {
    var tour = Tour()
    do {
      let navigator = try await tour.planning()
      tour.say()
      try await tour.links()
      tour.say()
      tour.say("== Two panes: a mail app on the drill-down container")
      tour.lines += await mailWalkthrough().split(separator: "\n").map(String.init)
      tour.say()
      try await tour.saveAndRestore(navigator)
      tour.say()
      try await tour.tabs()
      tour.say()
      try await tour.layers()
      tour.say()
      try tour.reach()
      try tour.cover()
    } catch {
      tour.say("unexpected failure: \(error)")
    }
    return (tour.lines, tour.steps)
  }

  /// Announces a step on a state described by `state`.
  private mutating func begin(_ announcement: String, state: String) {
    say(announcement)
    open = (announcement, lines.count, state)
  }

  /// Closes the step under way, recording the state it left.
  private mutating func end(state: String) {
    guard let step = open else { return }
    steps.append(
      TourStep(
        announcement: step.announcement, lines: Array(lines[step.start...]),
        before: step.before, after: state))
    open = nil
  }

  /// Announces a navigation of a stack navigator, runs it, and says its route, or the
  /// error and the stack it left unchanged.
  private mutating func step(
    _ announcement: String, on navigator: Navigator<StackContainer>,
    _ navigation: () async throws -> Route
  ) async {
    begin(announcement, state: navigator.stack.stackDescription)
    do {
      let route = try await navigation()
      for line in route.description.split(separator: "\n") { say("   \(line)") }
    } catch {
      say("   refused: \(error)")
      say("   stack unchanged: \(navigator.stack.stackDescription)")
    }
    end(state: navigator.stack.stackDescription)
  }

  /// Announces a navigation across tabs, runs it, and says its route.
  private mutating func step(
    _ announcement: String, on navigator: Navigator<TabContainer>,
    _ navigation: () async throws -> TabRoute
  ) async throws {
    begin(announcement, state: navigator.container.state.description)
    let route = try await navigation()
    for line in route.description.split(separator: "\n") { say("   \(line)") }
    end(state: navigator.container.state.description)
  }

  /// Announces a navigation of a navigator over layers, runs it, and says its route.
  private mutating func step(
    _ announcement: String, on navigator: Navigator<ModalPresenter<StackContainer>>,
    _ navigation: () async throws -> ModalRoute?
  ) async throws {
    begin(announcement, state: navigator.container.state.description)
    let route = try await navigation()
    for line in (route?.description ?? "nothing to resume").split(separator: "\n") {
      say("   \(line)")
    }
    end(state: navigator.container.state.description)
  }

  /// A mail app whose compose sheet, picker and settings cover are layers over the
  /// inbox, and whose account screen detours to sign-in and resumes.
  private mutating func layers() async throws {
    let session = MailSession()
    let table = try SampleApp.makeLayeredTable(session: session)
    say("== Layers and detours: sheets and covers over a mail app, and a sign-in that resumes")
    let inbox = StackItem(
      entry: Entry("Inbox"), screen: HeadlessScreen(ScreenContext(entry: Entry("Inbox"))))
    let presenter = ModalPresenter(base: StackContainer(root: inbox))
    let navigator = Navigator(table: table, container: presenter)
    try await step(
      "-> attach photo 5 (present Compose, present Picker over it, push)", on: navigator
    ) {
      try await navigator.go(withLayers: Request(to: "Photo", parameters: ["photoId": 5]))
    }
    try await step(
      "-> go to Archive (going back to Compose closes Picker, a dismiss closes Compose)",
      on: navigator
    ) {
      try await navigator.go(withLayers: Request(to: "Archive"))
    }
    try await step(
      "-> go to Account while signed out (the guard refuses: detour to Login)", on: navigator
    ) {
      try await navigator.go(withLayers: Request(to: "Account"))
    }
    say("waiting: \(navigator.pendingDetour.map { "\($0.pending)" } ?? "nothing")")
    session.signIn()
    say("the user signs in")
    try await step("-> resume (Login closes on the way to Account)", on: navigator) {
      try await navigator.resume()
    }
    let snapshot = await navigator.snapshot()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    say("saved the base, then each layer (Account is not restorable):")
    say("   \(String(decoding: try encoder.encode(snapshot), as: UTF8.self))")
  }

  /// How deep each screen lies from the menu, as `routing stats` prints it.
  private mutating func reach() throws {
    let table = try SampleApp.makeTable()
    let reach = try table.reach(from: .menu)
    say("== Reach: how many steps each screen lies from Menu (routing stats)")
    var byDepth = [[String]](repeating: [], count: reach.maximumDepth + 1)
    for depth in reach.depths { byDepth[depth.depth].append(depth.screen.rawValue) }
    for (depth, screens) in byDepth.enumerated() {
      say("   depth \(depth): \(screens.joined(separator: ", "))")
    }
    say(
      "   deepest: \(reach.deepest.map(\.rawValue).joined(separator: ", ")); "
        + "unreached: \(reach.unreached.isEmpty ? "none" : reach.unreached.map(\.rawValue).joined(separator: ", "))"
    )
  }

  /// A test suite generated from the table, as `routing cover` writes it: each case a
  /// request from the menu and the commands it is the first to take.
  private mutating func cover() throws {
    let table = try SampleApp.makeTable()
    let cover = try table.cover(from: .menu)
    say(
      "== Cover: \(cover.cases.count) cases from Menu take \(cover.coveredCommandCount) of "
        + "\(table.commands.count) commands (routing cover)")
    for testCase in cover.cases {
      let stack = testCase.stack.map(\.screen.rawValue).joined(separator: " > ")
      say("   \(testCase.name); ends on \(stack)")
    }
    for uncovered in cover.uncovered {
      let command = uncovered.commandID ?? "commands[\(uncovered.command)]"
      say("   not coverable: \(command): \(uncovered.reason)")
    }
  }

  private mutating func say(_ line: String = "") {
    lines.append(line)
  }

  private mutating func planning() async throws -> Navigator<StackContainer> {
    let table = try SampleApp.makeTable()
    say("== The sample app: \(table.screens.count) screens, \(table.commands.count) commands")
    let navigator = try Navigator(table: table, root: .menu)

    await step("-> go to Profile of user 2 through Folder", on: navigator) {
      try await navigator.go(to: .profile, via: [.folder], parameters: ["userId": 2])
    }
    await step(
      "-> go to Chat with user 2 (a guard lets a Profile open only the same user's Chat)",
      on: navigator
    ) { try await navigator.go(to: .chat, parameters: ["userId": 2]) }
    await step("-> go to Profile of user 2 again (already there below: pop back)", on: navigator) {
      try await navigator.go(to: .profile, parameters: ["userId": 2])
    }
    await step(
      "-> go to Chat with user 3 (the guard keeps Profile 2 from opening it: through Connections)",
      on: navigator
    ) { try await navigator.go(to: .chat, parameters: ["userId": 3]) }
    await step("-> open the contact card of user 3, Ada, from its view model", on: navigator) {
      try await navigator.go(to: ContactCardModel(name: "Ada", userId: 3))
    }
    if let card = navigator.container.items.last?.screen as? SampleScreen {
      say("   the card shows: \(card.title ?? "?")")
    }
    await step("-> go to Chat with user 3 again (pop back)", on: navigator) {
      try await navigator.go(to: .chat)
    }
    await step("-> go to Chat again (already there)", on: navigator) {
      try await navigator.go(to: .chat)
    }
    await step("-> go to Profile without a user (Profile requires userId)", on: navigator) {
      try await navigator.go(to: .profile)
    }
    await step("-> go to Login (not in the table)", on: navigator) {
      try await navigator.go(to: "Login")
    }
    await step("-> go to Profil (a typo)", on: navigator) { try await navigator.go(to: "Profil") }
    begin(
      "-> go to Folder, with the events an observer receives",
      state: navigator.stack.stackDescription)
    var events: [String] = []
    let token = navigator.addObserver { events.append("   \($0)") }
    try await navigator.go(to: .folder)
    navigator.removeObserver(token)
    lines += events
    end(state: navigator.stack.stackDescription)
    return navigator
  }

  private mutating func links() async throws {
    let table = try SampleApp.makeTable()
    say("== Deep links")
    let navigator = try Navigator(table: table, root: .menu)
    let request = try table.resolve("folder/profile?userId=2")
    say("the link folder/profile?userId=2 reads as: \(request)")
    await step("-> open folder/profile?userId=2 from Menu", on: navigator) {
      try await navigator.open("folder/profile?userId=2")
    }
    await step("-> open myapp://chat/3 (the guard sends it through Connections)", on: navigator) {
      try await navigator.open("myapp://chat/3")
    }
    say("the stack renders as the link: \(try table.link(for: navigator.stack))")
    for link in ["profile?admin=true", "chat/abc", "folder//profile"] {
      await step("-> open \(link)", on: navigator) { try await navigator.open(link) }
    }
  }

  private mutating func saveAndRestore(_ navigator: Navigator<StackContainer>) async throws {
    say("== Save and restore the sample app")
    await step("-> go to the contact card of user 3", on: navigator) {
      try await navigator.go(to: .contactCard, parameters: ["userId": 3])
    }
    let snapshot = await navigator.snapshot()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(snapshot)
    say("saved (the contact card has no restoration identifier, so it is left out):")
    say("   \(String(decoding: data, as: UTF8.self))")
    let decoded = try JSONDecoder().decode(NavigationSnapshot.self, from: data)
    let fresh = try Navigator(table: navigator.table, root: .menu)
    begin("-> restore it into a fresh stack", state: fresh.stack.stackDescription)
    try await fresh.restore(decoded)
    say("   stack: \(fresh.stack.stackDescription)")
    end(state: fresh.stack.stackDescription)
    await step("-> the restored stack navigates at once: go to Folder", on: fresh) {
      try await fresh.go(to: .folder)
    }
  }

  private mutating func tabs() async throws {
    let table = try SampleApp.makeTabbedTable()
    say("== Tabs: Folders and Connections, a stack each (chats open only in Connections)")
    let tabs = try TabContainer(table: table)
    let navigator = Navigator(table: table, container: tabs)
    try await step("-> go to Profile of user 2 (Folders has it one push away: stay)", on: navigator)
    {
      try await navigator.go(acrossTabsTo: .profile, parameters: ["userId": 2])
    }
    try await step(
      "-> go to Chat with user 7 (no chat in Folders: select Connections, then push)",
      on: navigator
    ) { try await navigator.go(acrossTabsTo: .chat, parameters: ["userId": 7]) }
    let link = "https://example.com/folders/Folder/profile?userId=5"
    let reading = try table.readInTabs(link)
    say("the link \(link) reads into tab \(reading.tab ?? "-"): \(reading.reading.request)")
    try await step("-> open it", on: navigator) { try await navigator.open(reading) }
    say("the state renders as the link: \(try table.link(for: tabs.state))")
    let snapshot = await navigator.snapshot()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(snapshot)
    say("saved every tab and the selection:")
    say("   \(String(decoding: data, as: UTF8.self))")
    let fresh = Navigator(table: table, container: try TabContainer(table: table))
    begin("-> restore it into fresh tabs", state: fresh.container.state.description)
    try await fresh.restore(try JSONDecoder().decode(TabSnapshot.self, from: data))
    say("   tabs: \(fresh.container.state)")
    end(state: fresh.container.state.description)
  }
}
