import Routing
import RoutingJSON

/// `routing route --explain`: why a request has no route, or, with layers, why its route
/// closes layers or detours, as text or JSON.
enum ExplainReport {
  /// Prints a route planned with layers and its explanation: the route's text then the
  /// explanation's lines, or the route's JSON object with an `"explanation"` member.
  /// Without a route, prints as the stack's report does, the failing leg explained.
  static func reportLayered(
    _ outcome: Result<LayeredRoute, RequestFailure>, _ explanation: ModalExplanation,
    json: Bool, _ console: Console
  ) -> ExitCode {
    switch outcome {
    case .success(let route):
      if json {
        guard case .object(var object) = route.json else { return .success }
        object.append("explanation", self.json(explanation))
        console.print(JSONValue.object(object).serialized())
      } else {
        let why = explanation.description
        console.print(route.description + (why.isEmpty ? "" : "\n" + why))
      }
      return .success
    case .failure(let failure):
      guard failure.kind == .unreachable, let leg = explanation.failure else {
        return RouteCommand.report(outcome, json: json, console)
      }
      return report(failure, leg, json: json, console)
    }
  }

  /// `{"closings": [{"to": …, "layers": [[…]], "firstLayer": 1, "cost": …,
  /// "keepingOpen": [… or null]}], "detour": {…} or null}`.
  static func json(_ explanation: ModalExplanation) -> JSONValue {
    let closings: [JSONValue] = explanation.closings.map { closing in
      [
        "to": .string(closing.milestone.rawValue),
        "layers": .array(closing.layers.map { .array($0.map(RouteJSON.json)) }),
        "firstLayer": .number(JSONNumber(closing.firstLayer)),
        "cost": .number(JSONNumber(closing.cost)),
        "keepingOpen": .array(
          closing.keepingOpen.map { $0.map { .number(JSONNumber($0)) } ?? nil }),
      ]
    }
    let detour: JSONValue =
      explanation.detour.map { detour in
        var object: JSONObject = [
          "guards": .array(detour.refusingGuards.map { .string($0) }),
          "command": .number(JSONNumber(detour.command)),
        ]
        if let id = detour.commandID { object.append("id", .string(id)) }
        object.append("guard", detour.guardName.map { .string($0) } ?? nil)
        object.append("remedy", .string(detour.remedy.rawValue))
        object.append("stepsBefore", .number(JSONNumber(detour.stepsBefore)))
        return .object(object)
      } ?? nil
    return ["closings": .array(closings), "detour": detour]
  }

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
