import Routing
import Testing

/// The planner across tabs against the whole-state reference on seeded random tab
/// tables and requests.
@Suite struct TabPlannerReferenceTests {
  @Test(arguments: TestScale.batches(full: 10, quick: 1))
  func plannerAgreesWithReference(batch: Int) throws {
    // 10,000 cases at full scale, 300 by default.
    try compare(
      count: TestScale.isFull ? 1_000 : 300, seed: UInt64(batch) &* 6_700_417 &+ 5, costs: false)
  }

  /// Commands costing 1 to 3 and a select costing 1: the reference is Dijkstra's search
  /// over whole tab states.
  @Test(arguments: TestScale.batches(full: 10, quick: 1))
  func plannerAgreesWithReferenceWithCosts(batch: Int) throws {
    // 5,000 cases at full scale, 100 by default.
    try compare(
      count: TestScale.isFull ? 500 : 100, seed: UInt64(batch) &* 2_147_483_647 &+ 11, costs: true)
  }

  /// A single stack on a table with tabs is planned inside the tab whose root it starts
  /// at: as the one-stack reference plans it with the commands that tab leaves out
  /// disabled, once the milestones and the stack's screens are known; a root that no
  /// tab or several tabs have fails.
  @Test(arguments: TestScale.batches(full: 10, quick: 1))
  func singleStacksAgreeWithReference(batch: Int) throws {
    // 5,000 cases at full scale, 200 by default.
    let count = TestScale.isFull ? 500 : 200
    var random = SeededGenerator(seed: UInt64(batch) &* 999_983 &+ 7)
    var routed = 0
    var shared = 0
    for _ in 0..<count {
      let sample = try PlannerReferenceTests.randomCase(
        &random, costs: Bool.random(using: &random), tabs: 3)
      let tab = sample.tabs.randomElement(using: &random)!
      let stack = [Entry(tab.root)] + sample.stack
      let owners = sample.tabs.filter { $0.root == tab.root }.map(\.name)
      var reference = sample.reference
      for number in reference.commands.indices
      where !sample.limits[number].isEmpty && !sample.limits[number].contains(tab.name) {
        reference.commands[number].enabled = false
      }
      var expected = reference.route(
        from: stack, to: sample.destination, via: sample.breadcrumbs, sample.parameters)
      if owners.count != 1 {
        shared += 1
        // What the milestones and the stack's screens fail with comes first.
        switch expected {
        case .failure(.unknownScreen), .failure(.unknownScreenOnStack): break
        default: expected = .failure(.noTabForStack(root: tab.root, tabs: owners))
        }
      }
      let request = Request(
        to: sample.destination, via: sample.breadcrumbs, parameters: sample.parameters)
      let actual = PlannerEngineTests.stripped(
        PlannerEngineTests.planned(sample.table, request, from: stack))
      #expect(
        actual == expected,
        "\(stack.stackDescription) in \(tab.name) to \(sample.destination) via \(sample.breadcrumbs) \(sample.parameters)"
      )
      if case .success(let route) = expected, !route.isEmpty { routed += 1 }
    }
    #expect(routed > count / 8)
    #expect(shared > count / 20)
  }

  func compare(count: Int, seed: UInt64, costs: Bool) throws {
    var random = SeededGenerator(seed: seed)
    var routed = 0
    var selected = 0
    for _ in 0..<count {
      let sample = try PlannerReferenceTests.randomCase(&random, costs: costs, tabs: 3)
      let names = sample.reference.screens.map(\.name)
      var stacks: [[Entry]] = [sample.stack]
      for _ in sample.tabs.dropFirst() {
        stacks.append(
          PlannerReferenceTests.randomStack(
            &random, of: names, foreignOdds: PlannerReferenceTests.foreignOdds(sample.reference)))
      }
      let start = Int.random(in: 0..<sample.tabs.count, using: &random)
      let reference = TabReferencePlanner(
        stacks: sample.reference, tabs: sample.tabs.map(\.name), limits: sample.limits)
      let expected = reference.route(
        from: .init(selected: start, stacks: stacks), to: sample.destination,
        via: sample.breadcrumbs, sample.parameters)
      var named: [String: [Entry]] = [:]
      for (tab, stack) in zip(sample.tabs, stacks) { named[tab.name] = stack }
      let actual = Result { () throws(RoutingError) -> TabRoute in
        try sample.table.route(
          from: TabState(selected: sample.tabs[start].name, stacks: named),
          to: sample.destination, via: sample.breadcrumbs, parameters: sample.parameters)
      }
      let found = actual.map { route in
        let steps = route.steps.map { step -> TabStep in
          guard case .command(let inner) = step else { return step }
          return .command(
            Step(
              command: inner.command, action: inner.action, entry: inner.entry, depth: inner.depth))
        }
        let state = TabReferencePlanner.State(
          selected: sample.tabs.firstIndex { $0.name == route.state.selected }!,
          stacks: sample.tabs.map { route.state.stacks[$0.name]! })
        return (steps, state)
      }
      switch (expected, found) {
      case (.success(let want), .success(let got)):
        #expect(
          want.0 == got.0 && want.1.stacks == got.1.stacks && want.1.selected == got.1.selected,
          "\(named) from \(sample.tabs[start]) to \(sample.destination) via \(sample.breadcrumbs) \(sample.parameters): want \(want.0), got \(got.0)"
        )
        if !want.0.isEmpty { routed += 1 }
        if want.0.contains(where: { if case .select = $0 { true } else { false } }) {
          selected += 1
        }
      case (.failure(let want), .failure(let got)):
        // The reference knows no guard names: GuardRefusalTests checks which it is.
        #expect(want == got.unrefused)
      default:
        Issue.record("\(named) to \(sample.destination): want \(expected), got \(found)")
      }
    }
    // Real routes, many of them selecting another tab.
    #expect(routed > count / 6)
    #expect(selected > count / 40)
  }
}
