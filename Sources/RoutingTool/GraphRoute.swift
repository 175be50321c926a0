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
  ///
  /// On a table whose commands present or whose guards have remedies, the route is
  /// planned with layers, as `routing route` plans it there, and may present, dismiss
  /// and detour.
  static func route(
    _ ends: (from: [ScreenName], to: ScreenName), parameters: Parameters = [:],
    in table: RouteTable
  ) -> Result<ModalRoute, RequestFailure> {
    let request = Request(to: ends.to, parameters: parameters)
    let stack = ends.from.map { Entry($0) }
    guard table.answersWithLayers else {
      return RouteRunner.route(request, from: stack, in: table).map {
        ModalRoute(steps: $0.steps.map { .command($0) }, state: ModalState(stack: $0.stack))
      }
    }
    return RouteRunner.route(request, from: ModalState(stack: stack), tabs: nil, in: table)
      .map(\.route)
  }
}

extension TableGraph {
  /// Marks `route`, from `stack`, to be drawn in red: its screens, the edge of each push
  /// or present (numbered by its step), and an extra dashed edge for a pop, from the top
  /// it leaves, and for a dismiss, from the top it closes to the screen it uncovers.
  mutating func highlight(_ route: ModalRoute, from stack: [ScreenName]) {
    var index: [String: Int] = [:]
    for (number, node) in nodes.enumerated() { index[node.name] = number }
    // A table that does not declare its screens takes any name on a stack: such an
    // entry is no node, and nothing is drawn from it but the commands from anywhere.
    var state = ModalState(stack: stack.map { Entry($0) })
    var top = index[stack[stack.count - 1].rawValue]
    if let top { highlighted.insert(top) }
    for (number, step) in route.steps.enumerated() {
      state.apply(step)
      let screen = state.top.flatMap { index[$0.screen.rawValue] }
      if let screen { highlighted.insert(screen) }
      switch step {
      case .select:
        // A graph's route starts from one stack, without tabs.
        break
      case .dismiss:
        if let top, let screen {
          edges.append(
            Edge(from: top, to: screen, label: "dismiss", command: nil, step: number + 1))
        }
      case .command(let inner) where inner.action == .pop:
        if let top, let screen {
          edges.append(
            Edge(
              from: top, to: screen, label: "back by \(inner.commandID ?? "#\(inner.command)")",
              command: nil, step: number + 1))
        }
      case .command(let inner):
        if let edge = edges.firstIndex(where: {
          $0.command == inner.command && ($0.from == top || $0.from == nil)
        }) {
          edges[edge].step = number + 1
        }
      }
      top = screen
    }
    let end = route.state.top?.screen.rawValue ?? ""
    routeLegend =
      "In red: the route from \(stack.map(\.rawValue).joined(separator: " > ")) to \(end), each edge numbered by its step."
  }

  /// An edge's label, after its step number when it is on the highlighted route.
  static func label(_ edge: Edge) -> String {
    edge.step.map { "\($0). \(edge.label)" } ?? edge.label
  }
}
