// The code of Docs/DrillDown.md and the DocC articles ContainersAndTheDrillDown.md and
// SavingAndRestoringState.md: a mail app on the drill-down.

import Foundation
import Routing
import Testing

/// The mail app of the drill-down examples and of the drill-down's doc comments; the
/// ScreenName doc comment declares `.mailboxes` and `.message` (TableSymbols.swift).
func makeMailTable() throws -> RouteTable {
  try RouteTable(defaultFactory: HeadlessScreen.factory) {
    Screen(.mailboxes, restorationIdentifier: "mailboxes")
    // snippet restoration-identifier
    Screen("Folder", parameters: [.string("name")], restorationIdentifier: "folder")
    // snippet.end
    Screen(.message, parameters: [.integer("id")], restorationIdentifier: "message")
    Command(id: "mailboxes", to: .mailboxes)
    Command(id: "openFolder", from: [.mailboxes], to: .folder)
    Command(id: "openMessage", from: [.folder], to: .message)
  }
}

@MainActor
@Suite struct DrillDownExamples {
  let mailTable: RouteTable

  init() throws {
    mailTable = try makeMailTable()
  }

  private func item(_ entry: Entry) -> StackItem {
    StackItem(entry: entry, screen: HeadlessScreen(ScreenContext(entry: entry)))
  }

  @Test func stateAndContainer() async throws {
    let mailboxes = item(Entry(.mailboxes))
    let inbox = item(Entry(.folder, parameters: ["name": "Inbox"]))
    let message = item(Entry(.message, parameters: ["id": 42]))
    // snippet drill-down-state
    var state = DrillDownState<Int>()
    try state.push(1)  // [1] | -
    try state.push(2)  // [1] | 2
    try state.push(3)  // [1, 2] | 3
    let left = state.pop()  // left.popped == 3; now [1] | 2

    let container = DrillDownContainer(root: mailboxes)
    try await container.perform(.push(inbox))
    try await container.perform(.showRight(message, forLeft: inbox))
    // snippet.end
    #expect(left.popped == 3)
    #expect(state.left == [1] && state.right == 2)
    #expect(container.left.map(\.entry) == [mailboxes.entry, inbox.entry])
    #expect(container.right?.entry == message.entry)
  }

  @Test func routes() async throws {
    let mailboxes = try mailTable.makeItem(for: .mailboxes)
    // snippet drill-down-navigator
    let container = DrillDownContainer(root: mailboxes)
    let navigator = Navigator(table: mailTable, container: container)
    try await navigator.go(to: "Message", via: ["Folder"], parameters: ["name": "Inbox", "id": 42])
    // left stack: Mailboxes > Folder(name: Inbox); right pane: Message(id: 42)
    // snippet.end
    #expect(container.left.map(\.entry.description) == ["Mailboxes", "Folder(name: Inbox)"])
    #expect(container.right?.entry.description == "Message(id: 42)")

    // snippet drill-down-route-pop
    // L = [Mailboxes, Folder(Inbox)], R = Message(42)
    try await navigator.go(to: .folder, parameters: ["name": "Archive"])
    // route: 1. back to Mailboxes by mailboxes, 2. push Folder(name: Archive) by openFolder
    // after the pop:  L = [Mailboxes], R = empty        (the same Mailboxes object)
    // after the push: L = [Mailboxes], R = Folder(Archive)
    // snippet.end
    #expect(container.left.map(\.entry.description) == ["Mailboxes"])
    #expect(container.right?.entry.description == "Folder(name: Archive)")
    #expect(container.left.first?.screen === mailboxes.screen)
  }

  @Test func savesAndRestores() async throws {
    let navigator = Navigator(
      table: mailTable, container: try DrillDownContainer(table: mailTable, root: .mailboxes))
    try await navigator.go(to: .message, via: [.folder], parameters: ["name": "Inbox", "id": 7])
    // snippet drill-down-restoration
    let snapshot = await navigator.snapshot()  // or container.snapshot(using: table)
    let data = try JSONEncoder().encode(snapshot)
    // ... later, on a fresh container:
    let decoded = try JSONDecoder().decode(NavigationSnapshot.self, from: data)
    try await navigator.restore(decoded)  // or container.restore(_:using:)
    try await navigator.go(to: .message, parameters: ["id": 8])
    // snippet.end
    #expect(
      navigator.stack.stackDescription == "Mailboxes > Folder(name: Inbox) > Message(id: 8)")

    // snippet restoration-save
    let saved = try JSONEncoder().encode(await navigator.snapshot())
    // later
    let restored = try JSONDecoder().decode(NavigationSnapshot.self, from: saved)
    try await navigator.restore(restored)
    // snippet.end
    #expect(
      navigator.stack.stackDescription == "Mailboxes > Folder(name: Inbox) > Message(id: 8)")
  }
}
