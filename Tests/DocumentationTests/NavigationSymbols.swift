// The examples in the doc comments of the navigator, its containers and restoration
// (Sources/Routing/Navigation and Restoration), which DocC shows on each symbol's page.
// SnippetTests checks that each of those examples shows a region below exactly.

import Foundation
import Routing
import Testing

@MainActor
@Suite struct NavigationSymbolExamples {
  let table: RouteTable
  let mailTable: RouteTable

  init() throws {
    table = try makeRouteTable()
    mailTable = try makeMailTable()
  }

  @Test func navigator() async throws {
    // snippet symbol-navigator
    let navigator = try Navigator(table: table, root: .menu)
    let route = try await navigator.go(to: .profile, via: [.folder], parameters: ["userId": 2])
    // snippet.end
    #expect(route.stack == navigator.stack)
    #expect(navigator.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")
  }

  @Test func stackContainer() async throws {
    // snippet symbol-stack-container
    let container = try StackContainer(table: table, root: .menu)
    let navigator = Navigator(table: table, container: container)
    // snippet.end
    #expect(navigator.stack == [Entry(.menu)])
  }

  @Test func makesARootItem() throws {
    // snippet symbol-root-item
    let root = try table.makeItem(for: .menu)
    let container = StackContainer(root: root)
    // snippet.end
    #expect(container.entries == [Entry(.menu)])
    #expect(container.items.first?.screen is HeadlessScreen)
  }

  @Test func stackWithRoot() throws {
    // snippet symbol-stack-container-root
    let container = try StackContainer(table: table, root: .menu)
    // snippet.end
    #expect(container.entries == [Entry(.menu)])
  }

  @Test func drillDownWithRoot() throws {
    let table = mailTable
    // snippet symbol-drill-down-container-root
    let navigator = Navigator(
      table: table, container: try DrillDownContainer(table: table, root: .mailboxes))
    // snippet.end
    #expect(navigator.container.left.map(\.entry) == [Entry(.mailboxes)])
    #expect(navigator.container.right == nil)
  }

  @Test func navigatorWithRoot() async throws {
    // snippet symbol-navigator-root
    let navigator = try Navigator(table: table, root: .menu)
    try await navigator.go(to: .profile, parameters: ["userId": 2])
    // snippet.end
    #expect(navigator.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")
  }

  /// A snapshot of Mailboxes > Folder(name: Inbox), as JSON.
  func savedInbox() throws -> Data {
    try JSONEncoder().encode(
      NavigationSnapshot(
        entries: [
          SavedEntry(identifier: "mailboxes"),
          SavedEntry(identifier: "folder", parameters: ["name": "Inbox"]),
        ], rightPaneRestorable: true))
  }

  @Test func restores() async throws {
    let navigator = Navigator(
      table: mailTable, container: try DrillDownContainer(table: mailTable, root: .mailboxes))
    let data = try savedInbox()
    // snippet symbol-navigator-restore
    let snapshot = try JSONDecoder().decode(NavigationSnapshot.self, from: data)
    try await navigator.restore(snapshot)
    try await navigator.go(to: .message, parameters: ["id": 7])
    // snippet.end
    #expect(
      navigator.stack.stackDescription == "Mailboxes > Folder(name: Inbox) > Message(id: 7)")
  }

  @Test func explainsRestorationFailures() async throws {
    let navigator = Navigator(
      table: mailTable, container: try DrillDownContainer(table: mailTable, root: .mailboxes))
    var snapshot = try JSONDecoder().decode(NavigationSnapshot.self, from: try savedInbox())
    snapshot.entries.append(SavedEntry(identifier: "draft"))
    // snippet symbol-restoration-error
    do {
      try await navigator.restore(snapshot)
      // snippet.hide
      Issue.record("the snapshot was restored")
      // snippet.show
    } catch {
      print(error)  // entries[2].identifier: unknown restoration identifier 'draft'
      // snippet.hide
      #expect(error.description == "entries[2].identifier: unknown restoration identifier 'draft'")
      // snippet.show
    }
    // snippet.end
    #expect(navigator.stack == [Entry(.mailboxes)])
  }
}
