import Routing

/// `routing check TABLE [--root NAME] [--strict]`: problems in a table, one a line.
enum CheckCommand {
  static let name = "check"
  static let spec = OptionSpec(flags: ["strict"], single: ["root"])

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let path = try options.positionals(["TABLE"], command: name)[0]
    let roots = try options.value("root").map { (list) throws(ToolFailure) in
      try screenList(list, option: "root", command: name).map { ScreenName($0) }
    }
    let loaded: (table: RouteTable, document: JSONValue)
    do {
      loaded = try RouteTable.load(console.read(path))
    } catch let error as TableError {
      // A table that does not load is the one diagnostic.
      console.print("error: \(error)")
      console.printError("check: the table does not load")
      return .badInput
    } catch let error as ToolFailure {
      throw error
    } catch {
      throw ToolFailure.badInput("error: \(error)")
    }
    let table = loaded.table
    for root in roots ?? [] where table.screen(named: root) == nil {
      throw ToolFailure.usage("the root '\(root)' is not a screen of the table", command: name)
    }
    let declared = loaded.document["screens"]?.arrayValue?.isEmpty == false
    let checker = TableChecker(
      table: table, roots: roots ?? table.screens.prefix(1).map(\.name), screensDeclared: declared)
    let diagnostics = checker.diagnostics()
    for diagnostic in diagnostics { console.print(diagnostic.description) }
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.count - errors
    let rootText = checker.roots.map(\.rawValue).joined(separator: ", ")
    console.printError(
      "check: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        + (rootText.isEmpty ? "" : " (root: \(rootText))"))
    if errors > 0 || (options.has("strict") && warnings > 0) { return .failure }
    return .success
  }
}

extension RouteTable {
  /// A table and its document from a file's bytes.
  static func load(_ bytes: [UInt8]) throws(TableError) -> (table: RouteTable, document: JSONValue)
  {
    let document = try RouteTable.document(json: bytes)
    return (try RouteTable(document: document), document)
  }
}

/// One problem `check` reports.
struct Diagnostic: CustomStringConvertible {
  enum Severity: String {
    case error
    case warning
  }

  var severity: Severity
  var place: String
  var message: String

  /// `warning: screens[3] 'Chat': no command leads to it`.
  var description: String { "\(severity): \(place): \(message)" }
}

/// The checks of `routing check`.
///
/// An error is something the author evidently meant that cannot happen: a screen that
/// commands lead to but that cannot be reached from the root, a command that can never
/// apply. A warning is redundant or suspicious but harmless: a screen nothing leads to
/// (it may be an entry point), a command that is never chosen because an earlier one
/// does the same, an origin listed twice.
struct TableChecker {
  let table: RouteTable
  let roots: [ScreenName]
  /// Whether the file declares its screens, so that `screens[i]` names a place in it.
  let screensDeclared: Bool

  func diagnostics() -> [Diagnostic] {
    screenDiagnostics() + commandDiagnostics()
  }

  /// `screens[3] 'Chat'`, or `screen 'Chat'` when the screens come from the commands.
  func place(ofScreen index: Int) -> String {
    let name = table.screens[index].name
    return screensDeclared ? "screens[\(index)] '\(name)'" : "screen '\(name)'"
  }

  /// `commands[5]`, with its id when it has one: `commands[5] 'openChat'`.
  func place(ofCommand number: Int) -> String {
    table.commands[number].id.map { "commands[\(number)] '\($0)'" } ?? "commands[\(number)]"
  }

  /// Screens reachable from the roots: a command applies from its origins, or from every
  /// screen when it has none.
  func reachable() -> Set<ScreenName> {
    var seen = Set(roots)
    var queue = roots
    var wildcardsDone = false
    while let screen = queue.popLast() {
      for command in table.commands {
        if command.origins.isEmpty {
          if wildcardsDone { continue }
        } else if !command.origins.contains(screen) {
          continue
        }
        if seen.insert(command.destination).inserted { queue.append(command.destination) }
      }
      wildcardsDone = true
    }
    return seen
  }

