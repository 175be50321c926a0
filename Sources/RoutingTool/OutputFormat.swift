import Routing
import RoutingJSON

/// What `--format` asks a command to print: text for people, JSON for programs, JUnit
/// XML for test reports, or GitHub Actions annotations (Docs/RouteTables.md, "Route
/// tables in CI").
enum OutputFormat: String, CaseIterable {
  /// Lines for people, the default.
  case text
  /// One JSON document.
  case json
  /// A JUnit XML report.
  case junit
  /// `::error file=…,line=…,col=…::message` workflow commands.
  case github

  /// The format `--format` names, `text` when it is not given.
  ///
  /// - Parameters:
  ///   - options: The command's arguments; its spec must accept `--format`.
  ///   - allowed: The formats the command prints.
  ///   - command: The command, for the usage message.
  /// - Throws: ``ToolFailure`` naming the allowed formats (and the nearest one) for any
  ///   other value.
  static func parse(_ options: Arguments, allowed: [OutputFormat], command: String)
    throws(ToolFailure) -> OutputFormat
  {
    guard let value = options.value("format") else { return .text }
    if let format = OutputFormat(rawValue: value), allowed.contains(format) { return format }
    let names = allowed.map(\.rawValue)
    throw ToolFailure.usage(
      "unknown format '\(excerpt(value))' (allowed: \(names.joined(separator: ", ")))"
        + didYouMean(value, among: names),
      command: command)
  }
}

/// A message about a place in a file, printed as a compiler prints one
/// (`t.json:3:7: error: …`) or as a GitHub Actions annotation.
struct FileMessage {
  /// The file as the messages name it: its path, or `<stdin>`.
  var file: String
  /// The line and column, when the message is about a place in the file.
  var position: TextPosition?
  var severity: Diagnostic.Severity
  /// The message, starting with the JSON path when there is one.
  var message: String

  /// `t.json:3:7: error: commands[2].from[0]: screen 'Inbx' is not declared`.
  var text: String {
    let place = position.map { "\(file):\($0)" } ?? file
    return "\(place): \(severity): \(message)"
  }

  /// `::error file=t.json,line=3,col=7::commands[2].from[0]: …`, escaped as GitHub's
  /// workflow commands require.
  var annotation: String {
    var properties = ["file=\(GitHubAnnotation.escapedProperty(file))"]
    if let position {
      properties.append("line=\(position.line)")
      properties.append("col=\(position.column)")
    }
    return "::\(severity) \(properties.joined(separator: ","))::"
      + GitHubAnnotation.escapedData(message)
  }

  /// The members of a JSON report that place the message: `file`, `line`, `column`.
  var placeJSON: JSONObject {
    var object: JSONObject = ["file": .string(file)]
    if let position {
      object.append("line", .number(JSONNumber(position.line)))
      object.append("column", .number(JSONNumber(position.column)))
    }
    return object
  }
}

/// The escaping of GitHub Actions workflow commands (`::error …::message`): the message
/// escapes `%`, carriage return and line feed; a property value also escapes `:` and `,`.
enum GitHubAnnotation {
  /// The message part of a workflow command.
  static func escapedData(_ text: String) -> String {
    escaped(text, ["%": "%25", "\r": "%0D", "\n": "%0A"])
  }

  /// A property value (`file=…`) of a workflow command.
  static func escapedProperty(_ text: String) -> String {
    escaped(text, ["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
  }

  private static func escaped(_ text: String, _ table: [Character: String]) -> String {
    var result = ""
    for character in text.unicodeScalars.map(Character.init) {
      result += table[character] ?? String(character)
    }
    return result
  }
}

/// Text inside XML 1.0 character data or a double-quoted attribute: `&`, `<`, `>`, `"`
/// and `'` as entities, line breaks and tabs as character references (so that an
/// attribute keeps them), and the control characters XML 1.0 cannot hold as U+FFFD.
func xmlEscaped(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    case "'": result += "&apos;"
    case "\n": result += "&#10;"
    case "\r": result += "&#13;"
    case "\t": result += "&#9;"
    case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}

extension Console {
  /// A file named on the command line as messages name it: `<stdin>` for `-`.
  static func displayName(_ path: String) -> String {
    path == "-" ? "<stdin>" : excerpt(path)
  }

  /// The message for a table that does not load, placed at the line and column of the
  /// value its error names (or of the syntax error) in the file's `bytes`.
  static func message(for error: TableError, file path: String, bytes: [UInt8]) -> FileMessage {
    message(JSONPath(parsing: error.location), error.message, file: path, bytes: bytes)
  }

  /// An error about the value at `place` in a JSON file, placed at its line and column
  /// in the file's `bytes`; `text` is what is wrong, without the place. When the bytes
  /// are not JSON, the message is the syntax error's, at its line and column.
  static func message(_ place: JSONPath, _ text: String, file path: String, bytes: [UInt8])
    -> FileMessage
  {
    let locator = JSONLocator(bytes)
    let position = locator.positions(of: [place])[0]
    // A syntax error's message already says where; say it once, in front.
    let what = locator.syntaxError?.message ?? text
    return FileMessage(
      file: displayName(path), position: position, severity: .error,
      message: place.components.isEmpty ? what : "\(place): \(what)")
  }
}
