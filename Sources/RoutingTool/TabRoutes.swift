import Routing
import RoutingJSON

/// A planned route the tool prints: a single stack's, or one across tabs.
protocol PlannedRoute: CustomStringConvertible {
  /// Writes the route as JSON (Docs/RouteTables.md, "`routing route`"; Docs/Tabs.md).
  func write(to json: inout JSONBytes)
  /// How many steps the route takes.
  var stepCount: Int { get }
  /// The stack after the route: the selected tab's, across tabs.
  var finalStack: [Entry] { get }
  /// Every tab after the route; `nil` for a route on one stack.
  var finalTabs: TabState? { get }
  /// The layers open after the route, bottom first; none for a route planned without
  /// layers.
  var finalLayers: [[Entry]] { get }
  /// The remedy the route detours to, or `nil` for a route to the destination.
  var detourRemedy: ScreenName? { get }
}

extension PlannedRoute {
  var detourRemedy: ScreenName? { nil }

  /// The route as JSON, as ``write(to:)`` writes it.
  var json: JSONValue { JSONValue(writtenBy: { write(to: &$0) }) }
}

extension Route: PlannedRoute {
  func write(to json: inout JSONBytes) { json.route(self) }
  var stepCount: Int { steps.count }
  var finalStack: [Entry] { stack }
  var finalTabs: TabState? { nil }
  var finalLayers: [[Entry]] { [] }
}

extension TabRoute: PlannedRoute {
  func write(to json: inout JSONBytes) { json.tabRoute(self) }
  var stepCount: Int { steps.count }
  var finalStack: [Entry] { state.stack }
  var finalTabs: TabState? { state }
  var finalLayers: [[Entry]] { [] }
}
