import Routing
import Testing

@testable import RoutingTool

/// The checker behind `routing check`, against simple references on seeded random
/// tables, and on a large table whose diagnostics are known by construction.
@Suite struct TableCheckerTests {
  /// A random table: `screens` screens, some declaring a parameter; commands from
  /// anywhere or from one to three origins (repeats possible), costing 1 to 3.
  static func randomTable(
    screens: Int, commands: Int, using generator: inout SeededGenerator
  ) throws -> RouteTable {
    var screenTexts: [String] = []
    for number in 0..<screens {
      let parameters =
        Int.random(in: 0..<4, using: &generator) == 0 ? #", "parameters": ["id"]"# : ""
      screenTexts.append(#"{"name": "S\#(number)"\#(parameters)}"#)
    }
    var commandTexts: [String] = []
    for _ in 0..<commands {
      let to = Int.random(in: 0..<screens, using: &generator)
      let cost = Int.random(in: 1...3, using: &generator)
      var from = ""
      if Int.random(in: 0..<4, using: &generator) != 0 {
        let origins = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
          #""S\#(Int.random(in: 0..<screens, using: &generator))""#
        }
        from = #""from": [\#(origins.joined(separator: ", "))], "#
      }
      commandTexts.append(#"{\#(from)"to": "S\#(to)", "cost": \#(cost)}"#)
    }
    return try RouteTable(
      json:
        #"{"screens": [\#(screenTexts.joined(separator: ", "))], "commands": [\#(commandTexts.joined(separator: ", "))]}"#
    )
  }

  /// Reachability as a fixed point: a command applies from its origins, or from any
  /// screen once one is reached when it has none.
  static func referenceReachable(_ table: RouteTable, roots: [ScreenName]) -> Set<ScreenName> {
    var seen = Set(roots)
    var changed = true
    while changed {
      changed = false
      for command in table.commands
      where command.origins.isEmpty ? !seen.isEmpty : command.origins.contains(where: seen.contains)
      {
        if seen.insert(command.destination).inserted { changed = true }
      }
    }
    return seen
  }

  /// The first earlier command to the same screen, at no higher cost, from anywhere or
  /// from every origin of command `number`.
  static func referenceCovering(_ table: RouteTable, _ number: Int) -> Int? {
    let command = table.commands[number]
    return (0..<number).first { earlier in
      let other = table.commands[earlier]
      guard other.destination == command.destination, other.cost <= command.cost else {
        return false
      }
      return other.origins.isEmpty
        || (!command.origins.isEmpty && Set(command.origins).isSubset(of: Set(other.origins)))
    }
  }

  /// The command a pop back to `screen` uses: the cheapest, the first among equals.
  static func referencePop(_ table: RouteTable, to screen: ScreenName) -> Int? {
    table.commands.indices.filter { table.commands[$0].destination == screen }
      .min { (table.commands[$0].cost, $0) < (table.commands[$1].cost, $1) }
  }

  @Test(arguments: TestScale.cases([(1, 7, 15), (2, 12, 40), (3, 60, 200)], quick: 2))
  func agreesWithTheReferencesOnRandomTables(seed: UInt64, screens: Int, commands: Int) throws {
    var generator = SeededGenerator(seed: seed)
    var selfCommands = (errors: 0, warnings: 0)
    for _ in 0..<150 {
      let table = try Self.randomTable(
        screens: Int.random(in: 1...screens, using: &generator),
        commands: Int.random(in: 0...commands, using: &generator), using: &generator)
      let names = table.screens.map(\.name)
      let roots = (0..<Int.random(in: 0...2, using: &generator)).compactMap { _ in
        names.randomElement(using: &generator)
      }
      let checker = TableChecker(table: table, roots: roots, screensDeclared: true)
      #expect(checker.reachable() == Self.referenceReachable(table, roots: roots))
      for number in table.commands.indices {
        #expect(checker.covering(number) == Self.referenceCovering(table, number))
        let command = table.commands[number]
        guard table.screen(named: command.destination)?.parameters.isEmpty == true,
          Set(command.origins) == [command.destination]
        else { continue }
        let pop = Self.referencePop(table, to: command.destination)
        let diagnostic = checker.selfCommandDiagnostic(number)
        #expect(diagnostic.severity == (pop == number ? .warning : .error))
        if diagnostic.severity == .error {
          selfCommands.errors += 1
          #expect(diagnostic.message.contains("use commands[\(pop ?? -1)], which"))
        } else {
          selfCommands.warnings += 1
        }
      }
    }
    // The random tables hold self-commands of both kinds.
    #expect(selfCommands.errors > 0)
    #expect(selfCommands.warnings > 0)
  }

  @Test func reachesNothingWithoutARoot() throws {
    let table = try RouteTable(json: #"{"commands": [{"to": "A"}, {"from": ["A"], "to": "B"}]}"#)
    #expect(TableChecker(table: table, roots: [], screensDeclared: false).reachable().isEmpty)
    #expect(
      TableChecker(table: table, roots: ["B"], screensDeclared: false).reachable()
        == ["A", "B"])
  }

  /// A seeded table of 5,000 screens and about 25,000 commands, with the problems it
  /// holds planted, so that its diagnostics are known without a reference:
  ///
  /// - S0 to S4899 are the mainland: the first command to each lists an origin with a
  ///   lower number, so all are reachable from S0;
  /// - S4900 to S4989 are an island: only island screens lead to them, so each is
  ///   unreachable;
  /// - S4990 to S4999 are orphans that no command leads to, except S4999, which only a
  ///   command from itself leads to: it is unreachable;
  /// - the five commands to each screen have distinct origin sets of the same size, so
  ///   none covers another; screens whose number is a multiple of 7 declare a parameter.
  ///
  /// Then the planted commands follow, each with its diagnostic.
  static func largeTable(seed: UInt64) -> (json: String, diagnostics: [String]) {
    var generator = SeededGenerator(seed: seed)
    let screenCount = 5_000
    let mainland = 4_900
    let island = 4_990
    var commands: [(origins: [Int], to: Int, cost: Int)] = []
    for to in 0..<island {
      let size = 1 + to % 3
      let pool = to < mainland ? 0..<mainland : mainland..<island
      var sets: [Set<Int>] = []
      while sets.count < 5 {
        var origins: Set<Int> = []
        if sets.isEmpty && to > 0 && to < mainland {
          origins.insert(Int.random(in: 0..<to, using: &generator))
        }
        while origins.count < size {
          let origin = Int.random(in: pool, using: &generator)
          if origin != to { origins.insert(origin) }
        }
        if !sets.contains(origins) { sets.append(origins) }
      }
      for origins in sets {
        commands.append(
          (origins.shuffled(using: &generator), to, Int.random(in: 1...3, using: &generator)))
      }
    }
    commands.shuffle(using: &generator)
    func first(to screen: Int) -> Int {
      commands.firstIndex { $0.to == screen } ?? -1
    }
    func command(_ number: Int) -> String { "commands[\(number)]" }
    func pop(to screen: Int) -> Int? {
      commands.indices.filter { commands[$0].to == screen }
        .min { (commands[$0].cost, $0) < (commands[$1].cost, $1) }
    }

    var expected: [String] = []
    for screen in mainland..<island {
      expected.append(
        "error: screens[\(screen)] 'S\(screen)': unreachable from S0: no chain of commands leads to it"
      )
    }
    for screen in island..<(screenCount - 1) {
      expected.append("warning: screens[\(screen)] 'S\(screen)': no command leads to it")
    }
    expected.append(
      "error: screens[4999] 'S4999': unreachable from S0: no chain of commands leads to it")

    // A repeat, origins reversed.
    let repeated = first(to: 100)
    commands.append((commands[repeated].origins.reversed(), 100, commands[repeated].cost))
    expected.append(
      "warning: \(command(commands.count - 1)): repeats \(command(repeated)): it is never chosen")
    // A command covered by one from a superset of its origins.
    let wider = first(to: 200)
    commands.append(([commands[wider].origins[1]], 200, 3))
    expected.append(
      "warning: \(command(commands.count - 1)): is covered by \(command(wider)), which leads to S200 from the same screens and comes first: it is never chosen"
    )
    // A command covered by one from anywhere.
    commands.append(([], 300, 1))
    let anywhere = commands.count - 1
    commands.append(([4_995], 300, 1))
    expected.append(
      "warning: \(command(commands.count - 1)): is covered by \(command(anywhere)), which leads to S300 from anywhere and comes first: it is never chosen"
    )
    // Parameterless self-commands: one whose pops a cheaper command takes, one that
    // is the only command to its screen, one that may or may not be the cheapest.
    let leads = { (screen: Int) in
      "it leads from S\(screen) to S\(screen), which declares no parameters, so it never pushes"
    }
    commands.append(([400], 400, 4))
    expected.append(
      "error: \(command(commands.count - 1)): never applies: \(leads(400)), and pops back to S400 use \(command(pop(to: 400) ?? -1)), which costs less"
    )
    commands.append(([4_999], 4_999, 1))
    expected.append(
      "warning: \(command(commands.count - 1)): applies only as a pop back to S4999: \(leads(4_999))"
    )
    commands.append(([450], 450, 1))
    let cheapest = pop(to: 450) ?? -1
    expected.append(
      cheapest == commands.count - 1
        ? "warning: \(command(cheapest)): applies only as a pop back to S450: \(leads(450))"
        : "error: \(command(commands.count - 1)): never applies: \(leads(450)), and pops back to S450 use \(command(cheapest)), which comes first"
    )
    // An origin that is the parameterless destination, and a repeated origin.
    commands.append(([500, 4_996], 500, 1))
    expected.append(
      "warning: \(command(commands.count - 1)).from[0]: never pushes from 'S500': it is the destination, which declares no parameters, so listing it changes nothing (pops back to S500 ignore origins)"
    )
    commands.append(([4_997, 4_997], 600, 1))
    expected.append(
      "warning: \(command(commands.count - 1)).from[1]: repeats 'S4997' (from[0])")
    // A self-command to a screen with a parameter is a real move.
    commands.append(([700], 700, 1))

    let errors = expected.filter { $0.hasPrefix("error:") }.count
    expected.append(
      "check: \(errors) errors, \(expected.count - errors) warnings (root: S0)")
    let screens = (0..<screenCount).map { screen in
      screen % 7 == 0
        ? #"{"name": "S\#(screen)", "parameters": ["id"]}"# : #"{"name": "S\#(screen)"}"#
    }
    let commandTexts = commands.map { command in
      let from = command.origins.map { #""S\#($0)""# }.joined(separator: ", ")
      return #"{"from": [\#(from)], "to": "S\#(command.to)", "cost": \#(command.cost)}"#
    }
    let json =
      #"{"screens": [\#(screens.joined(separator: ",\n"))],"#
      + #" "commands": [\#(commandTexts.joined(separator: ",\n"))]}"#
    return (json, expected)
  }

  @Test func checksALargeTable() throws {
    let (json, expected) = Self.largeTable(seed: 2_025)
    #expect(json.components(separatedBy: #""to": "#).count - 1 >= 24_950)
    let result = Tool.run(["check", "t.json", "--root", "S0"], files: ["t.json": json])
    #expect(result.exitCode == 1)
    #expect(Tool.lines(result.output + result.errors) == expected)
  }
}
