/// A line and a column in a text, both from 1, the column counted in Unicode scalars (a
/// leading byte-order mark is not counted), as ``JSONParseError`` counts them.
package struct TextPosition: Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  package var line: Int
  /// The column, from 1.
  package var column: Int

  /// Creates a position.
  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `3:7`, as compilers write a place after a file name.
  package var description: String { "\(line):\(column)" }
}

/// Where values of a JSON document start, found from their paths by scanning the bytes
/// again.
///
/// Reading a route-table file keeps no position per value, so that loading stays as fast
/// as it is; only a message about a file uses a locator, to name the line and column of
/// the place a ``TableError`` or a ``Diagnostic`` names (`commands[2].from[0]`). The
/// document is checked once; the elements of each array a path goes through are found
/// once, so that locating many places in a large file costs about one pass over it.
package struct JSONLocator {
  private let bytes: [UInt8]
  /// The first JSON error in the document, if any.
  package let syntaxError: JSONParseError?
  /// Where the elements of each array met so far start, by the array's path.
  private var elements: [[JSONPath.Component]: [Int]] = [:]

  /// Prepares to locate values in a document, checking it as strictly as loading does.
  ///
  /// - Parameter bytes: The document.
  /// - Complexity: O(*n*), where *n* is the length of the document.
  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
    do {
      try JSONReader.read(bytes[...]) { reader throws(JSONParseError) in try reader.skipValue() }
      syntaxError = nil
    } catch {
      syntaxError = error
    }
  }

  /// The position of the value at `location`, a path written as ``TableError/location``
  /// writes one (`commands[2].from[0]`, `parameters["user id"]`), in `bytes`.
  ///
  /// - Parameters:
  ///   - location: The path.
  ///   - bytes: The document.
  /// - Returns: The line and column, as ``positions(of:)`` finds them.
  /// - Complexity: O(*n*), where *n* is the length of the document.
  package static func position(of location: String, in bytes: [UInt8]) -> TextPosition {
    var locator = JSONLocator(bytes)
    return locator.positions(of: [JSONPath(parsing: location)])[0]
  }

  /// The positions of the values at `paths`, in order.
  ///
  /// When the document has no value at a whole path (a missing key), the position is
  /// that of the deepest value it has on the way (the object the key is missing from);
  /// for the empty path, that of the document. In a document that is not JSON, every
  /// position is that of its first syntax error.
  ///
  /// - Parameter paths: The paths.
  /// - Returns: Their lines and columns.
  /// - Complexity: O(*n* + *p* log *p* + *l*), where *n* is the length of the document,
  ///   *p* the number of paths and *l* their total length, plus O(*k*) for each key
  ///   looked up in an object of *k* bytes.
  package mutating func positions(of paths: [JSONPath]) -> [TextPosition] {
    if let syntaxError {
      let position = TextPosition(line: syntaxError.line, column: syntaxError.column)
      return Array(repeating: position, count: paths.count)
    }
    let offsets = paths.map { offset(of: $0.components) }
    // One sweep over the bytes, in offset order.
    var result = Array(repeating: TextPosition(line: 1, column: 1), count: paths.count)
    var position = TextPosition(line: 1, column: 1)
    var index = bytes.starts(with: Self.byteOrderMark) ? Self.byteOrderMark.count : 0
    for query in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
      while index < min(offsets[query], bytes.count) {
        if bytes[index] == 0x0A {
          position.line += 1
          position.column = 1
        } else if bytes[index] & 0xC0 != 0x80 {
          position.column += 1
        }
        index += 1
      }
      result[query] = position
    }
    return result
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The offset of the deepest value on `components`, in a well-formed document.
  private mutating func offset(of components: [JSONPath.Component]) -> Int {
    var scanner = Scanner(bytes: bytes)
    if bytes.starts(with: Self.byteOrderMark) { scanner.index = Self.byteOrderMark.count }
    scanner.skipWhitespace()
    for (depth, component) in components.enumerated() {
      switch component {
      case .key(let wanted):
        guard let value = scanner.member(wanted) else { return scanner.index }
        scanner.index = value
      case .index(let wanted):
        let container = Array(components[..<depth])
        if elements[container] == nil {
          guard scanner.byte == UInt8(ascii: "[") else { return scanner.index }
          elements[container] = scanner.elementOffsets()
        }
        guard let starts = elements[container], wanted < starts.count else {
          return scanner.index
        }
        scanner.index = starts[wanted]
      }
    }
    return scanner.index
  }

  /// A skip-scanner over a well-formed document.
  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    /// The byte at `index`, or 0 at the end.
    var byte: UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// Where the value of the object's member `wanted` starts, when the object at
    /// `index` has one; `index` is left where it was.
    mutating func member(_ wanted: String) -> Int? {
      guard byte == UInt8(ascii: "{") else { return nil }
      let start = index
      defer { index = start }
      index += 1
      while true {
        skipSeparator()
        guard byte == UInt8(ascii: "\"") else { return nil }
        let keyStart = index
        skipString()
        let key = text(keyStart..<index)
        skipWhitespace()
        index += 1  // ':'
        skipWhitespace()
        if key == wanted { return index }
        skipValue()
      }
    }

    /// Where each element of the array at `index` starts; `index` is left where it was.
    mutating func elementOffsets() -> [Int] {
      let start = index
      defer { index = start }
      var offsets: [Int] = []
      index += 1
      while true {
        skipSeparator()
        guard index < bytes.count, byte != UInt8(ascii: "]") else { return offsets }
        offsets.append(index)
        skipValue()
      }
    }

    /// A string's text, its quotes included in `range`.
    func text(_ range: Range<Int>) -> String {
      let inner = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
      guard inner.contains(UInt8(ascii: "\\")) else {
        return String(decoding: inner, as: UTF8.self)
      }
      return (try? JSONValue(parsing: Array(bytes[range])))?.stringValue ?? ""
    }

    /// Skips whitespace and a `,` between members or elements.
    mutating func skipSeparator() {
      skipWhitespace()
      if byte == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
      }
    }

    mutating func skipWhitespace() {
      while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: " ") || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    mutating func skipString() {
      index += 1
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\\"): index += 2
        case UInt8(ascii: "\""):
          index += 1
          return
        default: index += 1
        }
      }
    }

    /// Skips one value: a string, a whole array or object, or a number or literal.
    mutating func skipValue() {
      var depth = 0
      repeat {
        switch byte {
        case UInt8(ascii: "\""): skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          index += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          index += 1
        default:
          if depth == 0 {
            while index < bytes.count, !Self.endsLiteral(bytes[index]) { index += 1 }
          } else {
            index += 1
          }
        }
      } while depth > 0 && index < bytes.count
    }

    /// Whether a byte ends a number or a literal.
    static func endsLiteral(_ byte: UInt8) -> Bool {
      isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]")
        || byte == UInt8(ascii: "}")
    }
  }
}

