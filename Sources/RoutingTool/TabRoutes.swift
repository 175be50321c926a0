import Routing

/// A planned route the tool prints: a single stack's, or one across tabs.
protocol PlannedRoute: CustomStringConvertible {
  /// The route as JSON (Docs/RouteTables.md, "`routing route`"; Docs/Tabs.md).
  var json: JSONValue { get }
}

extension Route: PlannedRoute {
  var json: JSONValue { RouteJSON.json(self) }
}

extension TabRoute: PlannedRoute {
  /// `{"steps": [{"action": "select", "tab": "Search"}, {"command": 1, …}], "tab":
  /// "Search", "stacks": {"Home": […], "Search": […]}}`, the stacks by tab name.
  var json: JSONValue {
    let steps: [JSONValue] = steps.map { step in
      switch step {
      case .select(let tab): ["action": "select", "tab": .string(tab)]
      case .command(let inner): RouteJSON.json(inner)
      }
    }
    let stacks = state.stacks.sorted { $0.key < $1.key }.map {
      JSONMember($0.key, .array($0.value.map(RouteJSON.json)))
    }
    return [
      "steps": .array(steps), "tab": .string(state.selected),
      "stacks": .object(JSONObject(stacks)),
    ]
  }
}
