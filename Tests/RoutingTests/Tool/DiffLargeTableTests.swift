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
  /// With `tabs`, both declare four tabs (the last one's root moved in the copy), a
  /// quarter of the commands is limited to one or two of them, and the copy limits some
  /// commands otherwise.
  static func tables(screens: Int, seed: UInt64, tabs: Bool = false) -> (
    old: String, new: String
  ) {
    var random = SeededGenerator(seed: seed)
    typealias Command = (id: String?, from: [Int], to: Int, tabs: [Int])
    func someTabs() -> [Int] {
      Array(
        Set(
          (0..<Int.random(in: 1...2, using: &random)).map { _ in
            Int.random(in: 0..<4, using: &random)
          })
      )
      .sorted()
    }
    var commands: [Command] = []
    for number in 0..<(screens * 5) {
      let from =
        Int.random(in: 0..<50, using: &random) == 0
        ? []
        : (0..<Int.random(in: 1...2, using: &random)).map { _ in
          Int.random(in: 0..<screens, using: &random)
        }
      let to = Int.random(in: 0..<screens, using: &random)
      let limits = tabs && number % 4 == 1 ? someTabs() : []
      commands.append((number % 3 == 0 ? nil : "c\(number)", from, to, limits))
    }
    var changed: [Command] = []
    for command in commands {
      switch Int.random(in: 0..<40, using: &random) {
      case 0: continue  // removed
      case 1:
        var moved = command
        moved.from = [Int.random(in: 0..<screens, using: &random)]
        changed.append(moved)
      case 2 where tabs, 3 where tabs:
        var limited = command
        limited.tabs = limited.tabs.isEmpty ? someTabs() : []
        changed.append(limited)
      default: changed.append(command)
      }
    }
    // A new screen, and every command renumbered.
    changed.insert((nil, [1], screens + 1, []), at: 0)
    func json(_ commands: [Command], removing removed: Int?, lastRoot: Int) -> String {
      let lines = commands.filter { $0.to != removed && !$0.from.contains { $0 == removed } }
        .map { command in
          let id = command.id.map { #""id": "\#($0)", "# } ?? ""
          let from = command.from.map { #""S\#($0)""# }.joined(separator: ", ")
          let limits =
            command.tabs.isEmpty
            ? "" : #", "tabs": [\#(command.tabs.map { #""T\#($0)""# }.joined(separator: ", "))]"#
          return #"{\#(id)"from": [\#(from)], "to": "S\#(command.to)"\#(limits)}"#
        }
      let roots = [0, 1, 3, lastRoot].enumerated().map {
        #"{"name": "T\#($0)", "root": "S\#($1)"}"#
      }
      let declared = tabs ? #""tabs": [\#(roots.joined(separator: ", "))], "# : ""
      return #"{\#(declared)"commands": [\#(lines.joined(separator: ",\n"))]}"#
    }
    return (json(commands, removing: nil, lastRoot: 4), json(changed, removing: 2, lastRoot: 5))
  }

  /// What the tool must report: every pair planned on both tables, from each screen both
  /// hold that at least one plans from (on a table with tabs, a tab's root), with the
  /// start's tab in each table that plans from it.
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
      // A table plans from the stack when a route to its top (an empty one) is planned.
      let tabs = [old, new].map { table in
        (try? table.route(from: [Entry(start)], to: start)).map { _ in
          table.tabs.first { $0.root == start }.map { " \($0.name)" } ?? ""
        }
      }
      guard tabs != [nil, nil] else { continue }
      let tab = tabs.map { $0.map { "\($0)" } ?? " -" }.joined()
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
        changes.append("\(kind) \(start) \(destination)" + (old.tabs.isEmpty ? "" : tab))
      }
    }
    return changes
  }

  /// The changes `routing diff --json` reports between `old` and `new`, as
  /// ``reference(old:new:)`` writes them, and its exit code.
  static func reported(old: String, new: String, limit: Int = 0) throws -> ([String], Int32) {
    let result = Tool.run(
      ["diff", "old.json", "new.json", "--json", "--limit", String(limit)],
      files: ["old.json": old, "new.json": new])
    let object = try #require(Tool.object(result.output))
    let changes = try #require(object["changes"] as? [[String: Any]])
    let reported = changes.map { change in
      let tabs = (change["tabs"] as? [String: String]).map { tabs in
        [" \(tabs["old"] ?? "-")", " \(tabs["new"] ?? "-")"].joined()
      }
      return
        "\(change["kind"] as? String ?? "") \((change["from"] as? [String])?.first ?? "") \(change["to"] as? String ?? "")"
        + (tabs ?? "")
    }
    return (reported, result.exitCode)
  }

  /// `--limit N` lists the first N changes of the full list and counts every one: the
  /// summary, the exit code and the most affected starts and screens are those of all.
  @Test func aLimitListsTheFirstChangesAndCountsThemAll() throws {
    let (old, new) = Self.tables(screens: 40, seed: 2_026)
    let (all, exitCode) = try Self.reported(old: old, new: new)
    #expect(all.count > 20)
    let (first, limitedExit) = try Self.reported(old: old, new: new, limit: 20)
    #expect(first == Array(all.prefix(20)))
    #expect(limitedExit == exitCode)
    let files = ["old.json": old, "new.json": new]
    let json = Tool.run(["diff", "old.json", "new.json", "--json", "--limit", "20"], files: files)
    let summary = try #require(Tool.object(json.output)?["summary"] as? [String: Any])
    #expect(summary["listed"] as? Int == 20)
    let counted = ["lost", "gained", "longer", "shorter", "changed"].map {
      summary[$0] as? Int ?? 0
    }
    #expect(counted.reduce(0, +) == all.count)
    let starts = try #require(summary["mostChangesFrom"] as? [[String: Any]])
    let most = Dictionary(grouping: all) { $0.split(separator: " ")[1] }.mapValues(\.count)
    #expect(starts.first?["changes"] as? Int == most.values.max())
    // Text: the summary first, then the listed changes and how many more.
    let text = Tool.lines(
      Tool.run(["diff", "old.json", "new.json", "--limit", "20"], files: files).output)
    #expect(text.first?.hasPrefix("diff: ") == true)
    #expect(
      text.contains("… \(all.count - 20) more changes not listed (--limit 20; --limit 0 lists all)")
    )
    // The default lists 200.
    let (listed, _) = try Self.reported(old: old, new: new, limit: 200)
    #expect(listed == Array(all.prefix(200)))
    // `--limit 0` lists every change in text too, and says nothing is left out.
    let everything = Tool.lines(
      Tool.run(["diff", "old.json", "new.json", "--limit", "0"], files: files).output)
    #expect(!everything.contains { $0.contains("more changes not listed") })
    #expect(everything.count >= all.count + 1)
    #expect(everything.count > text.count)
  }

  /// Three seeds by default, eight in CI, 40 screens (200 in CI).
  @Test(
    arguments: TestScale.cases([2_026, 2_028, 2_029, 2_030, 2_031, 2_032, 2_033, 2_034], quick: 3))
  func agreesWithThePlannerPairByPair(seed: UInt64) throws {
    let screens = TestScale.isFull ? 200 : 40
    let (old, new) = Self.tables(screens: screens, seed: seed)
    let (reported, exitCode) = try Self.reported(old: old, new: new)
    let expected = Self.reference(old: try RouteTable(json: old), new: try RouteTable(json: new))
    #expect(reported == expected)
    // Every kind occurs, so the comparison covers each.
    for kind in ["lost", "gained", "longer", "shorter", "changed"] {
      #expect(expected.contains { $0.hasPrefix(kind + " ") }, "no \(kind) change")
    }
    #expect(exitCode == 1)
  }

  /// On tables with tabs, each start is a tab's root, planned inside its tab without the
  /// commands the tab leaves out, as `RouteTable.route` plans it; a root that only one
  /// table has is a start whose routes are all lost or gained.
  @Test func agreesWithThePlannerInTabs() throws {
    let screens = TestScale.isFull ? 200 : 40
    let (old, new) = Self.tables(screens: screens, seed: 2_027, tabs: true)
    let (reported, _) = try Self.reported(old: old, new: new)
    let expected = Self.reference(old: try RouteTable(json: old), new: try RouteTable(json: new))
    #expect(reported == expected)
    let starts = Set(expected.map { $0.split(separator: " ")[1] })
    #expect(starts == ["S0", "S1", "S3", "S4", "S5"])
    for kind in ["lost", "gained", "longer", "shorter", "changed"] {
      #expect(expected.contains { $0.hasPrefix(kind + " ") }, "no \(kind) change")
    }
  }
}
