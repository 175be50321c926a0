/// Why a text is not a JSON document the reader accepts, and where.
package struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of problem.
  package enum Kind: Hashable, Sendable {
    /// No value at all: the input is empty or only whitespace.
    case empty
    /// The bytes are not UTF-8.
    case invalidUTF8
    /// The text breaks the JSON grammar.
    case syntax
    /// Arrays and objects nest deeper than the limit.
    case tooDeep
    /// An object repeats a key.
    case duplicateKey
  }

  /// What is wrong.
  package let kind: Kind
  /// The line of the offending character, from 1.
  package let line: Int
  /// Its column, counted in Unicode scalars from 1 (a leading byte-order mark is not
  /// counted).
  package let column: Int
  /// The value being read when the problem was found; for a repeated key, the key.
  package var path: JSONPath
  /// A sentence that says what is wrong, without the position.
  package let message: String

  /// `line 3, column 7: expected ':' after a key`.
  package var description: String {
    "line \(line), column \(column): \(message)"
  }

  /// The same error, seen from one level further out.
  func inside(_ component: JSONPath.Component) -> JSONParseError {
    var outer = self
    outer.path.components.insert(component, at: 0)
    return outer
  }
}

extension JSONValue {
  /// How deeply arrays and objects may nest unless a caller says otherwise.
  package static let defaultMaximumDepth = 256

  /// Parses a complete JSON document (RFC 8259), strictly.
  ///
  /// The input must be UTF-8 (a leading byte-order mark is skipped); a repeated key in an
  /// object, nesting deeper than `maximumDepth`, an unpaired surrogate escape and
  /// anything after the value are errors. Parsing never traps on any input.
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - maximumDepth: How deeply arrays and objects may nest.
  /// - Throws: ``JSONParseError`` naming the line, column and path of the problem.
  /// - Complexity: O(*n* + *k* log *k*), where *n* is the length of the input and *k*
  ///   the number of keys of the largest object.
  package init(
    parsing bytes: [UInt8], maximumDepth: Int = JSONValue.defaultMaximumDepth
  ) throws(JSONParseError) {
    var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
    self = try parser.parseDocument()
  }

  /// Parses a complete JSON document held in a string.
  ///
  /// - Parameters:
  ///   - text: The document.
  ///   - maximumDepth: How deeply arrays and objects may nest.
  /// - Throws: ``JSONParseError`` naming the line, column and path of the problem.
  /// - Complexity: O(*n*), as ``init(parsing:maximumDepth:)`` with bytes.
  package init(
    parsing text: some StringProtocol, maximumDepth: Int = JSONValue.defaultMaximumDepth
  ) throws(JSONParseError) {
    try self.init(parsing: Array(text.utf8), maximumDepth: maximumDepth)
  }
}

/// A recursive-descent reader over UTF-8 bytes. Recursion is bounded by the depth limit,
/// so hostile nesting ends in an error, never in a stack overflow.
struct JSONParser {
  /// U+FEFF in UTF-8, skipped at the start of a document.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  private let bytes: [UInt8]
  private let maximumDepth: Int
  private var position = 0
  private var depth = 0

