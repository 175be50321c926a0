import RoutingStorage

/// Why a text is not a JSON document the reader accepts, and where.
///
/// Public, as ``JSONReader`` is, for the reader's inlinable functions that throw it; the
/// target is no product, so only the package's modules use it.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
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
  public var description: String {
    "line \(line), column \(column): \(message)"
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
    self = try JSONReader.read(bytes[...], maximumDepth: maximumDepth) {
      reader throws(JSONParseError) in try JSONValue(reading: &reader)
    }
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

extension JSONValue {
  /// Reads the value a reader stands before, and everything in it. Recursion is bounded
  /// by the reader's depth limit, so hostile nesting ends in an error, never in a stack
  /// overflow.
  ///
  /// - Throws: ``JSONParseError`` for any problem in the value.
  /// - Complexity: O(*n* + *k* log *k*), as ``init(parsing:maximumDepth:)``, where *n*
  ///   is the length of the value.
  package init(reading reader: inout JSONReader) throws(JSONParseError) {
    switch try reader.peek() {
    case .object:
      try reader.enterObject()
      var members: [JSONMember] = []
      while let key = try reader.nextKey() {
        let name = reader.string(key)
        members.append(JSONMember(name, try JSONValue(reading: &reader)))
      }
      self = .object(JSONObject(members))
    case .array:
      try reader.enterArray()
      var elements: [JSONValue] = []
      while try reader.nextElement() {
        elements.append(try JSONValue(reading: &reader))
      }
      self = .array(elements)
    case .string:
      self = .string(try reader.readStringValue())
    case .number:
      self = .number(JSONNumber(checkedText: try reader.readNumberText()))
    case .bool:
      self = .bool(reader.readBool())
    case .null:
      reader.readNull()
      self = .null
    }
  }
}

/// UTF-8 validation that reports where the first invalid byte is (RFC 3629: no overlong
/// forms, no surrogates, nothing above U+10FFFF).
package enum UTF8Check {
  /// The offset of the first byte that breaks UTF-8, or `nil` when every byte is valid.
  ///
  /// - Complexity: O(*n*), where *n* is the number of bytes.
  package static func firstInvalidOffset(in bytes: Span<UInt8>) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
      // Eight ASCII bytes at a time.
      if index + 8 <= count {
        if Bytes.word(bytes, at: index) & 0x8080_8080_8080_8080 == 0 {
          index += 8
          continue
        }
      }
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
