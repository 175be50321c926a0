import Routing
import Testing

/// Planning from a state with layers against `ModalReferencePlanner`, a whole-state
/// search, on seeded random tables of 3 to 7 screens with presenting commands, costs one
/// table in three and guards that say no (half of them with a remedy, so that requests
/// detour), from random states with up to three layers.
@Suite struct ModalReferenceTests {
  /// A random table, the reference's view of it, and the names of its screens.
  static func randomTable(_ random: inout SeededGenerator, tabs tabCount: Int = 0) throws -> (
    RouteTable, ModalReferencePlanner
  ) {
    // With tabs, the whole states multiply every tab's stack: fewer screens keep the
    // reference's search small.
    let names = (0..<Int.random(in: max(3, tabCount + 1)...(tabCount > 0 ? 5 : 7), using: &random))
      .map { ScreenName("S\($0)") }
    let tabNames = (0..<tabCount).map { "T\($0)" }
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    // Tab `Tn` has root `Sn`.
    for (number, tab) in tabNames.enumerated() { registry.register(Tab(tab, root: names[number])) }
    var declarations: [ModalReferencePlanner.Declaration] = []
    for name in names {
      if Int.random(in: 0..<3, using: &random) == 0 {
        let required = Int.random(in: 0..<4, using: &random) == 0
        registry.register(Screen(name, parameters: [Parameter("id", .integer, required: required)]))
        declarations.append(.init(name: name, parameters: ["id"], required: required ? ["id"] : []))
      } else {
        registry.register(Screen(name))
        declarations.append(.init(name: name, parameters: []))
      }
    }
    let costs = Int.random(in: 0..<3, using: &random) == 0
    var moves: [ModalReferencePlanner.Move] = []
    for _ in 0..<Int.random(in: 3...12, using: &random) {
      let origins =
        Int.random(in: 0..<6, using: &random) == 0
        ? []
        : (0..<Int.random(in: 1...2, using: &random)).map { _ in
          names.randomElement(using: &random)!
        }
      var move = ModalReferencePlanner.Move(
        origins: origins, destination: names.randomElement(using: &random)!,
        enabled: Int.random(in: 0..<4, using: &random) != 0,
        cost: costs ? Int.random(in: 1...3, using: &random) : 1,
        presents: Int.random(in: 0..<3, using: &random) == 0)
      if !move.enabled && Int.random(in: 0..<3, using: &random) != 0 {
        move.remedy = names.randomElement(using: &random)!
      }
      if tabCount > 0 && Int.random(in: 0..<4, using: &random) == 0 {
        move.tabs = [Int.random(in: 0..<tabCount, using: &random)]
      }
      moves.append(move)
      registry.register(
        Command(
          from: move.origins, to: move.destination, cost: move.cost,
          when: move.enabled ? nil : RouteGuard("no", remedy: move.remedy) { _ in false },
          tabs: move.tabs.map { $0.map { tabNames[$0] } } ?? [], presents: move.presents))
    }
    let reference = ModalReferencePlanner(
      screens: declarations, commands: moves, kinds: ["id": .integer], tabNames: tabNames)
    return (try registry.compile(), reference)
  }

  /// A random state: a base of one to three entries and up to three layers of one or two.
  static func randomState(_ names: [ScreenName], _ random: inout SeededGenerator) -> ModalState {
    func entry() -> Entry {
      let name = names.randomElement(using: &random)!
      return Int.random(in: 0..<4, using: &random) == 0
        ? Entry(name, parameters: ["id": .integer(Int.random(in: 1...2, using: &random))])
        : Entry(name)
    }
    let stack = (0..<Int.random(in: 1...3, using: &random)).map { _ in entry() }
    let layers = (0..<Int.random(in: 0...3, using: &random)).map { _ in
      (0..<Int.random(in: 1...2, using: &random)).map { _ in entry() }
    }
    return ModalState(stack: stack, layers: layers)
  }

