import Testing

@testable import Routing

/// The leg engine's clients answer with the engine's answer: on seeded random tables
/// (with and without costs, guards, commands from anywhere and parameters), the planner's
/// routes, the trees `routing diff` reads (``RouteTable/plannedRouteTree(from:refusing:)``),
/// the explanations of failing legs, planning across tabs and the diagnostics all agree
/// with the engine's tree of legs from the same stack, leaving out what the one builder
/// of a ``LegFilter`` says; and the three breadth-first searches break ties alike.
@Suite struct EngineClientTests {
  @Test(arguments: TestScale.batches(full: 6, quick: 1), [false, true])
  func clientsAnswerWithTheEnginesLegs(batch: Int, costs: Bool) throws {
    let seed = UInt64(batch) &* 7_919 &+ (costs ? 17 : 3)
    var random = SeededGenerator(seed: seed)
    var explained = 0
    var routed = 0
    for _ in 0..<(TestScale.isFull ? 200 : 50) {
      let table = try RouteTreeTests.randomTable(&random, size: 20, costs: costs)
      let stack = RouteTreeTests.randomStack(&random, table)
        .map { Entry($0.screen) }
      guard stack.allSatisfy({ table.screenIndex[$0.screen] != nil }) else { continue }
      // The guards say the same to every request.
      let refused = table.refusedCommands(Request(to: "S0"), from: stack)
      let tree = table.routeTree(from: stack, filter: table.legFilter(refusing: refused))
      let diffTree = try table.plannedRouteTree(from: stack, refusing: refused).tree
      let top = table.screenIndex[stack[stack.count - 1].screen]!
      for (number, screen) in table.screens.enumerated() {
        let target = Int32(number)
        let legs = tree.steps(to: target)
        #expect(diffTree.steps(to: target) == legs, "seed \(seed): diff tree to \(screen.name)")
        let explanation = try table.explanation(from: stack, to: screen.name)
        if target == top {
          #expect(explanation == nil)
          continue
        }
        if tree.isReached(target) {
          #expect(explanation == nil, "seed \(seed): \(stack) to \(screen.name)")
          let planned = try table.route(from: stack, to: screen.name)
          #expect(
            planned.steps.map(\.command) == legs.map { Int($0.command) }
              && planned.steps.map(\.action) == legs.map { $0.popTo >= 0 ? .pop : .push },
            "seed \(seed): \(stack) to \(screen.name)")
          routed += 1
        } else {
          let reachable = tree.reached.map {
            RouteExplanation.ReachedScreen(
              screen: table.screens[Int($0)].name, steps: tree.depth(of: $0)!)
          }
          #expect(explanation?.reachable == reachable, "seed \(seed): \(stack) to \(screen.name)")
          explained += 1
        }
      }
    }
    // Both kinds of answer occur often enough for the comparison to mean something.
    #expect(routed > 50 && explained > 20)
  }

  /// The engine's one tie-break: of two ways of equal cost, the one whose commands, from
  /// the first step, come first; a cheaper way before any dearer one.
  @Test func theTieBreakComparesCostThenCommandsFromTheFirstStep() {
    func record(_ command: Int32, _ parent: Int32, _ cost: Int) -> SearchRecord {
      SearchRecord(
        step: LegStep(command: command, screen: 0, popTo: -1), parent: parent, cost: cost,
        depth: 1)
    }
    // 0: [2]; 1: [3]; 2: [2, 9] (cost 2); 3: [3, 1] (cost 2); 4: [5] (cost 2).
    let records = [
      record(2, -1, 1), record(3, -1, 1), record(9, 0, 2), record(1, 1, 2), record(5, -1, 2),
    ]
    func precedes(_ left: Int32, _ right: Int32) -> Bool {
      var order = LegOrder()
      return order.precedes(left, right, in: records)
    }
    #expect(precedes(0, 1) && !precedes(1, 0))
    #expect(precedes(2, 3) && !precedes(3, 2))
    #expect(precedes(2, 4) && !precedes(4, 2))
    #expect(precedes(1, 2))
    #expect(!precedes(2, 2))
    let low = LegStep(command: 4, screen: 1, popTo: -1)
    let high = LegStep(command: 7, screen: 1, popTo: 0)
    #expect(LegOrder.earlier(high, low) == low && LegOrder.earlier(low, high) == low)
    #expect(LegOrder.earlier(nil, high) == high)
  }

  /// The engine's one heap hands out its items in the order it is given.
  @Test func theHeapPopsInOrder() {
    var random = SeededGenerator(seed: 41)
    let values = (0..<200).map { _ in Int32.random(in: 0..<50, using: &random) }
    var heap = IndexHeap()
    for index in values.indices {
      heap.push(Int32(index)) { values[Int($0)] < values[Int($1)] }
    }
    var popped: [Int32] = []
    while let index = heap.pop(by: { values[Int($0)] < values[Int($1)] }) {
      popped.append(values[Int(index)])
    }
    #expect(popped == values.sorted())
  }

  // MARK: Tabs

  /// A random table of 4 to 40 screens with two to four tabs (distinct roots): commands
  /// from one or two screens or from anywhere, a third of them limited to some tabs
  /// (often more than 64 in all, past one word of the tabs' bit sets), one in ten
  /// refused by its guard, costs when asked.
  static func randomTabTable(
    _ random: inout SeededGenerator, costs: Bool
  ) throws -> RouteTable {
    let count = Int.random(in: 4...40, using: &random)
    let names = (0..<count).map { ScreenName("S\($0)") }
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    for name in names { registry.register(Screen(name)) }
    let roots = names.shuffled(using: &random).prefix(
      Int.random(in: 2...min(4, count), using: &random))
    let tabs = roots.enumerated().map { Tab("T\($0.offset)", root: $0.element) }
    for tab in tabs { registry.register(tab) }
    for _ in 0..<Int.random(in: count...(count * 8), using: &random) {
      let origins =
        Int.random(in: 0..<8, using: &random) == 0
        ? []
        : (0..<Int.random(in: 1...2, using: &random)).map { _ in
          names.randomElement(using: &random)!
        }
      let limits =
        Int.random(in: 0..<3, using: &random) == 0
        ? tabs.map(\.name).filter { _ in Bool.random(using: &random) } : []
      let refuses = Int.random(in: 0..<10, using: &random) == 0
      registry.register(
        Command(
          from: origins, to: names.randomElement(using: &random)!,
          cost: costs ? Int.random(in: 1...3, using: &random) : 1,
          when: refuses ? RouteGuard { _ in false } : nil, tabs: limits))
    }
    return try registry.compile()
  }

  /// Planning across tabs answers with the engine's trees: each tab's tree of legs from
  /// its stack, inside the tab's filter, gives the cost of staying or of selecting that
  /// tab (a select costs 1), the first cheapest wins (staying first), and the route is
  /// the select, if any, and that tree's leg. A single stack on the same table plans as
  /// the tree of its tab (``RouteTable/plannedRouteTree(from:refusing:)``).
  @Test(arguments: TestScale.batches(full: 6, quick: 1), [false, true])
  func tabPlansAnswerWithTheEnginesTrees(batch: Int, costs: Bool) throws {
    let seed = UInt64(batch) &* 104_729 &+ (costs ? 23 : 7)
    var random = SeededGenerator(seed: seed)
    var selected = 0
    var stayed = 0
    var failed = 0
    for _ in 0..<(TestScale.isFull ? 120 : 30) {
      let table = try Self.randomTabTable(&random, costs: costs)
      let names = table.screens.map(\.name)
      var stacks: [String: [Entry]] = [:]
      for tab in table.tabs {
        stacks[tab.name] =
          [Entry(tab.root)]
          + (0..<Int.random(in: 0...3, using: &random)).map { _ in
            Entry(names.randomElement(using: &random)!)
          }
      }
      let here = Int.random(in: 0..<table.tabs.count, using: &random)
      let state = TabState(selected: table.tabs[here].name, stacks: stacks)
      // The guards hear the selected tab's stack; these say the same to every request.
      let refused = table.refusedCommands(
        Request(to: names[0]), from: stacks[table.tabs[here].name]!)
      let trees = table.tabs.indices.map { tab in
        table.routeTree(
          from: stacks[table.tabs[tab].name]!,
          filter: table.legFilter(refusing: refused, inTab: tab))
      }
      for (number, name) in names.enumerated() {
        let screen = Int32(number)
        // The engine's answer: staying, then each other tab in order, strictly cheaper.
        var best: (tab: Int, cost: Int)?
        for tab in [here] + table.tabs.indices.filter({ $0 != here }) {
          let top = stacks[table.tabs[tab].name]!.last!.screen
          let select = tab == here ? 0 : 1
          let leg = top == name ? 0 : trees[tab].cost(to: screen)
          guard let leg, best == nil || select + leg < best!.cost else { continue }
          best = (tab, select + leg)
        }
        let described = "seed \(seed): \(stacks) in \(table.tabs[here].name) to \(name)"
        let planned = Result { () throws(RoutingError) in try table.route(from: state, to: name) }
        guard let best else {
          guard case .failure(.unreachable) = planned.mapError(\.unrefused) else {
            Issue.record("\(described): want no route, got \(planned)")
            continue
          }
          failed += 1
          continue
        }
        let top = stacks[table.tabs[best.tab].name]!.last!.screen
        let legs = top == name ? [] : trees[best.tab].steps(to: screen)
        let expected: [String] =
          (best.tab == here ? [] : ["select \(table.tabs[best.tab].name)"])
          + legs.map { "\($0.popTo >= 0 ? "pop" : "push") \($0.command)" }
        let steps = try planned.get().steps.map { step -> String in
          switch step {
          case .select(let tab): "select \(tab)"
          case .command(let inner): "\(inner.action == .pop ? "pop" : "push") \(inner.command)"
          }
        }
        #expect(steps == expected, "\(described)")
        if best.tab == here { stayed += 1 } else { selected += 1 }
      }
      // A single stack plans inside its tab, as the tab's tree says.
      let tab = Int.random(in: 0..<table.tabs.count, using: &random)
      let stack = stacks[table.tabs[tab].name]!
      let single = try table.plannedRouteTree(
        from: stack, refusing: table.refusedCommands(Request(to: names[0]), from: stack))
      #expect(single.tab == table.tabs[tab].name)
      for (number, name) in names.enumerated() where single.tree.isReached(Int32(number)) {
        guard stack.last!.screen != name else { continue }
        let route = try table.route(from: stack, to: name)
        #expect(
          route.steps.map(\.command)
            == single.tree.steps(to: Int32(number)).map { Int($0.command) },
          "seed \(seed): \(stack) to \(name)")
      }
    }
    // Every kind of answer occurs often enough for the comparison to mean something.
    #expect(selected > 20 && stayed > 20 && failed > 5)
  }

  // MARK: Diagnostics

  /// The diagnostics agree with the engine: a screen is unreachable from the root
  /// exactly when the engine's tree from the root's one-entry stack does not reach it
  /// (every command taking part, as the diagnostics count them), and a command they
  /// call never chosen (repeated, covered, a self-command that never applies) is taken
  /// by no tree of legs, from the root or from random stacks; one that only pops never
  /// pushes.
  @Test(arguments: TestScale.batches(full: 6, quick: 1), [false, true])
  func diagnosticsAgreeWithTheEnginesTrees(batch: Int, costs: Bool) throws {
    let seed = UInt64(batch) &* 15_485_867 &+ (costs ? 31 : 13)
    var random = SeededGenerator(seed: seed)
    var neverChosen = 0
    var unreachable = 0
    for _ in 0..<(TestScale.isFull ? 200 : 50) {
      let table = try RouteTreeTests.randomTable(&random, size: 24, costs: costs)
      let root = table.screens[0].name
      let diagnostics = table.diagnostics(roots: [root])
      var unreached = Set<Int>()
      var noCommand = Set<Int>()
      var neverTaken = Set<Int32>()
      var onlyPops = Set<Int32>()
      for diagnostic in diagnostics {
        switch diagnostic.kind {
        case .unreachableScreen: unreached.insert(diagnostic.screenIndex!)
        case .noCommandLeadsToScreen: noCommand.insert(diagnostic.screenIndex!)
        case .repeatedCommand, .coveredCommand, .selfCommandNeverApplies:
          neverTaken.insert(Int32(diagnostic.command!))
        case .selfCommandOnlyPops: onlyPops.insert(Int32(diagnostic.command!))
        default: break
        }
      }
      neverChosen += neverTaken.count
      unreachable += unreached.count
      let fromRoot = table.routeTree(from: [Entry(root)])
      for number in 1..<table.screens.count {
        let reached = fromRoot.isReached(Int32(number))
        #expect(
          reached == !(unreached.contains(number) || noCommand.contains(number)),
          "seed \(seed): screen \(number) reached \(reached)")
      }
      var trees = [fromRoot]
      for _ in 0..<4 {
        let stack = RouteTreeTests.randomStack(&random, table)
        trees.append(
          table.routeTree(from: stack, parameters: Bool.random(using: &random) ? ["p": "1"] : [:]))
      }
      for tree in trees {
        for screen in tree.reached {
          #expect(
            !tree.anyStep(to: screen) {
              neverTaken.contains($0.command) || (onlyPops.contains($0.command) && $0.popTo < 0)
            }, "seed \(seed): the leg to \(screen) takes a command the diagnostics rule out")
        }
      }
    }
    #expect(neverChosen > 20 && unreachable > 5)
  }

  // MARK: Ties

  /// A table made of ties: every command costs 1, many lead from anywhere, many lead to
  /// the same screens from the same origins; no parameters, no guards, so that a field
  /// may vouch.
  static func tieTable(_ random: inout SeededGenerator) throws -> RouteTable {
    let count = Int.random(in: 6...40, using: &random)
    let names = (0..<count).map { ScreenName("S\($0)") }
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    for name in names { registry.register(Screen(name)) }
    for _ in 0..<Int.random(in: (2 * count)...(6 * count), using: &random) {
      let origins =
        Int.random(in: 0..<4, using: &random) == 0
        ? []
        : (0..<Int.random(in: 1...3, using: &random)).map { _ in
          names[Int.random(in: 0..<min(count, 8), using: &random)]
        }
      registry.register(
        Command(from: origins, to: names[Int.random(in: 0..<count, using: &random)]))
    }
    return try registry.compile()
  }

  /// The three breadth-first searches follow the one order of ``LegOrder`` on ties: the
  /// warm walk along a cached field, the bidirectional search (the same table without a
  /// cache) and the tree of legs give the same leg from stacks of one to six entries.
  @Test(arguments: TestScale.batches(full: 8, quick: 2))
  func breadthFirstSearchesBreakTiesAlike(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(batch) &* 7_368_787 &+ 3)
    var warmed = 0
    var compared = 0
    for _ in 0..<(TestScale.isFull ? 40 : 10) {
      let warm = try Self.tieTable(&random)
      let cold = warm.limitingPlanCache(to: 0)
      let names = warm.screens.map(\.name)
      for _ in 0..<30 {
        let stack = (0..<Int.random(in: 1...6, using: &random)).map { _ in
          Entry(names.randomElement(using: &random)!)
        }
        let destination = names.randomElement(using: &random)!
        let tree = warm.routeTree(from: stack)
        let target = warm.screenIndex[destination]!
        let planned = { (table: RouteTable) -> [String]? in
          guard let route = try? table.route(from: stack, to: destination) else { return nil }
          return route.steps.map { "\($0.action == .pop ? "pop" : "push") \($0.command)" }
        }
        // Plan until the field is cached, then once more along it.
        for _ in 0..<200 where !warm.isPlanCached(to: destination) { _ = planned(warm) }
        if warm.isPlanCached(to: destination) { warmed += 1 }
        let expected: [String]? =
          stack.last!.screen == destination
          ? []
          : tree.isReached(target)
            ? tree.steps(to: target).map { "\($0.popTo >= 0 ? "pop" : "push") \($0.command)" }
            : nil
        #expect(planned(cold) == expected, "\(stack.stackDescription) to \(destination)")
        #expect(planned(warm) == expected, "warm: \(stack.stackDescription) to \(destination)")
        if expected?.isEmpty == false { compared += 1 }
      }
    }
    #expect(warmed > 50 && compared > 100)
  }

  /// The tab planner's bound (``RouteGraph/mayReach(_:within:from:)``) never rules out a
  /// leg of one or two steps that the engine finds.
  @Test(arguments: TestScale.batches(full: 4, quick: 1))
  func theTabBoundNeverRulesOutALegTheEngineFinds(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(batch) &* 1_299_709 &+ 1)
    var short = 0
    for _ in 0..<(TestScale.isFull ? 200 : 50) {
      let table = try RouteTreeTests.randomTable(&random, size: 24, costs: false)
      let stack = RouteTreeTests.randomStack(&random, table)
      let screens = stack.map { table.screenIndex[$0.screen] ?? -1 }
      let tree = table.routeTree(from: stack)
      for screen in tree.reached {
        guard let depth = tree.depth(of: screen), depth <= 2 else { continue }
        short += 1
        #expect(table.graph.mayReach(screen, within: Int32(depth), from: screens))
        #expect(table.graph.mayReach(screen, within: 2, from: screens))
      }
    }
    #expect(short > 100)
  }
}
