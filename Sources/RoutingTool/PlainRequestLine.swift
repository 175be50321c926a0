import Routing

/// A batch line read straight from its bytes when it has the plain shape nearly every
/// line has, without a JSON value tree: `{"stack": […], "to": …, "via": […],
/// "parameters": {…}}`, the keys in any order, each at most once.
///
/// The reader accepts a strict part of JSON only: strings of printable ASCII without
/// escapes; stack entries that are names or objects with `screen` and `parameters`;
/// parameter values that are such strings, whole numbers written plainly (`-12`) or
/// booleans. Anything else (another key, another type, an escape, a byte that is not
/// ASCII, a repeated key, a missing `stack` or `to`, an empty stack, broken syntax) makes
/// it give up, and the line goes to the JSON parser and ``RawRequest``, which read or
/// explain it. So what it accepts, they would read as the same request, and every
/// message about a bad line is theirs.
struct PlainRequestLine {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The request on `line`, or `nil` when it is not of the plain shape.
  ///
  /// - Complexity: O(*n* + *p* log *p*) at most, where *n* is the length of the line and
  ///   *p* the number of parameters of its largest object.
  static func request(_ line: ArraySlice<UInt8>) -> RawRequest? {
    line.withUnsafeBufferPointer { bytes in
      var reader = PlainRequestLine(bytes)
      return reader.request()
    }
  }

  private mutating func request() -> RawRequest? {
    skipWhitespace()
    var stack: [RawRequest.StackEntry]?
    var destination: String?
    var via: [String]?
    var parameters: [String: String]?
    let read = list(open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) { reader in
      switch reader.key() {
      case .stack where stack == nil:
        stack = reader.stackEntries()
        return stack != nil
      case .to where destination == nil:
        destination = reader.string()
        return destination != nil
      case .via where via == nil:
        via = reader.strings()
        return via != nil
      case .parameters where parameters == nil:
        parameters = reader.values()
        return parameters != nil
      default:
        return false
      }
    }
    skipWhitespace()
    guard read, position == bytes.count, let stack, let destination else { return nil }
    return RawRequest(
      stack: stack, tabs: nil, target: .screen(destination, via: via ?? []),
      parameters: parameters ?? [:], path: .root)
  }

  /// Reads `open`, the elements or members between commas, each read by `element`
  /// (`false` to give up), and `close`; `false` when the syntax is broken or the list is
  /// empty but may not be.
  private mutating func list(
    open: UInt8, close: UInt8, empty allowsEmpty: Bool = false,
    _ element: (inout PlainRequestLine) -> Bool
  ) -> Bool {
    guard take(open) else { return false }
    skipWhitespace()
    if take(close) { return allowsEmpty }
    repeat {
      skipWhitespace()
      guard element(&self) else { return false }
      skipWhitespace()
    } while take(UInt8(ascii: ","))
    return take(close)
  }

  /// The keys a plain request may hold.
  private enum Key {
    case stack, to, via, parameters, screen
  }

  /// A member's key and the colon after it; `nil` for a key that is not one of ``Key``.
  private mutating func key() -> Key? {
    guard let (start, end) = stringBounds() else { return nil }
    let key: Key
    switch end - start {
    case 2 where matches("to", at: start): key = .to
    case 3 where matches("via", at: start): key = .via
    case 5 where matches("stack", at: start): key = .stack
    case 6 where matches("screen", at: start): key = .screen
    case 10 where matches("parameters", at: start): key = .parameters
    default: return nil
    }
    skipWhitespace()
    guard take(UInt8(ascii: ":")) else { return nil }
    skipWhitespace()
    return key
  }

  /// `["Menu", {"screen": "Profile", "parameters": {"userId": "1"}}]`, not empty.
  private mutating func stackEntries() -> [RawRequest.StackEntry]? {
    var entries: [RawRequest.StackEntry] = []
    let read = list(open: UInt8(ascii: "["), close: UInt8(ascii: "]")) { reader in
      if let name = reader.string() {
        entries.append(RawRequest.StackEntry(screen: name, parameters: [:]))
      } else if let entry = reader.stackObject() {
        entries.append(entry)
      } else {
        return false
      }
      return true
    }
    return read ? entries : nil
  }

  /// `{"screen": "Profile", "parameters": {"userId": "1"}}`, `parameters` optional.
  private mutating func stackObject() -> RawRequest.StackEntry? {
    var screen: String?
    var parameters: [String: String]?
    let read = list(open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) { reader in
      switch reader.key() {
      case .screen where screen == nil:
        screen = reader.string()
        return screen != nil
      case .parameters where parameters == nil:
        parameters = reader.values()
        return parameters != nil
      default:
        return false
      }
    }
    guard read, let screen else { return nil }
    return RawRequest.StackEntry(screen: screen, parameters: parameters ?? [:])
  }

  /// `["A", "B"]`, possibly empty.
  private mutating func strings() -> [String]? {
    var names: [String] = []
    let read = list(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), empty: true) { reader in
      guard let name = reader.string() else { return false }
      names.append(name)
      return true
    }
    return read ? names : nil
  }

  /// `{"userId": "1", "count": 2, "flag": true}`, possibly empty, each value as the text
  /// ``RawRequest/values(_:at:)`` makes of it.
  private mutating func values() -> [String: String]? {
    var values: [String: String] = [:]
    let read = list(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), empty: true) { reader in
      guard let key = reader.string() else { return false }
      reader.skipWhitespace()
      guard reader.take(UInt8(ascii: ":")) else { return false }
      reader.skipWhitespace()
      guard let value = reader.scalar() else { return false }
      return values.updateValue(value, forKey: key) == nil
    }
    return read ? values : nil
  }

  /// A plain string, a whole number as written, or `true` or `false`, as text.
  private mutating func scalar() -> String? {
    guard position < bytes.count else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "\""):
      return string()
    case UInt8(ascii: "t"):
      return word("true")
    case UInt8(ascii: "f"):
      return word("false")
    default:
      let start = position
      _ = take(UInt8(ascii: "-"))
      guard position < bytes.count, isDigit(bytes[position]) else { return nil }
      // JSON writes no leading zero: `0` stands alone.
      if bytes[position] == UInt8(ascii: "0") {
        position += 1
      } else {
        while position < bytes.count && isDigit(bytes[position]) { position += 1 }
      }
      return text(start, position)
    }
  }

  /// `true` or `false`, when the bytes spell it.
  private mutating func word(_ spelling: StaticString) -> String? {
    let length = spelling.utf8CodeUnitCount
    guard position + length <= bytes.count, matches(spelling, at: position) else { return nil }
    position += length
    return text(position - length, position)
  }

  /// A plain string's text.
  private mutating func string() -> String? {
    guard let (start, end) = stringBounds() else { return nil }
    return text(start, end)
  }

  /// The bounds of a plain string's text (its quotes excluded), moving past it: printable
  /// ASCII or DEL, no backslash.
  private mutating func stringBounds() -> (Int, Int)? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return (start, position - 1)
      }
      guard byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\\") else { return nil }
      position += 1
    }
    return nil
  }

  private func text(_ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  private func matches(_ spelling: StaticString, at start: Int) -> Bool {
    spelling.withUTF8Buffer { expected in
      expected.indices.allSatisfy { bytes[start + $0] == expected[$0] }
    }
  }

  /// Moves past `byte` when it is next.
  private mutating func take(_ byte: UInt8) -> Bool {
    guard position < bytes.count && bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// Moves past JSON's whitespace: space, tab, line feed, carriage return.
  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