  func screenDiagnostics() -> [Diagnostic] {
    guard !roots.isEmpty else { return [] }
    let reached = reachable()
    let rootText = roots.map(\.rawValue).joined(separator: " or ")
    var diagnostics: [Diagnostic] = []
    for (index, screen) in table.screens.enumerated() where !roots.contains(screen.name) {
      if table.commands(to: screen.name).isEmpty {
        diagnostics.append(
          Diagnostic(
            severity: .warning, place: place(ofScreen: index), message: "no command leads to it"))
      } else if !reached.contains(screen.name) {
        diagnostics.append(
          Diagnostic(
            severity: .error, place: place(ofScreen: index),
            message: "unreachable from \(rootText): no chain of commands leads to it"))
      }
    }
    return diagnostics
  }

  func commandDiagnostics() -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for (number, command) in table.commands.enumerated() {
      let here = place(ofCommand: number)
      let origins = Set(command.origins)
      if let earlier = covering(number) {
        let other = place(ofCommand: earlier)
        let message =
          origins == Set(table.commands[earlier].origins)
          ? "repeats \(other): it is never chosen"
          : "is covered by \(other), which leads to \(command.destination) from \(table.commands[earlier].origins.isEmpty ? "anywhere" : "the same screens") and comes first: it is never chosen"
        diagnostics.append(Diagnostic(severity: .warning, place: here, message: message))
      }
      let destination = command.destination
      let declaresNothing = table.screen(named: destination)?.parameters.isEmpty ?? true
      if declaresNothing && !origins.isEmpty && origins == [destination] {
        diagnostics.append(selfCommandDiagnostic(number))
      } else {
        var seen: [ScreenName: Int] = [:]
        for (slot, origin) in command.origins.enumerated() {
          let originPlace = "commands[\(number)].from[\(slot)]"
          if let first = seen[origin] {
            diagnostics.append(
              Diagnostic(
                severity: .warning, place: originPlace,
                message: "repeats '\(origin)' (from[\(first)])"))
            continue
          }
          seen[origin] = slot
          if declaresNothing && origin == destination {
            diagnostics.append(
              Diagnostic(
                severity: .warning, place: originPlace,
                message:
                  "never pushes from '\(origin)': it is the destination, which declares no parameters, so listing it changes nothing (pops back to \(origin) ignore origins)"
              ))
          }
        }
      }
    }
    return diagnostics
  }

  /// The diagnostic for command `number`, which leads only from its destination to
  /// itself, a screen that declares no parameters: on top of that screen the stack is
  /// already there, so the command never pushes. It can still pop back to the screen
  /// (a pop ignores origins), unless pops use another command: the planner pops with
  /// the cheapest command to the screen, the lowest-numbered among equals.
  func selfCommandDiagnostic(_ number: Int) -> Diagnostic {
    let destination = table.commands[number].destination
    let cost = table.commands[number].cost
    // Commands to a screen come in ascending order: the first of the cheapest.
    let pop = table.commands(to: destination).min {
      table.commands[$0].cost < table.commands[$1].cost
    }
    let leads = "it leads from \(destination) to \(destination), which declares no parameters"
    guard let pop, pop != number else {
      return Diagnostic(
        severity: .warning, place: place(ofCommand: number),
        message: "applies only as a pop back to \(destination): \(leads), so it never pushes")
    }
    let why = table.commands[pop].cost < cost ? "costs less" : "comes first"
    return Diagnostic(
      severity: .error, place: place(ofCommand: number),
      message:
        "never applies: \(leads), so it never pushes, and pops back to \(destination) use \(place(ofCommand: pop)), which \(why)"
    )
  }

  /// The first earlier command that leads to the same screen from every origin of
  /// command `number` (or from anywhere) at no higher cost: the planner always prefers
  /// it, so `number` is never chosen.
  func covering(_ number: Int) -> Int? {
    let command = table.commands[number]
    let origins = Set(command.origins)
    for earlier in 0..<number {
      let other = table.commands[earlier]
      guard other.destination == command.destination, other.cost <= command.cost else {
        continue
      }
      if other.origins.isEmpty || (!origins.isEmpty && origins.isSubset(of: other.origins)) {
        return earlier
      }
    }
    return nil
  }
}
