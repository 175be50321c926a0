import Routing
import Testing

/// Several invalid values: the error names the smallest key, whatever the dictionary's
/// iteration order.
@Suite struct ParameterErrorOrderTests {
  static func table() throws -> RouteTable {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    let keys = (0..<12).map { "k\($0 < 10 ? "0" : "")\($0)" }
    registry.register(Screen("A"))
    registry.register(Screen("B", parameters: keys.map { .integer($0) }))
    registry.register(Command(from: ["A"], to: "B"))
    return try registry.compile()
  }

  @Test func typingReportsTheSmallestFailingKey() throws {
    let table = try Self.table()
    // Many dictionaries with different layouts: every one reports k03.
    for extra in 0..<30 {
      var values: [String: String] = ["k03": "x", "k07": "y", "k11": "z", "k05": "5"]
      for index in 0..<extra { values["s\(index)"] = "v" }
      #expect(throws: RoutingError.invalidParameter(name: "k03", value: "x", expected: .integer)) {
        try table.parameters(values, for: "B")
      }
    }
  }

  @Test func planningReportsTheSmallestFailingKey() throws {
    let table = try Self.table()
    for extra in 0..<30 {
      var parameters: Parameters = ["k09": "x", "k04": "y", "k10": "z", "k01": 1]
      for index in 0..<extra { parameters["s\(index)"] = "v" }
      #expect(throws: RoutingError.invalidParameter(name: "k04", value: "y", expected: .integer)) {
        try table.route(from: [Entry("A")], to: "B", parameters: parameters)
      }
    }
  }
}
