import Foundation
import Routing

/// A mail-like table for restoration tests: `Launch` and `Compose` have no restoration
/// identifier; the others do, with parameters of every kind.
enum RestorationTable {
  static func make(defaultFactory: ScreenFactory? = HeadlessScreen.factory) throws -> RouteTable {
    try RouteTable(defaultFactory: defaultFactory) {
      Screen("Launch", factory: HeadlessScreen.factory)
      Screen("Mailboxes", restorationIdentifier: "mailboxes", factory: HeadlessScreen.factory)
      Screen(
        "Folder", parameters: [.string("name")], restorationIdentifier: "folder",
        factory: HeadlessScreen.factory)
      Screen(
        "Message", parameters: [.integer("id")], restorationIdentifier: "message",
        factory: HeadlessScreen.factory)
      Screen(
        "Settings", parameters: [.boolean("dark"), .decimal("scale")],
        restorationIdentifier: "settings", factory: HeadlessScreen.factory)
      Screen("Compose", restorationIdentifier: "", factory: HeadlessScreen.factory)
      Command(to: "Mailboxes")
      Command(from: ["Mailboxes"], to: "Folder")
      Command(from: ["Folder"], to: "Message")
      Command(to: "Compose")
      Command(to: "Settings")
    }
  }

  static let restorable: Set<ScreenName> = ["Mailboxes", "Folder", "Message", "Settings"]

  @MainActor
  static func item(_ screen: ScreenName, _ parameters: Parameters = [:]) -> StackItem {
    let entry = Entry(screen, parameters: parameters)
    return StackItem(entry: entry, screen: HeadlessScreen(ScreenContext(entry: entry)))
  }

  /// A random entry; about one in three has no restoration identifier.
  static func randomEntry(_ random: inout SeededGenerator) -> Entry {
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return Entry("Launch")
    case 1: return Entry("Compose")
    case 2: return Entry("Mailboxes")
    case 3:
      let names = ["Inbox", "Archive", "A/B & C", "Ünïcödé", "", "quote \"x\""]
      return Entry("Folder", parameters: ["name": .string(names.randomElement(using: &random)!)])
    case 4:
      return Entry(
        "Message", parameters: ["id": .integer(Int.random(in: -5...1_000_000, using: &random))])
    default:
      return Entry(
        "Settings",
        parameters: [
          "dark": .boolean(Bool.random(using: &random)),
          "scale": .decimal(Double.random(in: -10...10, using: &random)),
        ])
    }
  }

  static func encode(_ snapshot: NavigationSnapshot) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(snapshot)
  }

  static func decode(_ text: String) throws -> NavigationSnapshot {
    try JSONDecoder().decode(NavigationSnapshot.self, from: Data(text.utf8))
  }
}
