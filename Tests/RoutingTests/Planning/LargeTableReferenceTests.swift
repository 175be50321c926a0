import Routing
import Testing

/// The planner against `ScreenSpaceReference` on seeded random tables of 50 to 2,000
/// screens: plain stacks, guards, costs, tab states and single stacks in a tab, with more
/// than 64 commands limited to tabs. Only public API: the reference sees the table as its
/// commands were registered, never the compiled graph.
@Suite struct LargeTableReferenceTests {
  struct Case {
    var reference: ScreenSpaceReference
    var table: RouteTable
    var names: [ScreenName]
  }

  /// `id` is a whole number wherever a screen declares it.
  static let kinds: [String: ParameterKind] = ["id": .integer]

  /// A random table of `screenCount` screens and two to three times as many commands: a
  /// few from anywhere, one in ten whose guard says no, one in ten whose guard says yes;
  /// with `tabs`, two to four tabs with distinct roots and a third of the commands limited
  /// to some of them. One table in five declares no screens.
  static func randomCase(
    _ random: inout SeededGenerator, screenCount: Int, costs: Bool, tabs withTabs: Bool
  ) throws -> Case {
    let declaresScreens = Int.random(in: 0..<5, using: &random) != 0
    let names = (0..<screenCount).map { ScreenName("S\($0)") }
    var declarations: [ScreenName: ScreenSpaceReference.Declaration] = [:]
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    for name in names {
      var declaration = ScreenSpaceReference.Declaration()
      if declaresScreens && Int.random(in: 0..<4, using: &random) == 0 {
        declaration.parameters = ["id"]
        if Int.random(in: 0..<8, using: &random) == 0 { declaration.required = ["id"] }
        registry.register(
          Screen(
            name, parameters: [Parameter("id", .integer, required: !declaration.required.isEmpty)]))
      } else if declaresScreens {
        registry.register(Screen(name))
      }
      declarations[name] = declaration
    }
    var tabs: [(name: String, root: ScreenName)] = []
    if withTabs {
      let roots = names.shuffled(using: &random).prefix(Int.random(in: 2...4, using: &random))
      for (number, root) in roots.enumerated() {
        tabs.append(("T\(number)", root))
        registry.register(Tab("T\(number)", root: root))
      }
    }
    var moves: [ScreenSpaceReference.Move] = []
    for _ in 0..<(screenCount * Int.random(in: 2...3, using: &random)) {
      var origins: [ScreenName] = []
      if Int.random(in: 0..<60, using: &random) != 0 {
        for _ in 0..<Int.random(in: 1...2, using: &random) {
          origins.append(names.randomElement(using: &random)!)
        }
      }
      var move = ScreenSpaceReference.Move(
        origins: origins, destination: names.randomElement(using: &random)!,
        enabled: Int.random(in: 0..<10, using: &random) != 0,
        cost: costs ? Int.random(in: 1...3, using: &random) : 1)
      if withTabs && Int.random(in: 0..<3, using: &random) == 0 {
        move.tabs = tabs.map(\.name).filter { _ in Bool.random(using: &random) }
        if move.tabs.isEmpty { move.tabs = [tabs.randomElement(using: &random)!.name] }
      }
      moves.append(move)
    }
    for move in moves {
      let enabled = move.enabled
      let guarded = !enabled || Int.random(in: 0..<9, using: &random) == 0
      registry.register(
        Command(
          from: move.origins, to: move.destination, cost: move.cost,
          when: guarded ? RouteGuard { _ in enabled } : nil, tabs: move.tabs))
    }
    let table = try registry.compile()
    if !declaresScreens {
      // The table's screens are the names its commands and tabs use.
      let used = Set(moves.flatMap { $0.origins + [$0.destination] } + tabs.map(\.root))
      declarations = declarations.filter { used.contains($0.key) }
    }
    let reference = ScreenSpaceReference(
      screens: declarations, commands: moves, declaresScreens: declaresScreens, kinds: kinds,
      tabs: tabs)
    return Case(reference: reference, table: table, names: names)
  }

