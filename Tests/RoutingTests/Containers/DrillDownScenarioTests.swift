import Routing
import Testing

/// Every scenario of `drilldown-scenarios.json`, operation by operation, on the value
/// state machine and on the container.
@Suite struct DrillDownScenarioTests {
  @Test func fixtureHasTheSeedScenarios() throws {
    let names = try DrillDownScenarios.all().map(\.name)
    #expect(
      names == [
        "push-and-pop", "back-button", "push-nil", "pop-to-root", "replace", "remove", "errors",
      ])
  }

  /// The state machine, through its named operations.
  @Test(arguments: DrillDownScenarios.names)
  func stateMachine(scenario: String) throws {
    var state = DrillDownState<Int>()
    for (number, step) in try DrillDownScenarios.steps(of: scenario).enumerated() {
      let before = state
      let place = "\(scenario) step \(number): \(step)"
      var outcome: DrillDownOutcome?
      var popped: Int??
      var thrown: DrillDownError?
      do throws(DrillDownError) {
        switch (step.op, step.screen) {
        case ("push", .some(let screen)): outcome = try state.push(screen)
        case ("pop", nil):
          let result = state.pop()
          outcome = result.outcome
          popped = .some(result.popped)
        case ("popTo", .some(.some(let screen))): outcome = try state.popTo(screen)
        case ("popToRoot", nil): outcome = state.popToRoot()
        case ("replace", .some(let screen)): outcome = try state.replaceRight(screen)
        default:
          Issue.record("unknown operation \(place)")
          continue
        }
      } catch {
        thrown = error
      }
      let changed = state != before
      switch step.expected {
      case .ok:
        #expect(thrown == nil && outcome == .changed && changed, "\(place)")
      case .noop:
        #expect(thrown == nil && outcome == .unchanged && !changed, "\(place)")
      case .error:
        #expect(thrown != nil && outcome == nil && state == before, "\(place)")
      case .returned(let expected):
        #expect(popped == .some(expected), "\(place)")
        #expect(outcome == (changed ? .changed : .unchanged), "\(place)")
      }
      #expect(state.left == step.left, "\(place)")
      #expect(state.right == step.right, "\(place)")
      #expect(state.canSwipeBack == step.canSwipeBack, "\(place)")
      #expect(state.stack == step.left + (step.right.map { [$0] } ?? []), "\(place)")
      #expect(state.leftTop == step.left.last, "\(place)")
      let below = step.left.count >= 2 ? step.left[step.left.count - 2] : nil
      #expect(state.backTarget(in: .left) == below, "\(place)")
      #expect(state.backTarget(in: .right) == nil, "\(place)")
    }
  }

  /// The container, through `perform(_:)`, with its events and what a UI shows.
  @Test(arguments: DrillDownScenarios.names)
  @MainActor
  func container(scenario: String) async throws {
    let screens = NumberedItems()
    let container = DrillDownContainer()
    var events: [DrillDownEvent] = []
    container.addObserver { events.append($0) }
    for (number, step) in try DrillDownScenarios.steps(of: scenario).enumerated() {
      let place = "\(scenario) step \(number): \(step)"
      let before = container.state
      let beforeNumbers = screens.numbers(before)
      events = []
      let operation: DrillDownOperation<StackItem>
      switch (step.op, step.screen) {
      case ("push", .some(let screen)): operation = .push(screen.map(screens.item))
      case ("pop", nil): operation = .pop
      case ("popTo", .some(.some(let screen))): operation = .popTo(screens.item(screen))
      case ("popToRoot", nil): operation = .popToRoot
      case ("replace", .some(let screen)): operation = .replaceRight(screen.map(screens.item))
      default:
        Issue.record("unknown operation \(place)")
        continue
      }
      var result: DrillDownResult<StackItem>?
      var thrown: DrillDownError?
      do {
        result = try await container.perform(operation)
      } catch {
        thrown = error
      }
      let after = screens.numbers(container.state)
      let changed = after != beforeNumbers
      switch step.expected {
      case .ok:
        #expect(thrown == nil && result?.outcome == .changed && changed, "\(place)")
      case .noop:
        #expect(thrown == nil && result?.outcome == .unchanged && !changed, "\(place)")
      case .error:
        #expect(thrown != nil && result == nil && !changed, "\(place)")
      case .returned(let expected):
        #expect(result.map { $0.popped.map { screens.number(of: $0) ?? -1 } } == .some(expected))
        #expect(result?.outcome == (changed ? .changed : .unchanged), "\(place)")
      }
      #expect(after.left == step.left && after.right == step.right, "\(place)")
      #expect(container.canSwipeBack == step.canSwipeBack, "\(place)")
      try checkDisplay(container, screens: screens, where: place)
      try checkEvents(
        events, from: beforeNumbers, to: after, operation: step.op, screens: screens,
        where: place)
    }
  }

  /// What a UI shows: the two panes, the placeholder, swipe-back and the back controls.
  @MainActor
  func checkDisplay(_ container: DrillDownContainer, screens: NumberedItems, where place: String)
    throws
  {
    let state = screens.numbers(container.state)
    #expect(container.items.map { screens.number(of: $0) } == state.stack, "\(place)")
    #expect(container.leftTop.flatMap(screens.number) == state.left.last, "\(place)")
    #expect(container.right.flatMap(screens.number) == state.right, "\(place)")
    #expect(container.showsPlaceholder == (state.right == nil), "\(place)")
    #expect(container.isEmpty == state.left.isEmpty, "\(place)")
    #expect(container.canSwipeBack == (state.left.count >= 2), "\(place)")
    let control = container.backControl(in: .left)
    if state.left.count >= 2 {
      let below = state.left[state.left.count - 2]
      #expect(control.flatMap { screens.number(of: $0.destination) } == below, "\(place)")
      #expect(control?.title == NumberedItems.title(of: below), "\(place)")
    } else {
      #expect(control == nil, "\(place)")
    }
    #expect(container.backControl(in: .right) == nil, "\(place)")
  }

  /// Events come in will/did pairs only for changes, of the operation's kind, chained
  /// from the state before to the state after.
  @MainActor
  func checkEvents(
    _ events: [DrillDownEvent], from before: DrillDownState<Int>, to after: DrillDownState<Int>,
    operation: String, screens: NumberedItems, where place: String
  ) throws {
    guard before != after else {
      #expect(events.isEmpty, "events for no change at \(place)")
      return
    }
    let kind: DrillDownChange =
      switch operation {
      case "push": .push
      case "replace": .replace
      default: .pop
      }
    #expect(events.count == 2, "\(place)")
    var current = before
    for pair in stride(from: 0, to: events.count - 1, by: 2) {
      let will = events[pair]
      let did = events[pair + 1]
      #expect(!will.isDone && did.isDone, "\(place)")
      #expect(will.change == kind && did.change == kind, "\(place)")
      #expect(screens.numbers(will.transition.before) == current, "\(place)")
      #expect(screens.numbers(did.transition.before) == current, "\(place)")
      #expect(
        screens.numbers(will.transition.after) == screens.numbers(did.transition.after), "\(place)")
      current = screens.numbers(did.transition.after)
    }
    #expect(current == after, "\(place)")
  }
}
