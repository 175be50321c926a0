import Routing
import Testing

/// The planner against the whole-stack reference on seeded random tables and requests.
@Suite struct PlannerReferenceTests {
  static let names: [ScreenName] = ["A", "B", "C", "D", "E", "F", "G", "H"]

  struct Case {
    var reference: ReferencePlanner
    var table: RouteTable
    var stack: [Entry]
    var destination: ScreenName
    var breadcrumbs: [ScreenName]
    var parameters: Parameters
    /// The tabs, when the case has any, and the tabs each command is limited to (empty:
    /// every tab).
    var tabs: [Tab] = []
    var limits: [[String]] = []
  }

  /// `p` is text and `q` a whole number wherever a screen declares them; requests give
  /// either as text or as a number, so matching and pushing must type them.
  static let keys = ["p", "q"]
  static let held: [String: [ParameterValue]] = ["p": ["1", "2"], "q": [1, 2, "1"]]

  /// A random stack of one to five entries of `names`, or (one in `foreignOdds`) of a
  /// screen the table does not know ("Z"), holding any parameters.
  static func randomStack(
    _ random: inout SeededGenerator, of names: [ScreenName], foreignOdds: Int
  ) -> [Entry] {
    var stack: [Entry] = []
    for _ in 0..<Int.random(in: 1...5, using: &random) {
      let name =
        Int.random(in: 0..<foreignOdds, using: &random) == 0
        ? "Z" : names.randomElement(using: &random)!
      var entryValues: Parameters = [:]
      for key in keys where Int.random(in: 0..<2, using: &random) == 0 {
        entryValues[key] = held[key]!.randomElement(using: &random)!
      }
      stack.append(Entry(name, parameters: entryValues))
    }
    return stack
  }

  /// How often a stack entry names a screen the table does not know: often on a table
  /// that takes its screens from its commands, which accepts any name; rarely on one
  /// that declares them, where such an entry fails the request.
  static func foreignOdds(_ reference: ReferencePlanner) -> Int {
    reference.declaresScreens ? 40 : 8
  }

