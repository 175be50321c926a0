// The examples in the doc comments of the drill-down (Sources/Routing/Navigation/DrillDown),
// which DocC shows on each symbol's page. SnippetTests checks that each of those examples
// shows a region below exactly.

import Routing
import Testing

@MainActor
@Suite struct DrillDownSymbolExamples {
  let table: RouteTable
  let mailboxes: StackItem
  let folder: StackItem
  let message: StackItem

  init() throws {
    table = try makeMailTable()
    mailboxes = try table.makeItem(for: .mailboxes)
    folder = try table.makeItem(for: .folder, parameters: ["name": "Inbox"])
    message = try table.makeItem(for: .message, parameters: ["id": 42])
  }

  @Test func container() async throws {
    // snippet symbol-drill-down-container
    let container = try DrillDownContainer(table: table, root: .mailboxes)
    let navigator = Navigator(table: table, container: container)
    try await navigator.go(to: .message, via: [.folder], parameters: ["name": "Inbox", "id": 42])
    // container.left: Mailboxes, Folder(name: Inbox); container.right: Message(id: 42)
    // snippet.end
    #expect(container.left.map(\.entry.description) == ["Mailboxes", "Folder(name: Inbox)"])
    #expect(container.right?.entry.description == "Message(id: 42)")
  }

  @Test func perform() async throws {
    let container = DrillDownContainer(root: mailboxes)
    // snippet symbol-drill-down-perform
    try await container.perform(.push(message))
    let popped = try await container.perform(.pop).popped
    // snippet.end
    #expect(popped?.screen === message.screen)
    #expect(container.left.map(\.entry) == [mailboxes.entry])
    #expect(container.right == nil)
  }

  @Test func operations() async throws {
    let container = DrillDownContainer(root: mailboxes)
    // snippet symbol-drill-down-operation
    try await container.perform(.push(folder))
    try await container.perform(.showRight(message, forLeft: folder))
    // snippet.end
    #expect(container.left.map(\.entry) == [mailboxes.entry, folder.entry])
    #expect(container.right?.entry == message.entry)
  }

  @Test func state() throws {
    // snippet symbol-drill-down-state
    var state = DrillDownState<Int>()
    try state.push(1)  // left [1], right empty
    // snippet.hide
    #expect(state.left == [1] && state.right == nil)
    // snippet.show
    try state.push(2)  // left [1], right 2
    // snippet.hide
    #expect(state.left == [1] && state.right == 2)
    // snippet.show
    try state.push(3)  // left [1, 2], right 3
    // snippet.hide
    #expect(state.left == [1, 2] && state.right == 3)
    var copy = state
    #expect(copy.pop().popped == 3)
    // snippet.show
    state.pop()  // returns 3; left [1], right 2
    // snippet.end
    #expect(state.left == [1] && state.right == 2)
  }

  @Test func error() throws {
    var state = DrillDownState<Int>()
    try state.push(1)
    // snippet symbol-drill-down-error
    do {
      try state.push(1)
      // snippet.hide
      Issue.record("the push was carried out")
      // snippet.show
    } catch {
      print(error)  // push: the screen is already shown at left[0]
      // snippet.hide
      #expect(error.description == "push: the screen is already shown at left[0]")
      // snippet.show
    }
    // snippet.end
    #expect(state.left == [1] && state.right == nil)
  }
}
