/// A headless two-pane drill-down container, after `SGBDrillDownController`: a left
/// stack of screens and a right pane that shows one screen or a placeholder.
///
/// Drive it with ``perform(_:)`` (the operations of ``DrillDownOperation``) or route on
/// it with a ``Navigator``: for routing its stack is the left stack followed by the
/// right pane, so a route's pushes and pops land where the planner promised.
///
/// ```swift
/// let container = try DrillDownContainer(table: table, root: .mailboxes)
/// let navigator = Navigator(table: table, container: container)
/// try await navigator.go(to: .message, via: [.folder], parameters: ["name": "Inbox", "id": 42])
/// // container.left: Mailboxes, Folder(name: Inbox); container.right: Message(id: 42)
/// ```
///
/// Screens are told apart by the identity of their screen objects (`===`); a screen
/// object shows at most once. Every operation is all-or-nothing: a refused one throws
/// ``DrillDownError`` and a no-op returns ``DrillDownOutcome/unchanged``, both leaving the
/// container as it was and sending no event. An operation completes when its `async`
/// call returns: the state has changed and every `did` event has been sent.
@MainActor
public final class DrillDownContainer: NavigationContainer {
  /// The panes, with screens compared by identity.
  private(set) var slots: DrillDownState<DrillDownSlot>
  private var observers = ObserverList<DrillDownEvent>()

  /// Creates an empty drill-down: no left stack, the right pane's placeholder.
  public init() {
    slots = DrillDownState()
  }

  /// Creates a drill-down showing one screen in the left pane.
  ///
  /// - Parameter root: The bottom of the left stack.
  public init(root: StackItem) {
    slots = DrillDownState(unchecked: [DrillDownSlot(root)], right: nil)
  }

  /// Creates a drill-down holding the given screens.
  ///
  /// - Parameters:
  ///   - left: The left stack, bottom first.
  ///   - right: The right pane's screen; `nil` for the placeholder.
  /// - Throws: ``DrillDownError`` when `right` is set while `left` is empty, or when a
  ///   screen object appears twice.
  /// - Complexity: O(*n*²), where *n* is the number of screens.
  public init(left: [StackItem], right: StackItem? = nil) throws(DrillDownError) {
    slots = try DrillDownState(
      left: left.map(DrillDownSlot.init), right: right.map(DrillDownSlot.init))
  }

  // MARK: What a UI shows

  /// The panes' screens.
  ///
  /// - Complexity: O(*n*), where *n* is the number of screens.
  public var state: DrillDownState<StackItem> { slots.map(\.item) }

  /// The left stack, bottom first.
  ///
  /// - Complexity: O(*n*), where *n* is the number of screens.
  public var left: [StackItem] { slots.left.map(\.item) }

  /// The right pane's screen; `nil` when the pane shows its placeholder.
  public var right: StackItem? { slots.right?.item }

  /// The screen the left pane shows: the top of the left stack; `nil` when it is empty.
  public var leftTop: StackItem? { slots.leftTop?.item }

  /// Whether the right pane shows its placeholder (it holds no screen).
  public var showsPlaceholder: Bool { slots.right == nil }

  /// Whether both panes are empty.
  public var isEmpty: Bool { slots.isEmpty }

  /// The screens in routing order: the left stack, then the right pane.
  ///
  /// - Complexity: O(*n*), where *n* is the number of screens.
  public var items: [StackItem] { slots.stack.map(\.item) }

  /// Whether a swipe may go back in the left pane: exactly when the left stack holds at
  /// least two screens.
  public var canSwipeBack: Bool { slots.canSwipeBack }

  /// The back control a pane shows, or `nil` when it shows none.
  ///
  /// The left pane shows one exactly when the left stack holds at least two screens; it
  /// leads to the screen below the left top and is titled after it. The right pane never
  /// shows one.
  ///
  /// - Parameter pane: The pane.
  /// - Returns: The control's destination and title, or `nil`.
  public func backControl(in pane: DrillDownPane) -> DrillDownBackControl? {
    slots.backTarget(in: pane).map { DrillDownBackControl(destination: $0.item) }
  }

  // MARK: Operations

  /// Carries out a drill-down operation.
  ///
  /// ```swift
  /// try await container.perform(.push(message))
  /// let popped = try await container.perform(.pop).popped
  /// ```
  ///
  /// The call returns when the operation is complete: for a change, after the state has
  /// changed and its `did` event has been sent; for a no-op, at once with
  /// ``DrillDownOutcome/unchanged`` and no event.
  ///
  /// - Parameter operation: The operation, naming screens by their items; an item's
  ///   screen object identifies it.
  /// - Returns: The outcome, and for a pop the screen that left the right pane.
  /// - Throws: ``DrillDownError`` when the operation is refused; nothing changes and no
  ///   event is sent.
  /// - Complexity: O(*n* + *k*), where *n* is the number of screens and *k* the number of
  ///   observers.
  @discardableResult
  public func perform(_ operation: DrillDownOperation<StackItem>) async throws(DrillDownError)
    -> DrillDownResult<StackItem>
  {
    var next = slots
    var changes: [(DrillDownChange, DrillDownState<DrillDownSlot>)] = []
    let result = try next.apply(operation.map(DrillDownSlot.init)) { changes.append(($0, $1)) }
    commit(changes)
    return result.map(\.item)
  }

  /// Makes each change current in order, with its will/did events around it.
  func commit(_ changes: [(DrillDownChange, DrillDownState<DrillDownSlot>)]) {
    for (change, after) in changes {
      let transition = DrillDownTransition(before: state, after: after.map(\.item))
      send(DrillDownEvent(change, done: false, transition))
      slots = after
      send(DrillDownEvent(change, done: true, transition))
    }
  }

  // MARK: Observers

  /// Adds an observer that receives every ``DrillDownEvent``.
  ///
  /// - Parameter handler: Called on the main actor for each event, in order.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func addObserver(_ handler: @escaping (DrillDownEvent) -> Void) -> ObserverToken {
    observers.add(handler)
  }

  /// Removes an observer; later events do not reach it.
  ///
  /// - Parameter token: The token ``addObserver(_:)`` returned.
  /// - Complexity: O(*k*), where *k* is the number of observers.
  public func removeObserver(_ token: ObserverToken) {
    observers.remove(token)
  }

  private func send(_ event: DrillDownEvent) {
    observers.send(event)
  }
}

/// A back control that a pane of a ``DrillDownContainer`` shows.
@MainActor
public struct DrillDownBackControl {
  /// The screen it goes back to.
  public let destination: StackItem

  /// Creates a back control leading to a screen.
  ///
  /// - Parameter destination: The screen it goes back to.
  public init(destination: StackItem) {
    self.destination = destination
  }

  /// The control's title: the destination screen object's ``ScreenController/title``,
  /// else its entry's screen name.
  public var title: String {
    destination.screen.title ?? destination.entry.screen.rawValue
  }
}

/// A screen of a drill-down, compared by the identity of its screen object.
struct DrillDownSlot: Equatable {
  let item: StackItem
  let identity: ObjectIdentifier

  @MainActor
  init(_ item: StackItem) {
    self.item = item
    self.identity = ObjectIdentifier(item.screen)
  }

  static func == (lhs: DrillDownSlot, rhs: DrillDownSlot) -> Bool {
    lhs.identity == rhs.identity
  }
}