  /// A stack of one to six entries after `root` (a random screen when `nil`); one entry in
  /// eight holds an `id`, and on a table that declares no screens one in ten names a
  /// screen the table does not know.
  static func randomStack(
    _ random: inout SeededGenerator, _ sample: Case, root: ScreenName? = nil
  ) -> [Entry] {
    var stack = [Entry(root ?? sample.names.randomElement(using: &random)!)]
    for _ in 0..<Int.random(in: 0...5, using: &random) {
      let name =
        !sample.reference.declaresScreens && Int.random(in: 0..<10, using: &random) == 0
        ? "Elsewhere" : sample.names.randomElement(using: &random)!
      var values: Parameters = [:]
      if Int.random(in: 0..<8, using: &random) == 0 {
        values["id"] = .integer(Int.random(in: 1...3, using: &random))
      }
      stack.append(Entry(name, parameters: values))
    }
    return stack
  }

  /// A destination (one in thirty unknown), zero to two breadcrumbs, and on a table that
  /// declares its screens an `id` one request in three, as a number or as text.
  static func randomRequest(_ random: inout SeededGenerator, _ sample: Case) -> Request {
    func pick(_ random: inout SeededGenerator) -> ScreenName {
      Int.random(in: 0..<30, using: &random) == 0
        ? "Unknown" : sample.names.randomElement(using: &random)!
    }
    let destination = pick(&random)
    var breadcrumbs: [ScreenName] = []
    for _ in 0..<Int.random(in: 0...2, using: &random) where Bool.random(using: &random) {
      breadcrumbs.append(pick(&random))
    }
    var parameters: Parameters = [:]
    if sample.reference.declaresScreens && Int.random(in: 0..<3, using: &random) == 0 {
      let value = Int.random(in: 1...3, using: &random)
      parameters["id"] = Bool.random(using: &random) ? .integer(value) : .string("\(value)")
    }
    return Request(to: destination, via: breadcrumbs, parameters: parameters)
  }

  /// The library's failure with its suggestion (an undeclared key's, an unknown screen's
  /// or tab's nearest name) dropped, as the reference gives it.
  static func comparable(_ error: RoutingError) -> RoutingError {
    switch error {
    case .undeclaredParameter(let key, _):
      return .undeclaredParameter(key: key, suggestion: nil)
    case .unknownScreen(let name, _):
      return .unknownScreen(name)
    case .unknownScreenOnStack(let name, let entry, let tab, _):
      return .unknownScreenOnStack(name, entry: entry, tab: tab)
    case .unknownTab(let name, _):
      return .unknownTab(name)
    case .refusedByGuard:
      // The reference knows no guard names: GuardRefusalTests checks which it is.
      return error.unrefused
    default:
      return error
    }
  }

  /// The screen counts of a run: mostly small and medium tables, some up to 2,000.
  static func screenCount(_ random: inout SeededGenerator) -> Int {
    switch Int.random(in: 0..<10, using: &random) {
    case 0: Int.random(in: 1_000...2_000, using: &random)
    case 1...3: Int.random(in: 300...1_000, using: &random)
    default: Int.random(in: 50...300, using: &random)
    }
  }

  // MARK: One stack

  /// Eight requests a table: 4,000 requests on 500 tables in CI, 32 by default.
  @Test(arguments: TestScale.batches(full: 10, quick: 1))
  func plainStacksAgree(batch: Int) throws {
    try compareStacks(
      seed: UInt64(batch) &* 48_271 &+ 1, tables: TestScale.isFull ? 50 : 4, costs: false,
      tabs: false)
  }

  /// 2,000 requests in CI, 32 by default.
  @Test(arguments: TestScale.batches(full: 5, quick: 1))
  func stacksWithCostsAgree(batch: Int) throws {
    try compareStacks(
      seed: UInt64(batch) &* 69_621 &+ 2, tables: TestScale.isFull ? 50 : 4, costs: true,
      tabs: false)
  }

  /// A single stack on a table with tabs stays in the tab whose root it starts at; odd
  /// batches have costs. 2,560 requests in CI, 48 by default.
  @Test(arguments: TestScale.batches(full: 8, quick: 2))
  func singleStacksInTabsAgree(batch: Int) throws {
    try compareStacks(
      seed: UInt64(batch) &* 16_807 &+ 3, tables: TestScale.isFull ? 40 : 3,
      costs: batch % 2 == 1, tabs: true)
  }

