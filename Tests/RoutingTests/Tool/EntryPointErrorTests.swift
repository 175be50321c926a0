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

  /// A bad layer: one error, named at its place, from `--request`, a `--batch` line, an
  /// expectation file and `routing serve`, on one stack and across tabs; the Swift API
  /// throws the same error where the request reaches planning.
  @Test(arguments: [
    // An empty layer: planning refuses it, and the tool names the layer.
    (
      #"[["Compose"], []]"#, "invalidRequest", "layers[1]", nil as String?,
      "layers[1]: layer 1 is empty: an open layer holds at least the screen it presented"
    ),
    // A layer that is not an array, and layers that are not either.
    (
      #"[["Compose"], "Picker"]"#, "invalidRequest", "layers[1]", nil,
      "layers[1]: expected a layer (an array of entries), found a string"
    ),
    (
      #"{"Compose": []}"#, "invalidRequest", "layers", nil,
      "layers: expected an array of layers, found an object"
    ),
    // An entry of the wrong type, and an unknown key in an entry.
    (
      #"[[3]]"#, "invalidRequest", "layers[0][0]", nil,
      "layers[0][0]: expected a screen name or an object with 'screen' and 'parameters', found a number"
    ),
    // An unknown screen: the library's message counts along the chain; the path names
    // the layer's entry.
    (
      #"[["Compose"], ["Pickr"]]"#, "unknownScreen", "layers[1][0]", "Picker",
      "unknown screen 'Pickr' at stack entry 2; did you mean 'Picker'?"
    ),
  ])
  func aBadLayerIsOneErrorEverywhere(
    layers: String, kind: String, path: String, suggestion: String?, message: String
  ) throws {
    let tables = try #require(try Fixtures.object("modal-scenarios")["tables"] as? [String: Any])
    var modal = try #require(tables["modal"] as? [String: Any])
    // Until remedies load: the file loader does not read a guard's remedy yet.
    modal["guards"] = nil
    let starts = [
      ("modal", try Fixtures.text(modal), #""stack": ["Inbox"]"#),
      (
        "modalTabs", try Fixtures.text(try #require(tables["modalTabs"])),
        #""tab": "Mail", "stacks": {"Mail": ["Inbox"]}"#
      ),
    ]
    for (name, table, start) in starts {
      // The tabs' table declares no Picker: its nearest screen is another.
      if name == "modalTabs" && kind == "unknownScreen" { continue }
      let request = #"{\#(start), "layers": \#(layers), "to": "Compose"}"#
      let files = ["t.json": table, "r.json": request, "b.jsonl": request + "\n"]
      let file = Tool.run(["route", "t.json", "--request", "r.json"], files: files)
      #expect(file.exitCode == (kind == "unknownScreen" ? 1 : 2), "\(file)")
      let batchRun = Tool.run(["route", "t.json", "--batch", "b.jsonl"], files: files)
      // The batch's `line`, a number, is left out.
      let batch = Self.error(batchRun.output)
      let call = #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": \#(request)}"#
      let served = Tool.object(
        Tool.run(["serve", "t.json"], input: call + "\n", files: files).output)
      let data =
        ((served?["error"] as? [String: Any])?["data"] as? [String: Any] ?? [:])
        .compactMapValues { $0 as? String }
      for object in [Self.error(file.output), batch, data] {
        #expect(object["kind"] == kind, "\(name): \(object)")
        #expect(object["path"] == path, "\(name): \(object)")
        #expect(object["suggestion"] == suggestion, "\(name): \(object)")
        #expect(object["message"] == message, "\(name): \(object)")
      }
      // An expectation file: a case that expected a route names the same error; a layer
      // of the wrong shape makes the file malformed, named under the case.
      let cases =
        #"{"cases": [{"name": "c", \#(start), "layers": \#(layers), "to": "Compose", "#
        + #""expect": {"steps": 1}}]}"#
      let test = Tool.run(
        ["test", "t.json", "c.json"], files: files.merging(["c.json": cases]) { $1 })
      if message.contains("expected") {
        #expect(test.exitCode == 2, "\(test)")
        #expect(test.errors.contains("error: cases[0].\(message)\n"), "\(name): \(test.errors)")
      } else {
        #expect(test.exitCode == 1, "\(test)")
        #expect(test.output.contains("got error \(kind): \(message)"), "\(name): \(test.output)")
      }
    }
    // The Swift API, where the layers reach planning: the same kind and message.
    let table = try RouteTable(json: try Fixtures.text(modal))
    if layers == #"[["Compose"], []]"# {
      #expect(throws: RoutingError.emptyLayer(1)) {
        try table.route(
          from: ModalState(stack: [Entry("Inbox")], layers: [[Entry("Compose")], []]),
          to: "Compose")
      }
    } else if kind == "unknownScreen" {
      do {
        _ = try table.route(
          from: ModalState(
            stack: [Entry("Inbox")], layers: [[Entry("Compose")], [Entry("Pickr")]]),
          to: "Compose")
        Issue.record("planned from an unknown screen")
      } catch {
        #expect(error.kind == kind)
        #expect(error.description == message)
      }
    }
  }
}
