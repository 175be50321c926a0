import Foundation
import Routing
import RoutingJSON
import Testing

@testable import RoutingTool

/// `routing serve` reads a call's params with the request reader a `--batch` line goes
/// through: in place, inside the line's one read, when the method comes before the
/// params; from the line's tree, by the same reader walking it, when it comes after. On
/// seeded random request lines, valid and not (tabs, layers, guards, links, bad values,
/// mutated bytes), both orders answer alike, and a line that is JSON answers as the batch
/// answers it: the same route, or the same error object without the batch's line number.
@Suite struct ServeRequestReadingTests {
  static let tables = [
    "Docs/Examples/SampleApp.json", "Docs/Examples/SampleTabs.json", "Docs/Examples/Mail.json",
  ]

  /// A random request line of the request reader's tests, now and then with guards.
  static func requestLine(_ random: inout SeededGenerator, withLink: Bool) -> String {
    var text = RequestReaderTests.randomLine(&random, withLink: withLink).text
    guard Int.random(in: 0..<4, using: &random) == 0,
      let brace = text.firstIndex(of: "{")
    else { return text }
    let answers = ["true", "false", "1", "null", "\"yes\""]
    let members = (0..<Int.random(in: 0...2, using: &random)).map { index in
      "\"g\(index)\": \(answers.randomElement(using: &random)!)"
    }
    let value =
      Int.random(in: 0..<8, using: &random) == 0 ? "[]" : "{\(members.joined(separator: ", "))}"
    text.insert(contentsOf: "\"guards\": \(value), ", at: text.index(after: brace))
    return text
  }

  /// `text` with each name the request reader's tests write replaced by one of `names`
  /// (a table's screens and tabs), so that many lines route.
  static func renamed(
    _ text: String, _ names: [String], _ random: inout SeededGenerator
  ) -> String {
    var text = text
    for written in ["S1", "Menu", "a b", "x", "Profile:2", "Mail", "Contacts"] {
      let parts = text.components(separatedBy: "\"\(written)\"")
      text = parts.dropFirst().reduce(parts[0]) { text, part in
        text + "\"\(names.randomElement(using: &random)!)\"" + part
      }
    }
    return text
  }

  /// The names of a table's screens and tabs.
  static func names(_ table: String) throws -> [String] {
    let document = try JSONValue(parsing: table)
    return ["screens", "tabs"].flatMap { key in
      (document.objectValue?[key]?.arrayValue ?? []).compactMap {
        $0.objectValue?["name"]?.stringValue
      }
    }
  }

  /// The batch's answer to one line, without its line break.
  static func batchAnswer(_ line: [UInt8], _ table: RouteTable) -> String {
    var json = JSONBytes()
    var tally = BatchRoute.Tally()
    var buffers = JSONReader.Buffers()
    BatchRoute.answer(
      line[...], number: 1, table, layered: table.answersWithLayers, into: &json, &tally,
      buffers: &buffers)
    var answer = String(decoding: json.bytes, as: UTF8.self)
    if answer.hasSuffix("\n") { answer.removeLast() }
    return answer
  }

  /// An object's members without `key`, sorted by key, to compare two writers' objects.
  static func members(_ value: JSONValue?, without key: String = "") -> [String] {
    (value?.objectValue?.members ?? []).filter { $0.key != key }
      .map { "\($0.key)=\($0.value.serialized())" }.sorted()
  }

