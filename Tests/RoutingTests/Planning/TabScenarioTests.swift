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
