import Routing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The main demonstration: the sample app navigated headless, each navigation printed
/// with its route and the stack after it.
@MainActor
public struct Tour {
  private var lines: [String] = []

  /// Creates an empty tour.
  public init() {}

  /// Runs the whole tour.
  ///
  /// - Returns: What the tour prints, one line each.
  public static func run() async -> [String] {
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
    } catch {
      tour.say("unexpected failure: \(error)")
    }
    return tour.lines
  }

  /// Says the title, then the route across tabs as the library writes it, indented.
  private mutating func show(_ title: String, _ route: TabRoute) {
    say(title)
    for line in route.description.split(separator: "\n") { say("   \(line)") }
  }

  private mutating func say(_ line: String = "") {
    lines.append(line)
  }

  /// Says the title, then the route as the library writes it, indented.
  private mutating func show(_ title: String, _ route: Route) {
    say(title)
    for line in route.description.split(separator: "\n") { say("   \(line)") }
  }

  private mutating func planning() async throws -> Navigator<StackContainer> {
    let table = try SampleApp.makeTable()
    say("== The sample app: \(table.screens.count) screens, \(table.commands.count) commands")
    let navigator = try Navigator(table: table, root: .menu)

    show(
      "-> go to Profile of user 2 through Folder",
      try await navigator.go(to: .profile, via: [.folder], parameters: ["userId": 2]))
    show(
      "-> go to Chat with user 2 (a guard lets a Profile open only the same user's Chat)",
      try await navigator.go(to: .chat, parameters: ["userId": 2]))
    show(
      "-> go to Profile of user 2 again (already there below: pop back)",
      try await navigator.go(to: .profile, parameters: ["userId": 2]))
    show(
      "-> go to Chat with user 3 (the guard keeps Profile 2 from opening it: through Connections)",
      try await navigator.go(to: .chat, parameters: ["userId": 3]))
    show(
      "-> open the contact card of user 3, Ada, from its view model",
      try await navigator.go(to: ContactCardModel(name: "Ada", userId: 3)))
    if let card = navigator.container.items.last?.screen as? SampleScreen {
      say("   the card shows: \(card.title ?? "?")")
    }
    show("-> go to Chat with user 3 again (pop back)", try await navigator.go(to: .chat))
    show("-> go to Chat again (already there)", try await navigator.go(to: .chat))
    say("-> go to Login (not in the table)")
    do {
      try await navigator.go(to: "Login")
    } catch {
      say("   error: \(error); stack unchanged: \(navigator.stack.stackDescription)")
    }
    say("-> go to Folder, with the events an observer receives")
    var events: [String] = []
    let token = navigator.addObserver { events.append("   \($0)") }
    try await navigator.go(to: .folder)
    navigator.removeObserver(token)
    lines += events
    return navigator
  }

  private mutating func links() async throws {
    let table = try SampleApp.makeTable()
    say("== Deep links")
    let navigator = try Navigator(table: table, root: .menu)
    let request = try table.resolve("folder/profile?userId=2")
    say("the link folder/profile?userId=2 reads as: \(request)")
    show(
      "-> open folder/profile?userId=2 from Menu",
      try await navigator.open("folder/profile?userId=2"))
    show(
      "-> open myapp://chat/3 (the guard sends it through Connections)",
      try await navigator.open("myapp://chat/3"))
    say("the stack renders as the link: \(try table.link(for: navigator.stack))")
    for link in ["profile?admin=true", "chat/abc", "folder//profile"] {
      say("-> open \(link)")
      do {
        try await navigator.open(link)
      } catch {
        say("   refused: \(error)")
      }
    }
    say("   stack unchanged: \(navigator.stack.stackDescription)")
  }

  private mutating func saveAndRestore(_ navigator: Navigator<StackContainer>) async throws {
    say("== Save and restore the sample app")
    try await navigator.go(to: .contactCard, parameters: ["userId": 3])
    say("stack: \(navigator.stack.stackDescription)")
    let snapshot = await navigator.snapshot()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(snapshot)
    say("saved (the contact card has no restoration identifier, so it is left out):")
    say("   \(String(decoding: data, as: UTF8.self))")
    let decoded = try JSONDecoder().decode(NavigationSnapshot.self, from: data)
    let fresh = try Navigator(table: navigator.table, root: .menu)
    try await fresh.restore(decoded)
    say("restored into a fresh stack: \(fresh.stack.stackDescription)")
    show(
      "-> the restored stack navigates at once: go to Folder",
      try await fresh.go(to: .folder))
  }

  private mutating func tabs() async throws {
    let table = try SampleApp.makeTabbedTable()
    say("== Tabs: Folders and Connections, a stack each (chats open only in Connections)")
    let tabs = try TabContainer(table: table)
    let navigator = Navigator(table: table, container: tabs)
    show(
      "-> go to Profile of user 2 (Folders has it one push away: stay)",
      try await navigator.go(acrossTabsTo: .profile, parameters: ["userId": 2]))
    show(
      "-> go to Chat with user 7 (no chat in Folders: select Connections, then push)",
      try await navigator.go(acrossTabsTo: .chat, parameters: ["userId": 7]))
    let link = "https://example.com/folders/Folder/profile?userId=5"
    let reading = try table.readInTabs(link)
    say("the link \(link) reads into tab \(reading.tab ?? "-"): \(reading.reading.request)")
    show("-> open it", try await navigator.open(reading))
    say("the state renders as the link: \(try table.link(for: tabs.state))")
    let snapshot = await navigator.snapshot()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(snapshot)
    say("saved every tab and the selection:")
    say("   \(String(decoding: data, as: UTF8.self))")
    let fresh = Navigator(table: table, container: try TabContainer(table: table))
    try await fresh.restore(try JSONDecoder().decode(TabSnapshot.self, from: data))
    say("restored into fresh tabs: \(fresh.container.state)")
  }
}
