import Routing
import RoutingJSON

/// Where the `routing` tool reads and writes: standard input, files, standard output and
/// standard error. The command-line program passes the real ones; tests pass their own.
package struct ToolEnvironment {
  /// The next line of standard input without its line break, or `nil` at the end; it
  /// throws when standard input cannot be read.
  package var readLine: () throws(FileReadError) -> [UInt8]?
  /// The bytes of a file.
  package var readFile: (String) throws(FileReadError) -> [UInt8]
  /// Writes text to standard output.
  package var write: (String) -> Void
  /// Writes text to standard error.
  package var writeError: (String) -> Void
  /// The next lines of standard input, at least one and at most the given count, or
  /// `nil` at the end: every line that can be had without waiting for more input after
  /// the first. It throws when standard input cannot be read.
  package var readLines: (Int) throws(FileReadError) -> [[UInt8]]?
  /// Writes UTF-8 bytes to standard output.
  package var writeBytes: ([UInt8]) -> Void
  /// The next line of standard input when it holds at most the given number of bytes,
  /// or the length of a longer line, which is not kept (``InputLine``); `nil` at the
  /// end. It throws when standard input cannot be read.
  package var readBoundedLine: (Int) throws(FileReadError) -> InputLine?
  /// Route tables already compiled, by the path the command line names them with: a
  /// command that loads a table from one of these paths takes it instead of reading
  /// the file (the fuzz target compiles its fixed table once this way). None by default.
  package var tables: [String: RouteTable] = [:]

  /// Creates an environment.
  ///
  /// - Parameters:
  ///   - readLine: Reads the next line of standard input, `nil` at its end; throws when
  ///     standard input cannot be read.
  ///   - readFile: Reads a whole file; the C library by default.
  ///   - write: Writes to standard output.
  ///   - writeError: Writes to standard error.
  ///   - readLines: Reads the lines of standard input already at hand, at least one
  ///     (waiting for it) and at most the count given, `nil` at its end; by default one
  ///     line at a time through `readLine`.
  ///   - writeBytes: Writes UTF-8 bytes to standard output; by default as text through
  ///     `write`.
  ///   - readBoundedLine: Reads the next line of standard input unless it is longer
  ///     than the count given; by default through `readLine`, which keeps the whole
  ///     line first.
  package init(
    readLine: @escaping () throws(FileReadError) -> [UInt8]?,
    readFile: @escaping (String) throws(FileReadError) -> [UInt8] = FileBytes.read(atPath:),
    write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    readLines: ((Int) throws(FileReadError) -> [[UInt8]]?)? = nil,
    writeBytes: (([UInt8]) -> Void)? = nil,
    readBoundedLine: ((Int) throws(FileReadError) -> InputLine?)? = nil
  ) {
    self.readLine = readLine
    self.readFile = readFile
    self.write = write
    self.writeError = writeError
    if let readLines {
      self.readLines = readLines
    } else {
      self.readLines = { (_: Int) throws(FileReadError) -> [[UInt8]]? in
        guard let line = try readLine() else { return nil }
        return [line]
      }
    }
    self.writeBytes = writeBytes ?? { write(String(decoding: $0, as: UTF8.self)) }
    if let readBoundedLine {
      self.readBoundedLine = readBoundedLine
    } else {
      self.readBoundedLine = { (limit: Int) throws(FileReadError) -> InputLine? in
        guard let line = try readLine() else { return nil }
        return line.count > limit ? .tooLong(line.count) : .line(line)
      }
    }
  }
}

/// A line of input read with a length limit.
package enum InputLine: Hashable, Sendable {
  /// A line within the limit, without its line break.
  case line([UInt8])
  /// A line over the limit, of this many bytes, which was discarded as it was read.
  case tooLong(Int)
}

/// What a run of the tool printed, and how it ended.
package struct ToolResult: Hashable, Sendable {
  /// Everything written to standard output.
  package var output: String
  /// Everything written to standard error.
  package var errors: String
  /// The exit code: 0 success, 1 understood but failed, 2 bad input.
  package var exitCode: Int32

  /// Creates a result.
  package init(output: String, errors: String, exitCode: Int32) {
    self.output = output
    self.errors = errors
    self.exitCode = exitCode
  }
}

