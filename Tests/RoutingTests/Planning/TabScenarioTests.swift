import Foundation
import Routing
import Testing

/// Every scenario of `tab-scenarios.json`, declared through the Swift API.
@Suite struct TabScenarioTests {
  static let scenarios: [RoutingScenarioTests.Scenario] = {
    guard let list = try? Fixtures.scenarios("tab-scenarios") else { return [] }
    return list.map {
      .init(name: $0["name"] as? String ?? "?", json: (try? Fixtures.text($0)) ?? "")
    }
  }()

  /// The fixture's shared table, declared in Swift.
  static func table() throws -> RouteTable {
    let object = try Fixtures.object("tab-scenarios")
    let table = try #require(object["table"] as? [String: Any])
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    for tab in table["tabs"] as? [[String: Any]] ?? [] {
      registry.register(
        Tab(
          tab["name"] as! String, root: ScreenName(tab["root"] as! String),
          path: tab["path"] as? String))
    }
    for screen in table["screens"] as? [[String: Any]] ?? [] {
      registry.register(
        Screen(
          ScreenName(screen["name"] as! String),
          parameters: (screen["parameters"] as? [String] ?? []).map { Parameter($0) },
          path: screen["path"] as? String))
    }
    for command in table["commands"] as? [[String: Any]] ?? [] {
      registry.register(
        Command(
          id: command["id"] as? String,
          from: (command["from"] as? [String] ?? []).map { ScreenName($0) },
          to: ScreenName(command["to"] as! String), tabs: command["tabs"] as? [String] ?? []))
    }
    return try registry.compile()
  }

  /// A tab state as a request or an expectation writes it.
  static func state(_ selected: Any?, _ stacks: Any?) -> TabState {
    let stacks = (stacks as? [String: [Any]] ?? [:]).mapValues {
      $0.map(RoutingScenarioTests.entry)
    }
    return TabState(selected: selected as? String ?? "", stacks: stacks)
  }

  @Test func fixtureHoldsEveryScenario() {
    #expect(Self.scenarios.count >= 5)
  }

  @Test(arguments: scenarios)
  func scenarioPassesThroughSwiftAPI(_ scenario: RoutingScenarioTests.Scenario) throws {
    let object = try #require(try Fixtures.objectFromText(scenario.json))
    let table = try Self.table()
    let request = try #require(object["request"] as? [String: Any])
    let expect = try #require(object["expect"] as? [String: Any])
    let parameters = (request["parameters"] as? [String: String] ?? [:]).mapValues {
      ParameterValue.string($0)
    }
    let route = try table.route(
      from: Self.state(request["tab"], request["stacks"]),
      to: ScreenName(request["to"] as! String), parameters: parameters)
    let steps = try #require(expect["steps"] as? [[Any]])
    #expect(route.steps.count == steps.count)
    for (step, expected) in zip(route.steps, steps) {
      switch step {
      case .select(let tab):
        #expect(expected[0] is NSNull)
        #expect(expected[1] as? String == "select")
        #expect(expected[2] as? String == tab)
      case .command(let inner):
        #expect(inner.command == expected[0] as? Int)
        #expect(inner.action.rawValue == expected[1] as? String)
        #expect(inner.screen.rawValue == expected[2] as? String)
      }
    }
    #expect(route.state == Self.state(expect["tab"], expect["stacks"]))
  }
}

/// The rules of tab planning that the scenarios leave out: costs, unknown tabs, guards.
@Suite struct TabRuleTests {
  /// Two tabs on one screen set: Near pushes B for 3, Far pushes B for 1.
  static func costTable() throws -> RouteTable {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Tab("Near", root: "A"))
    registry.register(Tab("Far", root: "A"))
    registry.register(Command(from: ["A"], to: "B", cost: 3, tabs: ["Near"]))
    registry.register(Command(from: ["A"], to: "B", tabs: ["Far"]))
    return try registry.compile()
  }

  @Test func aSelectCostsOneBesideCommandCosts() throws {
    let table = try Self.costTable()
    let route = try table.route(from: TabState(selected: "Near"), to: "B")
    #expect(route.steps.map(\.description) == ["select Far", "push B by command 1"])
    #expect(route.state.stacks["Near"] == [Entry("A")])
  }

  @Test func unknownTabsAreRefused() throws {
    let table = try Self.costTable()
    #expect(throws: RoutingError.unknownTab("Mail")) {
      try table.route(from: TabState(selected: "Mail"), to: "B")
    }
    #expect(throws: RoutingError.unknownTab("Mail")) {
      try table.route(from: TabState(selected: "Far", stacks: ["Mail": [Entry("A")]]), to: "B")
    }
    #expect(throws: RoutingError.emptyStack) {
      try table.route(from: TabState(selected: "Far", stacks: ["Near": []]), to: "B")
    }
    let plain = try RouteTable(defaultFactory: HeadlessScreen.factory) { Command(to: "A") }
    #expect(throws: RoutingError.unknownTab("Home")) {
      try plain.route(from: TabState(selected: "Home"), to: "A")
    }
  }

  @Test func unreachableNamesTheSelectedTop() throws {
    let table = try TabScenarioTests.table()
    let state = TabState(
      selected: "Home",
      stacks: ["Home": [Entry("Feed"), Entry("Post")], "Search": [Entry("Query")]])
    #expect(throws: RoutingError.unreachable(from: "Post", to: "Feed")) {
      try table.route(from: state, to: "Feed")
    }
  }

  @Test func guardsHearTheSelectedTabsStack() throws {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Tab("One", root: "A"))
    registry.register(Tab("Two", root: "C"))
    registry.register(
      Command(from: ["A", "C"], to: "B", when: RouteGuard { $0.top?.screen == "C" }))
    let table = try registry.compile()
    // The guard hears One's stack (top A) and says no, in every tab: the error names it.
    let refusal = RoutingError.GuardRefusal(guardName: nil, command: 0, commandID: nil)
    #expect(throws: RoutingError.refusedByGuard(from: "A", to: "B", refusal)) {
      try table.route(from: TabState(selected: "One"), to: "B")
    }
    let route = try table.route(from: TabState(selected: "Two"), to: "B")
    #expect(route.steps.count == 1)
  }
}
