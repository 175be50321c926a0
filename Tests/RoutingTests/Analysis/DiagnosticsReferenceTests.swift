import Testing

@testable import Routing

/// The table analysis against simple references on seeded random tables: reachability
/// as a fixed point, covering by scanning every earlier command, and the command a pop
/// uses checked against the planner's routes.
@Suite struct DiagnosticsReferenceTests {
  /// A random table: `screens` screens, some declaring a parameter; commands from
  /// anywhere or from one to three origins (repeats possible), costing 1 to 3, or all
  /// costing 1 when `costs` is false.
  static func randomTable(
    screens: Int, commands: Int, costs: Bool = true, using generator: inout SeededGenerator
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
      let cost = costs ? Int.random(in: 1...3, using: &generator) : 1
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

  /// Every diagnostic the rules call for, as its kind and location, in order.
  static func referenceDiagnostics(
    _ table: RouteTable, roots: [ScreenName]
  ) -> [Expected] {
    var expected: [Expected] = []
    if !roots.isEmpty {
      let reached = referenceReachable(table, roots: roots)
      for (index, screen) in table.screens.enumerated() where !roots.contains(screen.name) {
        if !table.commands.contains(where: { $0.destination == screen.name }) {
          expected.append(Expected(.noCommandLeadsToScreen, "screens[\(index)]"))
        } else if !reached.contains(screen.name) {
          expected.append(Expected(.unreachableScreen, "screens[\(index)]"))
        }
      }
    }
    for (number, command) in table.commands.enumerated() {
      let place = "commands[\(number)]"
      if let earlier = referenceCovering(table, number) {
        let same = Set(table.commands[earlier].origins) == Set(command.origins)
        expected.append(
          Expected(same ? .repeatedCommand(of: earlier) : .coveredCommand(by: earlier), place))
      }
      let declaresNothing = table.screen(named: command.destination)?.parameters.isEmpty == true
      if declaresNothing && Set(command.origins) == [command.destination] {
        let pop = referencePop(table, to: command.destination) ?? -1
        expected.append(
          Expected(
            pop == number ? .selfCommandOnlyPops : .selfCommandNeverApplies(popsUse: pop), place))
        continue
      }
      for (slot, origin) in command.origins.enumerated() {
        if let first = command.origins.firstIndex(of: origin), first < slot {
          expected.append(Expected(.repeatedOrigin(first: first), "\(place).from[\(slot)]"))
        } else if declaresNothing && origin == command.destination {
          expected.append(Expected(.originIsDestination, "\(place).from[\(slot)]"))
        }
      }
    }
    return expected
  }

  /// A diagnostic as the references see it.
  struct Expected: Equatable, CustomStringConvertible {
    var kind: Diagnostic.Kind
    var location: String

    init(_ kind: Diagnostic.Kind, _ location: String) {
      self.kind = kind
      self.location = location
    }

    var description: String { "\(location): \(kind)" }
  }

  @Test(arguments: TestScale.cases([(1, 7, 15), (2, 12, 40), (3, 60, 200)], quick: 2))
  func agreesWithTheReferencesOnRandomTables(seed: UInt64, screens: Int, commands: Int) throws {
    var generator = SeededGenerator(seed: seed)
    var counts: [String: Int] = [:]
    for round in 0..<(TestScale.isFull ? 150 : 40) {
      let table = try Self.randomTable(
        screens: Int.random(in: 1...screens, using: &generator),
        commands: Int.random(in: 0...commands, using: &generator), costs: round % 3 != 0,
        using: &generator)
      let names = table.screens.map(\.name)
      let roots = (0..<Int.random(in: 0...2, using: &generator)).compactMap { _ in
        names.randomElement(using: &generator)
      }
      let diagnostics = table.diagnostics(roots: roots)
      #expect(
        diagnostics.map { Expected($0.kind, $0.location) }
          == Self.referenceDiagnostics(table, roots: roots))
      let analysis = TableAnalysis(table: table)
      let reached = analysis.reachable(from: roots.compactMap { table.screenIndex[$0] })
      #expect(
        Set(table.screens.indices.filter { reached[$0] }.map { names[$0] }).union(roots)
          == Self.referenceReachable(table, roots: roots))
      for diagnostic in diagnostics {
        counts["\(diagnostic.kind)".prefix { $0 != "(" }.description, default: 0] += 1
        #expect(diagnostic.severity == diagnostic.kind.severity)
        if case .selfCommandNeverApplies(let pop) = diagnostic.kind {
          let number = try #require(diagnostic.command)
          let why =
            table.commands[pop].cost < table.commands[number].cost ? "costs less" : "comes first"
          #expect(diagnostic.message.hasSuffix("use commands[\(pop)], which \(why)"))
        }
      }
    }
    // The random tables hold every kind of problem.
    #expect(counts.count == 8, "\(counts)")
  }

  @Test(arguments: [false, true])
  func popsUseTheCommandThePlannerTakes(costs: Bool) throws {
    var generator = SeededGenerator(seed: costs ? 11 : 12)
    var pops = 0
    for _ in 0..<100 {
      let table = try Self.randomTable(
        screens: Int.random(in: 2...8, using: &generator),
        commands: Int.random(in: 1...20, using: &generator), costs: costs, using: &generator)
      for (number, screen) in table.screens.enumerated() {
        let pop = table.graph.popCommand(to: Int32(number)).map(Int.init)
        #expect(pop == Self.referencePop(table, to: screen.name))
        guard let pop else { continue }
        // On the stack `screen > other`, the route back to `screen` is one pop.
        for other in table.screens where other.name != screen.name {
          let route = try table.route(
            from: [Entry(screen.name), Entry(other.name)], to: screen.name)
          #expect(route.steps.map(\.command) == [pop])
          #expect(route.steps.first?.action == .pop)
          pops += 1
        }
      }
    }
    #expect(pops > 100)
  }

  @Test func popsLeaveOutTheCommandsNotEnabled() throws {
    let table = try RouteTable(
      json:
        #"{"commands": [{"from": ["A"], "to": "B", "cost": 2}, {"to": "B"}, {"from": ["C"], "to": "B"}]}"#
    )
    let b = try #require(table.screenIndex["B"])
    #expect(table.graph.popCommand(to: b) == 1)
    #expect(table.graph.popCommand(to: b, where: { $0 != 1 }) == 2)
    #expect(table.graph.popCommand(to: b, where: { $0 == 0 }) == 0)
    #expect(table.graph.popCommand(to: b, where: { _ in false }) == nil)
  }

  @Test func reachesNothingWithoutARoot() throws {
    let table = try RouteTable(json: #"{"commands": [{"to": "A"}, {"from": ["A"], "to": "B"}]}"#)
    let analysis = TableAnalysis(table: table)
    #expect(analysis.reachable(from: []) == [false, false])
    #expect(analysis.reachable(from: [1]) == [true, true])
    #expect(table.diagnostics(roots: []).isEmpty)
  }
}
