/// The drill-down's transitions (Docs/DrillDown.md, "Transitions"). Each one is
/// all-or-nothing: it works on a copy and assigns it only when it succeeds.
extension DrillDownState where Element: Equatable {
  /// Shows a screen, or with `nil` moves the right pane's screen onto the left stack.
  ///
  /// | State | `push(v)` | `push(nil)` |
  /// |---|---|---|
  /// | left empty | left `[v]` | no-op |
  /// | right empty | right `v` | no-op |
  /// | right `r` | left gains `r`, right `v` | left gains `r`, right empty |
  ///
  /// - Parameter element: The screen to show, or `nil`.
  /// - Returns: Whether the state changed.
  /// - Throws: ``DrillDownError/Kind/alreadyShown`` when either pane already shows the
  ///   screen.
  /// - Complexity: O(*n*), where *n* is the number of elements.
  @discardableResult
  public mutating func push(_ element: Element?) throws(DrillDownError) -> DrillDownOutcome {
    try apply(.push(element)).outcome
  }

  /// Takes away the screen that leaves the right pane and returns it.
  ///
  /// With one left screen and an empty right pane, that screen leaves and is returned;
  /// with one left screen and a right screen, the right one leaves; otherwise the right
  /// pane's screen (maybe none) is returned and the left top moves into the right pane.
  /// On an empty drill-down it is a no-op that returns `nil`.
  ///
  /// - Returns: The outcome, and the screen that left.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func pop() -> DrillDownResult<Element> {
    var next = self
    let result = next.popStep()
    next.checkInvariants()
    self = next
    return result
  }

  /// Goes back to a screen of the left stack: it becomes the left top, the screen that
  /// was above it moves into the right pane, and the rest leave.
  ///
  /// A no-op when the screen is already the left top or shows in the right pane.
  ///
  /// - Parameter element: The screen to go back to.
  /// - Returns: Whether the state changed.
  /// - Throws: ``DrillDownError/Kind/notShown`` when neither pane shows the screen.
  /// - Complexity: O(*n*), where *n* is the number of elements.
  @discardableResult
  public mutating func popTo(_ element: Element) throws(DrillDownError) -> DrillDownOutcome {
    try apply(.popTo(element)).outcome
  }

  /// Goes back to the bottom of the left stack, as ``popTo(_:)`` does; a no-op when the
  /// left stack is empty.
  ///
  /// - Returns: Whether the state changed.
  /// - Complexity: O(*n*), where *n* is the number of elements.
  @discardableResult
  public mutating func popToRoot() -> DrillDownOutcome {
    guard left.count >= 2 else { return .unchanged }
    right = left[1]
    left.removeSubrange(1...)
    checkInvariants()
    return .changed
  }

  /// Puts a screen in the right pane in place of what it shows; `nil` empties the pane.
  ///
  /// A no-op when the right pane already shows the screen (or is already empty for
  /// `nil`).
  ///
  /// - Parameter element: The new right screen, or `nil`.
  /// - Returns: Whether the state changed.
  /// - Throws: ``DrillDownError/Kind/emptyLeftStack`` when the left stack is empty;
  ///   ``DrillDownError/Kind/alreadyShown`` when the screen is on the left stack.
  /// - Complexity: O(*n*), where *n* is the number of elements.
  @discardableResult
  public mutating func replaceRight(_ element: Element?) throws(DrillDownError)
    -> DrillDownOutcome
  {
    try apply(.replaceRight(element)).outcome
  }

  /// Shows a screen in the right pane for a left screen.
  ///
  /// When `left` is the right pane's screen, this is `push(element)`: `left` moves onto
  /// the left stack and `element` takes the right pane. Otherwise it is `popTo(left)`
  /// followed by `replaceRight(element)`, or `push(element)` when the right pane is
  /// then empty. The two steps succeed or fail together.
  ///
  /// - Parameters:
  ///   - element: The screen for the right pane, or `nil`.
  ///   - left: The screen it belongs to.
  /// - Returns: Whether the state changed.
  /// - Throws: ``DrillDownError`` when either step is refused; nothing changes.
  /// - Complexity: O(*n*), where *n* is the number of elements.
  @discardableResult
  public mutating func showRight(_ element: Element?, forLeft left: Element) throws(DrillDownError)
    -> DrillDownOutcome
  {
    try apply(.showRight(element, forLeft: left)).outcome
  }

  /// Carries out an operation.
  ///
  /// - Parameter operation: The operation.
  /// - Returns: The outcome, and for a pop what left the right pane.
  /// - Throws: ``DrillDownError`` when the operation is refused; nothing changes.
  /// - Complexity: O(*n*), where *n* is the number of elements.
  @discardableResult
  public mutating func apply(_ operation: DrillDownOperation<Element>) throws(DrillDownError)
    -> DrillDownResult<Element>
  {
    try apply(operation) { _, _ in }
  }

  /// Carries out an operation, reporting each change it is made of, in order, with the
  /// state after it. A ``DrillDownOperation/showRight(_:forLeft:)`` can be two changes
  /// (a pop, then a push or a replace); the others are at most one. Nothing is reported
  /// for a no-op. When the operation throws, the reports made so far describe a copy
  /// that was thrown away.
  @discardableResult
  mutating func apply(
    _ operation: DrillDownOperation<Element>, record: (DrillDownChange, Self) -> Void
  ) throws(DrillDownError) -> DrillDownResult<Element> {
    var next = self
    let result: DrillDownResult<Element>
    switch operation {
    case .push(let element):
      result = DrillDownResult(try next.pushStep(element, in: "push"))
      if result.changed { record(.push, next) }
    case .pop:
      let popped = next.popStep()
      result = popped
      if result.changed { record(.pop, next) }
    case .popTo(let element):
      result = DrillDownResult(try next.popToStep(element, in: "popTo"))
      if result.changed { record(.pop, next) }
    case .popToRoot:
      if let root = next.left.first {
        result = DrillDownResult(try next.popToStep(root, in: "popToRoot"))
        if result.changed { record(.pop, next) }
      } else {
        result = DrillDownResult(.unchanged)
      }
    case .replaceRight(let element):
      result = DrillDownResult(try next.replaceStep(element, in: "replaceRight"))
      if result.changed { record(.replace, next) }
    case .showRight(let element, let left):
      var changes: [(DrillDownChange, Self)] = []
      if let right = next.right, right == left {
        if try next.pushStep(element, in: "showRight") == .changed {
          changes.append((.push, next))
        }
      } else {
        if try next.popToStep(left, in: "showRight") == .changed {
          changes.append((.pop, next))
        }
        if next.right == nil {
          if try next.pushStep(element, in: "showRight") == .changed {
            changes.append((.push, next))
          }
        } else if try next.replaceStep(element, in: "showRight") == .changed {
          changes.append((.replace, next))
        }
      }
      for (change, state) in changes { record(change, state) }
      result = DrillDownResult(changes.isEmpty ? .unchanged : .changed)
    }
    next.checkInvariants()
    self = next
    return result
  }

  private mutating func pushStep(_ element: Element?, in operation: String) throws(DrillDownError)
    -> DrillDownOutcome
  {
    guard let element else {
      guard let right else { return .unchanged }
      left.append(right)
      self.right = nil
      return .changed
    }
    if let place = place(of: element) {
      throw DrillDownError(
        .alreadyShown, in: operation, at: place, "the screen is already shown at \(place)")
    }
    if left.isEmpty {
      left = [element]
    } else if let right {
      left.append(right)
      self.right = element
    } else {
      right = element
    }
    return .changed
  }

  private mutating func popStep() -> DrillDownResult<Element> {
    if left.isEmpty { return DrillDownResult(.unchanged) }
    if left.count == 1 {
      if let right {
        self.right = nil
        return DrillDownResult(.changed, popped: right)
      }
      return DrillDownResult(.changed, popped: left.removeLast())
    }
    let popped = right
    right = left.removeLast()
    return DrillDownResult(.changed, popped: popped)
  }

  private mutating func popToStep(_ element: Element, in operation: String) throws(DrillDownError)
    -> DrillDownOutcome
  {
    if let index = left.firstIndex(of: element) {
      if index == left.count - 1 { return .unchanged }
      right = left[index + 1]
      left.removeSubrange((index + 1)...)
      return .changed
    }
    if let right, right == element { return .unchanged }
    throw DrillDownError(
      .notShown, in: operation, at: "", "the screen to go back to is in neither pane")
  }

  private mutating func replaceStep(_ element: Element?, in operation: String)
    throws(DrillDownError) -> DrillDownOutcome
  {
    if left.isEmpty {
      throw DrillDownError(
        .emptyLeftStack, in: operation, at: "",
        "the right pane cannot change while the left stack is empty")
    }
    if element == right { return .unchanged }
    if let element, let index = left.firstIndex(of: element) {
      throw DrillDownError(
        .alreadyShown, in: operation, at: "left[\(index)]",
        "the screen is already shown at left[\(index)]")
    }
    right = element
    return .changed
  }
}
