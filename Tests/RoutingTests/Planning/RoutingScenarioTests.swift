import Routing
import Testing

/// Every scenario of `routing-scenarios.json`, declared through the Swift API.
@Suite struct RoutingScenarioTests {
  struct Scenario: CustomTestStringConvertible, Sendable {
    let name: String
    let json: String
    var testDescription: String { name }
  }

  static let scenarios: [Scenario] = {
    guard let list = try? Fixtures.scenarios("routing-scenarios") else { return [] }
    return list.map {
      Scenario(name: $0["name"] as? String ?? "?", json: (try? Fixtures.text($0)) ?? "")
    }
  }()

  @Test func fixtureHoldsEveryScenario() {
    #expect(Self.scenarios.count >= 23)
  }

  static func entry(_ value: Any) -> Entry {
    if let name = value as? String { return Entry(ScreenName(name)) }
    let object = value as? [String: Any] ?? [:]
    let values = (object["parameters"] as? [String: String] ?? [:]).mapValues {
      ParameterValue.string($0)
    }
    return Entry(ScreenName(object["screen"] as? String ?? ""), parameters: values)
  }

  @Test(arguments: scenarios)
  func scenarioPassesThroughSwiftAPI(_ scenario: Scenario) throws {
    let object = try #require(try Fixtures.objectFromText(scenario.json))
    let table = try #require(object["table"] as? [String: Any])
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    for screen in table["screens"] as? [[String: Any]] ?? [] {
      let parameters = (screen["parameters"] as? [String] ?? []).map { Parameter($0) }
      registry.register(Screen(ScreenName(screen["name"] as! String), parameters: parameters))
    }
    for command in table["commands"] as? [[String: Any]] ?? [] {
      registry.register(
        Command(
          id: command["id"] as? String,
          from: (command["from"] as? [String] ?? []).map { ScreenName($0) },
          to: ScreenName(command["to"] as! String)))
    }
    let routeTable = try registry.compile()
    let request = try #require(object["request"] as? [String: Any])
    let stack = (request["stack"] as? [Any] ?? []).map(Self.entry)
    let parameters = (request["parameters"] as? [String: String] ?? [:]).mapValues {
      ParameterValue.string($0)
    }
    let expect = try #require(object["expect"] as? [String: Any])
    let outcome = Result { () throws(RoutingError) -> Route in
      try routeTable.route(
        from: stack, to: ScreenName(request["to"] as! String),
        via: (request["via"] as? [String] ?? []).map { ScreenName($0) }, parameters: parameters)
    }
    switch outcome {
    case .failure(let error):
      #expect(error.kind == expect["error"] as? String, "\(error)")
    case .success(let route):
      #expect(expect["error"] == nil, "expected \(expect["error"] ?? "") but got \(route)")
      let steps = try #require(expect["steps"] as? [[Any]])
      #expect(route.steps.count == steps.count)
      for (step, expected) in zip(route.steps, steps) {
        #expect(step.command == expected[0] as? Int)
        #expect(step.action.rawValue == expected[1] as? String)
        #expect(step.screen.rawValue == expected[2] as? String)
      }
      let expectedStack = (expect["stack"] as? [Any] ?? []).map(Self.entry)
      #expect(route.stack == expectedStack)
    }
  }
}
