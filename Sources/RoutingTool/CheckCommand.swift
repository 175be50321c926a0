import Routing
import RoutingJSON

/// `routing check TABLE [--root NAME] [--strict] [--format text|json|github]`: the
/// problems ``RouteTable/diagnostics(roots:)`` finds in a table, each at its file, line
/// and column.
enum CheckCommand {
  static let name = "check"
  static let spec = OptionSpec(flags: ["strict"], single: ["root", "format"])

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let path = try options.positionals(["TABLE"], command: name)[0]
    let format = try OutputFormat.parse(options, allowed: [.text, .json, .github], command: name)
    let givenRoots = try options.value("root").map { (list) throws(ToolFailure) in
      try screenList(list, option: "root", command: name).map { ScreenName($0) }
    }
    let bytes = try console.read(path)
    // Standard input cannot be read twice: keep it to locate messages; a file is read
    // again only when there is something to locate, so that a large table's bytes are
    // let go before it compiles.
    let kept = path == "-" ? bytes : nil
    let table: RouteTable
    do {
      table = try RouteTable.load(bytes)
    } catch {
      // A table that does not load is the one diagnostic.
      let message = Console.message(
        for: error, file: path, bytes: try reread(path, kept, console))
      let report = Report(file: message.file, roots: [], format: format)
      // The message without the place, which `location` gives.
      let text = message.message.dropFirst(error.location.isEmpty ? 0 : error.location.count + 2)
      let details: JSONObject = [
        "kind": .string(error.kind.rawValue), "location": .string(error.location),
        "message": .string(String(text)),
      ]
      report.print([(message, details)], console)
      console.printError("check: the table does not load")
      return .badInput
    }
    for root in givenRoots ?? [] where table.screen(named: root) == nil {
      throw ToolFailure.usage(
        "the root '\(excerpt(root))' is not a screen of the table"
          + didYouMean(root.rawValue, among: table.screens.map(\.name.rawValue)),
        command: name)
    }
    let roots = givenRoots ?? defaultRoots(of: table)
    let report = Report(file: Console.displayName(path), roots: roots, format: format)
    let diagnostics = table.diagnostics(roots: roots)
    report.print(
      try messages(diagnostics, in: table, file: report.file) { () throws(ToolFailure) in
        try reread(path, kept, console)
      }, console)
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.count - errors
    let rootText = roots.map(\.rawValue).joined(separator: ", ")
    console.printError(
      "check: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        + (rootText.isEmpty ? "" : " (root: \(rootText))"))
    if errors > 0 || (options.has("strict") && warnings > 0) { return .failure }
    return .success
  }

  /// The screens a check starts from when none are given: the table's first screen, or
  /// every tab's root on a table with tabs.
  static func defaultRoots(of table: RouteTable) -> [ScreenName] {
    table.tabs.isEmpty ? table.screens.prefix(1).map(\.name) : table.tabs.map(\.root)
  }

  /// Each diagnostic's message, at its line and column in the table's file (whose
  /// bytes are read only when there is a diagnostic to place), and its JSON members.
  ///
  /// - Complexity: O(*n* + *d*) for a file of *n* bytes and *d* diagnostics.
  static func messages(
    _ diagnostics: [Diagnostic], in table: RouteTable, file: String,
    bytes: () throws(ToolFailure) -> [UInt8]
  ) throws(ToolFailure) -> [(FileMessage, JSONObject)] {
    let places = Places(table: table)
    let paths = diagnostics.map { places.path(of: $0) }
    var positions: [TextPosition] = []
    if !diagnostics.isEmpty {
      let locator = JSONLocator(try bytes())
      positions = locator.positions(of: paths)
    }
    return diagnostics.indices.map { index in
      let diagnostic = diagnostics[index]
      let message = FileMessage(
        file: file, position: positions[index], severity: diagnostic.severity,
        message: places.text(of: diagnostic))
      var details = json(of: diagnostic)
      details.append("location", .string(paths[index].description))
      details.append("message", .string(diagnostic.message))
      return (message, details)
    }
  }

  /// The table's bytes again: those kept, or the file read once more.
  static func reread(_ path: String, _ kept: [UInt8]?, _ console: Console) throws(ToolFailure)
    -> [UInt8]
  {
    if let kept { return kept }
    return try console.read(path)
  }

