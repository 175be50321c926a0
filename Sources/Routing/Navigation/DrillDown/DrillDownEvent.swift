/// One change of a ``DrillDownContainer``: the state before it and after it.
@MainActor
public struct DrillDownTransition {
  /// The panes before the change.
  public let before: DrillDownState<StackItem>
  /// The panes after the change.
  public let after: DrillDownState<StackItem>

  /// Creates a transition.
  ///
  /// - Parameters:
  ///   - before: The panes before the change.
  ///   - after: The panes after it.
  public init(before: DrillDownState<StackItem>, after: DrillDownState<StackItem>) {
    self.before = before
    self.after = after
  }
}

/// What a ``DrillDownContainer`` tells its observers: a will/did pair around each change.
///
/// Events are sent only for changes: a no-op or a refused operation sends none. One
/// operation may be several changes; ``DrillDownOperation/showRight(_:forLeft:)`` can
/// pop and then push or replace, and a route pop to the root pops twice. Each pair
/// carries the state before and after its own change.
@MainActor
public enum DrillDownEvent {
  /// A screen is about to be shown.
  case willPush(DrillDownTransition)
  /// A screen was shown.
  case didPush(DrillDownTransition)
  /// Screens are about to be taken away.
  case willPop(DrillDownTransition)
  /// Screens were taken away.
  case didPop(DrillDownTransition)
  /// The right pane is about to be replaced or emptied.
  case willReplace(DrillDownTransition)
  /// The right pane was replaced or emptied.
  case didReplace(DrillDownTransition)
  /// The whole state is about to be replaced by a restored one.
  case willRestore(DrillDownTransition)
  /// The whole state was replaced by a restored one.
  case didRestore(DrillDownTransition)

  /// Makes the event for one phase of a change.
  init(_ change: DrillDownChange, done: Bool, _ transition: DrillDownTransition) {
    switch (change, done) {
    case (.push, false): self = .willPush(transition)
    case (.push, true): self = .didPush(transition)
    case (.pop, false): self = .willPop(transition)
    case (.pop, true): self = .didPop(transition)
    case (.replace, false): self = .willReplace(transition)
    case (.replace, true): self = .didReplace(transition)
    case (.restore, false): self = .willRestore(transition)
    case (.restore, true): self = .didRestore(transition)
    }
  }

  /// The kind of change.
  nonisolated public var change: DrillDownChange {
    switch self {
    case .willPush, .didPush: .push
    case .willPop, .didPop: .pop
    case .willReplace, .didReplace: .replace
    case .willRestore, .didRestore: .restore
    }
  }

  /// Whether the change has happened (a `did` event) rather than being about to.
  nonisolated public var isDone: Bool {
    switch self {
    case .didPush, .didPop, .didReplace, .didRestore: true
    case .willPush, .willPop, .willReplace, .willRestore: false
    }
  }

  /// The state before and after the change.
  nonisolated public var transition: DrillDownTransition {
    switch self {
    case .willPush(let transition), .didPush(let transition), .willPop(let transition),
      .didPop(let transition), .willReplace(let transition), .didReplace(let transition),
      .willRestore(let transition), .didRestore(let transition):
      transition
    }
  }
}

extension DrillDownEvent: CustomStringConvertible {
  /// The event as one line: the change, then the panes as they are after it.
  ///
  /// ```
  /// will push: left Mailboxes > Folder(name: Inbox), right Message(id: 42)
  /// did pop: left Mailboxes, right Folder(name: Inbox)
  /// did replace: left Mailboxes > Folder(name: Inbox), right (placeholder)
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the number of screens after the change.
  nonisolated public var description: String {
    let after = transition.after
    let left = after.left.isEmpty ? "(empty)" : after.left.map(\.entry).stackDescription
    let right = after.right.map(\.entry.description) ?? "(placeholder)"
    return "\(isDone ? "did" : "will") \(change): left \(left), right \(right)"
  }
}
