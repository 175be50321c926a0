import Foundation
import Routing
import RoutingJSON
import Testing

@testable import RoutingTool

/// The tool's one request reader (``RawRequest/init(json:at:keys:allowsLink:syntax:)``,
/// a pull reader over the bytes) against ``TreeRequestReference``, a reading of the JSON
/// tree written here after Docs/RouteTables.md: on seeded random lines, plain ones and
/// others, the two read the same request or refuse it with the same path and message.
@Suite struct RequestReaderTests {
  /// A seeded random request line: plain pieces, or now and then a piece outside the
  /// plain shape (a wrong type, an escape, a key of a request across tabs or of a link),
  /// and now and then a byte mutated. `plain` says that every piece was plain and no
  /// byte was mutated: such a line is a valid request.
  struct Line {
    var text = ""
    var plain = true

    mutating func add(_ piece: String, plain isPlain: Bool = true) {
      text += piece
      plain = plain && isPlain
    }
  }

  static let plainNames = ["S1", "Menu", "a b", "x", "Profile:2", "~{}[],:", "\u{7F}del"]
  /// Names outside the plain shape: escapes, bytes that are not ASCII, a raw control
  /// character, no string at all.
  static let otherNames = [
    #""x\"y""#, #""\u0041""#, "\"café\"", "\"tab\tin\"", "3", "null", "[\"S1\"]", "\"",
    "\"\\\"",
  ]
  static let plainValues = ["\"1\"", "\"\"", "2", "-3", "0", "123456789", "true", "false"]
  static let otherValues = [
    "01", "-", "1.5", "1e3", "-0.0", "null", "[]", "{}", "tru", "\"a\\nb\"", "\"é\"", "+1",
    "0x1",
  ]

  static func whitespace(_ random: inout SeededGenerator) -> String {
    ["", "", "", " ", "  ", "\t", " \r", "\n"].randomElement(using: &random)!
  }

  static func name(_ random: inout SeededGenerator, into line: inout Line) {
    if Int.random(in: 0..<12, using: &random) == 0 {
      line.add(otherNames.randomElement(using: &random)!, plain: false)
    } else {
      line.add("\"\(plainNames.randomElement(using: &random)!)\"")
    }
  }

  /// `{"k": v, …}`, some keys repeated now and then.
  static func parameters(_ random: inout SeededGenerator, into line: inout Line) {
    line.add("{" + whitespace(&random))
    var keys: Set<String> = []
    for index in 0..<Int.random(in: 0...3, using: &random) {
      if index > 0 { line.add(whitespace(&random) + "," + whitespace(&random)) }
      let key = ["id", "note", "n", "id "].randomElement(using: &random)!
      line.add(
        "\"\(key)\"" + whitespace(&random) + ":" + whitespace(&random),
        plain: keys.insert(key).inserted)
      if Int.random(in: 0..<10, using: &random) == 0 {
        line.add(otherValues.randomElement(using: &random)!, plain: false)
      } else {
        line.add(plainValues.randomElement(using: &random)!)
      }
    }
    line.add(whitespace(&random) + "}")
  }

  /// The members of a request or stack entry, written in a random order.
  enum Member {
    case stack, to, via, parameters, screen, other, tab, stacks, link, layers
  }

  static func stackEntry(_ random: inout SeededGenerator, into line: inout Line) {
    guard Bool.random(using: &random) else { return name(&random, into: &line) }
    var members: [Member] = []
    if Int.random(in: 0..<20, using: &random) != 0 {
      members.append(.screen)
    } else {
      line.plain = false
    }
    if Bool.random(using: &random) { members.append(.parameters) }
    if Int.random(in: 0..<15, using: &random) == 0 { members.append(.other) }
    object(members, &random, into: &line)
  }

