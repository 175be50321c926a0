import Routing

/// `routing graph TABLE [--format dot|mermaid]`: the table as a graph to draw.
enum GraphCommand {
  static let name = "graph"
  static let spec = OptionSpec(single: ["format"])

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let path = try options.positionals(["TABLE"], command: name)[0]
    let format = options.value("format") ?? "dot"
    guard format == "dot" || format == "mermaid" else {
      throw ToolFailure.usage(
        "unknown format '\(excerpt(format))': use 'dot' or 'mermaid'", command: name)
    }
    let graph = TableGraph(try console.loadTable(path))
    console.print(format == "dot" ? graph.dot() : graph.mermaid())
    return .success
  }
}

/// A table as nodes and edges, written as Graphviz or Mermaid.
///
/// Screens are nodes `s0`, `s1`… in table order, so no name can clash with the syntax or
/// with the node `any`, which stands for every screen: a command from anywhere is one
/// dashed edge from it. Edges come in command order, one per distinct origin, labelled
/// with the command's id or `#number` (and its cost when it is not 1).
struct TableGraph {
  struct Edge {
    /// The origin node, or `nil` for any screen.
    var from: Int?
    var to: Int
    var label: String
  }

  var nodes: [(name: String, detail: String?)] = []
  var edges: [Edge] = []
  /// The tabs, in order, with their root's node: each is drawn as a cluster.
  var tabs: [(name: String, root: Int)] = []
  var hasAnyScreen: Bool { edges.contains { $0.from == nil } }

  init(_ table: RouteTable) {
    var index: [ScreenName: Int] = [:]
    for (number, screen) in table.screens.enumerated() {
      index[screen.name] = number
      let parameters = screen.parameters.map { parameter in
        parameter.kind == .string ? parameter.name : "\(parameter.name): \(parameter.kind)"
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
      let inTabs = table.tabs(ofCommand: number)
      if inTabs.count < table.tabs.count { label += " [\(inTabs.joined(separator: ", "))]" }
      guard let to = index[command.destination] else { continue }
      if command.origins.isEmpty {
        edges.append(Edge(from: nil, to: to, label: label))
      }
      var seen: Set<ScreenName> = []
      for origin in command.origins where seen.insert(origin).inserted {
        guard let from = index[origin] else { continue }
        edges.append(Edge(from: from, to: to, label: label))
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
    return (hasAnyScreen ? lines : [lines[0]]) + (tabs.isEmpty ? [] : [tabLine])
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
      lines.append("  s\(number) [label=\"\(label)\"];")
    }
    if hasAnyScreen {
      lines.append("  any [label=\"any screen\", shape=ellipse, style=dashed];")
    }
    for edge in edges {
      let from = edge.from.map { "s\($0)" } ?? "any"
      let style = edge.from == nil ? ", style=dashed" : ""
      lines.append("  \(from) -> s\(edge.to) [label=\"\(Self.dotEscaped(edge.label))\"\(style)];")
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
      let arrow = edge.from == nil ? "-.->" : "-->"
      let from = edge.from.map { "s\($0)" } ?? "any"
      lines.append("  \(from) \(arrow)|\"\(Self.mermaidEscaped(edge.label))\"| s\(edge.to)")
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
