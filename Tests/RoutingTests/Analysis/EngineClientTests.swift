import Testing

@testable import Routing

/// The leg engine's clients answer with the engine's answer: on seeded random tables
/// (with and without costs, guards, commands from anywhere and parameters), the planner's
/// routes, the trees `routing diff` reads (``RouteTable/plannedRouteTree(from:refusing:)``)
/// and the explanations of failing legs all equal the engine's tree of legs from the
/// same stack.
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
}
