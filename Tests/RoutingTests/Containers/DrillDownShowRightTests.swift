import Routing
import Testing

/// `showRight(_:forLeft:)`: a table of cases on the state machine, the same on the
/// container with its events, and seeded random operations that keep the rules.
@Suite struct DrillDownShowRightTests {
  struct Case: CustomStringConvertible, Sendable {
    var left: [Int]
    var right: Int?
    var show: Int?
    var forLeft: Int
    /// The expected panes, or `nil` when the operation is refused.
    var expected: (left: [Int], right: Int?)?
    /// The refusal's kind when `expected` is `nil`.
    var error: DrillDownError.Kind?
    /// The kinds of change, in order.
    var changes: [DrillDownChange]

    var description: String {
      "\(left) | \(right.map(String.init) ?? "-") showRight(\(show.map(String.init) ?? "nil"), forLeft: \(forLeft))"
    }
  }

  static let cases: [Case] = [
    // forLeft is the right pane's screen: a push.
    Case(left: [1], right: 2, show: 3, forLeft: 2, expected: ([1, 2], 3), changes: [.push]),
    Case(
      left: [1, 2], right: 3, show: nil, forLeft: 3, expected: ([1, 2, 3], nil), changes: [.push]),
    Case(left: [1], right: 2, show: 1, forLeft: 2, error: .alreadyShown, changes: []),
    // forLeft is below the left top: a pop, then a replace.
    Case(
      left: [1, 2], right: 3, show: 4, forLeft: 1, expected: ([1], 4), changes: [.pop, .replace]),
    Case(
      left: [1, 2, 3], right: 4, show: 4, forLeft: 1, expected: ([1], 4), changes: [.pop, .replace]),
    Case(left: [1, 2], right: 3, show: 2, forLeft: 1, expected: ([1], 2), changes: [.pop]),
    Case(
      left: [1, 2, 3], right: nil, show: nil, forLeft: 1, expected: ([1], nil),
      changes: [.pop, .replace]),
    // forLeft is the left top: a replace, or a push into the empty right pane.
    Case(left: [1, 2], right: 3, show: 4, forLeft: 2, expected: ([1, 2], 4), changes: [.replace]),
    Case(
      left: [1, 2], right: 3, show: nil, forLeft: 2, expected: ([1, 2], nil), changes: [.replace]),
    Case(left: [1], right: nil, show: 2, forLeft: 1, expected: ([1], 2), changes: [.push]),
    // No-ops.
    Case(left: [1, 2], right: 3, show: 3, forLeft: 2, expected: ([1, 2], 3), changes: []),
    Case(left: [1], right: nil, show: nil, forLeft: 1, expected: ([1], nil), changes: []),
    // Refusals leave everything as it was, even after a first step that would change.
    Case(left: [1, 2], right: 3, show: 9, forLeft: 7, error: .notShown, changes: []),
    Case(left: [], right: nil, show: 1, forLeft: 1, error: .notShown, changes: []),
    Case(left: [1, 2, 3], right: 4, show: 1, forLeft: 2, error: .alreadyShown, changes: []),
    Case(left: [1, 2], right: nil, show: 1, forLeft: 2, error: .alreadyShown, changes: []),
  ]

  @Test(arguments: cases)
  func stateMachine(_ sample: Case) throws {
    var state = try DrillDownState(left: sample.left, right: sample.right)
    let before = state
    let outcome: DrillDownOutcome
    do throws(DrillDownError) {
      outcome = try state.showRight(sample.show, forLeft: sample.forLeft)
    } catch {
      #expect(error.kind == sample.error)
      #expect(error.operation == "showRight")
      #expect(state == before)
      return
    }
    let expected = try #require(sample.expected, "expected \(String(describing: sample.error))")
    #expect(state.left == expected.left && state.right == expected.right)
    #expect(outcome == (sample.changes.isEmpty ? .unchanged : .changed))
  }