  /// `{…}` holding `members` in a random order.
  static func object(
    _ members: [Member], _ random: inout SeededGenerator, into line: inout Line
  ) {
    if members.isEmpty { line.plain = false }
    line.add("{" + whitespace(&random))
    for (index, member) in members.shuffled(using: &random).enumerated() {
      if index > 0 { line.add(whitespace(&random) + "," + whitespace(&random)) }
      add(member, &random, into: &line)
    }
    line.add(whitespace(&random) + "}")
  }

  /// `[entry, …]`, now and then empty.
  static func stack(_ random: inout SeededGenerator, into line: inout Line) {
    line.add("[")
    let count =
      Int.random(in: 0..<20, using: &random) == 0 ? 0 : Int.random(in: 1...3, using: &random)
    if count == 0 { line.plain = false }
    for index in 0..<count {
      if index > 0 { line.add(whitespace(&random) + "," + whitespace(&random)) }
      stackEntry(&random, into: &line)
    }
    line.add(whitespace(&random) + "]")
  }

  static func add(_ member: Member, _ random: inout SeededGenerator, into line: inout Line) {
    let colon = whitespace(&random) + ":" + whitespace(&random)
    switch member {
    case .stack:
      line.add("\"stack\"" + colon)
      stack(&random, into: &line)
    case .to, .screen:
      line.add("\"\(member)\"" + colon)
      name(&random, into: &line)
    case .via:
      line.add("\"via\"" + colon + "[")
      for index in 0..<Int.random(in: 0...2, using: &random) {
        if index > 0 { line.add("," + whitespace(&random)) }
        name(&random, into: &line)
      }
      line.add("]")
    case .parameters:
      line.add("\"parameters\"" + colon)
      parameters(&random, into: &line)
    case .other:
      let other = [
        #""tab": "Mail""#, #""link": "/x""#, #""extra": 1"#, #""to": "S1""#, #""stacks": {}"#,
        #""via": "S1""#, #""stack": "S1""#, #""parameters": []"#, #""to": null"#,
        #""layers": {}"#, #""layers": ["S1"]"#, #""layers": [[], 2]"#,
      ]
      line.add(other.randomElement(using: &random)!, plain: false)
    case .tab:
      line.add("\"tab\"" + colon)
      name(&random, into: &line)
    case .link:
      line.add("\"link\"" + colon)
      name(&random, into: &line)
    case .layers:
      // Layers, each a stack's entries; an empty layer is read, and refused by planning.
      line.add("\"layers\"" + colon + "[")
      for index in 0..<Int.random(in: 0...2, using: &random) {
        if index > 0 { line.add("," + whitespace(&random)) }
        line.add("[")
        for position in 0..<Int.random(in: 0...2, using: &random) {
          if position > 0 { line.add("," + whitespace(&random)) }
          stackEntry(&random, into: &line)
        }
        line.add("]")
      }
      line.add("]")
    case .stacks:
      line.add("\"stacks\"" + colon + "{")
      let tabs = ["Mail", "Contacts", "M"].shuffled(using: &random)
      for index in 0..<Int.random(in: 0...2, using: &random) {
        if index > 0 { line.add("," + whitespace(&random)) }
        line.add("\"\(tabs[index])\"" + colon)
        stack(&random, into: &line)
      }
      line.add("}")
    }
  }

  /// A request on one stack, now and then one across tabs (`tab` and `stacks`) or one
  /// with a link (`link` in place of `to`, read when `withLink`).
  static func randomLine(_ random: inout SeededGenerator, withLink: Bool = false) -> Line {
    var line = Line()
    var members: [Member] = []
    let acrossTabs = Int.random(in: 0..<5, using: &random) == 0
    let start: [(Member, Int)] = acrossTabs ? [(.tab, 25), (.stacks, 3)] : [(.stack, 25)]
    let target: Member = withLink && Bool.random(using: &random) ? .link : .to
    for (member, odds) in start + [(target, 25)] {
      if Int.random(in: 0..<odds, using: &random) != 0 {
        members.append(member)
      } else if member != .stacks {
        line.plain = false
      }
    }
    if Int.random(in: 0..<3, using: &random) == 0 {
      members.append(.via)
      if target == .link { line.plain = false }
    }
    if Bool.random(using: &random) { members.append(.parameters) }
    if Int.random(in: 0..<20, using: &random) == 0 { members.append(.other) }
    if Int.random(in: 0..<6, using: &random) == 0 { members.append(.layers) }
    line.add(whitespace(&random))
    object(members, &random, into: &line)
    line.add(whitespace(&random))
    if Int.random(in: 0..<6, using: &random) == 0 { mutate(&line, &random) }
    return line
  }

