/// Why a drill-down refused an operation: what is wrong and where. The state is exactly
/// as it was.
///
/// ```swift
/// do {
///   try state.push(1)
/// } catch {
///   print(error)  // push: the screen is already shown at left[0]
/// }
/// ```
public struct DrillDownError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of refusal.
  public enum Kind: String, Hashable, Sendable {
    /// The screen is already shown: a push of a screen in the left stack or the right
    /// pane, a right pane replaced with a screen of the left stack, or a state holding
    /// a screen twice.
    case alreadyShown
    /// ``DrillDownOperation/popTo(_:)`` or ``DrillDownOperation/showRight(_:forLeft:)``
    /// named a screen that neither pane shows.
    case notShown
    /// ``DrillDownOperation/replaceRight(_:)`` with an empty left stack: the right pane
    /// cannot hold a screen then.
    case emptyLeftStack
    /// A state with a right pane but an empty left stack.
    case rightWithoutLeft
  }

  /// What is wrong.
  public let kind: Kind
  /// The operation refused: `push`, `popTo`, `replaceRight`, `showRight` or `init`.
  public let operation: String
  /// Where the screen in question is, `left[i]` or `right`; empty when it is not shown.
  public let location: String
  /// A sentence that says what is wrong.
  public let message: String

  /// Creates a drill-down error.
  ///
  /// - Parameters:
  ///   - kind: What is wrong.
  ///   - operation: The operation refused.
  ///   - location: Where the screen is, or empty.
  ///   - message: A sentence that says what is wrong.
  public init(_ kind: Kind, in operation: String, at location: String, _ message: String) {
    self.kind = kind
    self.operation = operation
    self.location = location
    self.message = message
  }

  /// `operation: message`.
  public var description: String { "\(operation): \(message)" }
}