  @Test(arguments: cases)
  @MainActor
  func container(_ sample: Case) async throws {
    let screens = NumberedItems()
    let container = try DrillDownContainer(
      left: sample.left.map(screens.item), right: sample.right.map(screens.item))
    let before = container.items
    var events: [DrillDownEvent] = []
    container.addObserver { events.append($0) }
    do throws(DrillDownError) {
      let result = try await container.perform(
        .showRight(sample.show.map(screens.item), forLeft: screens.item(sample.forLeft)))
      let state = screens.numbers(container.state)
      #expect(state.left == sample.expected?.left && state.right == sample.expected?.right)
      #expect(result.outcome == (sample.changes.isEmpty ? .unchanged : .changed))
      #expect(result.popped == nil)
    } catch {
      #expect(error.kind == sample.error)
      #expect(container.items.count == before.count)
      #expect(zip(container.items, before).allSatisfy { $0.screen === $1.screen })
    }
    let kinds = stride(from: 0, to: events.count, by: 2).map { events[$0].change }
    #expect(kinds == sample.changes)
    #expect(
      events.map(\.isDone) == Array(repeating: [false, true], count: kinds.count).flatMap { $0 })
    // The pairs chain: each change starts where the previous one ended.
    for index in stride(from: 2, to: events.count, by: 2) {
      #expect(
        screens.numbers(events[index].transition.before)
          == screens.numbers(events[index - 1].transition.after))
    }
  }

  @Test func initializerChecksTheRules() {
    let rightAlone = #expect(throws: DrillDownError.self) { try DrillDownState(left: [], right: 1) }
    #expect(rightAlone?.kind == .rightWithoutLeft)
    let twice = #expect(throws: DrillDownError.self) { try DrillDownState(left: [1, 2, 1]) }
    #expect(twice?.kind == .alreadyShown && twice?.location == "left[2]")
    #expect(twice?.description == "init: the screen is already shown at left[0]")
    let rightTwice = #expect(throws: DrillDownError.self) {
      try DrillDownState(left: [1, 2], right: 2)
    }
    #expect(rightTwice?.kind == .alreadyShown && rightTwice?.location == "right")
  }

  /// Seeded random operations: every one either changes the state, or leaves it
  /// exactly as it was (no-op or error); the rules hold throughout; a route-stack view
  /// (left + right) matches a simple list model for push and pop.
  @Test(arguments: 0..<8)
  func randomOperationsKeepTheRules(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed) &+ 101)
    var state = DrillDownState<Int>()
    for _ in 0..<400 {
      let before = state
      let pick = { (random: inout SeededGenerator) -> Int? in
        Int.random(in: 0..<6, using: &random) == 0 ? nil : Int.random(in: 1...8, using: &random)
      }
      let operation: DrillDownOperation<Int> =
        switch Int.random(in: 0..<6, using: &random) {
        case 0: .push(pick(&random))
        case 1: .pop
        case 2: .popTo(Int.random(in: 1...8, using: &random))
        case 3: .popToRoot
        case 4: .replaceRight(pick(&random))
        default: .showRight(pick(&random), forLeft: Int.random(in: 1...8, using: &random))
        }
      do {
        let result = try state.apply(operation)
        #expect((result.outcome == .changed) == (state != before), "\(before) \(operation)")
        if case .push(.some(let element)) = operation {
          #expect(state.stack == before.stack + [element], "a push appends to left + right")
        }
        if case .pop = operation, before.right != nil || before.left.count <= 1 {
          #expect(state.stack == Array(before.stack.dropLast()), "\(before) pop")
          #expect(result.popped == before.stack.last)
        }
      } catch {
        #expect(state == before, "\(before) \(operation) threw \(error) and changed")
      }
      #expect(state.right == nil || !state.left.isEmpty)
      #expect(Set(state.stack).count == state.stack.count, "a screen appears twice: \(state)")
      #expect(state.canSwipeBack == (state.left.count >= 2))
    }
  }
}
