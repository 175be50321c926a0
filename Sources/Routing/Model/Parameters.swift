/// The kinds of value a screen parameter can hold.
///
/// Route-table files carry every value as a string; the kind a screen declares says how
/// such a string is converted (`"42"` becomes ``ParameterValue/integer(_:)`` for an
/// ``integer`` parameter).
public enum ParameterKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Text, taken as it is.
  case string
  /// A whole number, written in decimal digits with an optional leading `-` (`-12`, `42`;
  /// not `+5`).
  case integer
  /// `true` or `false`.
  case boolean
  /// A floating-point number in decimal notation: an optional `-`, digits, an optional
  /// fraction and an optional exponent (`3.5`, `-0.25`, `1e-3`; not `.5`, `0x1p3` or
  /// `inf`).
  case decimal

  /// The kind's name, as route-table files write it.
  public var description: String { rawValue }
}

/// One value of a screen parameter.
///
/// Literals make values read naturally: `["userId": 2, "tab": "info"]`.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByFloatLiteral
{
  /// Text.
  case string(String)
  /// A whole number.
  case integer(Int)
  /// A truth value.
  case boolean(Bool)
  /// A floating-point number.
  case decimal(Double)

  /// Creates a string value.
  public init(stringLiteral value: String) { self = .string(value) }
  /// Creates an integer value.
  public init(integerLiteral value: Int) { self = .integer(value) }
  /// Creates a boolean value.
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
  /// Creates a decimal value.
  public init(floatLiteral value: Double) { self = .decimal(value) }

  /// The kind of this value.
  public var kind: ParameterKind {
    switch self {
    case .string: .string
    case .integer: .integer
    case .boolean: .boolean
    case .decimal: .decimal
    }
  }

  /// The value written as text, the way route-table files and links carry it.
  public var description: String {
    switch self {
    case .string(let text): text
    case .integer(let number): String(number)
    case .boolean(let flag): flag ? "true" : "false"
    case .decimal(let number): String(number)
    }
  }

  /// The text, when this is a string value.
  public var stringValue: String? {
    if case .string(let text) = self { text } else { nil }
  }

  /// The number, when this is an integer value.
  public var integerValue: Int? {
    if case .integer(let number) = self { number } else { nil }
  }

  /// The flag, when this is a boolean value.
  public var booleanValue: Bool? {
    if case .boolean(let flag) = self { flag } else { nil }
  }

  /// The number, when this is a decimal value (an integer converts too).
  public var decimalValue: Double? {
    switch self {
    case .decimal(let number): number
    case .integer(let number): Double(number)
    default: nil
    }
  }

  /// This value as the given kind, or `nil` when it does not convert.
  ///
  /// A value of the requested kind is returned as it is. A string converts to another
  /// kind when it spells one (`"42"` to an integer, `"true"` to a boolean); any value
  /// converts to a string through its ``description``; an integer converts to a decimal.
  ///
  /// - Parameter kind: The kind wanted.
  /// - Returns: The converted value, or `nil`.
  /// - Complexity: O(*n*), where *n* is the length of the value's text.
  public func converted(to kind: ParameterKind) -> ParameterValue? {
    if self.kind == kind { return self }
    switch (self, kind) {
    case (_, .string):
      return .string(description)
    case (.string(let text), .integer):
      guard Self.isDecimalNumeral(text, fraction: false) else { return nil }
      return Int(text).map(ParameterValue.integer)
    case (.string(let text), .boolean):
      switch text {
      case "true": return .boolean(true)
      case "false": return .boolean(false)
      default: return nil
      }
    case (.string(let text), .decimal):
      guard Self.isDecimalNumeral(text, fraction: true), let number = Double(text),
        number.isFinite
      else { return nil }
      return .decimal(number)
    case (.integer(let number), .decimal):
      return .decimal(Double(number))
    default:
      return nil
    }
  }
}

extension ParameterValue {
  /// Whether `text` is an optional `-` and decimal digits, then (with `fraction`) an
  /// optional `.digits` and an optional exponent `e[+-]digits`: the only spellings that
  /// convert to numbers, so that `+5`, ` 5`, `0x10` or `1_000` do not.
  static func isDecimalNumeral(_ text: String, fraction: Bool) -> Bool {
    var bytes = text.utf8[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    func digits() -> Bool {
      let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
      bytes = bytes.dropFirst(count)
      return count > 0
    }
    guard digits() else { return false }
    guard fraction else { return bytes.isEmpty }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      guard digits() else { return false }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
        bytes = bytes.dropFirst()
      }
      guard digits() else { return false }
    }
    return bytes.isEmpty
  }
}

/// Parameter values by key: what a request carries and what an entry holds.
public typealias Parameters = [String: ParameterValue]

/// A parameter that a screen declares: its key, the kind of its values, and whether a
/// screen pushed by a route must be given one.
///
/// ```swift
/// Screen(.profile, parameters: [.integer("userId")])
/// ```
public struct Parameter: Hashable, Sendable, CustomStringConvertible {
  /// The key, as requests and links name it.
  public let name: String
  /// The kind of value the screen expects.
  public let kind: ParameterKind
  /// Whether a route must give the screen a value for this key when it pushes the
  /// screen; a route that would push it without one fails with
  /// ``RoutingError/missingParameter(screen:key:)``.
  public let required: Bool

  /// Declares a parameter.
  ///
  /// - Parameters:
  ///   - name: The key.
  ///   - kind: The kind of its values; text by default.
  ///   - required: Whether a pushed screen must have a value for it; `false` by default.
  public init(_ name: String, _ kind: ParameterKind = .string, required: Bool = false) {
    self.name = name
    self.kind = kind
    self.required = required
  }

  /// Declares a text parameter, optional unless `required`.
  public static func string(_ name: String, required: Bool = false) -> Parameter {
    Parameter(name, .string, required: required)
  }
  /// Declares a whole-number parameter, optional unless `required`.
  public static func integer(_ name: String, required: Bool = false) -> Parameter {
    Parameter(name, .integer, required: required)
  }
  /// Declares a boolean parameter, optional unless `required`.
  public static func boolean(_ name: String, required: Bool = false) -> Parameter {
    Parameter(name, .boolean, required: required)
  }
  /// Declares a floating-point parameter, optional unless `required`.
  public static func decimal(_ name: String, required: Bool = false) -> Parameter {
    Parameter(name, .decimal, required: required)
  }

  /// `name: kind`, then ` (required)` for a required parameter.
  public var description: String { "\(name): \(kind)\(required ? " (required)" : "")" }
}