  func compareStacks(seed: UInt64, tables: Int, costs: Bool, tabs: Bool) throws {
    var random = SeededGenerator(seed: seed)
    var routed = 0
    var requests = 0
    var long = 0
    var popped = 0
    var limited = 0
    for _ in 0..<tables {
      let sample = try Self.randomCase(
        &random, screenCount: Self.screenCount(&random), costs: costs, tabs: tabs)
      limited = max(limited, sample.reference.commands.count { !$0.tabs.isEmpty })
      for _ in 0..<8 {
        let root = tabs ? sample.reference.tabs.randomElement(using: &random)!.root : nil
        let stack = Self.randomStack(&random, sample, root: root)
        let request = Self.randomRequest(&random, sample)
        let expected = sample.reference.route(
          from: stack, to: request.destination, via: request.breadcrumbs, request.parameters)
        let actual = PlannerEngineTests.stripped(
          PlannerEngineTests.planned(sample.table, request, from: stack)
        ).mapError(Self.comparable)
        #expect(
          actual == expected,
          "\(sample.names.count) screens, \(stack.stackDescription) to \(request.destination) via \(request.breadcrumbs) \(request.parameters)"
        )
        requests += 1
        if case .success(let route) = expected, !route.isEmpty {
          routed += 1
          if route.steps.count >= 4 { long += 1 }
          if route.steps.contains(where: { $0.action == .pop }) { popped += 1 }
        }
      }
    }
    // Real routes, some of them long, some popping.
    #expect(routed > requests / 3)
    #expect(long > requests / 20)
    #expect(popped > requests / 50)
    // Tab limits beyond one 64-bit word of commands.
    if tabs { #expect(limited > 64) }
  }

  // MARK: Tab states

  /// 2,000 requests in CI, 8 by default.
  @Test(arguments: TestScale.batches(full: 10, quick: 1))
  func tabStatesAgree(batch: Int) throws {
    try compareTabStates(
      seed: UInt64(batch) &* 44_497 &+ 4, tables: TestScale.isFull ? 25 : 1, costs: false)
  }

  /// 1,600 requests in CI, 16 by default.
  @Test(arguments: TestScale.batches(full: 8, quick: 1))
  func tabStatesWithCostsAgree(batch: Int) throws {
    try compareTabStates(
      seed: UInt64(batch) &* 86_243 &+ 5, tables: TestScale.isFull ? 25 : 2, costs: true)
  }

  func compareTabStates(seed: UInt64, tables: Int, costs: Bool) throws {
    var random = SeededGenerator(seed: seed)
    var requests = 0
    var routed = 0
    var selecting = 0
    var limited = 0
    for _ in 0..<tables {
      let sample = try Self.randomCase(
        &random, screenCount: Self.screenCount(&random), costs: costs, tabs: true)
      let tabs = sample.reference.tabs
      limited = max(limited, sample.reference.commands.count { !$0.tabs.isEmpty })
      for _ in 0..<8 {
        let stacks = tabs.map { Self.randomStack(&random, sample, root: $0.root) }
        let selected = Int.random(in: 0..<tabs.count, using: &random)
        let request = Self.randomRequest(&random, sample)
        let expected = sample.reference.route(
          selected: selected, stacks: stacks, to: request.destination, via: request.breadcrumbs,
          request.parameters)
        var named: [String: [Entry]] = [:]
        for (tab, stack) in zip(tabs, stacks) { named[tab.name] = stack }
        let actual = Result { () throws(RoutingError) -> TabRoute in
          try sample.table.route(
            from: TabState(selected: tabs[selected].name, stacks: named),
            to: request.destination, via: request.breadcrumbs, parameters: request.parameters)
        }
        let description =
          "\(sample.names.count) screens, \(named) in \(tabs[selected].name) to \(request.destination) via \(request.breadcrumbs) \(request.parameters)"
        requests += 1
        switch (expected, actual) {
        case (.success(let want), .success(let got)):
          let steps = got.steps.map { step -> TabStep in
            guard case .command(let inner) = step else { return step }
            return .command(
              Step(
                command: inner.command, action: inner.action, entry: inner.entry, depth: inner.depth
              ))
          }
          #expect(steps == want.steps, "\(description)")
          #expect(got.state.selected == tabs[want.selected].name, "\(description)")
          #expect(
            tabs.map { got.state.stacks[$0.name] ?? [Entry($0.root)] } == want.stacks,
            "\(description)")
          if !want.steps.isEmpty { routed += 1 }
          if want.steps.contains(where: { if case .select = $0 { true } else { false } }) {
            selecting += 1
          }
        case (.failure(let want), .failure(let got)):
          #expect(Self.comparable(got) == want, "\(description)")
        default:
          Issue.record("\(description): want \(expected), got \(actual)")
        }
      }
    }
    #expect(routed > requests / 3)
    #expect(selecting > requests / 20)
    #expect(limited > 64)
  }
}
