import Routing
import Testing

/// One search from a stack (``RouteTree``, what `routing diff` and
/// `RouteTable.explanation` read) against the planner, destination by destination, on
/// seeded random tables: the same route to every screen, or none where it has none.
@Suite struct RouteTreeTests {
  /// A random table of up to `size` screens: commands from one to three origins, some
  /// from anywhere, some refused by their guard, costs when asked; one screen in four
  /// declares the parameter `p`.
  static func randomTable(
    _ random: inout SeededGenerator, size: Int, costs: Bool
  ) throws -> RouteTable {
    let count = Int.random(in: 1...size, using: &random)
    let names = (0..<count).map { ScreenName("S\($0)") }
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    for name in names {
      let declares = Int.random(in: 0..<4, using: &random) == 0
      registry.register(Screen(name, parameters: declares ? [.string("p")] : []))
    }
    for _ in 0..<Int.random(in: 0...(count * 4), using: &random) {
      let origins =
        Int.random(in: 0..<10, using: &random) == 0
        ? []
        : (0..<Int.random(in: 1...3, using: &random)).map { _ in
          names.randomElement(using: &random)!
        }
      let enabled = Int.random(in: 0..<8, using: &random) != 0
      registry.register(
        Command(
          from: origins, to: names.randomElement(using: &random)!,
          cost: costs ? Int.random(in: 1...3, using: &random) : 1,
          when: enabled ? nil : RouteGuard { _ in false }))
    }
    return try registry.compile()
  }

  /// A random stack of one to four entries, some with a value of `p`, some of a screen
  /// the table does not know.
  static func randomStack(_ random: inout SeededGenerator, _ table: RouteTable) -> [Entry] {
    (0..<Int.random(in: 1...4, using: &random)).map { _ in
      let name =
        Int.random(in: 0..<10, using: &random) == 0
        ? "Unknown" : table.screens.randomElement(using: &random)!.name
      let value: Parameters = Int.random(in: 0..<3, using: &random) == 0 ? ["p": "1"] : [:]
      return Entry(name, parameters: value)
    }
  }

  @Test(arguments: TestScale.batches(full: 8, quick: 1))
  func treeGivesThePlannersRoutes(batch: Int) throws {
    try compare(
      seed: UInt64(batch) &* 6_113 &+ 5, count: TestScale.isFull ? 400 : 100, costs: false)
  }

  @Test(arguments: TestScale.batches(full: 4, quick: 1))
  func treeGivesThePlannersRoutesWithCosts(batch: Int) throws {
    try compare(seed: UInt64(batch) &* 3_571 &+ 11, count: TestScale.isFull ? 200 : 60, costs: true)
  }

  func compare(seed: UInt64, count: Int, costs: Bool) throws {
    var random = SeededGenerator(seed: seed)
    var routed = 0
    var unreachable = 0
    for _ in 0..<count {
      let table = try Self.randomTable(&random, size: 24, costs: costs)
      let stack = Self.randomStack(&random, table)
      let parameters: Parameters = Int.random(in: 0..<3, using: &random) == 0 ? ["p": "1"] : [:]
      // The guards say the same to every request: ask them once, as the planner does.
      let refused = table.refusedCommands(Request(to: "S0"), from: stack)
      let tree = table.routeTree(
        from: stack, parameters: parameters, filter: table.legFilter(refusing: refused))
      for (number, screen) in table.screens.enumerated() {
        let planned: Route
        do {
          planned = try table.route(from: stack, to: screen.name, parameters: parameters)
        } catch .unreachable {
          #expect(!tree.isReached(Int32(number)), "seed \(seed): \(stack) to \(screen.name)")
          unreachable += 1
          continue
        } catch {
          continue  // a request-key rule, checked after the route
        }
        guard !planned.isEmpty else { continue }
        routed += 1
        let steps = tree.steps(to: Int32(number))
        #expect(
          steps.map { Int($0.command) } == planned.steps.map(\.command)
            && steps.map { $0.popTo >= 0 ? StepAction.pop : .push } == planned.steps.map(\.action)
            && steps.map { table.screens[Int($0.screen)].name } == planned.steps.map(\.screen),
          "seed \(seed): \(stack) to \(screen.name): \(steps) for \(planned)")
        #expect(tree.depth(of: Int32(number)) == planned.steps.count)
      }
    }
    // Both outcomes occur often enough for the comparison to mean something.
    #expect(routed > count && unreachable > count / 4)
  }
}