  /// Deletes, repeats or inserts a byte somewhere, or adds a tail.
  static func mutate(_ line: inout Line, _ random: inout SeededGenerator) {
    var bytes = Array(line.text.utf8)
    let at = Int.random(in: 0...bytes.count, using: &random)
    let inserted = Array("{}[],:\" \\ax1-".utf8)
    switch Int.random(in: 0..<4, using: &random) {
    case 0 where at < bytes.count: bytes.remove(at: at)
    case 1 where at < bytes.count: bytes.insert(bytes[at], at: at)
    case 2: bytes.insert(inserted.randomElement(using: &random)!, at: at)
    default: bytes += Array([" x", "}", ",", "\u{0}"].randomElement(using: &random)!.utf8)
    }
    line.text = String(decoding: bytes, as: UTF8.self)
    line.plain = false
  }

  /// The request as plain text, to compare two readings.
  static func summary(_ raw: RawRequest) -> String {
    func values(_ map: [String: String]) -> String {
      map.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    }
    func entries(_ entries: [RawRequest.StackEntry]) -> String {
      "\(entries.map { "\($0.screen)(\(values($0.parameters)))" })"
    }
    let target: String
    switch raw.target {
    case .screen(let name, let via): target = "to \(name) via \(via)"
    case .link(let link): target = "link \(link)"
    }
    let tabs =
      raw.tabs.map { tabs in
        "tab \(tabs.selected) " + tabs.stacks.map { "\($0.tab): \(entries($0.entries))" }.joined()
      } ?? "no tabs"
    let layers = raw.layers.map { "layers \($0.map(entries))" } ?? "no layers"
    return
      "\(entries(raw.stack)) \(target) \(values(raw.parameters)) \(tabs) \(layers) at '\(raw.path)'"
  }

  /// What a reading comes to: the request's summary, or the problem's place and message.
  static func outcome(_ reading: () throws(RequestProblem) -> RawRequest) -> String {
    do {
      return "read: " + summary(try reading())
    } catch {
      return "refused at '\(error.path)': \(error.message)"
    }
  }

  @Test(arguments: [false, true])
  func readsWhatTheTreeReads(withLink: Bool) {
    var random = SeededGenerator(seed: withLink ? 91 : 90)
    var read = 0
    var refused = 0
    let count = TestScale.isFull ? 100_000 : 1_000
    let keys = withLink ? RawRequest.keys + ["link"] : RawRequest.keys
    // Kept from line to line as a batch keeps it, lines refused half-way included.
    var buffers = JSONReader.Buffers()
    for _ in 0..<count {
      let line = Self.randomLine(&random, withLink: withLink)
      let bytes = Array(line.text.utf8)
      let pulled = Self.outcome { () throws(RequestProblem) in
        try RawRequest(json: bytes[...], keys: keys, allowsLink: withLink, syntax: .line)
      }
      let tree = Self.outcome { () throws(RequestProblem) in
        try TreeRequestReference.read(bytes, keys: keys, allowsLink: withLink)
      }
      let reusing = Self.outcome { () throws(RequestProblem) in
        try RawRequest(
          json: bytes[...], keys: keys, allowsLink: withLink, syntax: .line, reusing: &buffers)
      }
      #expect(pulled == tree, "\(line.text)")
      #expect(reusing == pulled, "with the storage of the lines before: \(line.text)")
      if line.plain {
        #expect(pulled.hasPrefix("read: "), "a plain line refused: \(line.text)")
      }
      if pulled.hasPrefix("read: ") { read += 1 } else { refused += 1 }
    }
    // Both kinds of line came up often, or the comparison proves little.
    #expect(read > count / 4 && refused > count / 10, "\(read) read, \(refused) refused")
  }

