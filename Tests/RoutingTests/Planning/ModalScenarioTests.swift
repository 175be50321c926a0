import Foundation
import Routing
import Testing

/// The scenarios of `modal-scenarios.json`, declared through the Swift API and planned
/// from a `ModalState`. Guards answer as the request's `"guards"` says, and a guard it
/// does not name refuses.
@Suite struct ModalScenarioTests {
  static let scenarios: [RoutingScenarioTests.Scenario] = {
    guard let list = try? Fixtures.scenarios("modal-scenarios") else { return [] }
    return list.map {
      .init(name: $0["name"] as? String ?? "?", json: (try? Fixtures.text($0)) ?? "")
    }
  }()

  /// Table `name` of the fixture, its guards answering `answers` (a guard not named
  /// refuses).
  static func table(_ name: String, answers: [String: Bool]) throws -> RouteTable {
    let tables = try #require(try Fixtures.object("modal-scenarios")["tables"] as? [String: Any])
    let table = try #require(tables[name] as? [String: Any])
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    for tab in table["tabs"] as? [[String: Any]] ?? [] {
      registry.register(Tab(tab["name"] as! String, root: ScreenName(tab["root"] as! String)))
    }
    for screen in table["screens"] as? [[String: Any]] ?? [] {
      registry.register(
        Screen(
          ScreenName(screen["name"] as! String),
          parameters: (screen["parameters"] as? [String] ?? []).map { Parameter($0) }))
    }
    let remedies = table["guards"] as? [String: [String: String]] ?? [:]
    for command in table["commands"] as? [[String: Any]] ?? [] {
      let condition = (command["guard"] as? String).map { name in
        let allows = answers[name] ?? false
        return RouteGuard(name, remedy: remedies[name]?["remedy"].map { ScreenName($0) }) { _ in
          allows
        }
      }
      registry.register(
        Command(
          id: command["id"] as? String,
          from: (command["from"] as? [String] ?? []).map { ScreenName($0) },
          to: ScreenName(command["to"] as! String), when: condition,
          presents: command["present"] as? Bool ?? false))
    }
    return try registry.compile()
  }

  /// The state a request or an expectation gives: a stack (the selected tab's, with
  /// tabs) and layers.
  static func state(_ object: [String: Any]) -> ModalState {
    let layers = (object["layers"] as? [[Any]] ?? []).map { $0.map(RoutingScenarioTests.entry) }
    if let stacks = object["stacks"] as? [String: [Any]], let tab = object["tab"] as? String {
      return ModalState(
        tabs: TabState(
          selected: tab, stacks: stacks.mapValues { $0.map(RoutingScenarioTests.entry) }),
        layers: layers)
    }
    let stack = object["stack"] as? [Any] ?? []
    return ModalState(stack: stack.map(RoutingScenarioTests.entry), layers: layers)
  }

  @Test func aTableSaysWhetherAnyCommandPresents() throws {
    #expect(try Self.table("modal", answers: [:]).hasPresentingCommands)
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Command(id: "open", from: ["A"], to: "B"))
    #expect(try registry.compile().hasPresentingCommands == false)
    let file = try RouteTable(json: #"{"commands": [{"from": ["A"], "to": "B", "present": true}]}"#)
    #expect(file.hasPresentingCommands)
  }

  @Test func fixtureHoldsEveryScenario() throws {
    #expect(Self.scenarios.count == 16)
    for scenario in Self.scenarios {
      _ = try #require(try Fixtures.objectFromText(scenario.json), "\(scenario.name)")
    }
  }

  @Test(arguments: scenarios)
  func scenarioPassesThroughSwiftAPI(_ scenario: RoutingScenarioTests.Scenario) throws {
    let object = try #require(try Fixtures.objectFromText(scenario.json))
    let request = try #require(object["request"] as? [String: Any])
    let table = try Self.table(
      object["table"] as! String, answers: request["guards"] as? [String: Bool] ?? [:])
    try Self.expectScenario(object, on: table)
  }

  /// Plans the request of scenario `object` on `table` and checks the answer against
  /// its expectation: the error's kind, or every step, the final state and the detour.
  static func expectScenario(_ object: [String: Any], on table: RouteTable) throws {
    let request = try #require(object["request"] as? [String: Any])
    let expect = try #require(object["expect"] as? [String: Any])
    let parameters = (request["parameters"] as? [String: String] ?? [:]).mapValues {
      ParameterValue.string($0)
    }
    let planned = Result { () throws(RoutingError) in
      try table.route(
        from: Self.state(request), to: ScreenName(request["to"] as! String),
        via: (request["via"] as? [String] ?? []).map { ScreenName($0) }, parameters: parameters)
    }
    if let error = expect["error"] as? String {
      guard case .failure(let failure) = planned else {
        Issue.record("expected \(error), planned \(planned)")
        return
      }
      #expect(failure.kind == error)
      return
    }
    let route = try planned.get()
    let steps = try #require(expect["steps"] as? [[String: Any]])
    #expect(route.steps.count == steps.count, "\(route)")
    for (step, expected) in zip(route.steps, steps) {
      switch step {
      case .dismiss:
        #expect(expected["action"] as? String == "dismiss")
        #expect(expected["command"] == nil)
      case .select(let tab):
        #expect(expected["action"] as? String == "select")
        #expect(expected["tab"] as? String == tab)
      case .command(let inner):
        #expect(inner.command == expected["command"] as? Int)
        #expect(inner.commandID == expected["id"] as? String)
        #expect(inner.action.rawValue == expected["action"] as? String)
        #expect(inner.screen.rawValue == expected["screen"] as? String)
      }
    }
    #expect(route.state == Self.state(expect), "\(route)")
    #expect(route.detour == Self.detour(expect["detour"]), "\(route)")
  }

  /// The detour an expectation gives, or `nil`.
  static func detour(_ value: Any?) -> Detour? {
    guard let object = value as? [String: Any], let pending = object["pending"] as? [String: Any]
    else { return nil }
    return Detour(
      guardName: object["guard"] as? String, remedy: ScreenName(object["remedy"] as! String),
      pending: Request(
        to: ScreenName(pending["to"] as! String),
        via: (pending["via"] as? [String] ?? []).map { ScreenName($0) },
        parameters: (pending["parameters"] as? [String: String] ?? [:]).mapValues {
          ParameterValue.string($0)
        }))
  }
}
