import Foundation
import Routing
import Testing

/// Every snapshot a container saves restores with the same table, into a fresh container
/// of the same shape, and saves again as it was: stacks, drill-downs and tabs, empty ones
/// (nothing restorable) included, which leave the fresh container as it is.
@Suite @MainActor struct SaveThenRestoreTests {
  typealias T = RestorationTable

  /// A random stack of 0 to 6 entries, about one in three not restorable.
  static func randomItems(_ random: inout SeededGenerator, atLeast minimum: Int = 0) -> [StackItem]
  {
    (0..<Int.random(in: minimum...6, using: &random)).map { _ in
      let entry = T.randomEntry(&random)
      return T.item(entry.screen, entry.parameters)
    }
  }

  /// The entries a snapshot restores, as the reference reads it: the restorable ones in
  /// order, each with the values its screen declares.
  static func restorable(_ items: [StackItem]) -> [Entry] {
    items.map(\.entry).filter { T.restorable.contains($0.screen) }
  }

  @Test(arguments: TestScale.batches(full: 20, quick: 4))
  func stacks(batch: Int) throws {
    let table = try T.make()
    var random = SeededGenerator(seed: UInt64(batch) &* 7_919 &+ 11)
    for _ in 0..<50 {
      let items = Self.randomItems(&random, atLeast: 1)
      let snapshot = StackContainer(items: items).snapshot(using: table)
      let decoded = try JSONDecoder().decode(NavigationSnapshot.self, from: T.encode(snapshot))
      let fresh = StackContainer(root: T.item("Launch"))
      try fresh.restore(decoded, using: table)
      let expected = Self.restorable(items)
      #expect(fresh.entries == (expected.isEmpty ? [Entry("Launch")] : expected))
      #expect(fresh.snapshot(using: table) == snapshot)
    }
  }

  @Test(arguments: TestScale.batches(full: 20, quick: 4))
  func drillDowns(batch: Int) throws {
    let table = try T.make()
    var random = SeededGenerator(seed: UInt64(batch) &* 6_007 &+ 5)
    for _ in 0..<50 {
      let left = Self.randomItems(&random)
      let right =
        !left.isEmpty && Bool.random(using: &random) ? Self.randomItems(&random).first : nil
      let source = try DrillDownContainer(left: left, right: right)
      let snapshot = source.snapshot(using: table)
      let decoded = try JSONDecoder().decode(NavigationSnapshot.self, from: T.encode(snapshot))
      let fresh = DrillDownContainer(root: T.item("Launch"))
      var events = 0
      _ = fresh.addObserver { _ in events += 1 }
      try fresh.restore(decoded, using: table)
      let expected = Self.restorable(left + (right.map { [$0] } ?? []))
      if expected.isEmpty {
        #expect(fresh.entries == [Entry("Launch")] && fresh.right == nil)
        #expect(events == 0)
      } else {
        #expect(fresh.entries == expected)
        #expect(fresh.snapshot(using: table).entries == snapshot.entries)
      }
    }
  }

  @Test func anEmptyDrillDownSavesAndRestores() throws {
    let table = try T.make()
    let snapshot = DrillDownContainer().snapshot(using: table)
    #expect(snapshot.entries.isEmpty)
    let fresh = DrillDownContainer(root: T.item("Mailboxes"))
    try fresh.restore(snapshot, using: table)
    #expect(fresh.entries == [Entry("Mailboxes")])
    let empty = DrillDownContainer()
    try empty.restore(snapshot, using: table)
    #expect(empty.entries.isEmpty)
  }

  /// Two tabs of the restoration table: Mail (from Mailboxes) and Drafts (from Launch,
  /// which is not restorable).
  static func tabTable() throws -> RouteTable {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Tab("Mail", root: "Mailboxes"))
    registry.register(Tab("Drafts", root: "Launch"))
    registry.register {
      Screen("Launch")
      Screen("Mailboxes", restorationIdentifier: "mailboxes")
      Screen("Folder", parameters: [.string("name")], restorationIdentifier: "folder")
      Screen("Message", parameters: [.integer("id")], restorationIdentifier: "message")
      Screen(
        "Settings", parameters: [.boolean("dark"), .decimal("scale")],
        restorationIdentifier: "settings")
      Screen("Compose", restorationIdentifier: "")
      Command(to: "Mailboxes")
      Command(from: ["Mailboxes"], to: "Folder")
      Command(from: ["Folder"], to: "Message")
      Command(to: "Compose")
      Command(to: "Settings")
    }
    return try registry.compile()
  }

  @Test(arguments: TestScale.batches(full: 20, quick: 4))
  func tabs(batch: Int) throws {
    let table = try Self.tabTable()
    var random = SeededGenerator(seed: UInt64(batch) &* 4_001 &+ 17)
    for _ in 0..<30 {
      let mail = Self.randomItems(&random, atLeast: 1)
      let drafts = Self.randomItems(&random, atLeast: 1)
      let selected = Bool.random(using: &random) ? "Mail" : "Drafts"
      let source = TabContainer(
        tabs: [("Mail", StackContainer(items: mail)), ("Drafts", StackContainer(items: drafts))],
        selected: selected)
      let snapshot = source.snapshot(using: table)
      let data = try JSONEncoder().encode(snapshot)
      let fresh = try TabContainer(table: table)
      try fresh.restore(try JSONDecoder().decode(TabSnapshot.self, from: data), using: table)
      #expect(fresh.selected == selected)
      for (name, items, root) in [("Mail", mail, "Mailboxes"), ("Drafts", drafts, "Launch")] {
        let expected = Self.restorable(items)
        #expect(
          fresh.state.stacks[name]
            == (expected.isEmpty ? [Entry(ScreenName(root))] : expected), "tab \(name)")
      }
      #expect(fresh.snapshot(using: table).selected == snapshot.selected)
    }
  }

  @Test func tabsWithNothingRestorableKeepTheirStacks() throws {
    let table = try Self.tabTable()
    let source = TabContainer(
      tabs: [
        ("Mail", StackContainer(items: [T.item("Launch")])),
        ("Drafts", StackContainer(items: [T.item("Compose")])),
      ], selected: "Drafts")
    let snapshot = source.snapshot(using: table)
    #expect(snapshot.tabs.values.allSatisfy { $0.entries.isEmpty })
    let fresh = try TabContainer(table: table)
    try fresh.restore(snapshot, using: table)
    #expect(fresh.state.stacks["Mail"] == [Entry("Mailboxes")])
    #expect(fresh.state.stacks["Drafts"] == [Entry("Launch")])
    #expect(fresh.selected == "Drafts")
  }
}
