import Foundation
import Routing
import RoutingJSON
import RoutingStorage
import RoutingTool
import Testing

/// Each method of `routing serve` answers what the tool's command prints for the same
/// request, through the same code.
@Suite struct ServeMethodTests {
  /// A table where Island cannot be reached from Home.
  static let islandTable = #"""
    {"screens": [{"name": "Home"}, {"name": "Settings"}, {"name": "Island"}],
     "commands": [{"id": "settings", "from": ["Home"], "to": "Settings"},
                  {"id": "back", "from": ["Settings"], "to": "Home"}]}
    """#

  /// Random requests on the sample table, some of them bad.
  static func requests(count: Int, seed: UInt64) -> [String] {
    var random = SeededGenerator(seed: seed)
    let names = ["Menu", "Folder", "Connections", "Chat", "Profile", "ContactCard", "Login", ""]
    return (0..<count).map { _ in
      let stack = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        #""\#(names.randomElement(using: &random)!)""#
      }
      let user = ["\"1\"", "\"x\"", "2", "true"].randomElement(using: &random)!
      let extra = Int.random(in: 0..<8, using: &random) == 0 ? #", "too": 1"# : ""
      return
        #"{"stack": [\#(stack.joined(separator: ", "))], "to": "\#(names.randomElement(using: &random)!)", "parameters": {"userId": \#(user)}\#(extra)}"#
    }
  }

  /// The answer to `params` against the tool's JSON output `printed` and exit code.
  static func expectSame(
    _ response: [String: Any]?, as printed: ToolResult, _ comment: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = Tool.object(Tool.lines(printed.output).first ?? "")
    switch printed.exitCode {
    case 0:
      #expect(
        Response.same(Response.result(response), expected), "\(comment)",
        sourceLocation: sourceLocation)
    default:
      #expect(
        Response.code(response) == (printed.exitCode == 1 ? 1 : -32602), "\(comment)",
        sourceLocation: sourceLocation)
      #expect(
        Response.same(Response.data(response), expected?["error"]), "\(comment)",
        sourceLocation: sourceLocation)
    }
  }

  @Test func routeAnswersAsRouteRequest() throws {
    let serve = try ServeHarness()
    for request in Self.requests(count: TestScale.isFull ? 2_000 : 200, seed: 23) {
      let printed = Tool.run(["route", "SampleApp.json", "--request", "-"], input: request)
      Self.expectSame(serve.call("route", request), as: printed, request)
    }
  }

  @Test func routeAcrossTabsAnswersAsRouteRequest() throws {
    let table = try Tool.packageFile("Docs/Examples/SampleTabs.json")
    let serve = try ServeHarness(table: table)
    for request in [
      try Tool.packageFile("Docs/Examples/SampleTabs-request.json"),
      #"{"tab": "Folder", "to": "Chat"}"#,
    ] {
      let printed = Tool.run(
        ["route", "t.json", "--request", "-"], input: request, files: ["t.json": table])
      Self.expectSame(serve.call("route", request), as: printed, request)
    }
  }

  @Test func linkAnswersAsLinkRequest() throws {
    let serve = try ServeHarness()
    for request in [
      #"{"stack": ["Menu"], "link": "app://chat/2"}"#,
      #"{"stack": ["Menu"], "link": "app://profile?userId=2&x=1"}"#,
      #"{"stack": ["Menu"], "link": "app://nowhere"}"#,
      #"{"stack": ["Menu"], "to": "Chat"}"#,
      #"{"stack": ["Nope"], "link": "app://chat/2"}"#,
    ] {
      let printed = Tool.run(["link", "SampleApp.json", "--request", "-"], input: request)
      Self.expectSame(serve.call("link", request), as: printed, request)
    }
    // `strictLinks` is `--strict-links`.
    let strict = #"{"stack": ["Menu"], "link": "app://profile?userId=2&x=1"}"#
    let printed = Tool.run(
      ["link", "SampleApp.json", "--strict-links", "--request", "-"], input: strict)
    #expect(printed.exitCode == 2)
    Self.expectSame(
      serve.call(
        "link", #"{"stack": ["Menu"], "link": "app://profile?userId=2&x=1", "strictLinks": true}"#),
      as: printed, strict)
    #expect(
      Response.code(
        serve.call("link", #"{"stack": ["Menu"], "link": "app://chat/2", "strictLinks": 1}"#))
        == -32602)
  }

  @Test func explainSaysWhyAsRouteExplain() throws {
    let serve = try ServeHarness(table: Self.islandTable)
    let printed = Tool.run(
      ["route", "t.json", "--from", "Home", "--to", "Island", "--explain", "--json"],
      files: ["t.json": Self.islandTable])
    #expect(printed.exitCode == 1)
    let response = serve.call("explain", #"{"stack": ["Home"], "to": "Island"}"#)
    #expect(Response.code(response) == 1)
    let expected = Tool.object(Tool.lines(printed.output).first ?? "")
    #expect(Response.same(Response.data(response)?["explanation"], expected?["explanation"]))
    #expect(Response.data(response)?["kind"] as? String == "unreachable")
    // A route is answered as `route` answers it.
    let routed = serve.call("explain", #"{"stack": ["Home"], "to": "Settings"}"#)
    #expect(
      Response.same(
        Response.result(routed),
        Response.result(serve.call("route", #"{"stack": ["Home"], "to": "Settings"}"#))))
    #expect(Response.code(serve.call("explain", #"{"stack": ["Home"], "to": "Nowhere"}"#)) == 1)
    #expect(Response.code(serve.call("explain", #"{"stack": [], "to": "Island"}"#)) == -32602)
  }

  @Test func checkAnswersAsCheckJSON() throws {
    let flawed = #"""
      {"screens": [{"name": "Home"}, {"name": "Lost"}, {"name": "Settings"}],
       "commands": [{"from": ["Home"], "to": "Settings"}, {"from": ["Home"], "to": "Settings"},
                    {"from": ["Settings"], "to": "Lost"}]}
      """#
    let serve = try ServeHarness(table: flawed)
    for (params, arguments) in [
      (nil, [String]()), (#"{"roots": ["Settings"]}"#, ["--root", "Settings"]),
    ] {
      let printed = Tool.run(
        ["check", "t.json", "--format", "json"] + arguments, files: ["t.json": flawed])
      let expected = Tool.object(Tool.lines(printed.output).first ?? "")
      #expect(Response.same(Response.result(serve.call("check", params)), expected))
      #expect((expected?["diagnostics"] as? [Any])?.isEmpty == false)
    }
    let unknown = serve.call("check", #"{"roots": ["Setings"]}"#)
    #expect(Response.code(unknown) == -32602)
    #expect(Response.data(unknown)?["suggestion"] as? String == "Settings")
    #expect(Response.data(unknown)?["path"] as? String == "roots[0]")
    #expect(Response.code(serve.call("check", #"{"root": ["Home"]}"#)) == -32602)
  }

  @Test func statsAnswersAsStatsJSON() throws {
    let serve = try ServeHarness()
    for (params, arguments) in [
      (nil, [String]()), (#"{"root": "Folder"}"#, ["--root", "Folder"]),
      (#"{"maxDepth": 2}"#, ["--max-depth", "2"]),
    ] {
      let printed = Tool.run(["stats", "SampleApp.json", "--format", "json"] + arguments)
      let expected = Tool.object(Tool.lines(printed.output).first ?? "")
      #expect(expected != nil)
      #expect(Response.same(Response.result(serve.call("stats", params)), expected))
    }
    let unknown = serve.call("stats", #"{"root": "Foldr"}"#)
    #expect(Response.code(unknown) == -32602)
    #expect(Response.data(unknown)?["suggestion"] as? String == "Folder")
    #expect(Response.data(unknown)?["path"] as? String == "root")
    #expect(Response.code(serve.call("stats", #"{"maxDepth": -1}"#)) == -32602)
    #expect(Response.code(serve.call("stats", #"{"maxDepth": "3"}"#)) == -32602)
    #expect(Response.code(serve.call("stats", #"{"depth": 3}"#)) == -32602)
  }

  @Test func coverAnswersTheExpectationFile() throws {
    let serve = try ServeHarness()
    for (params, arguments) in [(nil, [String]()), (#"{"root": "Folder"}"#, ["--root", "Folder"])] {
      let printed = Tool.run(["cover", "SampleApp.json"] + arguments)
      let expected = Tool.object(printed.output)
      #expect((expected?["cases"] as? [Any])?.isEmpty == false)
      #expect(Response.same(Response.result(serve.call("cover", params)), expected))
    }
    let unknown = serve.call("cover", #"{"root": "Foldr"}"#)
    #expect(Response.code(unknown) == -32602)
    #expect(Response.data(unknown)?["suggestion"] as? String == "Folder")
    #expect(Response.code(serve.call("cover", #"{"roots": ["Menu"]}"#)) == -32602)
  }

  @Test func graphAnswersTheDrawing() throws {
    let serve = try ServeHarness()
    for (params, arguments) in [
      (nil, [String]()), (#"{"format": "mermaid"}"#, ["--format", "mermaid"]),
      (#"{"route": {"from": ["Menu"], "to": "Connections"}}"#, ["--route", "Menu", "Connections"]),
    ] {
      let printed = Tool.run(["graph", "SampleApp.json"] + arguments)
      let result = Response.result(serve.call("graph", params))
      #expect(result?["text"] as? String == String(printed.output.dropLast()))
      #expect(result?["format"] as? String == (arguments.first == "--format" ? "mermaid" : "dot"))
    }
    #expect(Response.code(serve.call("graph", #"{"format": "svg"}"#)) == -32602)
    #expect(
      Response.code(serve.call("graph", #"{"route": {"from": ["Menu"], "to": "Chatt"}}"#)) == 1)
    #expect(Response.code(serve.call("graph", #"{"route": {"from": [], "to": "Chat"}}"#)) == -32602)
  }

  @Test func reloadServesAGoodTableAndKeepsTheOldOneForABadOne() throws {
    let serve = try ServeHarness(table: Self.islandTable)
    let request = #"{"stack": ["Home"], "to": "Island"}"#
    #expect(Response.code(serve.call("route", request)) == 1)
    serve.write(
      Self.islandTable.replacingOccurrences(of: #""to": "Home""#, with: #""to": "Island""#))
    let reloaded = serve.call("reload")
    #expect(Response.result(reloaded)?["screens"] as? Int == 3)
    #expect(Response.result(serve.call("route", request)) != nil)
    // A table that does not load: code 2 at its line and column; the old table serves.
    serve.write("{\"screens\": [{\"name\": \"Home\"}],\n \"commands\": [{\"to\": \"Gone\"}]}")
    let failed = serve.call("reload")
    #expect(Response.code(failed) == 2)
    #expect(Response.data(failed)?["file"] as? String == "t.json")
    #expect(Response.data(failed)?["line"] as? Int == 2)
    #expect(Response.data(failed)?["column"] as? Int != nil)
    #expect((Response.data(failed)?["message"] as? String)?.contains("Gone") == true)
    #expect(Response.result(serve.call("route", request)) != nil)
    #expect(serve.logged.last?.hasPrefix("t.json:2:") == true)
    #expect(Response.code(serve.call("reload", #"{"force": true}"#)) == -32602)
  }

  @Test func watchReloadsAChangedFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "serve-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("t.json")
    try Self.islandTable.write(to: file, atomically: false, encoding: .utf8)
    let logged = LogLines()
    let session = try ServeSession(
      path: file.path, readFile: FileBytes.read(atPath:), log: { logged.append($0) })
    #expect(!session.reloadIfChanged())
    let request = Array(
      #"{"jsonrpc":"2.0","id":1,"method":"route","params":{"stack":["Home"],"to":"Island"}}"#.utf8)[
        ...]
    func touch(_ text: String, _ seconds: Double) throws {
      try text.write(to: file, atomically: false, encoding: .utf8)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: file.path)
    }
    try touch("{\"screens\": [{\"name\": \"Home\"}],\n \"commands\": [{\"to\": \"Gone\"}]}", 1_000)
    #expect(session.reloadIfChanged())
    #expect(logged.lines.last?.contains("t.json:2:") == true)
    #expect(logged.lines.last?.contains("still serving the previous table") == true)
    #expect(
      Tool.object(String(decoding: session.answer(request) ?? [], as: UTF8.self))?["error"] != nil)
    try touch(
      Self.islandTable.replacingOccurrences(of: #""to": "Home""#, with: #""to": "Island""#), 2_000)
    #expect(session.reloadIfChanged())
    #expect(logged.lines.last?.contains("reloaded") == true)
    #expect(
      Tool.object(String(decoding: session.answer(request) ?? [], as: UTF8.self))?["result"] != nil)
    #expect(!session.reloadIfChanged())
  }
}

/// Lines logged from any thread.
final class LogLines: Sendable {
  private let storage = Locked<[String]>([])
  func append(_ line: String) { storage.withLock { $0.append(line) } }
  var lines: [String] { storage.withLock { $0 } }
}
