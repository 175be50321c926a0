import Routing
import Testing

/// One route step, one event pair: over seeded random tables and routes, a navigator
/// sends one will/did pair per step, and a drill-down one pair per step whose
/// transition holds the panes before and after the whole step.
@MainActor
@Suite struct RouteEventCountTests {
  @Test(arguments: TestScale.batches(full: 200, quick: 24))
  func eachStepSendsOnePairOnEitherContainer(seed: Int) async throws {
    var random = SeededGenerator(seed: UInt64(seed) &* 0x2545_F491 &+ 3)
    var tables = RandomNavigationTable(&random, maxScreens: 10)
    tables.makeEveryScreenConstructible()
    let table = try tables.compile()
    guard let root = table.screens.first(where: { table.makeScreen(for: Entry($0.name)) != nil })
    else { return }
    let stack = Navigator(
      table: table, container: StackContainer(root: try table.makeItem(for: root.name)))
    let drillDown = DrillDownContainer(root: try table.makeItem(for: root.name))
    let navigator = Navigator(table: table, container: drillDown)
    var stackEvents: [NavigationEvent] = []
    var events: [NavigationEvent] = []
    var containerEvents: [DrillDownEvent] = []
    stack.addObserver { stackEvents.append($0) }
    navigator.addObserver { events.append($0) }
    drillDown.addObserver { containerEvents.append($0) }
    for _ in 0..<30 {
      let request = tables.randomRequest(&random)
      stackEvents = []
      events = []
      containerEvents = []
      let before = drillDown.state
      let route: Route
      do throws(NavigationError) {
        route = try await navigator.go(request)
      } catch {
        #expect(events == [.didFail(request, error)])
        #expect(containerEvents.isEmpty)
        #expect(drillDown.state == before)
        await #expect(throws: error) { try await stack.go(request) }
        continue
      }
      #expect(try await stack.go(request) == route)
      for observed in [events, stackEvents] {
        #expect(observed.count == 2 + 2 * route.steps.count, "seed \(seed)")
        #expect(observed.first == .willNavigate(request, route))
        #expect(observed.last == .didNavigate(request, route))
        for (number, step) in route.steps.enumerated() {
          let pair = Array(observed[1 + 2 * number...2 + 2 * number])
          switch step.action {
          case .push:
            #expect(pair == [.willPush(step.entry, step: step), .didPush(step.entry, step: step)])
          case .pop:
            #expect(
              pair == [.willPop(to: step.entry, step: step), .didPop(to: step.entry, step: step)])
          case .present:
            Issue.record("a stack's route presents \(step.entry), seed \(seed)")
          }
        }
      }
      // The drill-down: one pair per step, chained from the state before the route.
      #expect(containerEvents.count == 2 * route.steps.count, "seed \(seed)")
      var state = before
      var replayed = before.stack.map(\.entry)
      for (number, step) in route.steps.enumerated() {
        switch step.action {
        case .push: replayed.append(step.entry)
        case .pop: replayed.removeSubrange(step.depth...)
        case .present: Issue.record("a stack's route presents \(step.entry), seed \(seed)")
        }
        let will = containerEvents[2 * number]
        let did = containerEvents[2 * number + 1]
        #expect(!will.isDone && did.isDone)
        #expect(will.change == (step.action == .push ? .push : .pop))
        #expect(did.change == will.change)
        #expect(will.transition == did.transition)
        #expect(will.transition.before == state, "seed \(seed) step \(number)")
        #expect(will.transition.after.stack.map(\.entry) == replayed, "seed \(seed) step \(number)")
        state = did.transition.after
      }
      #expect(state == drillDown.state)
      #expect(drillDown.entries == route.stack)
    }
  }
}
