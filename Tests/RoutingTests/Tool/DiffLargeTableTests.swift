import Foundation
import Routing
import RoutingTool
import Testing

/// `routing diff` on a seeded large table and a changed copy, against a reference that
/// plans every pair with `RouteTable.route` on both tables.
@Suite struct DiffLargeTableTests {
  /// A table of `screens` screens and five times as many commands as a file (each with
  /// one or two origins, one in fifty from anywhere, every third without an id), and a
  /// copy with some commands removed, some origins changed and a few screens swapped.
  static func tables(screens: Int, seed: UInt64) -> (old: String, new: String) {
    var random = SeededGenerator(seed: seed)
    typealias Command = (id: String?, from: [Int], to: Int)
    var commands: [Command] = []
    for number in 0..<(screens * 5) {
      let from =
        Int.random(in: 0..<50, using: &random) == 0
        ? []
        : (0..<Int.random(in: 1...2, using: &random)).map { _ in
          Int.random(in: 0..<screens, using: &random)
        }
      commands.append(
        (number % 3 == 0 ? nil : "c\(number)", from, Int.random(in: 0..<screens, using: &random)))
    }
    var changed: [Command] = []
    for command in commands {
      switch Int.random(in: 0..<40, using: &random) {
      case 0: continue  // removed
      case 1:
        var moved = command
        moved.from = [Int.random(in: 0..<screens, using: &random)]
        changed.append(moved)
      default: changed.append(command)
      }
    }
    changed.insert((nil, [1], screens + 1), at: 0)  // a new screen, and every command renumbered
    func json(_ commands: [Command], removing removed: Int?) -> String {
      let lines = commands.filter { $0.to != removed && !$0.from.contains { $0 == removed } }
        .map { command in
          let id = command.id.map { #""id": "\#($0)", "# } ?? ""
          let from = command.from.map { #""S\#($0)""# }.joined(separator: ", ")
          return #"{\#(id)"from": [\#(from)], "to": "S\#(command.to)"}"#
        }
      return #"{"commands": [\#(lines.joined(separator: ",\n"))]}"#
    }
    return (json(commands, removing: nil), json(changed, removing: 2))
  }

  /// What the tool must report: every pair planned on both tables.
  static func reference(old: RouteTable, new: RouteTable) -> [String] {
    func identity(_ table: RouteTable, _ step: Step) -> String {
      let command = table.commands[step.command]
      return "\(step.action) \(step.screen) "
        + (command.id ?? "\(command.destination) \(Set(command.origins.map(\.rawValue)).sorted())")
    }
    let newNames = Set(new.screens.map(\.name))
    let oldNames = Set(old.screens.map(\.name))
    let destinations =
      old.screens.map(\.name) + new.screens.map(\.name).filter { !oldNames.contains($0) }
    var changes: [String] = []
    for start in old.screens.map(\.name) where newNames.contains(start) {
      for destination in destinations where destination != start {
        let was = try? old.route(from: [Entry(start)], to: destination)
        let now = try? new.route(from: [Entry(start)], to: destination)
        let kind: String
        switch (was, now) {
        case (nil, nil): continue
        case (.some, nil): kind = "lost"
        case (nil, .some): kind = "gained"
        case (let was?, let now?) where was.steps.count < now.steps.count: kind = "longer"
        case (let was?, let now?) where was.steps.count > now.steps.count: kind = "shorter"
        case (let was?, let now?):
          if was.steps.map({ identity(old, $0) }) == now.steps.map({ identity(new, $0) }) {
            continue
          }
          kind = "changed"
        }
        changes.append("\(kind) \(start) \(destination)")
      }
    }
    return changes
  }

  @Test func agreesWithThePlannerPairByPair() throws {
    let screens = TestScale.isFull ? 200 : 40
    let (old, new) = Self.tables(screens: screens, seed: 2_026)
    let result = Tool.run(
      ["diff", "old.json", "new.json", "--json"], files: ["old.json": old, "new.json": new])
    let object = try #require(Tool.object(result.output))
    let changes = try #require(object["changes"] as? [[String: Any]])
    let reported = changes.map { change in
      "\(change["kind"] as? String ?? "") \((change["from"] as? [String])?.first ?? "") \(change["to"] as? String ?? "")"
    }
    let expected = Self.reference(old: try RouteTable(json: old), new: try RouteTable(json: new))
    #expect(reported == expected)
    // Every kind occurs, so the comparison covers each.
    for kind in ["lost", "gained", "longer", "shorter", "changed"] {
      #expect(expected.contains { $0.hasPrefix(kind + " ") }, "no \(kind) change")
    }
    #expect(result.exitCode == 1)
  }
}
