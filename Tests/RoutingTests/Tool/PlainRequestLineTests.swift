import Routing
import RoutingJSON
import Testing

@testable import RoutingTool

/// The batch's reader of plain request lines against the JSON parser and ``RawRequest``:
/// whatever it reads, they read as the same request; whatever they refuse, it leaves to
/// them; and it reads every line of the plain shape.
@Suite struct PlainRequestLineTests {
  /// A seeded random request line: plain pieces, or now and then a piece outside the
  /// plain shape, and now and then a byte mutated. `plain` says that every piece was
  /// plain and no byte was mutated.
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
    case stack, to, via, parameters, screen, other
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

  static func add(_ member: Member, _ random: inout SeededGenerator, into line: inout Line) {
    let colon = whitespace(&random) + ":" + whitespace(&random)
    switch member {
    case .stack:
      line.add("\"stack\"" + colon + "[")
      let count =
        Int.random(in: 0..<20, using: &random) == 0 ? 0 : Int.random(in: 1...3, using: &random)
      if count == 0 { line.plain = false }
      for index in 0..<count {
        if index > 0 { line.add(whitespace(&random) + "," + whitespace(&random)) }
        stackEntry(&random, into: &line)
      }
      line.add(whitespace(&random) + "]")
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
      let other = [#""tab": "Mail""#, #""link": "/x""#, #""extra": 1"#, #""to": "S1""#]
      line.add(other.randomElement(using: &random)!, plain: false)
    }
  }

  static func randomLine(_ random: inout SeededGenerator) -> Line {
    var line = Line()
    var members: [Member] = []
    for (member, odds) in [(Member.stack, 25), (.to, 25)] {
      if Int.random(in: 0..<odds, using: &random) != 0 {
        members.append(member)
      } else {
        line.plain = false
      }
    }
    if Int.random(in: 0..<3, using: &random) == 0 { members.append(.via) }
    if Bool.random(using: &random) { members.append(.parameters) }
    if Int.random(in: 0..<20, using: &random) == 0 { members.append(.other) }
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
    let stack = raw.stack.map { "\($0.screen)(\(values($0.parameters)))" }
    let target: String
    switch raw.target {
    case .screen(let name, let via): target = "to \(name) via \(via)"
    case .link(let link): target = "link \(link)"
    }
    return "\(stack) \(target) \(values(raw.parameters)) tabs: \(raw.tabs != nil) at '\(raw.path)'"
  }

  @Test func readsWhatTheParserReadsAndLeavesItTheRest() {
    var random = SeededGenerator(seed: 90)
    var read = 0
    var refused = 0
    let count = TestScale.isFull ? 100_000 : 4_000
    for _ in 0..<count {
      let line = Self.randomLine(&random)
      let bytes = Array(line.text.utf8)
      let plain = PlainRequestLine.request(bytes[...])
      let parsed = try? RawRequest(document: JSONValue(parsing: bytes))
      if line.plain {
        #expect(plain != nil, "a plain line left to the parser: \(line.text)")
      }
      if let plain {
        read += 1
        guard let parsed else {
          Issue.record("read a line the parser refuses: \(line.text)")
          continue
        }
        #expect(Self.summary(plain) == Self.summary(parsed), "\(line.text)")
      } else if parsed == nil {
        refused += 1
      }
    }
    // Both kinds of line came up often, or the comparison proves little.
    #expect(read > count / 4 && refused > count / 10, "\(read) read, \(refused) refused")
  }

  @Test(arguments: [
    #"{"stack": ["Menu"], "to": "Chat"}"#,
    #" { "to" : "Chat" , "stack" : [ "Menu" , {"parameters": {"userId": 2}, "screen": "Profile"} ] } "#,
    #"{"stack": ["Menu"], "to": "Chat", "via": [], "parameters": {"userId": "2", "f": false}}"#,
    "{\"stack\":[\"Menu\"],\"to\":\"Chat\"}\r",
  ])
  func readsPlainLines(line: String) throws {
    let plain = try #require(PlainRequestLine.request(Array(line.utf8)[...]))
    let parsed = try RawRequest(document: JSONValue(parsing: Array(line.utf8)))
    #expect(Self.summary(plain) == Self.summary(parsed))
  }

  @Test(arguments: [
    "", "{}", #"{"stack": [], "to": "Chat"}"#, #"{"stack": ["Menu"]}"#,
    #"{"stack": ["Menu"], "to": "Chat", "to": "Chat"}"#,
    #"{"stack": ["Menu"], "to": "Chat", "parameters": {"a": "1", "a": "2"}}"#,
    #"{"stack": ["Menu"], "to": "Ch\u0061t"}"#, #"{"stack": ["Menu"], "to": "Café"}"#,
    #"{"stack": ["Menu"], "to": "Chat", "parameters": {"n": 1.5}}"#,
    #"{"stack": ["Menu"], "to": "Chat", "parameters": {"n": 01}}"#,
    #"{"stack": ["Menu"], "to": "Chat"} x"#, #"{"tab": "Mail", "to": "Chat"}"#,
    #"{"stack": ["Menu"], "to": "Chat", "link": "/x"}"#, #"{"stack": ["Menu"], "to": "Chat""#,
  ])
  func leavesOtherLinesToTheParser(line: String) {
    #expect(PlainRequestLine.request(Array(line.utf8)[...]) == nil)
  }
}
