import Routing

/// `routing graph TABLE [--format dot|mermaid] [--route FROM TO [--param k=v]…]`: the
/// table as a graph to draw, with a route highlighted.
enum GraphCommand {
  static let name = "graph"
  static let spec = OptionSpec(single: ["format"], repeated: ["param"])

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    var arguments = arguments
    let ends = try GraphRoute.take(&arguments)
    let options = try Arguments(arguments, spec: spec, command: name)
    let path = try options.positionals(["TABLE"], command: name)[0]
    let format = options.value("format") ?? "dot"
    guard format == "dot" || format == "mermaid" else {
      throw ToolFailure.usage(
        "unknown format '\(excerpt(format))': use 'dot' or 'mermaid'", command: name)
    }
    if ends == nil, !options.all("param").isEmpty {
      throw ToolFailure.usage("option '--param' goes with '--route'", command: name)
    }
    let table = try console.loadTable(path)
    var graph = TableGraph(table)
    if let ends {
      let parameters = try RouteCommand.parameters(options, command: name)
      switch GraphRoute.route(ends, parameters: parameters, in: table) {
      case .success(let route):
        graph.highlight(route, from: ends.from)
      case .failure(let failure):
        let hint = failure.kind == .unreachable ? " (see 'routing route --explain')" : ""
        console.printError("error: \(failure.reason)\(hint)")
        return failure.exitCode
      }
    }
    console.print(format == "dot" ? graph.dot() : graph.mermaid())
    return .success
  }
}

/// A table as nodes and edges, written as Graphviz or Mermaid.
///
/// Screens are nodes `s0`, `s1`… in table order, so no name can clash with the syntax or
/// with the node `any`, which stands for every screen: a command from anywhere is one
/// dashed edge from it. Edges come in command order, one per distinct origin, labelled
/// with the command's id or `#number` (and its cost when it is not 1, and its guard's
/// name when it has one). A node lists its screen's parameters, a required one starred
/// (`userId*: integer`).
struct TableGraph {
  struct Edge {
    /// The origin node, or `nil` for any screen.
    var from: Int?
    var to: Int
    var label: String
    /// The command it stands for, or `nil` for a pop of a highlighted route.
    var command: Int?
    /// The step of the highlighted route it takes, if any.
    var step: Int? = nil
    /// Whether the command presents its destination in a layer of its own: drawn
    /// dashed.
    var presents = false

    /// Whether the edge is drawn dashed: a command from anywhere, a presenting command,
    /// or a pop of a highlighted route.
    var isDashed: Bool { from == nil || command == nil || presents }
  }

  var nodes: [(name: String, detail: String?)] = []
  var edges: [Edge] = []
  /// The nodes of the highlighted route, and the legend line that describes it.
  var highlighted: Set<Int> = []
  var routeLegend: String?
  /// The tabs, in order, with their root's node: each is drawn as a cluster.
  var tabs: [(name: String, root: Int)] = []
  var hasAnyScreen: Bool { edges.contains { $0.from == nil } }

  init(_ table: RouteTable) {
    var index: [ScreenName: Int] = [:]
    for (number, screen) in table.screens.enumerated() {
      index[screen.name] = number
      // A required parameter is starred, as `userId*: integer`.
      let parameters = screen.parameters.map { parameter in
        let name = parameter.required ? "\(parameter.name)*" : parameter.name
        return parameter.kind == .string ? name : "\(name): \(parameter.kind)"
      }
      nodes.append(
        (
          screen.name.rawValue,
          parameters.isEmpty ? nil : "(\(parameters.joined(separator: ", ")))"
        ))
    }
    for (number, command) in table.commands.enumerated() {
      var label = command.id ?? "#\(number)"
      if command.cost != 1 { label += " (cost \(command.cost))" }
      if let condition = command.condition { label += " [guard \(condition.fileName)]" }
      let inTabs = table.tabs(ofCommand: number)
      if inTabs.count < table.tabs.count { label += " [\(inTabs.joined(separator: ", "))]" }
      if command.presents { label += " (present)" }
      guard let to = index[command.destination] else { continue }
      if command.origins.isEmpty {
        edges.append(
          Edge(from: nil, to: to, label: label, command: number, presents: command.presents))
      }
      var seen: Set<ScreenName> = []
      for origin in command.origins where seen.insert(origin).inserted {
        guard let from = index[origin] else { continue }
        edges.append(
          Edge(from: from, to: to, label: label, command: number, presents: command.presents))
      }
    }
    for tab in table.tabs {
      if let root = index[tab.root] { tabs.append((tab.name, root)) }
    }
  }

