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
    write(cover) { console.write($0) }
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
  /// The lines go to `write` in pieces of about ``pieceSize`` bytes as they are made, so
  /// a large table's file is never held whole.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the file.
  static func write(_ cover: Cover, to write: ([UInt8]) -> Void) {
    var bytes = JSONBytes(capacity: pieceSize + 4_096)
    bytes.raw("{\"cases\": [\n")
    for (index, testCase) in cover.cases.enumerated() {
      bytes.raw("  ")
      bytes.coverCase(testCase)
      if index < cover.cases.count - 1 { bytes.byte(UInt8(ascii: ",")) }
      bytes.byte(0x0A)
      if bytes.count >= pieceSize {
        write(bytes.bytes)
        bytes.truncate(to: 0)
      }
    }
    bytes.raw("], \"uncovered\": [\n")
    for (index, uncovered) in cover.uncovered.enumerated() {
      bytes.raw("  ")
      bytes.uncoveredCommand(uncovered)
      if index < cover.uncovered.count - 1 { bytes.byte(UInt8(ascii: ",")) }
      bytes.byte(0x0A)
    }
    bytes.raw("]}\n")
    write(bytes.bytes)
  }

  /// How many bytes ``write(_:to:)`` gathers before it writes them: a write a line was a
  /// tenth of the time of a 100,000-screen table's cover (Docs/Performance.md, "Cover at
  /// scale").
  static let pieceSize = 1 << 16

  /// The whole file as one value, for the service. The cases carry the state they end
  /// in (``Cover/Case/end``), so the table is not planned again.
  static func document(_ cover: Cover) -> JSONValue {
    [
      "cases": .array(cover.cases.map { json($0) }),
      "uncovered": .array(cover.uncovered.map(json)),
    ]
  }

  /// A case as ``JSONBytes/coverCase(_:)`` writes it.
  static func json(_ testCase: Cover.Case) -> JSONValue {
    JSONValue(writtenBy: { $0.coverCase(testCase) })
  }

  /// An uncovered command as ``JSONBytes/uncoveredCommand(_:)`` writes it.
  static func json(_ uncovered: Cover.Uncovered) -> JSONValue {
    JSONValue(writtenBy: { $0.uncoveredCommand(uncovered) })
  }

  /// `commands[3] 'openList'`.
  static func place(_ uncovered: Cover.Uncovered) -> String {
    "commands[\(uncovered.command)]" + (uncovered.commandID.map { " '\(excerpt($0))'" } ?? "")
  }

  private static func names(_ screens: [ScreenName]) -> String {
    screens.map { excerpt($0.rawValue) }.joined(separator: ", ")
  }
}

/// The one writer of cover's cases and uncovered commands: the file `routing cover` prints
/// and the service's `cover` answer.
extension JSONBytes {
  /// `{"name":…,"stack":["Menu"],"via":["Folder"],"to":"Profile","parameters":{…},
  /// "expect":{"stack":[…]}}`; on a table with tabs the start is `"tab":…` and the
  /// expectation `{"tab":…,"stacks":{tab:[…]}}`. On a table whose commands present,
  /// the expectation is the stack (its tab's) of the state the case ends in with layers
  /// (``Cover/Case/end``, the planner's answer that made the case, as `routing test`
  /// plans it) and `"layers":[[…]]` when any is open. A case that answers guards gives
  /// `"guards":{…}` after the parameters, names in order, and a detour case expects
  /// `"detour":` its remedy last.
  ///
  /// - Complexity: O(*n* + *k* log *k*), where *n* is the length of the case's stack and
  ///   *k* the number of its parameters and guards.
  mutating func coverCase(_ testCase: Cover.Case) {
    let ending = testCase.end
    raw(#"{"name":"#)
    string(testCase.name)
    if let tab = testCase.tab {
      raw(#","tab":"#)
      string(tab)
    } else {
      raw(#","stack":["#)
      string(testCase.root.rawValue)
      byte(UInt8(ascii: "]"))
    }
    if !testCase.request.breadcrumbs.isEmpty {
      raw(#","via":["#)
      for (index, breadcrumb) in testCase.request.breadcrumbs.enumerated() {
        if index > 0 { byte(UInt8(ascii: ",")) }
        string(breadcrumb.rawValue)
      }
      byte(UInt8(ascii: "]"))
    }
    raw(#","to":"#)
    string(testCase.request.destination.rawValue)
    if !testCase.request.parameters.isEmpty {
      raw(#","parameters":{"#)
      parameters(testCase.request.parameters)
      byte(UInt8(ascii: "}"))
    }
    if !testCase.guards.isEmpty {
      raw(#","guards":{"#)
      for (index, name) in testCase.guards.keys.sorted().enumerated() {
        if index > 0 { byte(UInt8(ascii: ",")) }
        string(name)
        raw(testCase.guards[name]! ? ":true" : ":false")
      }
      byte(UInt8(ascii: "}"))
    }
    raw(#","expect":{"#)
    if let tab = testCase.tab {
      raw(#""tab":"#)
      string(tab)
      raw(#","stacks":{"#)
      string(tab)
      raw(":[")
    } else {
      raw(#""stack":["#)
    }
    names(ending?.stack ?? testCase.stack)
    raw(testCase.tab == nil ? "]" : "]}")
    if let layers = ending?.layers, !layers.isEmpty {
      raw(#","layers":["#)
      for (index, layer) in layers.enumerated() {
        if index > 0 { byte(UInt8(ascii: ",")) }
        byte(UInt8(ascii: "["))
        names(layer)
        byte(UInt8(ascii: "]"))
      }
      byte(UInt8(ascii: "]"))
    }
    if let detour = testCase.detour {
      raw(#","detour":"#)
      string(detour.remedy.rawValue)
    }
    raw("}}")
  }

  /// The screen names of a stack's entries, comma-separated.
  private mutating func names(_ stack: [Entry]) {
    for (index, entry) in stack.enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      string(entry.screen.rawValue)
    }
  }

  /// `{"command":3,"id":"openList","reason":…}`.
  ///
  /// - Complexity: O(*n*), where *n* is the length of what is written.
  mutating func uncoveredCommand(_ uncovered: Cover.Uncovered) {
    raw(#"{"command":"#)
    number(uncovered.command)
    if let id = uncovered.commandID {
      raw(#","id":"#)
      string(id)
    }
    raw(#","reason":"#)
    string(uncovered.reason)
    byte(UInt8(ascii: "}"))
  }
}
