/// Why a route table was refused: what is wrong and where.
///
/// Compiling a registry and loading a route-table file throw this error. ``location``
/// names the place as a path into the table, such as `commands[3].from[1]`, the same
/// way for tables built in Swift and tables read from JSON.
///
/// For a table declared in Swift, the error also names the declaration the problem is
/// in: the command's identifier (``commandID``) or the screen's name (``screenName``),
/// and the file and line that declared it (``declaredAt``). Its description then
/// begins, as a compiler's message does, with that file and line:
///
/// ```swift
/// do {
///   let table = try registry.compile()
/// } catch {
///   print(error)
///   // App/Routes.swift:14: commands[2] (openInbox).from[0]: screen 'Inbx' is not declared; did you mean 'Inbox'?
/// }
/// ```
///
/// A table read from a route-table file has no Swift declarations, so its errors read
/// `commands[2].from[0]: screen 'Inbx' is not declared; did you mean 'Inbox'?`. A
/// mistyped name carries the nearest declared one, in the message and as
/// ``suggestion``.
///
/// Two errors are equal when every part is, the declaration and its site included; to
/// match an error of a table declared in Swift, compare its ``kind`` and ``location``.
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
    /// Nothing makes a restorable screen (one with a restoration identifier): it has no
    /// factory, the table has no default, and no command leads to it, so a snapshot
    /// that holds it could not be restored.
    case unconstructibleScreen
    /// A command's cost is not a positive integer of at most ``RouteTable/maximumCost``.
    case invalidCost
    /// A parameter declaration is empty, repeated or otherwise malformed.
    case invalidParameter
    /// A path pattern is malformed, or two screens' patterns collide.
    case invalidPath
    /// A tab declaration is empty, repeated or malformed, or a command's tab limit names
    /// no tab or an unknown one (see <doc:PlanningAcrossTabs>).
    case invalidTab
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
    /// A route-table file's command names a guard that the guards given to load it lack.
    case unknownGuard
  }

  /// What is wrong.
  public let kind: Kind
  /// Where: a path into the table such as `commands[3].from[1]`; empty for the whole
  /// table.
  public let location: String
  /// A sentence that says what is wrong.
  public let message: String
  /// The identifier of the command the problem is in, for a table declared in Swift;
  /// `nil` when the problem is not in a command, the command has no identifier, or the
  /// table was read from a file.
  public let commandID: String?
  /// The name of the screen the problem is in, for a table declared in Swift; `nil`
  /// when the problem is not in a screen's declaration, the name itself is invalid, or
  /// the table was read from a file.
  public let screenName: ScreenName?
  /// The file and line of Swift source that declared the screen or command the problem
  /// is in; `nil` when the problem is in no declaration, the declaration does not say
  /// (a custom ``NavigationCommand`` may not), or the table was read from a file.
  public let declaredAt: DeclarationSite?
  /// The nearest name to a mistyped one, which the message offers with "did you mean":
  /// the declared screen closest to an undeclared one, the given guard closest to an
  /// unknown one; `nil` for other errors, or when no name is close.
  public let suggestion: String?

  /// Creates a table error.
  ///
  /// - Parameters:
  ///   - kind: What is wrong.
  ///   - location: Where, as a path into the table.
  ///   - message: A sentence that says what is wrong.
  ///   - commandID: The identifier of the command the problem is in; none by default.
  ///   - screenName: The name of the screen the problem is in; none by default.
  ///   - declaredAt: Where that command or screen was declared; nowhere by default.
  ///   - suggestion: The nearest name to a mistyped one, which the message offers; none
  ///     by default.
  public init(
    _ kind: Kind, at location: String, _ message: String, commandID: String? = nil,
    screenName: ScreenName? = nil, declaredAt: DeclarationSite? = nil, suggestion: String? = nil
  ) {
    self.suggestion = suggestion
    self.kind = kind
    self.location = location
    self.message = message
    self.commandID = commandID
    self.screenName = screenName
    self.declaredAt = declaredAt
  }

  /// The error in one line: `declaredAt: location: message`.
  ///
  /// The declaration site comes first when there is one, as in a compiler's message;
  /// the command's identifier or the screen's name follows the declaration's number in
  /// parentheses; the location is left out for the whole table. For example
  /// `App/Routes.swift:14: commands[2] (openInbox).from[0]: screen 'Inbx' is not
  /// declared`, or `commands[2].from[0]: screen 'Inbx' is not declared` for a table read
  /// from a file.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the description.
  public var description: String {
    var place = location
    if let name = commandID ?? screenName?.rawValue {
      // After the declaration's number: `commands[2] (openInbox).from[0]`.
      let label = "(\(excerpt(name)))"
      if let close = place.firstIndex(of: "]") {
        place.insert(contentsOf: " " + label, at: place.index(after: close))
      } else {
        place = place.isEmpty ? label : "\(place) \(label)"
      }
    }
    var parts: [String] = []
    if let declaredAt { parts.append(declaredAt.description) }
    if !place.isEmpty { parts.append(place) }
    parts.append(message)
    return parts.joined(separator: ": ")
  }
}
