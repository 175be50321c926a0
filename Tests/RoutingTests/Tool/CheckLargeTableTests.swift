import Routing
import RoutingTool
import Testing

/// `routing check` on a large table whose diagnostics are known by construction.
@Suite struct CheckLargeTableTests {
  /// The screens of the large table: 5,000 in CI, 1,000 by default.
  static let screenCount = TestScale.isFull ? 5_000 : 1_000

  /// A seeded table of ``screenCount`` screens (5,000 in CI) and about five commands a
  /// screen, with the problems it holds planted, so that its diagnostics are known
  /// without a reference (the numbers below are those of 5,000 screens):
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
    let screenCount = Self.screenCount
    let mainland = screenCount - 100
    let island = screenCount - 10
    let last = screenCount - 1
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
      "error: screens[\(last)] 'S\(last)': unreachable from S0: no chain of commands leads to it"
    )

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
    commands.append(([last - 4], 300, 1))
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
    commands.append(([last], last, 1))
    expected.append(
      "warning: \(command(commands.count - 1)): applies only as a pop back to S\(last): \(leads(last))"
    )
    commands.append(([450], 450, 1))
    let cheapest = pop(to: 450) ?? -1
    expected.append(
      cheapest == commands.count - 1
        ? "warning: \(command(cheapest)): applies only as a pop back to S450: \(leads(450))"
        : "error: \(command(commands.count - 1)): never applies: \(leads(450)), and pops back to S450 use \(command(cheapest)), which comes first"
    )
    // An origin that is the parameterless destination, and a repeated origin.
    commands.append(([500, last - 3], 500, 1))
    expected.append(
      "warning: \(command(commands.count - 1)).from[0]: never pushes from 'S500': it is the destination, which declares no parameters, so listing it changes nothing (pops back to S500 ignore origins)"
    )
    commands.append(([last - 2, last - 2], 600, 1))
    expected.append(
      "warning: \(command(commands.count - 1)).from[1]: repeats 'S\(last - 2)' (from[0])")
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
    // Five commands to each of the first 4,990 screens (of 5,000 in CI).
    #expect(json.components(separatedBy: #""to": "#).count - 1 >= (Self.screenCount - 10) * 5)
    let result = Tool.run(["check", "t.json", "--root", "S0"], files: ["t.json": json])
    #expect(result.exitCode == 1)
    // Each line starts `t.json:LINE:COLUMN: `; one screen or command a line of the file.
    let fileLines = json.split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for line in Tool.lines(result.output) {
      let parts = line.split(separator: ":", maxSplits: 3).map(String.init)
      guard parts.count == 4, parts[0] == "t.json", let number = Int(parts[1]),
        number >= 1, number <= fileLines.count
      else {
        Issue.record("no place in \(line)")
        continue
      }
      let message = String(parts[3].dropFirst())
      // The line holds the screen or command named.
      if let quote = message.firstIndex(of: "'"),
        message.hasPrefix("warning: screens") || message.hasPrefix("error: screens")
      {
        let name = message[message.index(after: quote)...].prefix { $0 != "'" }
        #expect(fileLines[number - 1].contains(#""name": "\#(name)""#), "\(line)")
      } else {
        #expect(fileLines[number - 1].contains(#""to": "#), "\(line)")
      }
      lines.append(message)
    }
    #expect(lines + Tool.lines(result.errors) == expected)
  }
}

extension CheckLargeTableTests {
  @Test func theLibraryFindsWhatTheToolPrints() throws {
    let (json, expected) = Self.largeTable(seed: 7)
    let diagnostics = try RouteTable(json: json).diagnostics(roots: ["S0"])
    #expect(diagnostics.map(\.description) == Array(expected.dropLast()))
    #expect(diagnostics.allSatisfy { $0.declaredAt == nil })
  }
}
