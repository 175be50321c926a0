/// A JSON value as the route-table reader sees it: numbers keep their literal text and
/// objects keep their keys in the order they were written.
///
/// The package's own reader and writer use it, so that loading a table needs neither
/// Foundation nor any other module. It is visible inside this package only.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"to": "Menu", "from": []}"#)
/// let destination = value["to"]?.stringValue  // "Menu"
/// let text = value.serialized()  // {"to":"Menu","from":[]}
/// ```
package enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as written.
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, its members in written order.
  case object(JSONObject)

  /// The value's JSON type.
  package var kind: JSONValueKind {
    switch self {
    case .null: .null
    case .bool: .bool
    case .number: .number
    case .string: .string
    case .array: .array
    case .object: .object
    }
  }

  /// The name of the value's JSON type, for messages: `a string`, `an object`, as the
  /// pull reader names it.
  package var typeDescription: String { kind.description }

  /// The text, when this is a string.
  package var stringValue: String? {
    if case .string(let text) = self { text } else { nil }
  }

  /// The elements, when this is an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { elements } else { nil }
  }

  /// The object, when this is one.
  package var objectValue: JSONObject? {
    if case .object(let object) = self { object } else { nil }
  }

  /// The member with `key`, when this is an object that has one.
  ///
  /// - Complexity: O(*n*), where *n* is the number of members.
  package subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }
}

/// A JSON number, kept as its literal text so that nothing is lost in reading it.
package struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number as written, such as `-12`, `3.5` or `1e3`.
  package let text: String

  /// Wraps literal text that the parser has checked against the JSON grammar.
  package init(checkedText text: String) {
    self.text = text
  }

  /// A whole number.
  package init(_ value: Int) {
    self.text = String(value)
  }

  /// A floating-point number; `nil` for infinities and NaN, which JSON cannot write.
  package init?(_ value: Double) {
    guard value.isFinite else { return nil }
    self.text = value.description
  }

  /// The value as an `Int`, when the literal is a whole number (no fraction, no
  /// exponent) that fits one.
  package var integer: Int? {
    Int(text)
  }

  /// The value as a `Double`, when it is finite.
  package var double: Double? {
    guard let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// The literal text.
  package var description: String { text }
}

/// One member of a JSON object.
package struct JSONMember: Hashable, Sendable {
  /// The key.
  package var key: String
  /// The value.
  package var value: JSONValue

  /// Creates a member.
  package init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}

/// A JSON object: its members in the order they were written or built.
///
/// Two objects are equal when they hold the same members in the same order. The parser
/// refuses an object that repeats a key.
package struct JSONObject: Hashable, Sendable, ExpressibleByDictionaryLiteral {
  /// The members, in order.
  package var members: [JSONMember]

  /// Creates an object from members in order.
  package init(_ members: [JSONMember] = []) {
    self.members = members
  }

  /// Creates an object from a literal, keeping the literal's order.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.members = elements.map { JSONMember($0.0, $0.1) }
  }

  /// The value of the member with `key`, or `nil`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of members.
  package subscript(key: String) -> JSONValue? {
    members.first { $0.key == key }?.value
  }

  /// Adds a member at the end.
  package mutating func append(_ key: String, _ value: JSONValue) {
    members.append(JSONMember(key, value))
  }

  /// Whether the object has no member.
  package var isEmpty: Bool { members.isEmpty }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
  ExpressibleByNilLiteral
{
  /// A string.
  package init(stringLiteral value: String) { self = .string(value) }
  /// A whole number.
  package init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
  /// A boolean.
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An array.
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// An object, in the literal's order.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements.map { JSONMember($0.0, $0.1) }))
  }
  /// `null`.
  package init(nilLiteral: ()) { self = .null }
}