  @Test(arguments: [
    #"{"stack": ["Menu"], "to": "Chat"}"#,
    #" { "to" : "Chat" , "stack" : [ "Menu" , {"parameters": {"userId": 2}, "screen": "Profile"} ] } "#,
    #"{"stack": ["Menu"], "to": "Chat", "via": [], "parameters": {"userId": "2", "f": false}}"#,
    "{\"stack\":[\"Menu\"],\"to\":\"Chat\"}\r",
    #"{"stack": ["Menu"], "to": "Ch\u0061t"}"#, #"{"stack": ["Menu"], "to": "Café"}"#,
    #"{"stack": ["Menu"], "to": "Chat", "parameters": {"n": 1.5}}"#,
    #"{"tab": "Mail", "stacks": {"Mail": ["Inbox"]}, "to": "Chat"}"#,
    // A request's own key is told by its bytes once unescaped.
    #"{"st\u0061ck": ["Menu"], "\u0074o": "Chat", "v\u0069a": []}"#,
  ])
  func readsRequests(line: String) throws {
    let bytes = Array(line.utf8)
    let pulled = try RawRequest(json: bytes[...], syntax: .line)
    let tree = try TreeRequestReference.read(bytes, keys: RawRequest.keys, allowsLink: false)
    #expect(Self.summary(pulled) == Self.summary(tree))
  }

