import Routing

/// `routing graph --route FROM TO`: the route a graph highlights.
enum GraphRoute {
  /// Removes `--route FROM TO` from the arguments (before `--`), and returns its stack
  /// and destination.
  static func take(_ arguments: inout [String]) throws(ToolFailure) -> (
    from: [ScreenName], to: ScreenName
  )? {
    let options = arguments.prefix { $0 != "--" }
    guard let at = options.firstIndex(of: "--route") else { return nil }
    let values = arguments[(at + 1)...].prefix(2)
    guard values.count == 2, !values.contains(where: { $0.hasPrefix("--") }) else {
      throw ToolFailure.usage(
        "option '--route' needs two values: FROM (A,B,C) and TO", command: GraphCommand.name)
    }
    if options[(at + 3)...].contains("--route") {
      throw ToolFailure.usage("option '--route' is given twice", command: GraphCommand.name)
    }
    let from = try screenList(values.first!, option: "route", command: GraphCommand.name)
    let to = try screenList(values.last!, option: "route", command: GraphCommand.name)
    guard to.count == 1 else {
      throw ToolFailure.usage(
        "option '--route' takes one destination, not '\(excerpt(values.last!))'",
        command: GraphCommand.name)
    }
    arguments.removeSubrange(at...(at + 2))
    return (from.map { ScreenName($0) }, ScreenName(to[0]))
  }

  /// The route to draw, or why there is none, as `routing route` reports it for the
  /// same stack and destination given by options: the planner decides which names may
  /// stand on the stack (any, on a table that does not declare its screens).
  static func route(
    _ ends: (from: [ScreenName], to: ScreenName), parameters: Parameters = [:],
    in table: RouteTable
  ) -> Result<Route, RequestFailure> {
    RouteRunner.route(
      Request(to: ends.to, parameters: parameters), from: ends.from.map { Entry($0) }, in: table)
  }
}

extension TableGraph {
  /// Marks `route`, from `stack`, to be drawn in red: its screens, the edge of each push
  /// (numbered by its step) and an extra dashed edge for a pop, from the top it leaves.
  mutating func highlight(_ route: Route, from stack: [ScreenName]) {
    var index: [String: Int] = [:]
    for (number, node) in nodes.enumerated() { index[node.name] = number }
    // A table that does not declare its screens takes any name on a stack: such an
    // entry is no node, and nothing is drawn from it but the commands from anywhere.
    var top = index[stack[stack.count - 1].rawValue]
    if let top { highlighted.insert(top) }
    for (number, step) in route.steps.enumerated() {
      let screen = index[step.screen.rawValue]
      if let screen { highlighted.insert(screen) }
      if step.action == .pop {
        if let top, let screen {
          edges.append(
            Edge(
              from: top, to: screen, label: "back by \(step.commandID ?? "#\(step.command)")",
              command: nil, step: number + 1))
        }
      } else if let edge = edges.firstIndex(where: {
        $0.command == step.command && ($0.from == top || $0.from == nil)
      }) {
        edges[edge].step = number + 1
      }
      top = screen
    }
    routeLegend =
      "In red: the route from \(stack.map(\.rawValue).joined(separator: " > ")) to \(route.stack.last!.screen), each edge numbered by its step."
  }

  /// An edge's label, after its step number when it is on the highlighted route.
  static func label(_ edge: Edge) -> String {
    edge.step.map { "\($0). \(edge.label)" } ?? edge.label
  }
}
