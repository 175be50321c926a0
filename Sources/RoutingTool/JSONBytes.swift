import Routing

/// Compact JSON written straight into a byte buffer, for answers printed by the
/// thousand: no value tree, no intermediate strings.
///
/// It writes exactly what `JSONValue.serialized()` writes for the same value: no
/// whitespace, members in the order they are appended, strings escaped the same way
/// (`"`, `\` and control characters; everything else as UTF-8).
struct JSONBytes {
  /// The text written so far.
  var bytes: [UInt8] = []

  /// Creates an empty buffer with room for `capacity` bytes.
  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends ASCII text as it is: punctuation and keys known to need no escape.
  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends a whole number.
  ///
  /// - Complexity: O(*d*), where *d* is its number of digits.
  mutating func number(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    // Digits from the most significant: reversing the written ones in place went
    // through a slice, and cost several times the digits themselves.
    var divisor: UInt = 1
    while divisor <= magnitude / 10 { divisor *= 10 }
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    } while divisor > 0
  }

  /// Appends a string in quotes, escaped as `JSONValue.serialized()` escapes it.
  ///
  /// - Complexity: O(*n*), where *n* is the string's length in UTF-8.
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var clean = 0
      for (offset, byte) in utf8.enumerated() where JSONValue.needsEscape(byte) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<offset]))
        escape(byte)
        clean = offset + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends any value through the package's serializer; for the rare members that
  /// are not strings or numbers.
  mutating func value(_ value: JSONValue) {
    switch value {
    case .string(let text): string(text)
    case .number(let number): bytes.append(contentsOf: number.text.utf8)
    default:
      var text = ""
      value.serialize(into: &text)
      bytes.append(contentsOf: text.utf8)
    }
  }

  private mutating func escape(_ byte: UInt8) {
    JSONValue.appendEscape(of: byte, to: &bytes)
  }
}

extension JSONBytes {
  /// A route as ``RouteJSON/json(_:)`` writes it:
  /// `{"steps":[{"command":…,"id":…,"action":…,"screen":…}],"stack":[…]}`.
  ///
  /// - Complexity: O(*s* + *n*), where *s* is the number of steps and *n* the length of
  ///   the resulting stack (its parameters sorted by key).
  mutating func route(_ route: Route) {
    raw(#"{"steps":["#)
    for (position, step) in route.steps.enumerated() {
      raw(position == 0 ? #"{"command":"# : #",{"command":"#)
      number(step.command)
      if let id = step.commandID {
        raw(#","id":"#)
        string(id)
      }
      raw(step.action == .push ? #","action":"push","screen":"# : #","action":"pop","screen":"#)
      string(step.screen.rawValue)
      raw("}")
    }
    raw(#"],"stack":["#)
    for (position, entry) in route.stack.enumerated() {
      raw(position == 0 ? #"{"screen":"# : #",{"screen":"#)
      string(entry.screen.rawValue)
      raw(#","parameters":{"#)
      if entry.parameters.count == 1, let (key, value) = entry.parameters.first {
        string(key)
        raw(":")
        string(value.description)
      } else if !entry.parameters.isEmpty {
        for (index, member) in entry.parameters.sorted(by: { $0.key < $1.key }).enumerated() {
          if index > 0 { raw(",") }
          string(member.key)
          raw(":")
          string(member.value.description)
        }
      }
      raw("}}")
    }
    raw("]}")
  }

  /// A failure as ``RequestFailure/json(line:)`` writes it:
  /// `{"error":{"kind":…,"line":…,…,"message":…}}`.
  ///
  /// - Complexity: O(*n*), where *n* is the length of what is written.
  mutating func failure(_ failure: RequestFailure, line: Int?) {
    raw(#"{"error":{"kind":"#)
    string(failure.kind.rawValue)
    if let line {
      raw(#","line":"#)
      number(line)
    }
    for member in failure.details.members {
      raw(",")
      string(member.key)
      raw(":")
      value(member.value)
    }
    raw(#","message":"#)
    string(failure.message)
    raw("}}")
  }
}