  /// The members of a diagnostic's JSON object that say which problem it is and what it
  /// is about.
  static func json(of diagnostic: Diagnostic) -> JSONObject {
    var object: JSONObject = [:]
    let (kind, related): (String, (String, Int)?) =
      switch diagnostic.kind {
      case .unreachableScreen: ("unreachableScreen", nil)
      case .noCommandLeadsToScreen: ("noCommandLeadsToScreen", nil)
      case .repeatedCommand(let of): ("repeatedCommand", ("of", of))
      case .coveredCommand(let by): ("coveredCommand", ("by", by))
      case .selfCommandNeverApplies(let popsUse): ("selfCommandNeverApplies", ("popsUse", popsUse))
      case .selfCommandOnlyPops: ("selfCommandOnlyPops", nil)
      case .repeatedOrigin(let first): ("repeatedOrigin", ("first", first))
      case .originIsDestination: ("originIsDestination", nil)
      }
    object.append("kind", .string(kind))
    if let related { object.append(related.0, .number(JSONNumber(related.1))) }
    if let screen = diagnostic.screenName { object.append("screen", .string(screen.rawValue)) }
    if let command = diagnostic.command { object.append("command", .number(JSONNumber(command))) }
    if let id = diagnostic.commandID { object.append("id", .string(id)) }
    return object
  }

  /// Where diagnostics are in the file. A table that declares no screens takes them
  /// from its commands, so a screen's place is the first command that names it.
  struct Places {
    let table: RouteTable

    /// The JSON path of the value a diagnostic is about.
    func path(of diagnostic: Diagnostic) -> JSONPath {
      guard !table.declaresScreens, diagnostic.screenName != nil,
        let screen = diagnostic.screenIndex
      else {
        return JSONPath(parsing: diagnostic.location)
      }
      guard let (command, origin) = table.commands.firstMention(of: screen) else {
        return JSONPath(parsing: "")
      }
      return JSONPath(
        parsing: origin.map { "commands[\(command)].from[\($0)]" } ?? "commands[\(command)].to")
    }

    /// `screens[3] 'Chat': no command leads to it`, or `screen 'Chat': …` when the
    /// screens come from the commands and have no place of their own in the file.
    func text(of diagnostic: Diagnostic) -> String {
      guard !table.declaresScreens, let name = diagnostic.screenName else {
        return "\(diagnostic.place): \(diagnostic.message)"
      }
      return "screen '\(excerpt(name))': \(diagnostic.message)"
    }
  }

  /// Prints diagnostics in one format.
  struct Report {
    var file: String
    var roots: [ScreenName]
    var format: OutputFormat

    /// Text: one line each; JSON: one document, each message an object of its severity,
    /// its `details` (kind, location…), line and column, and message; GitHub: one
    /// annotation each.
    func print(_ messages: [(FileMessage, JSONObject)], _ console: Console) {
      switch format {
      case .text, .junit:
        for (message, _) in messages { console.print(message.text) }
      case .github:
        for (message, _) in messages { console.print(message.annotation) }
      case .json:
        console.print(document(messages).serialized())
      }
    }

    /// `{"file", "roots", "diagnostics": […], "errors", "warnings"}`, as `--format json`
    /// prints it and `routing serve` answers `check`.
    func document(_ messages: [(FileMessage, JSONObject)]) -> JSONValue {
      let list = messages.map { (message, details) -> JSONValue in
        var object: JSONObject = ["severity": .string(message.severity.rawValue)]
        // The line and column just before the message.
        let place = message.placeJSON.members.dropFirst()
        object.members += details.members.filter { $0.key != "message" } + place
        object.members += details.members.filter { $0.key == "message" }
        return .object(object)
      }
      let errors = messages.filter { $0.0.severity == .error }.count
      let document: JSONValue = [
        "file": .string(file), "roots": .array(roots.map { .string($0.rawValue) }),
        "diagnostics": .array(list), "errors": .number(JSONNumber(errors)),
        "warnings": .number(JSONNumber(messages.count - errors)),
      ]
      return document
    }
  }
}

extension RouteTable {
  /// A table from a file's bytes.
  ///
  /// The bytes are given up once read, before compiling: a large table's file would
  /// otherwise add its size to the peak.
  static func load(_ bytes: consuming [UInt8]) throws(TableError) -> RouteTable {
    try RouteTable(file: RouteTableFile(json: bytes))
  }
}
