import Foundation
import Routing
import RoutingTool
import SampleApp
import Testing

/// One mistake, one error, every entry point: a mistyped screen and a missing required
/// value answer the same kind, path, suggestion and message from the Swift API, the flags
/// (text and `--json`), `--request`, a `--batch` line, an expectation file and the
/// interactive mode.
@MainActor
@Suite struct EntryPointErrorTests {
  /// The JSON error object of a tool answer, without the batch's `line`.
  static func error(_ output: String) -> [String: String] {
    let object = Tool.object(output)?["error"] as? [String: Any] ?? [:]
    return object.compactMapValues { $0 as? String }
  }

  @Test(arguments: [
    // A mistyped destination: its place and the nearest screen.
    ("Profil", [String: String](), "unknownScreen", "to" as String?, "Profile" as String?),
    // A missing required value: the key's path, no suggestion.
    ("Profile", [:], "invalidRequest", "parameters.userId", nil),
    // A mistyped key: the nearest declared key.
    ("Profile", ["userid": "2"], "invalidRequest", "parameters.userid", "userId"),
  ])
  func everyEntryPointAgrees(
    to: String, parameters: [String: String], kind: String, path: String?, suggestion: String?
  ) async throws {
    let table = try SampleApp.makeTable()
    let typed = Parameters(
      uniqueKeysWithValues: parameters.map { ($0.key, ParameterValue.string($0.value)) })
    // The Swift API: the table, and a navigator that stays as it was.
    var library: RoutingError?
    do {
      _ = try table.route(from: [Entry(.menu)], to: ScreenName(to), parameters: typed)
    } catch {
      library = error
    }
    let error = try #require(library)
    #expect(error.suggestion == suggestion)
    let navigator = try Navigator(table: table, root: .menu)
    await #expect(throws: NavigationError.routing(error)) {
      try await navigator.go(to: ScreenName(to), parameters: typed)
    }
    #expect(navigator.stack == [Entry(.menu)])
    let message = error.description
    let located = path.map { "\($0): \(message)" } ?? message

    let params = parameters.flatMap { ["--param", "\($0.key)=\($0.value)"] }
    let flags = ["route", "SampleApp.json", "--from", "Menu", "--to", to] + params
    // Flags as text: the library's message word for word.
    #expect(Tool.run(flags).errors == "error: \(message)\n")
    // Flags with --json, a request file, a batch line: one object.
    let json = Self.error(Tool.run(flags + ["--json"]).output)
    let request = try String(
      data: JSONSerialization.data(
        withJSONObject: ["stack": ["Menu"], "to": to, "parameters": parameters],
        options: [.sortedKeys]),
      encoding: .utf8)!
    let file = Self.error(
      Tool.run(["route", "SampleApp.json", "--request", "r.json"], files: ["r.json": request])
        .output)
    var batch = Self.error(
      Tool.run(["route", "SampleApp.json", "--batch", "b.jsonl"], files: ["b.jsonl": request])
        .output)
    batch["line"] = nil
    for object in [json, file, batch] {
      #expect(object["kind"] == kind, "\(object)")
      #expect(object["path"] == path, "\(object)")
      #expect(object["suggestion"] == suggestion, "\(object)")
      #expect(object["message"] == located, "\(object)")
    }
    #expect(json == file && file == batch)
    // An expectation file that expected a route names the same error.
    let values = try String(
      data: JSONSerialization.data(withJSONObject: parameters), encoding: .utf8)!
    let cases =
      #"{"cases": [{"name": "c", "stack": ["Menu"], "to": "\#(to)", "parameters": \#(values), "#
      + #""expect": {"steps": 1}}]}"#
    let test = Tool.run(["test", "SampleApp.json", "c.json"], files: ["c.json": cases])
    #expect(test.output.contains("got error \(kind): \(located)"), "\(test.output)")
    // The interactive mode.
    let session = try InteractiveSession()
    let line = (["go", to] + parameters.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    let answer = await session.respond(to: line)
    #expect(answer.first == "error: \(message)", "\(answer)")
  }
}