  /// What the graph shows, as comment lines; the second only when it has the node
  /// `any`.
  var legend: [String] {
    let lines = [
      "Route table: screens are nodes, commands are edges labelled with their id or #number.",
      "A dashed edge from \"any screen\" is a command from anywhere: it applies on top of every screen.",
    ]
    let tabLine =
      "Each tab is a cluster whose bold edge leads to its root; a command limited to some tabs names them in brackets."
    let presentLine =
      "A dashed edge marked (present) presents its screen in a layer of its own, over the screens below."
    return (hasAnyScreen ? lines : [lines[0]]) + (tabs.isEmpty ? [] : [tabLine])
      + (edges.contains(where: \.presents) ? [presentLine] : [])
      + (routeLegend.map { [$0] } ?? [])
  }

  /// Graphviz.
  func dot() -> String {
    var lines = legend.map { "// \($0)" }
    lines.append("digraph routes {")
    lines.append("  rankdir=LR;")
    lines.append("  node [shape=box, style=rounded];")
    for (number, node) in nodes.enumerated() {
      let label =
        Self.dotEscaped(node.name) + (node.detail.map { "\\n" + Self.dotEscaped($0) } ?? "")
      let style = highlighted.contains(number) ? ", color=red, penwidth=2" : ""
      lines.append("  s\(number) [label=\"\(label)\"\(style)];")
    }
    if hasAnyScreen {
      lines.append("  any [label=\"any screen\", shape=ellipse, style=dashed];")
    }
    for edge in edges {
      let from = edge.from.map { "s\($0)" } ?? "any"
      var style = edge.isDashed ? ", style=dashed" : ""
      if edge.step != nil { style += ", color=red, fontcolor=red, penwidth=2" }
      lines.append(
        "  \(from) -> s\(edge.to) [label=\"\(Self.dotEscaped(Self.label(edge)))\"\(style)];")
    }
    for (number, tab) in tabs.enumerated() {
      let name = Self.dotEscaped(tab.name)
      lines.append("  subgraph cluster_tab_\(number) {")
      lines.append("    label=\"\(name)\"; style=dashed;")
      lines.append("    t\(number) [label=\"\(name)\", shape=tab];")
      lines.append("  }")
      lines.append("  t\(number) -> s\(tab.root) [label=\"root\", style=bold];")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// Mermaid.
  func mermaid() -> String {
    var lines = legend.map { "%% \($0)" }
    lines.append("flowchart LR")
    for (number, node) in nodes.enumerated() {
      let label =
        Self.mermaidEscaped(node.name)
        + (node.detail.map { "<br/>" + Self.mermaidEscaped($0) } ?? "")
      lines.append("  s\(number)[\"\(label)\"]")
    }
    if hasAnyScreen {
      lines.append("  any([\"any screen\"])")
      lines.append("  style any stroke-dasharray: 5 5")
    }
    for edge in edges {
      let arrow = edge.isDashed ? "-.->" : "-->"
      let from = edge.from.map { "s\($0)" } ?? "any"
      lines.append("  \(from) \(arrow)|\"\(Self.mermaidEscaped(Self.label(edge)))\"| s\(edge.to)")
    }
    for node in highlighted.sorted() {
      lines.append("  style s\(node) stroke:red,stroke-width:3px")
    }
    // Mermaid numbers links in the order they are written, from 0.
    for (number, edge) in edges.enumerated() where edge.step != nil {
      lines.append("  linkStyle \(number) stroke:red,stroke-width:3px,color:red")
    }
    for (number, tab) in tabs.enumerated() {
      let name = Self.mermaidEscaped(tab.name)
      lines.append("  subgraph tab_\(number) [\(name)]")
      lines.append("    t\(number)[[\"\(name)\"]]")
      lines.append("  end")
      lines.append("  t\(number) ==>|root| s\(tab.root)")
    }
    return lines.joined(separator: "\n")
  }

  /// Text inside a Graphviz double-quoted string.
  static func dotEscaped(_ text: String) -> String {
    escaped(text, ["\"": "\\\"", "\\": "\\\\"])
  }

  /// Text inside a Mermaid double-quoted label, with entity codes for what Mermaid reads.
  static func mermaidEscaped(_ text: String) -> String {
    escaped(text, ["\"": "#quot;", "#": "#35;", "<": "#lt;", ">": "#gt;"])
  }

  /// `text` with each scalar in `replacements` replaced and control characters turned
  /// into spaces, so that a label stays on one line.
  private static func escaped(_ text: String, _ replacements: [Unicode.Scalar: String]) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      if let replacement = replacements[scalar] {
        escaped += replacement
      } else if scalar.properties.generalCategory == .control {
        escaped += " "
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
