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
    /// The snapshot holds no entry: there is nothing to put on the container.
    case nothingToRestore
    /// A tab snapshot names a tab the tab container does not hold.
    case unknownTab
  }

  /// What is wrong.
  public let kind: Kind
  /// Where, as a path into the snapshot such as `entries[2].parameters.userId`.
  public let location: String
  /// A sentence that says what is wrong.
  public let message: String

  /// Creates a restoration error.
  ///
  /// - Parameters:
  ///   - kind: What is wrong.
  ///   - location: Where, as a path into the snapshot.
  ///   - message: A sentence that says what is wrong.
  public init(_ kind: Kind, at location: String, _ message: String) {
    self.kind = kind
    self.location = location
    self.message = message
  }

  /// `location: message`.
  public var description: String { "\(location): \(message)" }
}