  /// A random table and request; with `tabs`, a table of one to `tabs` tabs whose
  /// commands are sometimes limited to some of them. One table in five declares no
  /// screens: its screens are those its commands and tabs name, without parameters.
  static func randomCase(
    _ random: inout SeededGenerator, costs: Bool = false, tabs tabLimit: Int = 0
  ) throws -> Case {
    let declaresScreens = Int.random(in: 0..<5, using: &random) != 0
    let screenCount = Int.random(in: 1...7, using: &random)
    let names = Array(Self.names.prefix(screenCount))
    let kinds: [String: ParameterKind] = ["p": .string, "q": .integer]
    let values: [ParameterValue] = ["1", "2", 1, 2]
    var declarations: [ReferencePlanner.Declaration] = []
    for name in names {
      let declared = keys.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
      let required = declared.filter { _ in Int.random(in: 0..<6, using: &random) == 0 }
      declarations.append(.init(name: name, parameters: declared, required: required))
    }
    var moves: [ReferencePlanner.Move] = []
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      let origins =
        Int.random(in: 0..<4, using: &random) == 0
        ? [] : names.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
      let destination = names.randomElement(using: &random)!
      let enabled = Int.random(in: 0..<6, using: &random) != 0
      let cost = costs ? Int.random(in: 1...3, using: &random) : 1
      moves.append(
        .init(origins: origins, destination: destination, enabled: enabled, cost: cost))
    }
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    for declaration in declarations where declaresScreens {
      registry.register(
        Screen(
          declaration.name,
          parameters: declaration.parameters.map {
            Parameter($0, kinds[$0]!, required: declaration.required.contains($0))
          }))
    }
    var tabs: [Tab] = []
    var limits: [[String]] = []
    if tabLimit > 0 {
      for number in 0..<Int.random(in: 1...tabLimit, using: &random) {
        tabs.append(Tab("T\(number)", root: names.randomElement(using: &random)!))
      }
      for _ in moves {
        let limited =
          Int.random(in: 0..<3, using: &random) == 0
          ? tabs.map(\.name).filter { _ in Bool.random(using: &random) } : []
        limits.append(limited)
      }
      for tab in tabs { registry.register(tab) }
    }
    for (number, move) in moves.enumerated() {
      let enabled = move.enabled
      // About half the commands that are enabled have a guard (that says yes), so that
      // searches mix guarded and unguarded commands.
      let guarded = !enabled || Bool.random(using: &random)
      registry.register(
        Command(
          from: move.origins, to: move.destination, cost: move.cost,
          when: guarded ? RouteGuard { _ in enabled } : nil,
          tabs: limits.isEmpty ? [] : limits[number]))
    }
    let table = try registry.compile()
    var reference = ReferencePlanner(screens: declarations, commands: moves, kinds: kinds)
    if !declaresScreens {
      reference.declaresScreens = false
      reference.screens = table.screens.map { .init(name: $0.name, parameters: []) }
    }
    let stack = randomStack(&random, of: names, foreignOdds: foreignOdds(reference))
    let pick = { (random: inout SeededGenerator) -> ScreenName in
      Int.random(in: 0..<12, using: &random) == 0 ? "Unknown" : names.randomElement(using: &random)!
    }
    let destination = pick(&random)
    var breadcrumbs: [ScreenName] = []
    for _ in 0..<Int.random(in: 0...2, using: &random) { breadcrumbs.append(pick(&random)) }
    // Keys are rarer in requests than on screens, so that the rule on request keys
    // leaves enough requests to route.
    var parameters: Parameters = [:]
    // A table without declared screens declares no key: it gets no request keys.
    for key in keys where declaresScreens && Int.random(in: 0..<4, using: &random) == 0 {
      parameters[key] = values.randomElement(using: &random)!
    }
    return Case(
      reference: reference, table: table,
      stack: stack, destination: destination, breadcrumbs: breadcrumbs, parameters: parameters,
      tabs: tabs, limits: limits)
  }

  @Test(arguments: TestScale.batches(full: 10, quick: 1))
  func plannerAgreesWithReference(batch: Int) throws {
    try compare(
      seed: UInt64(batch) &* 7919 &+ 17, count: TestScale.isFull ? 1_500 : 600, costs: false)
  }

  @Test(arguments: TestScale.batches(full: 4, quick: 1))
  func plannerWithCostsAgreesWithReference(batch: Int) throws {
    try compare(
      seed: UInt64(batch) &* 104_729 &+ 3, count: TestScale.isFull ? 1_000 : 500, costs: true)
  }

  func compare(seed: UInt64, count: Int, costs: Bool) throws {
    var random = SeededGenerator(seed: seed)
    var routed = 0
    var undeclared = 0
    var missing = 0
    for _ in 0..<count {
      let sample = try Self.randomCase(&random, costs: costs)
      let expected = sample.reference.route(
        from: sample.stack, to: sample.destination, via: sample.breadcrumbs, sample.parameters)
      let actual = Result { () throws(RoutingError) -> Route in
        try sample.table.route(
          from: sample.stack, to: sample.destination, via: sample.breadcrumbs,
          parameters: sample.parameters)
      }
      let stripped = actual.mapError(\.unrefused).map { route in
        Route(
          steps: route.steps.map {
            Step(command: $0.command, action: $0.action, entry: $0.entry, depth: $0.depth)
          },
          stack: route.stack)
      }
      #expect(
        stripped == expected,
        "stack \(sample.stack.stackDescription) to \(sample.destination) via \(sample.breadcrumbs) \(sample.parameters) on \(sample.reference.commands.map { "\($0.origins)->\($0.destination) $\($0.cost)\($0.enabled ? "" : " off")" })"
      )
      switch expected {
      case .success(let route) where !route.isEmpty: routed += 1
      case .failure(.undeclaredParameter): undeclared += 1
      case .failure(.missingParameter): missing += 1
      default: break
      }
    }
    // The generator must exercise real routes, not only failures, and both rules on
    // request parameters.
    // (A sixth: the rules on request keys and required values fail some requests.)
    #expect(routed > count / 6)
    #expect(undeclared > count / 50)
    // (Required values only on tables that declare their screens: four in five.)
    #expect(missing > count / 200)
  }
}
