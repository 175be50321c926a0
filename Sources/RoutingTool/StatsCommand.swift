import Routing
import RoutingJSON

/// `routing stats TABLE [--root NAME] [--max-depth N] [--format text|json|github]`: how
/// deep each screen lies from the root (``RouteTable/reach(from:)``), the screens no route
/// reaches, the deepest, a histogram and the gated screens; with `--max-depth`, a failure
/// naming each screen deeper than N (Docs/RouteTables.md, "`routing stats`").
enum StatsCommand {
  static let name = "stats"
  static let spec = OptionSpec(flags: [], single: ["root", "max-depth", "format"])

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let path = try options.positionals(["TABLE"], command: name)[0]
    let format = try OutputFormat.parse(options, allowed: [.text, .json, .github], command: name)
    let limit = try options.wholeNumber(
      "max-depth", atLeast: 0, meaning: "a number of steps, 0 or more", command: name)
    let table = try console.loadTable(path, format: format)
    let reaches: [Reach]
    do throws(RoutingError) {
      if let root = options.value("root") {
        reaches = [try table.reach(from: ScreenName(root))]
      } else {
        reaches = try table.reachFromRoots()
      }
    } catch {
      throw ToolFailure.usage("--root: \(error)", command: name)
    }
    let file = Console.displayName(path)
    let tooDeep = limit.map { limit in reaches.map { $0.deeper(than: limit) } }
    switch format {
    case .json:
      console.print(json(reaches, limit: limit, tooDeep: tooDeep).serialized())
    case .text, .junit:
      for (index, reach) in reaches.enumerated() {
        if index > 0 { console.print("") }
        for line in text(reach) { console.print(line) }
      }
      for message in messages(reaches, limit: limit, tooDeep: tooDeep, file: file) {
        console.print(message.text)
      }
    case .github:
      for message in messages(reaches, limit: limit, tooDeep: tooDeep, file: file) {
        console.print(message.annotation)
      }
    }
    let count = tooDeep?.reduce(0) { $0 + $1.count } ?? 0
    let screens = reaches.map { "\($0.depths.count) reached from \($0.root)" }
    console.printError(
      "stats: " + screens.joined(separator: ", ")
        + (limit.map { "; \(count) deeper than \($0)" } ?? ""))
    return count > 0 ? .failure : .success
  }

  /// A reach as lines for people: a summary, then the screens at each depth, the
  /// unreached and the gated ones.
  ///
  /// - Complexity: O(*V*), where *V* is the number of screens.
  static func text(_ reach: Reach) -> [String] {
    let tab = reach.tab.map { "tab \(excerpt($0)), " } ?? ""
    var lines = [
      "\(tab)root \(excerpt(reach.root.rawValue)): \(reach.depths.count) reached, "
        + "deepest \(reach.maximumDepth) (\(names(reach.deepest))), "
        + "\(reach.unreached.count) unreached, \(reach.gated.count) gated"
    ]
    var byDepth = [[ScreenName]](repeating: [], count: reach.maximumDepth + 1)
    for depth in reach.depths { byDepth[depth.depth].append(depth.screen) }
    for (depth, screens) in byDepth.enumerated() {
      lines.append("  depth \(depth): \(screens.isEmpty ? "-" : names(screens))")
    }
    if !reach.unreached.isEmpty { lines.append("  unreached: \(names(reach.unreached))") }
    for gate in reach.gated {
      let guards = gate.guardNames.map { excerpt($0) }.joined(separator: ", ")
      lines.append("  gated: \(excerpt(gate.screen.rawValue)) (\(guards))")
    }
    return lines
  }

  private static func names(_ screens: [ScreenName]) -> String {
    screens.map { excerpt($0.rawValue) }.joined(separator: ", ")
  }

  /// The JSON document: one reach's object, or with tabs (and no `--root`)
  /// `{"tabs": [{"tab": …, "root": …, …}, …]}`; with `--max-depth`, each object adds
  /// `"maxDepth"` and `"tooDeep": {"Screen": depth, …}`.
  static func json(_ reaches: [Reach], limit: Int?, tooDeep: [[Reach.Depth]]?) -> JSONValue {
    let objects = reaches.indices.map { index in
      object(reaches[index], limit: limit, tooDeep: tooDeep?[index])
    }
    if objects.count == 1 { return objects[0] }
    return .object(["tabs": .array(objects)])
  }

  /// One reach in the shape `{"root": …, "depths": {…}, "unreached": […], "deepest": […],
  /// "histogram": {"0": 1, …}, "gated": {"Screen": ["guard", …]}}`, after `"tab"` on a
  /// table with tabs.
  static func object(_ reach: Reach, limit: Int?, tooDeep: [Reach.Depth]?) -> JSONValue {
    func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
    func strings(_ names: [ScreenName]) -> JSONValue { .array(names.map { .string($0.rawValue) }) }
    var members: JSONObject = [:]
    if let tab = reach.tab { members.append("tab", .string(tab)) }
    members.append("root", .string(reach.root.rawValue))
    members.append(
      "depths",
      .object(JSONObject(reach.depths.map { JSONMember($0.screen.rawValue, number($0.depth)) })))
    members.append("unreached", strings(reach.unreached))
    members.append("deepest", strings(reach.deepest))
    members.append(
      "histogram",
      .object(
        JSONObject(
          reach.histogram.enumerated().map { JSONMember(String($0.offset), number($0.element)) })))
    members.append(
      "gated",
      .object(
        JSONObject(
          reach.gated.map { gate in
            JSONMember(gate.screen.rawValue, .array(gate.guardNames.map { .string($0) }))
          })))
    if let limit, let tooDeep {
      members.append("maxDepth", number(limit))
      members.append(
        "tooDeep",
        .object(JSONObject(tooDeep.map { JSONMember($0.screen.rawValue, number($0.depth)) })))
    }
    return .object(members)
  }

  /// One error per screen deeper than the limit, about the table's file.
  static func messages(
    _ reaches: [Reach], limit: Int?, tooDeep: [[Reach.Depth]]?, file: String
  ) -> [FileMessage] {
    guard let limit, let tooDeep else { return [] }
    var messages: [FileMessage] = []
    for (reach, deep) in zip(reaches, tooDeep) {
      for depth in deep {
        messages.append(
          FileMessage(
            file: file, position: nil, severity: .error,
            message:
              "\(excerpt(depth.screen.rawValue)) is \(depth.depth) steps from "
              + "\(excerpt(reach.root.rawValue)), deeper than --max-depth \(limit)"))
      }
    }
    return messages
  }
}
