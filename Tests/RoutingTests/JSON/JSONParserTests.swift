import Foundation
import Routing
import RoutingJSON
import Testing

/// The package's own JSON reader and writer.
@Suite struct JSONParserTests {
  static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try JSONValue(parsing: text)
  }

  static func failure(_ bytes: [UInt8], maximumDepth: Int = 256) -> JSONParseError? {
    do {
      _ = try JSONValue(parsing: bytes, maximumDepth: maximumDepth)
      return nil
    } catch {
      return error
    }
  }

  static func failure(_ text: String) -> JSONParseError? {
    failure(Array(text.utf8))
  }

  @Test func readsEveryKindOfValue() throws {
    let value = try Self.parse(
      #" { "a" : [1, -2.5e3, true, false, null, "x"], "b": {}, "c": [] } "#)
    let expected: JSONValue = [
      "a": [1, .number(JSONNumber(-2500.0)!), true, false, nil, "x"], "b": [:], "c": [],
    ]
    #expect(value["a"]?.arrayValue?.count == 6)
    #expect(value["b"] == .object([:]))
    #expect(value.serialized() == #"{"a":[1,-2.5e3,true,false,null,"x"],"b":{},"c":[]}"#)
    #expect(value != expected, "numbers keep their literal text: -2.5e3 is not -2500.0")
  }

  @Test func keepsKeyOrder() throws {
    let value = try Self.parse(#"{"z": 1, "a": 2, "m": 3}"#)
    #expect(value.objectValue?.members.map(\.key) == ["z", "a", "m"])
    #expect(value.serialized() == #"{"z":1,"a":2,"m":3}"#)
  }

  @Test(arguments: [
    ("0", 0, 0.0), ("-0", 0, 0.0), ("42", 42, 42.0), ("-17", -17, -17.0),
    ("9223372036854775807", Int.max, 9_223_372_036_854_775_807.0),
  ])
  func readsIntegers(text: String, integer: Int, double: Double) throws {
    guard case .number(let number) = try Self.parse(text) else {
      Issue.record("not a number")
      return
    }
    #expect(number.integer == integer)
    #expect(number.double == double)
    #expect(number.text == text)
  }

  @Test(arguments: ["1.5", "1e3", "1E+3", "-0.25e-2", "9223372036854775808"])
  func fractionsExponentsAndHugeNumbersAreNotIntegers(text: String) throws {
    guard case .number(let number) = try Self.parse(text) else {
      Issue.record("not a number")
      return
    }
    #expect(number.integer == nil)
    #expect(number.double == Double(text))
  }

  @Test func infiniteNumbersHaveNoDouble() throws {
    guard case .number(let number) = try Self.parse("1e400") else {
      Issue.record("not a number")
      return
    }
    #expect(number.double == nil)
    #expect(number.text == "1e400")
    #expect(JSONNumber(Double.infinity) == nil)
    #expect(JSONNumber(Double.nan) == nil)
  }

  @Test(arguments: [
    (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
    (#""\u0041\u00e9\u4e2D""#, "Aé中"),
    (#""\ud83d\ude00""#, "😀"),
    (#""\uD834\uDD1E x""#, "𝄞 x"),
    (#""héllo wörld 😀""#, "héllo wörld 😀"),
    (#""\u0000""#, "\u{0}"),
  ])
  func decodesEscapes(text: String, expected: String) throws {
    #expect(try Self.parse(text) == .string(expected))
  }

  @Test(arguments: [
    "", "plain", "quote \" and backslash \\", "tab\tnew\nline\r", "\u{0}\u{1}\u{1F}\u{7F}",
    "é中😀", "\u{2028}\u{2029}", "/slash/",
  ])
  func stringsRoundTrip(text: String) throws {
    let written = JSONValue.string(text).serialized()
    #expect(try Self.parse(written) == .string(text))
    // Foundation reads what we write the same way.
    let foreign = try JSONSerialization.jsonObject(
      with: Data(written.utf8), options: [.fragmentsAllowed])
    #expect(foreign as? String == text)
  }

  @Test func escapesControlCharactersCompactly() {
    #expect(JSONValue.string("a\u{1}\n\"\\").serialized() == #""a\u0001\n\"\\""#)
    #expect(JSONValue.string("\u{1F}").serialized() == #""\u001f""#)
  }

  /// The check of a whole string, eight bytes at a time, agrees with the rule of one
  /// byte: every byte value at every place, among bytes on either side of each mark,
  /// in strings of one to three words (by default, the lengths around each word's end).
  @Test func findsEveryByteThatNeedsAnEscape() {
    let fillers: [UInt8] = [0x61, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x80, 0xA2, 0xDC, 0xFF]
    var disagreements: [[UInt8]] = []
    let lengths = TestScale.isFull ? Array(1...24) : [1, 2, 7, 8, 9, 15, 16, 17, 23, 24]
    for length in lengths {
      for filler in fillers {
        for place in 0..<length {
          for value in 0...255 {
            var bytes = [UInt8](repeating: filler, count: length)
            bytes[place] = UInt8(value)
            let expected = bytes.contains { JSONValue.needsEscape($0) }
            if JSONValue.needsEscape(bytes.span) != expected { disagreements.append(bytes) }
          }
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
  }

  @Test func documentsRoundTrip() throws {
    var random = SeededGenerator(seed: 11)
    for _ in 0..<300 {
      let value = Self.randomValue(depth: 0, &random)
      let text = value.serialized()
      #expect(try Self.parse(text) == value, "\(text)")
      // And Foundation agrees that it is JSON.
      #expect(
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
          != nil, "\(text)")
    }
  }

  static func randomValue(depth: Int, _ random: inout SeededGenerator) -> JSONValue {
    let pick = Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &random)
    switch pick {
    case 0: return nil
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .number(JSONNumber(Int.random(in: -1000...1000, using: &random)))
    case 3:
      let scalars = (0..<Int.random(in: 0...6, using: &random)).map { _ in
        ["a", "\"", "\\", "\n", "\u{1}", "é", "😀", " "].randomElement(using: &random)!
      }
      return .string(scalars.joined())
    case 4:
      return .array(
        (0..<Int.random(in: 0...4, using: &random)).map { _ in
          randomValue(depth: depth + 1, &random)
        })
    default:
      var object = JSONObject()
      for index in 0..<Int.random(in: 0...4, using: &random) {
        object.append("k\(index)", randomValue(depth: depth + 1, &random))
      }
      return .object(object)
    }
  }

  @Test(arguments: [
    ("{", 1, 2, "expected a key"), ("[1,]", 1, 4, "expected a value"),
    ("[1 2]", 1, 4, "expected ',' or ']'"), (#"{"a" 1}"#, 1, 6, "expected ':'"),
    (#"{"a": 1,}"#, 1, 9, "expected a key"), ("01", 1, 1, "cannot start with 0"),
    ("-", 1, 1, "digit after '-'"), ("1.", 1, 1, "digit after '.'"),
    ("1e", 1, 1, "exponent"), (".5", 1, 1, "expected a value"), ("+1", 1, 1, "expected a value"),
    ("tru", 1, 1, "expected a value"), ("nul", 1, 1, "expected a value"),
    ("NaN", 1, 1, "expected a value"), ("Infinity", 1, 1, "expected a value"),
    (#""abc"#, 1, 1, "unterminated string"), ("\"a\u{1}b\"", 1, 3, "must be escaped"),
    ("\"tab\there\"", 1, 5, "must be escaped"), (#""\x""#, 1, 2, "invalid escape"),
    (#""\u12""#, 1, 2, "four hexadecimal digits"), (#""\ud83d""#, 1, 2, "unpaired surrogate"),
    (#""\ude00""#, 1, 2, "unpaired surrogate"), (#""\ud83d\u0041""#, 1, 2, "unpaired surrogate"),
    ("[] []", 1, 4, "after the value"), ("[1]\n\n  x", 3, 3, "after the value"),
    ("{'a': 1}", 1, 2, "expected a key"), ("[1, /* no */ 2]", 1, 5, "expected a value"),
    ("\n\n   ]", 3, 4, "expected a value"), ("[\"é\", x]", 1, 7, "expected a value"),
  ])
  func refusesBadSyntax(text: String, line: Int, column: Int, message: String) {
    let error = Self.failure(text)
    #expect(error?.kind == .syntax)
    #expect(error?.line == line)
    #expect(error?.column == column)
    #expect(error?.message.contains(message) == true, "\(String(describing: error))")
  }

  @Test(arguments: ["", " ", "\n\t\r "])
  func refusesEmptyInput(text: String) {
    #expect(Self.failure(text)?.kind == .empty)
  }

  @Test(arguments: [
    [0xFF] as [UInt8], [0x22, 0xC3, 0x22], [0x22, 0xC0, 0xAF, 0x22],
    [0x22, 0xED, 0xA0, 0x80, 0x22],
    [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x5B, 0x80, 0x5D],
    [0x22, 0xF0, 0x9F, 0x98, 0x22],
  ])
  func refusesInvalidUTF8(bytes: [UInt8]) {
    let error = Self.failure(bytes)
    #expect(error?.kind == .invalidUTF8)
    #expect(error?.message.contains("invalid UTF-8") == true)
  }

  @Test func findsInvalidUTF8Position() {
    let error = Self.failure(Array("{\n  \"a\": \"é".utf8) + [0xFE] + Array("\"}".utf8))
    #expect(error?.line == 2)
    #expect(error?.column == 10)
  }

  @Test func skipsByteOrderMark() throws {
    #expect(try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
  }

  /// The mark is skipped, not counted: errors after it have the columns they have
  /// without it.
  @Test(arguments: [
    (Array("{x}".utf8), 1, 2), (Array("[1,]".utf8), 1, 4), (Array(" x".utf8), 1, 2),
    (Array("[\n1 x]".utf8), 2, 3), ([], 1, 1), (Array("\"é".utf8) + [0xFF], 1, 3),
  ])
  func countsNoColumnForByteOrderMark(bytes: [UInt8], line: Int, column: Int) {
    let withMark = Self.failure([0xEF, 0xBB, 0xBF] + bytes)
    #expect(withMark?.line == line)
    #expect(withMark?.column == column, "\(String(describing: withMark))")
    #expect(withMark == Self.failure(bytes))
  }

  @Test func limitsNesting() throws {
    let allowed = try JSONValue(
      parsing: String(repeating: "[", count: 256) + String(repeating: "]", count: 256))
    #expect(allowed.arrayValue?.count == 1)
    let deep = Self.failure(String(repeating: "[", count: 257) + String(repeating: "]", count: 257))
    #expect(deep?.kind == .tooDeep)
    #expect(deep?.column == 257)
    // Hostile nesting ends in an error, not a stack overflow.
    let hostile = Self.failure(String(repeating: "{\"a\":[", count: 100_000))
    #expect(hostile?.kind == .tooDeep)
    #expect(Self.failure(Array("[[[1]]]".utf8), maximumDepth: 2)?.kind == .tooDeep)
  }

  @Test func refusesDuplicateKeysNamingThem() {
    let error = Self.failure(#"{"commands": [{"to": "A"}, {"to": "B", "to": "C"}]}"#)
    #expect(error?.kind == .duplicateKey)
    #expect(error?.path.description == "commands[1].to")
    #expect(error?.column == 40)
  }

  /// Objects of more than eight keys look for repeats in a set each: an inner object's set
  /// is not its parent's, before or after it closes.
  @Test func refusesDuplicateKeysOfNestedLargeObjects() throws {
    let keys = (0..<10).map { "\"k\($0)\": 0" }.joined(separator: ", ")
    let nested = "{\(keys), \"inner\": {\(keys)}, \"last\": 1}"
    #expect(try JSONValue(parsing: nested).objectValue?.members.count == 12)
    let repeatedAfter = Self.failure("{\(keys), \"inner\": {\(keys)}, \"k3\": 1}")
    #expect(repeatedAfter?.kind == .duplicateKey)
    #expect(repeatedAfter?.path.description == "k3")
    let repeatedInside = Self.failure("{\(keys), \"inner\": {\(keys), \"k9\": 1}}")
    #expect(repeatedInside?.path.description == "inner.k9")
  }

  @Test func namesThePathOfSyntaxErrors() {
    let error = Self.failure(
      #"{"screens": [{"name": "A"}], "commands": [{"to": "B"}, {"to": tru}]}"#)
    #expect(error?.path.description == "commands[1].to")
    let unclosed = Self.failure(#"{"commands": [{"to": "B"} {"#)
    #expect(unclosed?.path.description == "commands")
  }

  @Test func writesPathsWithOddKeysQuoted() {
    let path = JSONPath.root.appending("screens").appending(2).appending("user id")
      .appending("ok_1").appending("2x")
    #expect(path.description == #"screens[2]["user id"].ok_1["2x"]"#)
    #expect(JSONPath.root.appending(0).description == "[0]")
  }
}
