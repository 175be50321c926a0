/// Why a route table was refused: what is wrong and where.
///
/// Compiling a registry and loading a route-table file throw this error. ``location``
/// names the place as a path into the table, such as `commands[3].from[1]`, the same
/// way for tables built in Swift and tables read from JSON.
///
/// ```swift
/// do {
///   let table = try registry.compile()
/// } catch {
///   print(error)  // commands[2].id: duplicate id 'openProfile' (first at commands[0])
/// }
/// ```
public struct TableError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of problem a table can have.
  public enum Kind: String, Hashable, Sendable {
    /// A screen name is empty or holds control characters.
    case invalidName
    /// Two screens share a name.
    case duplicateScreen
    /// Two commands share an identifier.
    case duplicateID
    /// Two screens share a restoration identifier, so a snapshot could not tell them
    /// apart.
    case duplicateRestorationIdentifier
    /// A command names a screen that the declared screens do not include.
    case undeclaredScreen
    /// No command and no screen says how to create a command's destination.
    case unconstructibleDestination
    /// A command's cost is not a positive integer of at most ``RouteTable/maximumCost``.
    case invalidCost
    /// A parameter declaration is empty, repeated or otherwise malformed.
    case invalidParameter
    /// A path pattern is malformed, or two screens' patterns collide.
    case invalidPath
    /// A value has the wrong JSON type.
    case wrongType
    /// An object holds a key the format does not know.
    case unknownKey
    /// A required key is missing.
    case missingKey
    /// The text is not a JSON document the format can read (syntax, encoding, size,
    /// nesting).
    case malformedJSON
    /// The file could not be read.
    case unreadable
    /// A JSON object holds the same key twice.
    case duplicateKey
  }

  /// What is wrong.
  public let kind: Kind
  /// Where: a path into the table such as `commands[3].from[1]`; empty for the whole
  /// table.
  public let location: String
  /// A sentence that says what is wrong.
  public let message: String

  /// Creates a table error.
  ///
  /// - Parameters:
  ///   - kind: What is wrong.
  ///   - location: Where, as a path into the table.
  ///   - message: A sentence that says what is wrong.
  public init(_ kind: Kind, at location: String, _ message: String) {
    self.kind = kind
    self.location = location
    self.message = message
  }

  /// `location: message`, or the message alone for the whole table.
  public var description: String {
    location.isEmpty ? message : "\(location): \(message)"
  }
}
