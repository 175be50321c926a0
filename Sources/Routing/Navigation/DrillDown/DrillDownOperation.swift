/// One operation of a drill-down, as a value: what ``DrillDownState/apply(_:)`` and
/// ``DrillDownContainer/perform(_:)`` carry out.
///
/// ```swift
/// try await container.perform(.push(folder))
/// try await container.perform(.showRight(message, forLeft: folder))
/// ```
public enum DrillDownOperation<Element> {
  /// Shows a screen: on the empty left stack, in the empty right pane, or in the right
  /// pane after moving its screen onto the left stack. `nil` moves the right pane's
  /// screen onto the left stack.
  case push(Element?)
  /// Takes the screen out of the right pane (or the only left screen) and moves the left
  /// top into the right pane; see ``DrillDownState/pop()``.
  case pop
  /// Goes back so that the screen is the left top, with the screen above it in the right
  /// pane.
  case popTo(Element)
  /// Goes back to the bottom of the left stack, with the screen above it in the right
  /// pane.
  case popToRoot
  /// Puts a screen in the right pane in place of what it shows; `nil` empties it.
  case replaceRight(Element?)
  /// Shows a screen in the right pane for a left screen.
  case showRight(Element?, forLeft: Element)

  /// The same operation with its elements transformed.
  func map<Mapped>(_ transform: (Element) -> Mapped) -> DrillDownOperation<Mapped> {
    switch self {
    case .push(let element): .push(element.map(transform))
    case .pop: .pop
    case .popTo(let element): .popTo(transform(element))
    case .popToRoot: .popToRoot
    case .replaceRight(let element): .replaceRight(element.map(transform))
    case .showRight(let element, let left):
      .showRight(element.map(transform), forLeft: transform(left))
    }
  }
}

extension DrillDownOperation: Equatable where Element: Equatable {}
extension DrillDownOperation: Hashable where Element: Hashable {}
extension DrillDownOperation: Sendable where Element: Sendable {}

/// Whether an operation changed a drill-down.
public enum DrillDownOutcome: String, Hashable, Sendable, CustomStringConvertible {
  /// The state changed, and events were sent.
  case changed
  /// A no-op: the state is as it was and no event was sent; the operation still
  /// completed.
  case unchanged

  /// `changed` or `unchanged`.
  public var description: String { rawValue }
}

/// What a drill-down operation did: its outcome and, for a pop, what left the right
/// pane.
public struct DrillDownResult<Element> {
  /// Whether the state changed.
  public let outcome: DrillDownOutcome
  /// For ``DrillDownOperation/pop``: the screen that left the right pane (or the only
  /// left screen), `nil` when there was none; `nil` for every other operation.
  public let popped: Element?

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - outcome: Whether the state changed.
  ///   - popped: What a pop returned.
  public init(_ outcome: DrillDownOutcome, popped: Element? = nil) {
    self.outcome = outcome
    self.popped = popped
  }

  /// Whether the state changed.
  public var changed: Bool { outcome == .changed }

  /// The same result with its element transformed.
  func map<Mapped>(_ transform: (Element) -> Mapped) -> DrillDownResult<Mapped> {
    DrillDownResult<Mapped>(outcome, popped: popped.map(transform))
  }
}

extension DrillDownResult: Equatable where Element: Equatable {}
extension DrillDownResult: Hashable where Element: Hashable {}
extension DrillDownResult: Sendable where Element: Sendable {}

/// The kind of change a drill-down event reports.
public enum DrillDownChange: String, Hashable, Sendable, CustomStringConvertible {
  /// A screen was shown: ``DrillDownOperation/push(_:)``, or a route push.
  case push
  /// Screens were taken away: ``DrillDownOperation/pop``,
  /// ``DrillDownOperation/popTo(_:)``, ``DrillDownOperation/popToRoot``, or a route pop.
  case pop
  /// The right pane's screen was replaced or removed:
  /// ``DrillDownOperation/replaceRight(_:)``.
  case replace
  /// The whole state was restored from a snapshot.
  case restore

  /// `push`, `pop`, `replace` or `restore`.
  public var description: String { rawValue }
}

/// One of the two panes of a drill-down.
public enum DrillDownPane: String, Hashable, Sendable, CaseIterable {
  /// The left pane: the top of the left stack.
  case left
  /// The right pane: its screen, or a placeholder.
  case right
}
