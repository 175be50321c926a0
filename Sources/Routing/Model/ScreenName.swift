import RoutingStorage

/// The name of a screen: a named place in an app, such as `Menu` or `Profile`.
///
/// Names are compared exactly. Give your screens static names so that call sites read
/// as phrases:
///
/// ```swift
/// extension ScreenName {
///   static let mailboxes: ScreenName = "Mailboxes"
///   static let message: ScreenName = "Message"
/// }
/// ```
///
/// ```swift
/// let route = try table.route(from: [Entry(.mailboxes)], to: .message)
/// ```
///
/// A valid name is non-empty and holds no control characters; a route table refuses
/// any other when it is compiled. Names are compared exactly, Unicode scalar by scalar:
/// `"Caf\u{E9}"` and `"Cafe\u{301}"` are two names, though Swift's `String` would call
/// them equal. (Deep links compare path segments as Swift strings, so two such screens
/// need different path patterns.)
public struct ScreenName: Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The name as written.
  public let rawValue: String

  /// Creates a screen name.
  ///
  /// - Parameter rawValue: The name as written.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a screen name from a string literal.
  ///
  /// - Parameter value: The name as written.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  /// The name as written.
  public var description: String { rawValue }

  /// Whether the name is one a route table accepts: non-empty, without control
  /// characters.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the name.
  public var isValid: Bool {
    guard !rawValue.isEmpty else { return false }
    // Printable ASCII needs no Unicode lookup. The bytes are read through a span, not
    // by iterating `utf8`, whose index steps through a string a byte at a time.
    let bytes = rawValue.utf8.span
    var index = 0
    while index < bytes.count && bytes[index] >= 0x20 && bytes[index] < 0x7F { index += 1 }
    if index == bytes.count { return true }
    return !rawValue.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  /// What makes the name invalid, as a phrase (`empty screen name`), or `nil` when it is
  /// valid.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the name.
  public var problem: String? {
    guard !isValid else { return nil }
    return rawValue.isEmpty ? "empty screen name" : "screen name holds a control character"
  }

  /// Orders names by their UTF-8 bytes.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the shorter name.
  public static func < (lhs: ScreenName, rhs: ScreenName) -> Bool {
    lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
  }

  /// Whether two names are the same, scalar by scalar (no Unicode normalization).
  ///
  /// - Complexity: O(*n*), where *n* is the length of the names.
  public static func == (lhs: ScreenName, rhs: ScreenName) -> Bool {
    // Bytes, not `String`'s `==`, which compares by canonical equivalence.
    Bytes.equal(lhs.rawValue.utf8.span, rhs.rawValue.utf8.span)
  }

  /// Hashes the name's UTF-8 bytes, in step with ``==(_:_:)``.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the name.
  public func hash(into hasher: inout Hasher) {
    Bytes.combine(rawValue.utf8.span, into: &hasher)
  }
}