extension JSONPath {
  /// Reads a path back from its ``description``: `commands[2].from[0]`,
  /// `parameters["user id"]`. Text that is not such a path reads as far as it is one.
  ///
  /// - Parameter text: The path as ``description`` writes it.
  /// - Complexity: O(*n*), where *n* is the length of the text.
  package init(parsing text: String) {
    var components: [Component] = []
    let bytes = Array(text.utf8)
    var index = 0
    func plainEnd(from start: Int) -> Int {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "."), bytes[end] != UInt8(ascii: "[") {
        end += 1
      }
      return end
    }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "."):
        index += 1
      case UInt8(ascii: "[")
      where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\""):
        // A quoted key: a JSON string, then `]`.
        var end = index + 2
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
          end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard end < bytes.count,
          let key = (try? JSONValue(parsing: Array(bytes[(index + 1)...end])))?.stringValue
        else {
          self.init(components: components)
          return
        }
        components.append(.key(key))
        index = end + 2
      case UInt8(ascii: "["):
        var end = index + 1
        var number = 0
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
          number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
          end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "]"), end > index + 1 else {
          self.init(components: components)
          return
        }
        components.append(.index(number))
        index = end + 1
      default:
        let end = plainEnd(from: index)
        components.append(.key(String(decoding: bytes[index..<end], as: UTF8.self)))
        index = end
      }
    }
    self.init(components: components)
  }
}
