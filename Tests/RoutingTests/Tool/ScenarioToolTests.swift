import Foundation
import Routing
import RoutingTool
import Testing

/// Every conformance scenario through `routing route --request`, and through the Swift
/// API on a table loaded by the file loader.
@Suite struct ScenarioToolTests {
  static func scenarios() -> [[String: Any]] {
    (try? Fixtures.scenarios("routing-scenarios")) ?? []
  }

  static let names: [String] = scenarios().compactMap { $0["name"] as? String }

  static func scenario(_ name: String) throws -> [String: Any] {
    try #require(scenarios().first { $0["name"] as? String == name })
  }

  @Test func thereAreScenarios() {
    #expect(Self.names.count >= 20)
  }

  @Test(arguments: names)
  func passesThroughTheTool(name: String) throws {
    let scenario = try Self.scenario(name)
    let table = try Fixtures.text(try #require(scenario["table"]))
    let request = try Fixtures.text(try #require(scenario["request"]))
    let expect = try #require(scenario["expect"] as? [String: Any])
    let result = Tool.run(
      ["route", "table.json", "--request", "request.json"],
      files: ["table.json": table, "request.json": request])
    let output = try #require(Tool.object(result.output), "\(result)")
    if let kind = expect["error"] as? String {
      #expect(result.exitCode == 1)
      #expect((output["error"] as? [String: Any])?["kind"] as? String == kind)
      return
    }
    #expect(result.exitCode == 0, "\(result)")
    let steps = try #require(output["steps"] as? [[String: Any]])
    let expectedSteps = try #require(expect["steps"] as? [[Any]])
    #expect(steps.count == expectedSteps.count)
    for (step, wanted) in zip(steps, expectedSteps) {
      #expect(step["command"] as? Int == wanted[0] as? Int)
      #expect(step["action"] as? String == wanted[1] as? String)
      #expect(step["screen"] as? String == wanted[2] as? String)
    }
    let stack = try #require(output["stack"] as? [[String: Any]])
    let expectedStack = try #require(expect["stack"] as? [Any])
    #expect(stack.count == expectedStack.count)
    for (entry, wanted) in zip(stack, expectedStack) {
      if let name = wanted as? String {
        #expect(entry["screen"] as? String == name)
      } else {
        let object = try #require(wanted as? [String: Any])
        #expect(entry["screen"] as? String == object["screen"] as? String)
        #expect(
          entry["parameters"] as? [String: String] == object["parameters"] as? [String: String])
      }
    }
  }

  @Test(arguments: names)
  func passesThroughTheSwiftAPI(name: String) throws {
    let scenario = try Self.scenario(name)
    let table = try RouteTable(json: try Fixtures.text(try #require(scenario["table"])))
    let request = try #require(scenario["request"] as? [String: Any])
    let expect = try #require(scenario["expect"] as? [String: Any])
    func entry(_ value: Any) throws -> Entry {
      if let name = value as? String { return Entry(ScreenName(name)) }
      let object = try #require(value as? [String: Any])
      let screen = ScreenName(try #require(object["screen"] as? String))
      let values = object["parameters"] as? [String: String] ?? [:]
      return Entry(screen, parameters: try table.parameters(values, for: screen))
    }
    let stack = try (try #require(request["stack"] as? [Any])).map(entry)
    let outcome = Result { () throws(RoutingError) -> Route in
      try table.route(
        from: stack, to: ScreenName(request["to"] as? String ?? ""),
        via: (request["via"] as? [String] ?? []).map { ScreenName($0) },
        parameters: (request["parameters"] as? [String: String] ?? [:]).mapValues {
          ParameterValue.string($0)
        })
    }
    if let kind = expect["error"] as? String {
      guard case .failure(let error) = outcome else {
        Issue.record("expected \(kind), got \(outcome)")
        return
      }
      #expect(error.kind == kind)
      return
    }
    let route = try outcome.get()
    let expectedSteps = try #require(expect["steps"] as? [[Any]])
    #expect(
      route.steps.map { "\($0.command) \($0.action) \($0.screen)" }
        == expectedSteps.map { "\($0[0]) \($0[1]) \($0[2])" })
    #expect(route.stack == (try (try #require(expect["stack"] as? [Any])).map(entry)))
  }
}
