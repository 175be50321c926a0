/// Routing on a drill-down: its stack is the left stack followed by the right pane, and
/// a route's pushes and pops map onto the drill-down's operations.
extension DrillDownContainer {
  /// Puts a new screen on top of the routing stack: the drill-down's push, which always
  /// appends to the left stack followed by the right pane.
  ///
  /// A route pushes screen objects its factories have just made; a factory that returns
  /// an object the container already shows is a programming error and traps. Use
  /// ``perform(_:)`` with ``DrillDownOperation/push(_:)`` for a push that throws instead.
  ///
  /// - Parameter item: The screen to push.
  /// - Complexity: O(*n* + *k*), where *n* is the number of screens and *k* the number of
  ///   observers.
  public func push(_ item: StackItem) async {
    do {
      try await perform(.push(item))
    } catch {
      preconditionFailure(
        "a route pushed the screen object of \(item.entry) that the drill-down already shows: \(error)"
      )
    }
  }

  /// Removes screens from the top of the routing stack until `count` remain.
  ///
  /// With at least two remaining, this is `popTo` the one below the new top: it becomes
  /// the left top and the new top shows in the right pane. With one remaining, it is a
  /// pop to the root followed by a pop that empties the right pane; with none, a further
  /// pop empties the left stack. The stack that remains is always the first `count`
  /// screens, the same objects as before. Each change sends its pop events.
  ///
  /// - Parameter count: How many screens stay, from 0 to the current number.
  /// - Complexity: O(*n* + *k*), where *n* is the number of screens and *k* the number of
  ///   observers.
  public func pop(toCount count: Int) async {
    let stack = slots.stack
    precondition(
      count >= 0 && count <= stack.count, "pop(toCount: \(count)) on \(stack.count) screens")
    guard count < stack.count else { return }
    var next = slots
    var changes: [(DrillDownChange, DrillDownState<DrillDownSlot>)] = []
    let record = { (change: DrillDownChange, state: DrillDownState<DrillDownSlot>) in
      changes.append((change, state))
    }
    do {
      if count >= 2 {
        try next.apply(.popTo(stack[count - 2]), record: record)
      } else {
        try next.apply(.popToRoot, record: record)
        try next.apply(.pop, record: record)
        if count == 0 { try next.apply(.pop, record: record) }
      }
    } catch {
      preconditionFailure("a route pop names a screen the drill-down shows: \(error)")
    }
    assert(next.stack == Array(stack.prefix(count)), "a route pop left the wrong stack")
    commit(changes)
  }
}