  @Test(arguments: [
    ("", "column 1: no JSON value: the input is empty"),
    ("{}", "the required key 'stack' is missing"),
    (#"{"stack": [], "to": "Chat"}"#, "the stack is empty: it needs at least one entry"),
    (#"{"stack": ["Menu"]}"#, "the required key 'to' is missing"),
    (#"{"stack": ["Menu"], "to": "Chat", "to": "Chat"}"#, "column 35: the key 'to' appears twice"),
    (
      #"{"stack": ["Menu"], "to": "Chat", "parameters": {"n": 01}}"#,
      "column 55: a number cannot start with 0 followed by digits"
    ),
    (#"{"stack": ["Menu"], "to": 5} x"#, "column 30: unexpected 'x' after the value"),
    (
      #"{"stack": [3], "to": 5}"#,
      "expected a screen name or an object with 'screen' and 'parameters', found a number"
    ),
    (
      #"{"tab": "Mail", "stack": ["Menu"], "to": "Chat"}"#,
      "a request across tabs gives 'stacks', not 'stack'"
    ),
    (
      #"{"stack": ["Menu"], "to": "Chat", "link": "/x"}"#,
      "unknown key 'link' (known keys: 'stack', 'tab', 'stacks', 'layers', 'to', 'via', 'parameters', 'guards')"
    ),
  ])
  func refusesWhatTheTreeRefuses(line: String, message: String) {
    let bytes = Array(line.utf8)
    let pulled = Self.outcome { () throws(RequestProblem) in
      try RawRequest(json: bytes[...], syntax: .line)
    }
    let tree = Self.outcome { () throws(RequestProblem) in
      try TreeRequestReference.read(bytes, keys: RawRequest.keys, allowsLink: false)
    }
    #expect(pulled == tree)
    #expect(pulled.hasSuffix(": " + message), "\(pulled)")
  }
}

/// A request read the simple way, from the JSON tree, after Docs/RouteTables.md: the
/// whole line is parsed first, then the keys are checked, then the start (`stack`, or
/// `tab` and `stacks`), `layers`, `parameters`, `via`, and `to` or `link`.
enum TreeRequestReference {
  static func read(_ bytes: [UInt8], keys: [String], allowsLink: Bool) throws(RequestProblem)
    -> RawRequest
  {
    let document: JSONValue
    do {
      document = try JSONValue(parsing: bytes)
    } catch {
      throw RequestProblem(at: error.path, "column \(error.column): \(error.message)")
    }
    do {
      return try read(try JSONFields(document, at: .root, keys: keys), allowsLink: allowsLink)
    } catch let error as JSONShapeError {
      throw RequestProblem(at: error.path, error.message)
    } catch let error as RequestProblem {
      throw error
    } catch {
      throw RequestProblem(at: .root, "\(error)")
    }
  }

  static func read(_ fields: JSONFields, allowsLink: Bool) throws -> RawRequest {
    var stack: [RawRequest.StackEntry] = []
    var tabs: RawRequest.TabStart?
    if let selected = try fields.string("tab") {
      guard fields["stack"] == nil else {
        throw RequestProblem(
          at: fields.path("stack"), "a request across tabs gives 'stacks', not 'stack'")
      }
      var stacks: [(tab: String, entries: [RawRequest.StackEntry])] = []
      if let value = fields["stacks"] {
        guard case .object(let object) = value else {
          throw RequestProblem(
            at: fields.path("stacks"), "expected an object, found \(value.typeDescription)")
        }
        for member in object.members {
          stacks.append(
            (member.key, try entries(member.value, at: fields.path("stacks").appending(member.key)))
          )
        }
      }
      tabs = RawRequest.TabStart(selected: selected, stacks: stacks)
    } else {
      guard fields["stacks"] == nil else {
        throw RequestProblem(at: fields.path("tab"), "'stacks' goes with 'tab'")
      }
      stack = try entries(try fields.required("stack"), at: fields.path("stack"))
    }
    var layers: [[RawRequest.StackEntry]]?
    if let value = fields["layers"] {
      guard case .array(let list) = value else {
        throw RequestProblem(
          at: fields.path("layers"), "expected an array of layers, found \(value.typeDescription)")
      }
      layers = try list.enumerated().map { index, layer in
        let place = fields.path("layers").appending(index)
        guard case .array(let items) = layer else {
          throw RequestProblem(
            at: place, "expected a layer (an array of entries), found \(layer.typeDescription)")
        }
        // An empty layer reads: planning refuses it.
        return items.isEmpty ? [] : try entries(layer, at: place)
      }
    }
    let parameters = try values(fields["parameters"], at: fields.path("parameters")) ?? [:]
    let via = try fields.stringArray("via")
    let target: RawRequest.Target
    switch (try fields.string("to"), allowsLink ? try fields.string("link") : nil) {
    case (let destination?, nil):
      target = .screen(destination, via: via ?? [])
    case (nil, let link?):
      guard via == nil else {
        throw RequestProblem(
          at: fields.path("via"), "a link gives its own breadcrumbs: 'via' goes with 'to' only")
      }
      target = .link(link)
    case (.some, .some):
      throw RequestProblem(at: fields.path("link"), "give either 'to' or 'link', not both")
    case (nil, nil):
      let wanted = allowsLink ? "'to' or 'link'" : "'to'"
      throw RequestProblem(at: fields.path("to"), "the required key \(wanted) is missing")
    }
    return RawRequest(
      stack: stack, tabs: tabs, layers: layers, target: target, parameters: parameters,
      path: fields.path)
  }

  static func entries(_ value: JSONValue, at path: JSONPath) throws -> [RawRequest.StackEntry] {
    let list = try JSONFields.array(value, at: path)
    guard !list.isEmpty else {
      throw RequestProblem(at: path, "the stack is empty: it needs at least one entry")
    }
    return try list.enumerated().map { index, value in
      let place = path.appending(index)
      if case .string(let name) = value {
        return RawRequest.StackEntry(screen: name, parameters: [:])
      }
      guard case .object = value else {
        throw RequestProblem(
          at: place,
          "expected a screen name or an object with 'screen' and 'parameters', found \(value.typeDescription)"
        )
      }
      let fields = try JSONFields(value, at: place, keys: ["screen", "parameters"])
      return RawRequest.StackEntry(
        screen: try fields.requiredString("screen"),
        parameters: try values(fields["parameters"], at: fields.path("parameters")) ?? [:])
    }
  }

  static func values(_ value: JSONValue?, at path: JSONPath) throws -> [String: String]? {
    guard let value else { return nil }
    guard case .object(let object) = value else {
      throw RequestProblem(at: path, "expected an object, found \(value.typeDescription)")
    }
    var map: [String: String] = [:]
    for member in object.members {
      switch member.value {
      case .string(let text): map[member.key] = text
      case .number(let number): map[member.key] = number.text
      case .bool(let flag): map[member.key] = flag ? "true" : "false"
      default:
        throw RequestProblem(
          at: path.appending(member.key),
          "expected a string, a number or a boolean, found \(member.value.typeDescription)")
      }
    }
    return map
  }
}

/// One bad request, two entry points: `--request` and a `--batch` line answer with the
/// same error object, the batch's adding only the line's number.
@Suite struct RequestErrorShapeTests {
  @Test(arguments: [
    #"{"stack": ["Menu"], "to": 5}"#,
    #"{"stack": ["Menu", {"screen": "Profile", "parameters": {"userId": null}}], "to": "Chat"}"#,
    #"{"stack": ["Menu"], "to": "Chat", "parameters": {"colr": "red"}}"#,
    #"{"stack": ["Menu"], "to": "Chat", "extra": 1}"#,
    #"{"stack": [], "to": "Chat"}"#,
    #"{"stack": ["Menu"], "to": "Chatt"}"#,
    #"{"tab": 1, "to": "Chat"}"#,
  ])
  func aBadLineAnswersAsTheSameBadRequest(request: String) throws {
    let single = Tool.run(
      ["route", "SampleApp.json", "--request", "r.json"], files: ["r.json": request])
    let batch = Tool.run(
      ["route", "SampleApp.json", "--batch", "r.jsonl"], files: ["r.jsonl": request + "\n"])
    let alone = try #require(Tool.object(single.output)?["error"] as? [String: Any])
    var line = try #require(Tool.object(batch.output)?["error"] as? [String: Any])
    #expect(line["line"] as? Int == 1)
    line["line"] = nil
    #expect(alone["kind"] != nil)
    #expect(
      NSDictionary(dictionary: alone) == NSDictionary(dictionary: line),
      "\(single.output) \(batch.output)")
  }

  /// A JSON syntax error names the same place; a request file names the line too, which
  /// a batch's answer carries as a member of its own.
  @Test func aSyntaxErrorNamesTheSamePlace() throws {
    let request = #"{"stack": ["Menu"], "to": "Chat",}"#
    let single = Tool.run(
      ["route", "SampleApp.json", "--request", "r.json"], files: ["r.json": request])
    let batch = Tool.run(
      ["route", "SampleApp.json", "--batch", "r.jsonl"], files: ["r.jsonl": request + "\n"])
    let alone = try #require(Tool.object(single.output)?["error"] as? [String: Any])
    let line = try #require(Tool.object(batch.output)?["error"] as? [String: Any])
    #expect(alone["kind"] as? String == "invalidRequest")
    #expect(line["kind"] as? String == "invalidRequest")
    #expect(alone["path"] as? String == line["path"] as? String)
    let message = try #require(alone["message"] as? String)
    #expect(message.hasPrefix("line 1, column 34: "))
    #expect(line["message"] as? String == String(message.dropFirst("line 1, ".count)))
  }
}
