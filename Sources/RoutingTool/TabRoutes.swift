import Routing
import RoutingJSON

/// A planned route the tool prints: a single stack's, or one across tabs.
protocol PlannedRoute: CustomStringConvertible {
  /// The route as JSON (Docs/RouteTables.md, "`routing route`"; Docs/Tabs.md).
  var json: JSONValue { get }
  /// How many steps the route takes.
  var stepCount: Int { get }
  /// The stack after the route: the selected tab's, across tabs.
  var finalStack: [Entry] { get }
  /// Every tab after the route; `nil` for a route on one stack.
  var finalTabs: TabState? { get }
}

extension Route: PlannedRoute {
  var json: JSONValue { RouteJSON.json(self) }
  var stepCount: Int { steps.count }
  var finalStack: [Entry] { stack }
  var finalTabs: TabState? { nil }
}

extension TabRoute: PlannedRoute {
  var stepCount: Int { steps.count }
  var finalStack: [Entry] { state.stack }
  var finalTabs: TabState? { state }

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
