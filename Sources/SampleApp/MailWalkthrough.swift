import Routing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ScreenName {
  fileprivate static let mailboxes: ScreenName = "Mailboxes"
  fileprivate static let mailFolder: ScreenName = "Folder"
  fileprivate static let message: ScreenName = "Message"
  fileprivate static let compose: ScreenName = "Compose"
}

/// A screen object of the mail app; its title is what a back control to it reads.
@MainActor
private final class MailScreen: ScreenController {
  let entry: Entry

  init(_ context: ScreenContext) {
    entry = context.entry
  }

  var title: String? {
    if let name = entry.parameters["name"]?.stringValue { return name }
    if let id = entry.parameters["id"]?.integerValue { return "Message \(id)" }
    return nil
  }

  nonisolated static let factory: ScreenFactory = { MailScreen($0) }
}

/// The mail app's route table: mailboxes, folders and messages are restorable; a
/// message being composed is not.
private func mailTable() throws(TableError) -> RouteTable {
  try RouteTable {
    Screen(.mailboxes, restorationIdentifier: "mailboxes", factory: MailScreen.factory)
    Screen(
      .mailFolder, parameters: [.string("name")], restorationIdentifier: "folder",
      factory: MailScreen.factory)
    Screen(
      .message, parameters: [.integer("id")], restorationIdentifier: "message",
      factory: MailScreen.factory)
    Screen(.compose, factory: MailScreen.factory)
    Command(id: "mailboxes", to: .mailboxes)
    Command(id: "openFolder", from: [.mailboxes], to: .mailFolder)
    Command(id: "openMessage", from: [.mailFolder], to: .message)
    Command(id: "compose", from: [.mailFolder, .message], to: .compose)
  }
}

/// Runs the mail walkthrough: a two-pane mail app on a ``DrillDownContainer``, with
/// folders on the left and messages on the right. It navigates a few times, printing
/// each route and the two panes, saves the state to a snapshot (printed as JSON), and
/// restores it into a fresh container that can navigate at once.
///
/// The output is the same on every run.
///
/// - Returns: The text of the walkthrough, one line per line.
@MainActor
public func mailWalkthrough() async -> String {
  var lines: [String] = []
  do {
    try await runMailWalkthrough { lines.append($0) }
  } catch {
    lines.append("error: \(error)")
  }
  return lines.joined(separator: "\n")
}

@MainActor
private func runMailWalkthrough(_ print: (String) -> Void) async throws {
  let table = try mailTable()
  let container = try DrillDownContainer(table: table, root: .mailboxes)
  let navigator = Navigator(table: table, container: container)

  print("Mail: folders on the left, messages on the right.")
  print("start")
  describe(container, print)

  let requests: [(ScreenName, [ScreenName], Parameters)] = [
    (.message, [.mailFolder], ["name": "Inbox", "id": 42]),
    (.mailFolder, [], ["name": "Archive"]),
    (.message, [], ["id": 7]),
    (.compose, [], [:]),
  ]
  for (destination, breadcrumbs, parameters) in requests {
    let request = Request(to: destination, via: breadcrumbs, parameters: parameters)
    print("go \(request)")
    let route = try await navigator.go(request)
    for line in route.description.split(separator: "\n") { print("  \(line)") }
    describe(container, print)
  }

  print("save")
  let snapshot = await navigator.snapshot()
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  let json = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
  for line in json.split(separator: "\n") { print("  \(line)") }

  print("restore into a fresh container")
  let decoded = try JSONDecoder().decode(NavigationSnapshot.self, from: Data(json.utf8))
  let restored = Navigator(table: table, container: DrillDownContainer())
  try await restored.restore(decoded)
  describe(restored.container, print)

  print("go to Message with id: 8, on the restored container")
  let route = try await restored.go(to: .message, parameters: ["id": 8])
  for line in route.description.split(separator: "\n") { print("  \(line)") }
  describe(restored.container, print)

  print("restore a snapshot from another app")
  let foreign = NavigationSnapshot(entries: [
    SavedEntry(identifier: "mailboxes"), SavedEntry(identifier: "drafts"),
  ])
  do {
    try await restored.restore(foreign)
    print("  restored (unexpected)")
  } catch {
    print("  refused: \(error)")
  }
  describe(restored.container, print)
}

/// Prints the two panes the way a UI would show them.
@MainActor
private func describe(_ container: DrillDownContainer, _ print: (String) -> Void) {
  print("  left stack: \(container.left.map(\.entry).stackDescription)")
  let back =
    container.backControl(in: .left).map { "back button \"\($0.title)\"" } ?? "no back button"
  let swipe = container.canSwipeBack ? "swipe back" : "no swipe back"
  print(
    "  left pane:  \(container.leftTop.map(\.entry.description) ?? "(empty)"), \(back), \(swipe)")
  print("  right pane: \(container.right.map(\.entry.description) ?? "(placeholder)")")
}
