import Foundation
import Routing
import Testing

/// Snapshots through JSON: the format, seeded round trips of random states, and corrupt
/// or foreign snapshots refused with the container untouched.
@Suite @MainActor struct SnapshotCodingTests {
  typealias T = RestorationTable

  @Test func theFormat() throws {
    let snapshot = NavigationSnapshot(
      entries: [
        SavedEntry(identifier: "mailboxes"),
        SavedEntry(identifier: "folder", parameters: ["name": "Inbox"]),
      ], rightPaneRestorable: true)
    let text = String(decoding: try T.encode(snapshot), as: UTF8.self)
    #expect(
      text
        == #"{"entries":[{"identifier":"mailboxes","parameters":{}},{"identifier":"folder","parameters":{"name":"Inbox"}}],"rightPaneRestorable":true,"version":1}"#
    )
    #expect(try T.decode(text) == snapshot)
    #expect(snapshot.version == NavigationSnapshot.currentVersion)
    // Optional keys: parameters and rightPaneRestorable.
    #expect(
      try T.decode(#"{"version":1,"entries":[{"identifier":"mailboxes"}]}"#)
        == NavigationSnapshot(entries: [SavedEntry(identifier: "mailboxes")]))
  }

  @Test func aStackSnapshotHasNoRightPaneKey() throws {
    let table = try T.make()
    let stack = StackContainer(items: [T.item("Mailboxes"), T.item("Folder", ["name": "Inbox"])])
    let snapshot = stack.snapshot(using: table)
    #expect(snapshot.rightPaneRestorable == nil)
    let text = String(decoding: try T.encode(snapshot), as: UTF8.self)
    #expect(
      text
        == #"{"entries":[{"identifier":"mailboxes","parameters":{}},{"identifier":"folder","parameters":{"name":"Inbox"}}],"version":1}"#
    )
    #expect(try T.decode(text) == snapshot)
  }

  @Test func aDrillDownSnapshotAlwaysHasTheRightPaneKey() throws {
    let table = try T.make()
    let drillDown = try DrillDownContainer(
      left: [T.item("Mailboxes"), T.item("Folder", ["name": "Inbox"])], right: nil)
    let snapshot = drillDown.snapshot(using: table)
    #expect(snapshot.rightPaneRestorable == false)
    let text = String(decoding: try T.encode(snapshot), as: UTF8.self)
    #expect(text.contains(#""rightPaneRestorable":false"#))
  }

  @Test(arguments: ["false", "true"])
  func anOldStackSnapshotWithTheRightPaneKeyStillRestores(value: String) throws {
    let old =
      #"{"entries":[{"identifier":"mailboxes","parameters":{}},{"identifier":"folder","parameters":{"name":"Inbox"}}],"rightPaneRestorable":"#
      + value + #","version":1}"#
    let snapshot = try T.decode(old)
    #expect(snapshot.rightPaneRestorable == (value == "true"))
    let stack = StackContainer(root: T.item("Launch"))
    try stack.restore(snapshot, using: try T.make())
    #expect(stack.entries == [Entry("Mailboxes"), Entry("Folder", parameters: ["name": "Inbox"])])
  }

  /// The entries a snapshot of `stack` must hold: the restorable ones, in order.
  nonisolated static func expectedEntries(_ stack: [Entry]) -> [Entry] {
    stack.filter { T.restorable.contains($0.screen) }
  }

  @Test(arguments: 0..<6)
  func randomDrillDownStatesRoundTrip(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed) &* 977 &+ 3)
    let table = try T.make()
    for _ in 0..<150 {
      let count = Int.random(in: 0...7, using: &random)
      let entries = (0..<count).map { _ in T.randomEntry(&random) }
      let items = entries.map { T.item($0.screen, $0.parameters) }
      let rightFilled = count >= 2 && Bool.random(using: &random)
      let source = try DrillDownContainer(
        left: rightFilled ? Array(items.dropLast()) : items, right: rightFilled ? items.last : nil)
      let snapshot = source.snapshot(using: table)
      let decoded = try JSONDecoder().decode(NavigationSnapshot.self, from: T.encode(snapshot))
      #expect(decoded == snapshot)

      let expected = Self.expectedEntries(entries)
      let rightRestorable = rightFilled && T.restorable.contains(entries[count - 1].screen)
      #expect(snapshot.rightPaneRestorable == rightRestorable)
      let restored = DrillDownContainer(root: T.item("Launch"))
      if expected.isEmpty {
        // Nothing restorable keeps the container as it was.
        try restored.restore(decoded, using: table)
        #expect(restored.entries == [Entry("Launch")])
        continue
      }
      try restored.restore(decoded, using: table)
      #expect(restored.entries == expected)
      if expected.count >= 2 && rightRestorable {
        #expect(restored.right?.entry == expected.last)
        #expect(restored.left.map(\.entry) == Array(expected.dropLast()))
      } else {
        #expect(restored.right == nil)
        #expect(restored.left.map(\.entry) == expected)
      }
      #expect(restored.canSwipeBack == (restored.left.count >= 2))
      // Restored screens are fresh objects.
      #expect(restored.items.allSatisfy { item in !items.contains { $0.screen === item.screen } })
      // Saving what was restored saves the same entries again.
      #expect(restored.snapshot(using: table).entries == snapshot.entries)
    }
  }

  @Test(arguments: 0..<4)
  func randomStacksRoundTrip(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed) &+ 4_242)
    let table = try T.make()
    for _ in 0..<150 {
      let entries = (0..<Int.random(in: 1...7, using: &random)).map { _ in T.randomEntry(&random) }
      let source = StackContainer(items: entries.map { T.item($0.screen, $0.parameters) })
      let snapshot = source.snapshot(using: table)
      #expect(snapshot.rightPaneRestorable == nil)
      let decoded = try JSONDecoder().decode(NavigationSnapshot.self, from: T.encode(snapshot))
      #expect(decoded == snapshot)
      let restored = StackContainer(root: T.item("Launch"))
      let expected = Self.expectedEntries(entries)
      try restored.restore(decoded, using: table)
      // Nothing restorable keeps the stack as it was.
      #expect(restored.entries == (expected.isEmpty ? [Entry("Launch")] : expected))
    }
  }

  /// Bad snapshots, as JSON text: what must be refused, and the kind of refusal.
  struct BadSnapshot: CustomStringConvertible, Sendable {
    enum Refusal: Sendable, Equatable {
      /// A `DecodingError`; for `dataCorrupted`, the coding path it names.
      case decoding(path: String?)
      case restoration(RestorationError.Kind, at: String)
    }

    var name: String
    var json: String
    var refusal: Refusal
    var description: String { name }
  }

  nonisolated static let badSnapshots: [BadSnapshot] = [
    .init(name: "not JSON", json: "garbage", refusal: .decoding(path: nil)),
    .init(name: "empty", json: "", refusal: .decoding(path: nil)),
    .init(name: "an array", json: "[1, 2]", refusal: .decoding(path: nil)),
    .init(
      name: "unknown version", json: #"{"version": 2, "entries": []}"#,
      refusal: .decoding(path: "version")),
    .init(
      name: "version zero", json: #"{"version": 0, "entries": [{"identifier": "mailboxes"}]}"#,
      refusal: .decoding(path: "version")),
    .init(
      name: "version as text", json: #"{"version": "1", "entries": []}"#,
      refusal: .decoding(path: nil)),
    .init(name: "no version", json: #"{"entries": []}"#, refusal: .decoding(path: nil)),
    .init(name: "no entries", json: #"{"version": 1}"#, refusal: .decoding(path: nil)),
    .init(
      name: "unknown key", json: #"{"version": 1, "entries": [], "stack": []}"#,
      refusal: .decoding(path: "stack")),
    .init(
      name: "unknown entry key",
      json: #"{"version": 1, "entries": [{"identifier": "mailboxes", "screen": "Mailboxes"}]}"#,
      refusal: .decoding(path: "entries.0.screen")),
    .init(
      name: "empty identifier", json: #"{"version": 1, "entries": [{"identifier": ""}]}"#,
      refusal: .decoding(path: "entries.0.identifier")),
    .init(
      name: "empty parameter name",
      json: #"{"version": 1, "entries": [{"identifier": "folder", "parameters": {"": "x"}}]}"#,
      refusal: .decoding(path: "entries.0.parameters")),
    .init(
      name: "number as parameter",
      json: #"{"version": 1, "entries": [{"identifier": "message", "parameters": {"id": 3}}]}"#,
      refusal: .decoding(path: nil)),
    .init(
      name: "flag as text",
      json: #"{"version": 1, "entries": [], "rightPaneRestorable": "yes"}"#,
      refusal: .decoding(path: nil)),
    .init(
      name: "unknown identifier",
      json: #"{"version": 1, "entries": [{"identifier": "mailboxes"}, {"identifier": "draft"}]}"#,
      refusal: .restoration(.unknownIdentifier, at: "entries[1].identifier")),
    .init(
      name: "screen name instead of identifier",
      json: #"{"version": 1, "entries": [{"identifier": "Mailboxes"}]}"#,
      refusal: .restoration(.unknownIdentifier, at: "entries[0].identifier")),
    .init(
      name: "text for an integer",
      json:
        #"{"version": 1, "entries": [{"identifier": "mailboxes"}, {"identifier": "folder", "parameters": {"name": "Inbox"}}, {"identifier": "message", "parameters": {"id": "abc"}}], "rightPaneRestorable": true}"#,
      refusal: .restoration(.invalidParameter, at: "entries[2].parameters.id")),
    .init(
      name: "text for a boolean",
      json:
        #"{"version": 1, "entries": [{"identifier": "settings", "parameters": {"dark": "yes", "scale": "1"}}]}"#,
      refusal: .restoration(.invalidParameter, at: "entries[0].parameters.dark")),
    .init(
      name: "infinite decimal",
      json:
        #"{"version": 1, "entries": [{"identifier": "settings", "parameters": {"dark": "true", "scale": "inf"}}]}"#,
      refusal: .restoration(.invalidParameter, at: "entries[0].parameters.scale")),
  ]

  /// Decodes and restores; returns the refusal, or `nil` when it was accepted.
  static func refusal(
    _ json: String, into container: some RestorableContainer, table: RouteTable
  ) -> BadSnapshot.Refusal? {
    let snapshot: NavigationSnapshot
    do {
      snapshot = try T.decode(json)
    } catch let error as DecodingError {
      if case .dataCorrupted(let context) = error {
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        return .decoding(path: path.isEmpty ? nil : path.joined(separator: "."))
      }
      return .decoding(path: nil)
    } catch {
      Issue.record("decoding threw \(error), not a DecodingError")
      return nil
    }
    do {
      try container.restore(snapshot, using: table)
    } catch {
      #expect(error.description.hasPrefix("\(error.location): "))
      return .restoration(error.kind, at: error.location)
    }
    return nil
  }

  @Test(arguments: badSnapshots)
  func badSnapshotsLeaveADrillDownUntouched(_ bad: BadSnapshot) throws {
    let table = try T.make()
    let left = [T.item("Mailboxes"), T.item("Folder", ["name": "Inbox"])]
    let right = T.item("Message", ["id": 1])
    let container = try DrillDownContainer(left: left, right: right)
    var events: [DrillDownEvent] = []
    container.addObserver { events.append($0) }
    let refusal = Self.refusal(bad.json, into: container, table: table)
    #expect(Self.matches(refusal, bad.refusal), "\(bad.name): \(String(describing: refusal))")
    #expect(container.left.count == 2 && container.right != nil)
    #expect(zip(container.left, left).allSatisfy { $0.screen === $1.screen })
    #expect(container.right?.screen === right.screen)
    #expect(events.isEmpty)
  }

  @Test(arguments: badSnapshots)
  func badSnapshotsLeaveAStackUntouched(_ bad: BadSnapshot) throws {
    let table = try T.make()
    let items = [T.item("Mailboxes"), T.item("Compose")]
    let container = StackContainer(items: items)
    let refusal = Self.refusal(bad.json, into: container, table: table)
    #expect(Self.matches(refusal, bad.refusal), "\(bad.name): \(String(describing: refusal))")
    #expect(container.items.count == 2)
    #expect(zip(container.items, items).allSatisfy { $0.screen === $1.screen })
  }

  /// A decoding refusal without a path matches any decoding error.
  nonisolated static func matches(_ actual: BadSnapshot.Refusal?, _ expected: BadSnapshot.Refusal)
    -> Bool
  {
    switch (actual, expected) {
    case (.decoding, .decoding(path: nil)): true
    default: actual == expected
    }
  }

  @Test func unknownVersionSaysWhatItReads() throws {
    do {
      _ = try T.decode(#"{"version": 7, "entries": []}"#)
      Issue.record("version 7 decoded")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(
        context.debugDescription == "unsupported snapshot version 7; this library reads version 1")
      #expect(context.codingPath.map(\.stringValue) == ["version"])
    }
  }
}
