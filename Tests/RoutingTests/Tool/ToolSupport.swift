import Foundation
import Routing
import RoutingJSON
import RoutingTool

/// Runs the tool in-process on files held in memory.
enum Tool {
  /// The package's root directory, found from this file.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A file of the package, such as `Docs/Examples/SampleApp.json`.
  static func packageFile(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The sample app's table.
  static let sampleTable = (try? packageFile("Docs/Examples/SampleApp.json")) ?? ""

  /// Runs `routing` with `arguments`; `files` are the only files it can read, and
  /// `SampleApp.json` is always among them.
  static func run(
    _ arguments: [String], input: String = "", files: [String: String] = [:]
  ) -> ToolResult {
    run(arguments, input: Array(input.utf8), files: files.mapValues { Array($0.utf8) })
  }

  static func run(
    _ arguments: [String], input: [UInt8], files: [String: [UInt8]]
  ) -> ToolResult {
    var all = files
    if all["SampleApp.json"] == nil { all["SampleApp.json"] = Array(sampleTable.utf8) }
    let known = all
    return RoutingTool.run(arguments: arguments, input: input) {
      (path: String) throws(FileReadError) -> [UInt8] in
      guard let bytes = known[path] else {
        throw FileReadError(path: path, reason: "No such file or directory")
      }
      return bytes
    }
  }

  /// The lines of a text, without the final empty one.
  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// A JSON text parsed with Foundation, for comparing results independently of our
  /// own reader.
  static func object(_ text: String) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
  }
}
