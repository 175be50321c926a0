import RoutingStorage

extension JSONValue {
  /// The value as compact JSON text: no whitespace, object keys in their order, strings
  /// escaped (`"`, `\`, and control characters; everything else is written as UTF-8).
  ///
  /// ```swift
  /// let value: JSONValue = ["screen": "Menu", "parameters": [:]]
  /// let text = value.serialized()  // {"screen":"Menu","parameters":{}}
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the length of the result.
  package func serialized() -> String {
    var text = ""
    serialize(into: &text)
    return text
  }

  /// Appends the value as compact JSON text to `text`.
  ///
  /// - Complexity: O(*n*), where *n* is the length of what is appended.
  package func serialize(into text: inout String) {
    switch self {
    case .null:
      text += "null"
    case .bool(let flag):
      text += flag ? "true" : "false"
    case .number(let number):
      text += number.text
    case .string(let string):
      Self.serialize(string: string, into: &text)
    case .array(let elements):
      text += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { text += "," }
        element.serialize(into: &text)
      }
      text += "]"
    case .object(let object):
      text += "{"
      for (position, member) in object.members.enumerated() {
        if position > 0 { text += "," }
        Self.serialize(string: member.key, into: &text)
        text += ":"
        member.value.serialize(into: &text)
      }
      text += "}"
    }
  }

  private static func serialize(string: String, into text: inout String) {
    text += "\""
    if !string.utf8.contains(where: needsEscape) {
      text += string
    } else {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(string.utf8.count + 8)
      for byte in string.utf8 {
        if needsEscape(byte) { appendEscape(of: byte, to: &bytes) } else { bytes.append(byte) }
      }
      text += String(decoding: bytes, as: UTF8.self)
    }
    text += "\""
  }

  /// Appends the escape of one byte that ``needsEscape(_:)`` says a JSON string cannot
  /// hold as it is: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, else `\u00XX`. The one
  /// escaping rule of the package's JSON writers.
  ///
  /// - Complexity: O(1).
  package static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    default:
      let hex: StaticString = "0123456789abcdef"
      bytes += [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
      hex.withUTF8Buffer { digits in
        bytes += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
      }
    }
  }

  /// Whether a JSON string must escape any of these bytes (see ``needsEscape(_:)``): one
  /// call for a whole string, where a writer of many short strings would otherwise make
  /// one a byte.
  ///
  /// - Complexity: O(*n*), where *n* is the number of bytes.
  package static func needsEscape(_ bytes: Span<UInt8>) -> Bool {
    guard bytes.count < 8 else { return wordsNeedEscape(bytes) }
    // A plain loop: `contains(where: needsEscape)` called through a closure a byte.
    for index in bytes.indices where needsEscape(bytes[index]) { return true }
    return false
  }

  /// Whether a string of eight bytes or more needs an escape, read eight bytes at a
  /// time, the last word overlapping the one before it.
  private static func wordsNeedEscape(_ bytes: Span<UInt8>) -> Bool {
    var offset = 0
    while offset + 8 < bytes.count {
      if needsEscape(word: Bytes.word(bytes, at: offset)) { return true }
      offset += 8
    }
    return needsEscape(word: Bytes.word(bytes, at: bytes.count - 8))
  }

  /// Whether any of the eight bytes of `word` needs an escape, as the test of one byte
  /// says.
  ///
  /// The masks are the classic test for a zero byte, applied to the word less 0x20
  /// each byte and to the word XOR each mark: which lanes get their top bit can be
  /// wrong above the first byte found, whether any lane gets it is not. A byte of 0x80
  /// or more never counts, `~` clearing its top bit.
  ///
  /// - Complexity: O(1).
  private static func needsEscape(word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let tops: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let control = (word &- ones &* 0x20) & ~word
    let quotes = (quote &- ones) & ~quote
    let backslashes = (backslash &- ones) & ~backslash
    return (control | quotes | backslashes) & tops != 0
  }

  /// Whether a JSON string must escape this byte: a control character, `"` or `\`.
  ///
  /// - Complexity: O(1).
  package static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }
}