  init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    if let bad = UTF8Check.firstInvalidOffset(in: bytes) {
      throw error(
        .invalidUTF8, "invalid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))",
        at: bad)
    }
    if bytes.starts(with: Self.byteOrderMark) { position = Self.byteOrderMark.count }
    skipWhitespace()
    guard position < bytes.count else {
      throw error(.empty, "no JSON value: the input is empty", at: position)
    }
    let value = try parseValue()
    skipWhitespace()
    guard position == bytes.count else {
      throw error(.syntax, "unexpected \(describeByte(at: position)) after the value", at: position)
    }
    return value
  }

  // MARK: Values

  private mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard position < bytes.count else {
      throw error(.syntax, "unexpected end of input, expected a value", at: position)
    }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default:
      throw error(
        .syntax, "unexpected \(describeByte(at: position)), expected a value", at: position)
    }
  }

  private mutating func parseLiteral(
    _ word: StaticString, _ value: JSONValue
  ) throws(JSONParseError) -> JSONValue {
    let start = position
    let count = word.utf8CodeUnitCount
    let matches = word.withUTF8Buffer { expected in
      bytes.count - start >= count && bytes[start..<start + count].elementsEqual(expected)
    }
    guard matches else {
      throw error(.syntax, "unexpected \(describeByte(at: start)), expected a value", at: start)
    }
    position += count
    return value
  }

  private mutating func enter(at start: Int) throws(JSONParseError) {
    depth += 1
    guard depth <= maximumDepth else {
      throw error(
        .tooDeep, "arrays and objects nest deeper than \(maximumDepth) levels", at: start)
    }
  }

  private mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enter(at: position)
    defer { depth -= 1 }
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      let element: JSONValue
      do {
        element = try parseValue()
      } catch {
        throw error.inside(.index(elements.count))
      }
      elements.append(element)
      skipWhitespace()
      guard position < bytes.count else {
        throw error(.syntax, "unexpected end of input, expected ',' or ']'", at: position)
      }
      switch bytes[position] {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "]"):
        position += 1
        return .array(elements)
      default:
        throw error(
          .syntax, "unexpected \(describeByte(at: position)), expected ',' or ']'", at: position)
      }
    }
  }

  private mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enter(at: position)
    defer { depth -= 1 }
    position += 1
    var members: [JSONMember] = []
    var keys: Set<String> = []
    skipWhitespace()
    if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(JSONObject(members))
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        let found = position < bytes.count ? describeByte(at: position) : "end of input"
        throw error(.syntax, "unexpected \(found), expected a key in double quotes", at: position)
      }
      let keyStart = position
      let key = try parseString()
      guard keys.insert(key).inserted else {
        var duplicate = error(.duplicateKey, "the key '\(key)' appears twice", at: keyStart)
        duplicate.path = JSONPath(components: [.key(key)])
        throw duplicate
      }
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        let found = position < bytes.count ? describeByte(at: position) : "end of input"
        throw error(.syntax, "unexpected \(found), expected ':' after a key", at: position)
      }
      position += 1
      skipWhitespace()
      let value: JSONValue
      do {
        value = try parseValue()
      } catch {
        throw error.inside(.key(key))
      }
      members.append(JSONMember(key, value))
      skipWhitespace()
      guard position < bytes.count else {
        throw error(.syntax, "unexpected end of input, expected ',' or '}'", at: position)
      }
      switch bytes[position] {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "}"):
        position += 1
        return .object(JSONObject(members))
      default:
        throw error(
          .syntax, "unexpected \(describeByte(at: position)), expected ',' or '}'", at: position)
      }
    }
  }

  // MARK: Strings

  /// Reads a string whose opening quote is at `position`. The input is valid UTF-8, so
  /// bytes other than quotes, backslashes and control characters are copied as they are.
  private mutating func parseString() throws(JSONParseError) -> String {
    let open = position
    position += 1
    let start = position
    var unescaped: [UInt8]? = nil
    while true {
      guard position < bytes.count else {
        throw error(.syntax, "unterminated string", at: open)
      }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        let text: String
        if let unescaped {
          text = String(decoding: unescaped, as: UTF8.self)
        } else {
          text = String(decoding: bytes[start..<position], as: UTF8.self)
        }
        position += 1
        return text
      case UInt8(ascii: "\\"):
        if unescaped == nil { unescaped = Array(bytes[start..<position]) }
        try parseEscape(into: &unescaped!)
      case 0..<0x20:
        throw error(
          .syntax, "control character \(hexScalar(UInt32(byte))) in a string must be escaped",
          at: position)
      default:
        unescaped?.append(byte)
        position += 1
      }
    }
  }

  private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONParseError) {
    let backslash = position
    position += 1
    guard position < bytes.count else {
      throw error(.syntax, "unterminated string", at: backslash)
    }
    let letter = bytes[position]
    position += 1
    switch letter {
    case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
    case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      let first = try parseHex(escapeAt: backslash)
      var scalar = first
      if (0xD800...0xDBFF).contains(first) {
        let low = position
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else {
          throw error(
            .syntax, "unpaired surrogate \(hexScalar(first)) in a \\u escape", at: backslash)
        }
        position += 2
        let second = try parseHex(escapeAt: low)
        guard (0xDC00...0xDFFF).contains(second) else {
          throw error(
            .syntax, "unpaired surrogate \(hexScalar(first)) in a \\u escape", at: backslash)
        }
        scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(first) {
        throw error(
          .syntax, "unpaired surrogate \(hexScalar(first)) in a \\u escape", at: backslash)
      }
      // Not a surrogate, or a valid pair: always a Unicode scalar.
      buffer.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
    default:
      throw error(
        .syntax, "invalid escape '\\\(describeByte(at: position - 1, quoted: false))'",
        at: backslash)
    }
  }

  private mutating func parseHex(escapeAt backslash: Int) throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count, let digit = Self.hexDigit(bytes[position]) else {
        throw error(.syntax, "a \\u escape needs four hexadecimal digits", at: backslash)
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  // MARK: Numbers

  private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < bytes.count, isDigit(bytes[position]) else {
      throw error(.syntax, "a number needs a digit after '-'", at: start)
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count && isDigit(bytes[position]) {
        throw error(.syntax, "a number cannot start with 0 followed by digits", at: start)
      }
    } else {
      skipDigits()
    }
    if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw error(.syntax, "a number needs a digit after '.'", at: start)
      }
      skipDigits()
    }
    if position < bytes.count
      && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E"))
    {
      position += 1
      if position < bytes.count
        && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
      {
        position += 1
      }
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw error(.syntax, "a number needs a digit in its exponent", at: start)
      }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    return .number(JSONNumber(checkedText: text))
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func skipDigits() {
    while position < bytes.count && isDigit(bytes[position]) { position += 1 }
  }

  // MARK: Whitespace and errors

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// `'x'`, `end of input`, or `character U+00E9` for what is at `offset`.
  private func describeByte(at offset: Int, quoted: Bool = true) -> String {
    guard offset < bytes.count else { return "end of input" }
    let byte = bytes[offset]
    if byte >= 0x21 && byte < 0x7F {
      let character = String(decoding: [byte], as: UTF8.self)
      return quoted ? "'\(character)'" : character
    }
    // Decode the scalar that starts here; the input is valid UTF-8.
    var iterator = bytes[offset...].makeIterator()
    var decoder = Unicode.UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) {
      return "character \(hexScalar(scalar.value))"
    }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private func hexScalar(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// An error at a byte offset; the line and column are worked out only now, so that
  /// reading valid input never counts them. A leading byte-order mark is not a column.
  private func error(_ kind: JSONParseError.Kind, _ message: String, at offset: Int)
    -> JSONParseError
  {
    var line = 1
    var column = 1
    let end = min(offset, bytes.count)
    let start = bytes.starts(with: Self.byteOrderMark) ? min(Self.byteOrderMark.count, end) : 0
    for byte in bytes[start..<end] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONParseError(kind: kind, line: line, column: column, path: .root, message: message)
  }
}

/// UTF-8 validation that reports where the first invalid byte is (RFC 3629: no overlong
/// forms, no surrogates, nothing above U+10FFFF).
enum UTF8Check {
  static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var secondRange: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        secondRange = 0xA0...0xBF
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        secondRange = 0x80...0x9F
      case 0xF0:
        length = 4
        secondRange = 0x90...0xBF
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        secondRange = 0x80...0x8F
      default: return index
      }
      guard index + 1 < count, secondRange.contains(bytes[index + 1]) else { return index }
      for offset in 2..<length {
        guard index + offset < count, (0x80...0xBF).contains(bytes[index + offset]) else {
          return index
        }
      }
      index += length
    }
    return nil
  }
}
