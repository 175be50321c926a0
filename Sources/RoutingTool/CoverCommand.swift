import Routing
import RoutingJSON

/// `routing cover TABLE [--root NAME]`: writes an expectation file whose cases take every
/// command a route from the root takes (``RouteTable/cover(from:)``; Docs/RouteTables.md,
/// "`routing cover`").
enum CoverCommand {
  static let name = "cover"
  static let spec = OptionSpec(flags: [], single: ["root"])
  /// How many uncovered commands the summary on standard error names; the file lists all.
  static let namedUncovered = 20

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let path = try options.positionals(["TABLE"], command: name)[0]
    let table = try console.loadTable(path)
    let cover: Cover
    do throws(RoutingError) {
      cover = try table.cover(from: options.value("root").map { ScreenName($0) })
    } catch {
      throw ToolFailure.usage("--root: \(error)", command: name)
    }
    write(cover) { console.print($0) }
    let commands = table.commands.count
    console.printError(
      "cover: \(cover.cases.count) case\(cover.cases.count == 1 ? "" : "s") take "
        + "\(cover.coveredCommandCount) of \(commands) command\(commands == 1 ? "" : "s") "
        + "(chosen from \(cover.candidateCount) routes); "
        + (cover.uncovered.isEmpty
          ? "every command is covered"
          : "\(cover.uncovered.count) not coverable from \(names(cover.roots))"))
    for uncovered in cover.uncovered.prefix(namedUncovered) {
      console.printError("not coverable: \(place(uncovered)): \(uncovered.reason)")
    }
    if cover.uncovered.count > namedUncovered {
      console.printError(
        "and \(cover.uncovered.count - namedUncovered) more, listed in the file's \"uncovered\"")
    }
    return .success
  }

  /// The expectation file, a case a line so that a change to the table shows as a
  /// change of lines: `{"cases": [`, the cases, `], "uncovered": [`, the commands no
  /// case takes, `]}`. The same table gives the same bytes.
  ///
  /// Each line goes to `print` as it is made, so a large table's file is never held
  /// whole.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the file.
  static func write(_ cover: Cover, to print: (String) -> Void) {
    print("{\"cases\": [")
    var line = ""
    for (index, testCase) in cover.cases.enumerated() {
      line.removeAll(keepingCapacity: true)
      line += "  "
      json(testCase).serialize(into: &line)
      if index < cover.cases.count - 1 { line += "," }
      print(line)
    }
    print("], \"uncovered\": [")
    for (index, uncovered) in cover.uncovered.enumerated() {
      let comma = index < cover.uncovered.count - 1 ? "," : ""
      print("  " + json(uncovered).serialized() + comma)
    }
    print("]}")
  }

  /// The whole file as one value, for the service.
  static func document(_ cover: Cover) -> JSONValue {
    [
      "cases": .array(cover.cases.map(json)),
      "uncovered": .array(cover.uncovered.map(json)),
    ]
  }

  /// `{"name": …, "stack": ["Menu"], "via": ["Folder"], "to": "Profile",
  /// "parameters": {…}, "expect": {"stack": […]}}`; on a table with tabs the start is
  /// `"tab": …` and the expectation `{"tab": …, "stacks": {tab: […]}}`.
  static func json(_ testCase: Cover.Case) -> JSONValue {
    var object: JSONObject = ["name": .string(testCase.name)]
    if let tab = testCase.tab {
      object.append("tab", .string(tab))
    } else {
      object.append("stack", [.string(testCase.root.rawValue)])
    }
    if !testCase.request.breadcrumbs.isEmpty {
      object.append("via", .array(testCase.request.breadcrumbs.map { .string($0.rawValue) }))
    }
    object.append("to", .string(testCase.request.destination.rawValue))
    if !testCase.request.parameters.isEmpty {
      let sorted = testCase.request.parameters.sorted { $0.key < $1.key }
      object.append(
        "parameters",
        .object(JSONObject(sorted.map { JSONMember($0.key, .string($0.value.description)) })))
    }
    let stack = JSONValue.array(testCase.stack.map { .string($0.screen.rawValue) })
    if let tab = testCase.tab {
      object.append(
        "expect", ["tab": .string(tab), "stacks": .object(JSONObject([JSONMember(tab, stack)]))])
    } else {
      object.append("expect", ["stack": stack])
    }
    return .object(object)
  }

  /// `{"command": 3, "id": "openList", "reason": …}`.
  static func json(_ uncovered: Cover.Uncovered) -> JSONValue {
    var object: JSONObject = ["command": .number(JSONNumber(uncovered.command))]
    if let id = uncovered.commandID { object.append("id", .string(id)) }
    object.append("reason", .string(uncovered.reason))
    return .object(object)
  }

  /// `commands[3] 'openList'`.
  static func place(_ uncovered: Cover.Uncovered) -> String {
    "commands[\(uncovered.command)]" + (uncovered.commandID.map { " '\(excerpt($0))'" } ?? "")
  }

  private static func names(_ screens: [ScreenName]) -> String {
    screens.map { excerpt($0.rawValue) }.joined(separator: ", ")
  }
}