/// The tool's exit codes (Docs/RouteTables.md, "The `routing` tool").
enum ExitCode: Int32 {
  /// It worked.
  case success = 0
  /// The request was understood but failed: no route, a failed check or test.
  case failure = 1
  /// Bad input: an unreadable or invalid table, request, link or argument list.
  case badInput = 2
}

/// A run that cannot go on: a message for standard error and an exit code.
struct ToolFailure: Error {
  var exitCode: ExitCode
  var message: String

  /// Bad input.
  static func badInput(_ message: String) -> ToolFailure {
    ToolFailure(exitCode: .badInput, message: message)
  }

  /// A bad argument list, with a pointer to the command's help.
  static func usage(_ message: String, command: String?) -> ToolFailure {
    let help = command.map { "routing \($0) --help" } ?? "routing --help"
    return ToolFailure(exitCode: .badInput, message: "error: \(message) (see '\(help)')")
  }
}

/// The environment of one run, with helpers for the commands.
struct Console {
  let environment: ToolEnvironment

  /// Writes a line to standard output.
  func print(_ line: String) {
    environment.write(line + "\n")
  }

  /// Writes a line to standard error.
  func printError(_ line: String) {
    environment.writeError(line + "\n")
  }

  /// The whole of standard input, its lines joined by line breaks.
  func readStandardInput() throws(ToolFailure) -> [UInt8] {
    var bytes: [UInt8] = []
    var first = true
    while let line = try nextLine() {
      if !first { bytes.append(0x0A) }
      bytes.append(contentsOf: line)
      first = false
    }
    return bytes
  }

  /// Writes UTF-8 bytes to standard output.
  func write(_ bytes: [UInt8]) {
    environment.writeBytes(bytes)
  }

  /// The next lines of standard input that are at hand, at least one and at most
  /// `limit`, or `nil` at its end; a read failure is bad input, not its end.
  func nextLines(upTo limit: Int) throws(ToolFailure) -> [[UInt8]]? {
    do {
      return try environment.readLines(limit)
    } catch {
      throw ToolFailure.badInput("error: \(error)")
    }
  }

  /// The next line of standard input; a read failure is bad input, not its end.
  func nextLine() throws(ToolFailure) -> [UInt8]? {
    do {
      return try environment.readLine()
    } catch {
      throw ToolFailure.badInput("error: \(error)")
    }
  }

  /// The contents of a file named on the command line; `-` reads standard input.
  func read(_ path: String) throws(ToolFailure) -> [UInt8] {
    if path == "-" { return try readStandardInput() }
    do {
      return try environment.readFile(path)
    } catch {
      throw ToolFailure.badInput("error: \(error)")
    }
  }

  /// Loads the route table named on the command line (or takes the one compiled for
  /// that path, ``ToolEnvironment/tables``); when it does not load, the error names the
  /// file, line and column, and is also printed in the format asked for.
  func loadTable(_ path: String, format: OutputFormat = .text) throws(ToolFailure) -> RouteTable {
    if let table = environment.tables[path] { return table }
    let bytes = try read(path)
    do {
      return try RouteTable(json: bytes)
    } catch {
      throw failure(Console.message(for: error, file: path, bytes: bytes), format: format)
    }
  }

  /// The bad-input failure for a message about a file, printed first on standard output
  /// in the format the command was asked for: an annotation with `--format github`,
  /// `{"error": {"file": …, "line": …, "column": …, "message": …}}` with
  /// `--format json`. The failure itself prints the text on standard error.
  func failure(_ message: FileMessage, format: OutputFormat) -> ToolFailure {
    switch format {
    case .github: print(message.annotation)
    case .json:
      var error = message.placeJSON
      error.append("message", .string(message.message))
      print(JSONValue.object(["error": .object(error)]).serialized())
    case .text, .junit: break
    }
    return ToolFailure.badInput(message.text)
  }
}