  @Test(arguments: tables)
  func serveAnswersEachRequestAsTheBatch(tablePath: String) throws {
    let text = try Tool.packageFile(tablePath)
    let serve = try ServeHarness(table: text)
    let table = try RouteTable(json: Array(text.utf8))
    let names = try Self.names(text)
    var random = SeededGenerator(seed: UInt64(70 + tablePath.count))
    let count = TestScale.isFull ? 20_000 : 200
    var routed = 0
    var refused = 0
    for index in 0..<count {
      let line = Self.renamed(Self.requestLine(&random, withLink: false), names, &random)
      let bytes = Array(line.utf8)
      // A syntax error is placed in the message, not in the line (its column depends on
      // where the params are): no batch answer to match. ServeAlikeTests follows such
      // lines with good ones in one session.
      guard (try? JSONValue(parsing: bytes)) != nil else { continue }
      for method in index % 5 == 0 ? ["route", "explain"] : ["route"] {
        let methodFirst = serve.answer(
          #"{"jsonrpc": "2.0", "id": 1, "method": "\#(method)", "params": \#(line)}"#)
        let paramsFirst = serve.answer(
          #"{"params": \#(line), "jsonrpc": "2.0", "method": "\#(method)", "id": 1}"#)
        #expect(methodFirst == paramsFirst, "\(method): \(line)")
      }
      let answer = try JSONValue(
        parsing: serve.answer(
          #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": \#(line)}"#) ?? "")
      let batch = try JSONValue(parsing: Self.batchAnswer(bytes, table))
      if let error = batch.objectValue?["error"] {
        refused += 1
        let data = answer.objectValue?["error"]?.objectValue?["data"]
        #expect(Self.members(data) == Self.members(error, without: "line"), "\(line)")
      } else {
        routed += 1
        #expect(answer.objectValue?["result"] == batch, "\(line)")
      }
    }
    // Both kinds of answer came up, or the comparison proves little. Most random lines
    // are refused (a parameter or guard the table does not declare, a bad value), and
    // those are what the comparison is for.
    #expect(routed > 0 && refused > count / 10, "\(routed) routed, \(refused) refused")
  }

  /// A link call's params, with `strictLinks` now and then (a boolean or not), answer
  /// alike read in place (the method first) and from the tree (the method after them).
  @Test(arguments: ["Docs/Examples/SampleApp.json", "Docs/Examples/SampleTabs.json"])
  func aLinkCallAnswersAlikeInPlaceAndFromItsTree(tablePath: String) throws {
    let text = try Tool.packageFile(tablePath)
    let serve = try ServeHarness(table: text)
    let names = try Self.names(text)
    var random = SeededGenerator(seed: UInt64(80 + tablePath.count))
    let links = ["app://chat/7", "app://profile", "app://menu?x=1", "bad", "app://card/2#f"]
    var compared = 0
    var routed = 0
    let count = TestScale.isFull ? 20_000 : 200
    for _ in 0..<count {
      var line = Self.requestLine(&random, withLink: true)
      line = line.replacing(#/"link"(\s*):(\s*)"(S1|Menu|x)"/#) { match in
        #""link"\#(match.1):\#(match.2)"\#(links.randomElement(using: &random)!)""#
      }
      line = Self.renamed(line, names, &random)
      if Int.random(in: 0..<3, using: &random) == 0, let brace = line.firstIndex(of: "{") {
        let flag = ["true", "false", "1", "null"].randomElement(using: &random)!
        line.insert(contentsOf: "\"strictLinks\": \(flag), ", at: line.index(after: brace))
      }
      guard (try? JSONValue(parsing: Array(line.utf8))) != nil else { continue }
      compared += 1
      let methodFirst = serve.answer(
        #"{"jsonrpc": "2.0", "id": 1, "method": "link", "params": \#(line)}"#)
      let paramsFirst = serve.answer(
        #"{"params": \#(line), "jsonrpc": "2.0", "method": "link", "id": 1}"#)
      #expect(methodFirst == paramsFirst, "\(line)")
      if methodFirst?.contains(#""result""#) == true { routed += 1 }
    }
    #expect(compared > count / 40 && routed > 0, "\(compared) compared, \(routed) routed")
  }

  /// A line longer than the storage a serving thread keeps is read with storage of its
  /// own, and answers as the same call written short.
  @Test func aLongLineAnswersAsAShortOne() throws {
    let serve = try ServeHarness()
    let params = #"{"stack": ["Menu"], "to": "Chat", "parameters": {"userId": 2}}"#
    let short = serve.answer(
      #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": \#(params)}"#)
    let padding = String(repeating: " ", count: ServeSession.keptLineStorage)
    let long = serve.answer(
      #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": \#(padding)\#(params)}"#)
    #expect(short?.contains(#""result""#) == true)
    #expect(long == short)
  }

  /// A link call's params hold a request with `link`, read from the tree: the same
  /// request the request reader reads from the params' bytes, or the same problem.
  @Test func aLinkRequestReadsFromItsTreeAsFromItsBytes() {
    var random = SeededGenerator(seed: 75)
    let keys = RawRequest.keys + ["link"]
    for _ in 0..<(TestScale.isFull ? 50_000 : 800) {
      let line = Self.requestLine(&random, withLink: true)
      let bytes = Array(line.utf8)
      guard let tree = try? JSONValue(parsing: bytes) else { continue }
      let fromBytes = RequestReaderTests.outcome { () throws(RequestProblem) in
        try RawRequest(json: bytes[...], keys: keys, allowsLink: true)
      }
      let fromTree = RequestReaderTests.outcome { () throws(RequestProblem) in
        try RawRequest(tree: tree, keys: keys, allowsLink: true)
      }
      #expect(fromBytes == fromTree, "\(line)")
    }
  }
}
