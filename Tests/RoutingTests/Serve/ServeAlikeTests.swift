import Foundation
import Routing
import RoutingJSON
import Testing

@testable import RoutingTool

/// One rule, one error: a bad request document gets the same message and path from
/// `routing route --request`, a `--batch` line and `routing serve` (the params read in
/// place, from their tree, or as an MCP tool's arguments); a serving thread's kept reader
/// storage neither changes a good line's answer after a line that failed half-way nor
/// keeps a long line's size; `explain` answers as `routing route --explain --json`.
@Suite struct ServeAlikeTests {
  /// The error object of a tool's `--json` answer, its strings only, without the
  /// batch's `line`.
  static func error(_ output: String) -> [String: String] {
    var object = (Tool.object(Tool.lines(output).first ?? "")?["error"] as? [String: Any]) ?? [:]
    object["line"] = nil
    return object.compactMapValues { $0 as? String }
  }

  /// The error objects serve answers `params` of `method` with: read in place (the
  /// method first), from the tree (the params first), and as a tool's arguments.
  static func serveErrors(_ serve: ServeHarness, _ method: String, _ params: String)
    -> [[String: String]]
  {
    let inPlace = serve.object(
      #"{"jsonrpc": "2.0", "id": 1, "method": "\#(method)", "params": \#(params)}"#)
    let fromTree = serve.object(
      #"{"params": \#(params), "jsonrpc": "2.0", "method": "\#(method)", "id": 1}"#)
    let tool = Response.result(
      serve.call("tools/call", #"{"name": "\#(method)", "arguments": \#(params)}"#))
    // Bad params keep JSON-RPC's code; a tool says so in its result.
    #expect(Response.code(inPlace) == -32602, "\(method) \(params)")
    #expect(Response.code(fromTree) == -32602, "\(method) \(params)")
    #expect(tool?["isError"] as? Bool == true, "\(method) \(params)")
    let toolError = (tool?["structuredContent"] as? [String: Any])?["error"] as? [String: Any]
    return [Response.data(inPlace), Response.data(fromTree), toolError].map {
      ($0 ?? [:]).compactMapValues { $0 as? String }
    }
  }

  /// Documents that are not a request: not an object, or with a key near a known one.
  static let badRoutes = [
    (#"["Menu"]"#, "", "expected an object, found an array"),
    (#""Menu""#, "", "expected an object, found a string"),
    ("42", "", "expected an object, found a number"),
    (#"{"stack": ["Menu"], "too": "Chat"}"#, "too", "did you mean 'to'?"),
    (#"{"stack": ["Menu"], "to": "Chat", "strictLink": true}"#, "strictLink", "unknown key"),
  ]

  @Test(arguments: badRoutes)
  func aBadRequestIsOneErrorAtEveryEntryPoint(document: String, path: String, words: String)
    throws
  {
    let serve = try ServeHarness()
    let file = Self.error(
      Tool.run(["route", "SampleApp.json", "--request", "r.json"], files: ["r.json": document])
        .output)
    let batch = Self.error(
      Tool.run(["route", "SampleApp.json", "--batch", "b.jsonl"], files: ["b.jsonl": document])
        .output)
    #expect(file["kind"] == "invalidRequest", "\(file)")
    #expect(file["path"] == path, "\(file)")
    #expect(file["message"]?.contains(words) == true, "\(file)")
    #expect(batch == file)
    for method in ["route", "explain"] {
      for answer in Self.serveErrors(serve, method, document) {
        #expect(answer == file, "\(method): \(answer)")
      }
    }
  }

  /// `routing link --request` and serve's `link` refuse alike a document that is not an
  /// object or holds a misspelt key.
  @Test(arguments: [
    #"["Menu"]"#, #""app://chat/2""#, "7", #"{"stack": ["Menu"], "lnk": "app://chat/2"}"#,
  ])
  func aBadLinkRequestIsOneError(document: String) throws {
    let serve = try ServeHarness()
    let file = Self.error(
      Tool.run(["link", "SampleApp.json", "--request", "r.json"], files: ["r.json": document])
        .output)
    #expect(file["kind"] == "invalidRequest", "\(file)")
    for answer in Self.serveErrors(serve, "link", document) {
      // Serve's link knows `strictLinks` too (`--strict-links`): the list of known keys
      // names it.
      var expected = file
      expected["message"] = expected["message"]?.replacing(
        "'link')", with: "'link', 'strictLinks')")
      #expect(answer == expected, "\(answer)")
    }
  }

  /// Serve's `link` takes `strictLinks`: a misspelt one is refused with it suggested,
  /// wherever the params are read.
  @Test func aMisspeltStrictLinksIsSuggested() throws {
    let serve = try ServeHarness()
    let params = #"{"stack": ["Menu"], "link": "app://chat/2", "strictLink": true}"#
    for answer in Self.serveErrors(serve, "link", params) {
      #expect(answer["path"] == "strictLink", "\(answer)")
      #expect(
        answer["message"]?.hasSuffix("'strictLinks'); did you mean 'strictLinks'?") == true,
        "\(answer)")
    }
  }

  // MARK: Kept storage

  /// The answer to `line` on a serving thread's table, its reader storage kept in
  /// `table` from line to line.
  static func answer(
    _ line: String, _ session: ServeSession, _ table: inout ServeTable
  ) -> String? {
    var json = JSONBytes()
    guard session.answer(Array(line.utf8)[...], into: &json, table: &table) else { return nil }
    return String(decoding: json.bytes, as: UTF8.self)
  }

  /// Good lines of every kind a thread reads: each method that reads a request, read in
  /// place and from its tree, a batch, and another method.
  static let goodLines = [
    #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": {"stack": ["Menu"], "to": "Chat", "parameters": {"userId": 2}}}"#,
    #"{"params": {"stack": ["Menu", "Folder"], "to": "Profile", "parameters": {"userId": "7"}}, "method": "route", "id": "b", "jsonrpc": "2.0"}"#,
    #"{"jsonrpc": "2.0", "id": 2, "method": "explain", "params": {"stack": ["Menu"], "to": "Login"}}"#,
    #"{"jsonrpc": "2.0", "id": 3, "method": "link", "params": {"stack": ["Menu"], "link": "app://chat/2", "strictLinks": false}}"#,
    #"[{"jsonrpc": "2.0", "id": 4, "method": "route", "params": {"stack": ["Menu"], "to": "Connections"}}, {"jsonrpc": "2.0", "id": 5, "method": "stats"}]"#,
    #"{"jsonrpc": "2.0", "id": 6, "method": "route", "params": {"stack": ["Menu"], "to": "Chatt"}}"#,
  ]

  /// Lines that fail half-way through their read, with containers and keys still open in
  /// the reader's storage: duplicate keys, bad escapes, nesting past the limit.
  static let craftedLines: [String] = {
    let deep = String(repeating: "[", count: JSONValue.defaultMaximumDepth + 4)
    return [
      #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": {"stack": ["Menu"], "stack": ["Chat"], "to": "Chat"}}"#,
      #"{"jsonrpc": "2.0", "id": 1, "id": 2, "method": "route", "params": {"stack": ["Menu"], "to": "Chat"}}"#,
      #"[{"jsonrpc": "2.0", "id": 1, "method": "route", "params": {"stack": ["Menu"], "parameters": {"a": 1, "a": 2}}}]"#,
      #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": {"stack": ["Me\x"], "to": "Chat"}}"#,
      #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": {"stack": ["Menu"], "to": "\uD800x"}}"#,
      #"{"jsonrpc": "2.0", "id": 1, "method": "link", "params": {"stack": ["Menu"], "link": "app://\u12G4"}}"#,
      #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": {"stack": ["Menu"], "to": \#(deep)"#,
      #"{"params": {"stack": [{"screen": "Chat", "parameters": {"userId": \#(deep)]}]}, "id": 1}"#,
    ]
  }()

  /// The good lines cut short (at a random place in each quarter) and with a byte
  /// replaced by a random one of JSON's punctuation.
  static func mutatedLines(_ random: inout SeededGenerator) -> [String] {
    let punctuation = Array(#"{}[]":,\"#.utf8)
    var lines: [String] = []
    for line in goodLines {
      let bytes = Array(line.utf8)
      for quarter in 0..<4 {
        let low = bytes.count * quarter / 4
        let high = max(low + 1, bytes.count * (quarter + 1) / 4)
        lines.append(
          String(decoding: bytes[..<Int.random(in: low..<high, using: &random)], as: UTF8.self))
        var changed = bytes
        changed[Int.random(in: low..<high, using: &random)] = punctuation.randomElement(
          using: &random)!
        lines.append(String(decoding: changed, as: UTF8.self))
      }
    }
    return lines
  }

  /// In one session, a line that fails half-way through its read leaves nothing behind:
  /// the good line after it answers as it does in a fresh session.
  @Test func aLineThatFailsHalfWayLeavesNothingForTheNext() throws {
    let serve = try ServeHarness()
    let fresh = Self.goodLines.map { line -> String? in
      var table = ServeTable(serve.session)
      return Self.answer(line, serve.session, &table)
    }
    #expect(fresh.allSatisfy { $0 != nil })
    var random = SeededGenerator(seed: 91)
    var table = ServeTable(serve.session)
    let crafted = Self.craftedLines
    for line in crafted {
      #expect((try? JSONValue(parsing: Array(line.utf8))) == nil, "\(line)")
    }
    var broken = 0
    for line in crafted + Self.mutatedLines(&random) {
      // Only lines that are not JSON: their read stopped half-way.
      guard (try? JSONValue(parsing: Array(line.utf8))) == nil else { continue }
      broken += 1
      let refused = Self.answer(line, serve.session, &table)
      #expect(Response.code(refused.flatMap(Tool.object)) == -32700, "\(line)")
      let index = Int.random(in: 0..<Self.goodLines.count, using: &random)
      let answer = Self.answer(Self.goodLines[index], serve.session, &table)
      #expect(answer == fresh[index], "after \(line)")
    }
    #expect(broken > crafted.count + Self.goodLines.count * 4, "\(broken) broken lines")
  }

  /// The capacity, in elements, of each array of the reader's kept storage, read by
  /// reflection: the storage's arrays are the JSON reader's own.
  static func capacities(_ buffers: JSONReader.Buffers) -> [String: Int] {
    var capacities: [String: Int] = [:]
    for child in Mirror(reflecting: buffers).children {
      if let label = child.label, let array = child.value as? any KeptCapacity {
        capacities[label] = array.keptCapacity
      }
    }
    return capacities
  }

  /// A line longer than the storage a thread keeps, with many keys and long strings, is
  /// read with storage of its own: the kept storage stays as the short lines left it.
  @Test func aLongLineLeavesTheKeptStorageAsItWas() throws {
    let serve = try ServeHarness()
    var table = ServeTable(serve.session)
    let short =
      #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": {"stack": ["Menu"], "to": "Chat", "parameters": {"userId": 2}}}"#
    let answer = Self.answer(short, serve.session, &table)
    let before = Self.capacities(table.readerBuffers)
    // Every array of the storage is seen, or the comparison proves little.
    #expect(before.count >= 5, "\(before)")
    #expect(before.values.allSatisfy { $0 <= 4 * short.utf8.count }, "\(before)")
    // Long keys, escaped strings and nesting, each of which grows some array.
    let members = (0..<4_000).map { #""key\#($0)\u0041": "v\#($0)\n""# }
    let nested = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
    let params =
      #"{"stack": ["Menu"], "to": "Chat", "parameters": {"userId": 2, \#(members.joined(separator: ", "))}, "x": \#(nested)}"#
    let long = #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": \#(params)}"#
    #expect(long.utf8.count > ServeSession.keptLineStorage)
    #expect(Self.answer(long, serve.session, &table)?.contains(#""error""#) == true)
    #expect(Self.capacities(table.readerBuffers) == before)
    #expect(Self.answer(short, serve.session, &table) == answer)
    // A line within the limit grows the storage at most to about its own length.
    let within =
      short + String(repeating: " ", count: ServeSession.keptLineStorage - short.utf8.count)
    #expect(Self.answer(within, serve.session, &table) == answer)
    let after = Self.capacities(table.readerBuffers)
    #expect(after.values.allSatisfy { $0 <= 2 * ServeSession.keptLineStorage }, "\(after)")
  }

  // MARK: Explain

  static let islandTable = ServeMethodTests.islandTable

  /// `explain` answers as `routing route --explain --json` prints: the route (with
  /// layers, its explanation), or the error with the failing leg's explanation; and that
  /// explanation is the library's.
  @Test(arguments: ["Docs/Examples/SampleApp.json", "Docs/Examples/Mail.json", ""])
  func explainAnswersAsRouteExplainAndTheLibrary(tablePath: String) throws {
    let text = tablePath.isEmpty ? Self.islandTable : try Tool.packageFile(tablePath)
    let serve = try ServeHarness(table: text)
    let table = try RouteTable(json: Array(text.utf8))
    let names = try ServeRequestReadingTests.names(text)
    var random = SeededGenerator(seed: UInt64(60 + tablePath.count))
    var explained = 0
    var routed = 0
    for _ in 0..<(TestScale.isFull ? 400 : 40) {
      let stack = (0..<Int.random(in: 1...2, using: &random)).map { _ in
        names.randomElement(using: &random)!
      }
      let to = names.randomElement(using: &random)!
      let via =
        Int.random(in: 0..<4, using: &random) == 0 ? names.randomElement(using: &random) : nil
      let layer =
        table.answersWithLayers && Bool.random(using: &random)
        ? [names.randomElement(using: &random)!] : nil
      var flags = ["route", "t.json", "--from", stack.joined(separator: ","), "--to", to]
      var request: [String: Any] = ["stack": stack, "to": to]
      if let via {
        flags += ["--via", via]
        request["via"] = [via]
      }
      if let layer {
        flags += ["--layer", layer.joined(separator: ",")]
        request["layers"] = [layer]
      }
      let printed = Tool.object(
        Tool.lines(Tool.run(flags + ["--explain", "--json"], files: ["t.json": text]).output)
          .first ?? "")
      let params = String(
        decoding: try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys]),
        as: UTF8.self)
      let response = serve.call("explain", params)
      if let result = Response.result(response) {
        routed += 1
        #expect(Response.same(result, printed), "\(params)")
        continue
      }
      var data = Response.data(response)
      let explanation = data?.removeValue(forKey: "explanation")
      #expect(Response.same(data, printed?["error"]), "\(params)")
      #expect(Response.same(explanation, printed?["explanation"]), "\(params)")
      guard let explanation else { continue }
      explained += 1
      // The library's explanation of the failing leg, written as the tool writes it.
      let entries = stack.map { Entry(ScreenName($0)) }
      let library: JSONValue
      if let layer {
        let state = ModalState(stack: entries, layers: [layer.map { Entry(ScreenName($0)) }])
        let request = Request(
          to: ScreenName(to), via: via.map { [ScreenName($0)] } ?? [])
        let why = try table.explanation(request, from: state)
        library = try #require(why.failure.map(ExplainReport.json))
      } else {
        let why = try table.explanation(
          from: entries, to: ScreenName(to), via: via.map { [ScreenName($0)] } ?? [],
          parameters: [:])
        library = try #require(why.map(ExplainReport.json))
      }
      #expect(Response.same(explanation, Tool.object(library.serialized())), "\(params)")
    }
    #expect(routed > 0, "\(routed) routed")
    if tablePath != "Docs/Examples/SampleApp.json" {
      #expect(explained > 0, "\(explained) explained")
    }
  }
}

/// An array's capacity, whatever its element type, for reading the reader's storage.
protocol KeptCapacity {
  var keptCapacity: Int { get }
}

extension Array: KeptCapacity {
  var keptCapacity: Int { capacity }
}
