import Routing

/// `routing check TABLE [--root NAME] [--strict]`: problems in a table, one a line.
enum CheckCommand {
  static let name = "check"
  static let spec = OptionSpec(flags: ["strict"], single: ["root"])

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let path = try options.positionals(["TABLE"], command: name)[0]
    let givenRoots = try options.value("root").map { (list) throws(ToolFailure) in
      try screenList(list, option: "root", command: name).map { ScreenName($0) }
    }
    let loaded: (table: RouteTable, screensDeclared: Bool)
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
    for root in givenRoots ?? [] where table.screen(named: root) == nil {
      throw ToolFailure.usage(
        "the root '\(excerpt(root))' is not a screen of the table", command: name)
    }
    // Whether the file declares its screens, so that `screens[i]` names a place in it.
    let declared = loaded.screensDeclared
    // A table with tabs starts at every tab's root.
    let roots =
      givenRoots
      ?? (table.tabs.isEmpty ? table.screens.prefix(1).map(\.name) : table.tabs.map(\.root))
    let diagnostics = table.diagnostics(roots: roots)
    for diagnostic in diagnostics {
      console.print(line(for: diagnostic, screensDeclared: declared))
    }
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.count - errors
    let rootText = roots.map(\.rawValue).joined(separator: ", ")
    console.printError(
      "check: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        + (rootText.isEmpty ? "" : " (root: \(rootText))"))
    if errors > 0 || (options.has("strict") && warnings > 0) { return .failure }
    return .success
  }
}

extension RouteTable {
  /// A table from a file's bytes, and whether the file declares any screen.
  ///
  /// The bytes are given up once read, before compiling: a large table's file would
  /// otherwise add its size to the peak.
  static func load(_ bytes: consuming [UInt8]) throws(TableError) -> (
    table: RouteTable, screensDeclared: Bool
  ) {
    let file = try RouteTableFile(json: bytes)
    return (try RouteTable(file: file), file.declaresScreens)
  }
}

extension CheckCommand {
  /// `warning: screens[3] 'Chat': no command leads to it`, or `screen 'Chat'` when the
  /// screens come from the commands and have no place in the file.
  static func line(for diagnostic: Diagnostic, screensDeclared: Bool) -> String {
    guard !screensDeclared, let name = diagnostic.screenName else { return diagnostic.description }
    return "\(diagnostic.severity): screen '\(excerpt(name))': \(diagnostic.message)"
  }
}
