import Routing
import RoutingJSON

/// `routing route --explain`: why a request has no route, as text or JSON.
enum ExplainReport {
  /// Prints the explanation of an unreachable request: its text on standard output, or
  /// the JSON error object with an `"explanation"` member. Exits 1, as the failure does.
  static func report(
    _ failure: RequestFailure, _ explanation: RouteExplanation, json: Bool, _ console: Console
  ) -> ExitCode {
    if json {
      guard case .object(var object) = failure.json() else { return failure.exitCode }
      object.append("explanation", self.json(explanation))
      console.print(JSONValue.object(object).serialized())
    } else {
      console.print(explanation.description)
    }
    return failure.exitCode
  }

  /// `{"from": …, "to": …, "stack": […], "reachable": […], "commands": […],
  /// "nearest": {…} or null}`.
  static func json(_ explanation: RouteExplanation) -> JSONValue {
    let reachable: [JSONValue] = explanation.reachable.map {
      ["screen": .string($0.screen.rawValue), "steps": .number(JSONNumber($0.steps))]
    }
    let commands: [JSONValue] = explanation.commands.map { blocked in
      var object: JSONObject = ["command": .number(JSONNumber(blocked.command))]
      if let id = blocked.commandID { object.append("id", .string(id)) }
      object.append("from", .array(blocked.origins.map { .string($0.rawValue) }))
      switch blocked.reason {
      case .guardRefused:
        object.append("reason", "guardRefused")
      case .leftOutOfTab(let tab):
        object.append("reason", "leftOutOfTab")
        object.append("tab", .string(tab))
      case .originsNotReached(let onStack):
        object.append("reason", "originsNotReached")
        object.append("onStack", .array(onStack.map { .string($0.rawValue) }))
      }
      return .object(object)
    }
    let nearest: JSONValue =
      explanation.nearest.map {
        [
          "screen": .string($0.screen.rawValue), "steps": .number(JSONNumber($0.steps)),
          "remaining": .number(JSONNumber($0.remaining)),
        ]
      } ?? nil
    return [
      "from": .string(explanation.from.rawValue),
      "to": .string(explanation.milestone.rawValue),
      "stack": .array(explanation.stack.map(RouteJSON.json)),
      "reachable": .array(reachable),
      "commands": .array(commands),
      "nearest": nearest,
    ]
  }
}
