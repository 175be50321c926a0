/// Why a snapshot could not be restored: what is wrong and where. The container is
/// exactly as it was.
///
/// A snapshot that does not even decode (an unknown version, corrupt data) fails earlier,
/// with the decoder's `DecodingError`; this error is for snapshots that decode but do not
/// fit the route table.
///
/// ```swift
/// do {
///   try await navigator.restore(snapshot)
/// } catch {
///   print(error)  // entries[2].identifier: unknown restoration identifier 'draft'
/// }
/// ```
public struct RestorationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of problem a snapshot can have.
  public enum Kind: String, Hashable, Sendable {
    /// No screen of the route table has the entry's restoration identifier.
    case unknownIdentifier
    /// A saved parameter value does not convert to the kind its screen declares.
    case invalidParameter
    /// A saved parameter is not one its screen declares.
    case undeclaredParameter
    /// Nothing makes the screen object: no factory of the screen, of the table or of a
    /// command to it. Compiling a table refuses a restorable screen that nothing makes,
    /// so a table this library compiled never fails so.
    case unconstructibleScreen
    /// A factory handed back one screen object for two of the snapshot's entries, which
    /// would show it twice.
    case sharedScreenObject
    /// No longer thrown: a snapshot without entries restores by leaving the container as
    /// it is.
    @available(*, deprecated, message: "a snapshot without entries restores; nothing throws this")
    case nothingToRestore
    /// A tab snapshot names a tab the tab container does not hold.
    case unknownTab
  }

  /// What is wrong.
  public let kind: Kind
  /// Where, as a path into the snapshot such as `entries[2].parameters.userId`.
  public let location: String
  /// A sentence that says what is wrong; it ends with "did you mean" and the
  /// ``suggestion`` when there is one.
  public let message: String
  /// The table's restoration identifier closest to an unknown one, when one is close;
  /// `nil` for other errors.
  public let suggestion: String?

  /// Creates a restoration error.
  ///
  /// - Parameters:
  ///   - kind: What is wrong.
  ///   - location: Where, as a path into the snapshot.
  ///   - message: A sentence that says what is wrong.
  ///   - suggestion: The nearest name to a mistyped one, which the message offers; none
  ///     by default.
  public init(_ kind: Kind, at location: String, _ message: String, suggestion: String? = nil) {
    self.kind = kind
    self.location = location
    self.message = message
    self.suggestion = suggestion
  }

  /// `location: message`.
  public var description: String { "\(location): \(message)" }
}