  /// CI runs 200 batches of 100 requests (20,000), the default one batch.
  @Test(arguments: TestScale.batches(full: 200, quick: 1))
  func agreesWithTheReference(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(batch) &* 0x9E37 &+ 21)
    var answers: [ModalRoute] = []
    for request in 0..<100 {
      if let route = try Self.compareRandomRequest(&random, "batch \(batch), request \(request)") {
        answers.append(route)
      }
    }
    #expect(answers.count > 20)
    #expect(answers.contains { $0.steps.contains(.dismiss) })
  }

  /// Detours are rare among random requests: each batch draws requests until 50 of them
  /// detour (8 by default), comparing every one. CI runs 40 batches (2,000 detours), the
  /// default one.
  @Test(arguments: TestScale.batches(full: 40, quick: 1))
  func detoursAgreeWithTheReference(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(batch) &* 0x51ED &+ 5)
    var detoured = 0
    var request = 0
    // Fewer by default, to keep the default run quick.
    let wanted = TestScale.isFull ? 50 : 8
    while detoured < wanted && request < 20_000 {
      let route = try Self.compareRandomRequest(&random, "batch \(batch), request \(request)")
      if route?.detour != nil { detoured += 1 }
      request += 1
    }
    #expect(detoured == wanted)
  }

  /// Over tabs: tables of two or three tabs (a quarter of the commands limited to one),
  /// from random tab states with up to three layers open over the selected tab. CI runs
  /// 100 batches of 100 requests (10,000), the default one batch.
  @Test(arguments: TestScale.batches(full: 100, quick: 1))
  func tabsAgreeWithTheReference(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(batch) &* 0x7F4A &+ 9)
    var answers: [ModalRoute] = []
    for request in 0..<100 {
      let tabs = Int.random(in: 2...3, using: &random)
      if let route = try Self.compareRandomRequest(
        &random, "batch \(batch), request \(request)", tabs: tabs)
      {
        answers.append(route)
      }
    }
    #expect(answers.count > 20)
    #expect(answers.contains { $0.steps.contains { if case .select = $0 { true } else { false } } })
  }

  /// Plans a random request on a random table and compares it with the reference;
  /// returns the route planned, or `nil` for an error.
  static func compareRandomRequest(
    _ random: inout SeededGenerator, _ label: String, tabs: Int = 0
  ) throws -> ModalRoute? {
    let (table, reference) = try Self.randomTable(&random, tabs: tabs)
    let names = reference.screens.map(\.name)
    var state = Self.randomState(names, &random)
    if tabs > 0 {
      // Each tab's stack starts at its root; the state's layers open over the selected.
      let selected = Int.random(in: 0..<tabs, using: &random)
      var stacks: [String: [Entry]] = [:]
      for tab in 0..<tabs {
        stacks["T\(tab)"] =
          [Entry(names[tab])]
          + (0..<Int.random(in: 0...2, using: &random)).map { _ in
            Entry(names.randomElement(using: &random)!)
          }
      }
      state = ModalState(
        tabs: TabState(selected: "T\(selected)", stacks: stacks), layers: state.layers)
    }
    let destination = names.randomElement(using: &random)!
    let via =
      Bool.random(using: &random) ? [] : [names.randomElement(using: &random)!]
    let parameters: Parameters =
      Int.random(in: 0..<3, using: &random) == 0
      ? ["id": .integer(Int.random(in: 1...2, using: &random))] : [:]
    let context = "\(label): \(state) to \(destination) via \(via)"
    let expected = reference.answer(from: state, to: destination, via: via, parameters)
    let planned = Result { () throws(RoutingError) in
      try unrefused {
        () throws(RoutingError) in
        try table.route(from: state, to: destination, via: via, parameters: parameters)
      }
    }
    switch (planned, expected) {
    case (.success(let route), .success(let wanted)):
      #expect(route == wanted, "\(context)")
      return route
    case (.failure(let error), .failure(let wanted)):
      #expect(error == wanted, "\(context)")
    default:
      Issue.record("\(context): planned \(planned), the reference \(expected)")
    }
    return nil
  }
}
