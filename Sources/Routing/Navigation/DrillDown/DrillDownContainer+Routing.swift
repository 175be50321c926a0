/// Routing on a drill-down: its stack is the left stack followed by the right pane, and
/// a route's pushes and pops map onto the drill-down's operations, one change (and one
/// will/did event pair) per route step.
extension DrillDownContainer {
  /// How many screens the two panes hold together.
  public var depth: Int { slots.count }

  /// The top of the routing stack: the right pane's screen, else the left top.
  public var top: StackItem? { (slots.right ?? slots.left.last)?.item }

  /// Puts a new screen on top of the routing stack: the drill-down's push, which always
  /// appends to the left stack followed by the right pane. Sends one push event pair.
  ///
  /// - Parameter item: The screen to push.
  /// - Throws: ``NavigationError/alreadyShown(_:)`` when either pane already shows its
  ///   screen object; nothing changes and no event is sent.
  /// - Complexity: O(*n* + *k*), where *n* is the number of screens and *k* the number of
  ///   observers.
  public func push(_ item: StackItem) async throws(NavigationError) {
    do {
      try await perform(.push(item))
    } catch {
      throw .alreadyShown(item.entry)
    }
  }

  /// Removes screens from the top of the routing stack until `count` remain, as one
  /// change: one pop event pair whose transition holds the panes before and after the
  /// whole move.
  ///
  /// With at least two remaining, the panes end as `popTo` the one below the new top
  /// leaves them: it is the left top and the new top shows in the right pane. With one
  /// remaining, it is alone on the left stack and the right pane is empty; with none,
  /// both panes are empty. The stack that remains is always the first `count` screens,
  /// the same objects as before.
  ///
  /// - Parameter count: How many screens stay, from 0 to the current number.
  /// - Throws: ``NavigationError/invalidDepth(_:depth:)`` when `count` is negative or
  ///   above the number of screens; nothing changes and no event is sent.
  /// - Complexity: O(*n* + *k*), where *n* is the number of screens and *k* the number of
  ///   observers.
  public func pop(toCount count: Int) async throws(NavigationError) {
    let depth = slots.count
    guard count >= 0, count <= depth else { throw .invalidDepth(count, depth: depth) }
    guard count < depth else { return }
    let kept = slots.stack.prefix(count)
    let next =
      if count >= 2 {
        DrillDownState(unchecked: Array(kept.dropLast()), right: kept.last)
      } else {
        DrillDownState(unchecked: Array(kept), right: nil)
      }
    next.checkInvariants()
    commit([(.pop, next)])
  }
}
