/// The state of a two-pane drill-down: a left stack and a right pane, as a value.
///
/// This is the drill-down's state machine without screens or events: ``DrillDownContainer``
/// runs every operation through it. The left stack ``left`` holds screens bottom first; the
/// right pane ``right`` holds at most one screen, and only when the left stack is not
/// empty. Elements are told apart with `==`, so no element appears twice.
///
/// ```swift
/// var state = DrillDownState<Int>()
/// try state.push(1)  // left [1], right empty
/// try state.push(2)  // left [1], right 2
/// try state.push(3)  // left [1, 2], right 3
/// state.pop()  // returns 3; left [1], right 2
/// ```
///
/// Operations either change the state (``DrillDownOutcome/changed``), leave it as it was
/// (``DrillDownOutcome/unchanged``, a no-op), or throw a ``DrillDownError`` and leave it as
/// it was.
public struct DrillDownState<Element> {
  /// The left stack, bottom first.
  public internal(set) var left: [Element]
  /// The screen in the right pane; `nil` when the pane shows its placeholder.
  public internal(set) var right: Element?

  /// Creates an empty drill-down: no left stack, the right pane's placeholder.
  public init() {
    left = []
    right = nil
  }

  /// Creates a state without checking it; callers guarantee the invariants.
  init(unchecked left: [Element], right: Element?) {
    self.left = left
    self.right = right
  }

  /// Whether both panes are empty.
  public var isEmpty: Bool { left.isEmpty }

  /// The stack a route is planned on: the left stack followed by the right pane.
  ///
  /// - Complexity: O(*n*), where *n* is the number of elements.
  public var stack: [Element] {
    guard let right else { return left }
    return left + [right]
  }

  /// How many elements the two panes hold together.
  public var count: Int { left.count + (right == nil ? 0 : 1) }

  /// The screen the left pane shows: the top of the left stack.
  public var leftTop: Element? { left.last }

  /// Whether a swipe may go back in the left pane: exactly when the left stack holds at
  /// least two screens.
  public var canSwipeBack: Bool { left.count >= 2 }

  /// The screen a pane's back control goes back to and is titled after, or `nil` when
  /// the pane shows no back control.
  ///
  /// The left pane shows one exactly when the left stack holds at least two screens,
  /// leading to the one below its top; the right pane never shows one.
  ///
  /// - Parameter pane: The pane.
  /// - Returns: The screen below the left top, or `nil`.
  public func backTarget(in pane: DrillDownPane) -> Element? {
    switch pane {
    case .left: left.count >= 2 ? left[left.count - 2] : nil
    case .right: nil
    }
  }

  /// The same layout with every element transformed, for reading (descriptions,
  /// comparisons).
  ///
  /// The result keeps the shape; when `transform` maps two elements to equal values,
  /// operations on the result treat them as one screen.
  ///
  /// - Parameter transform: Maps an element.
  /// - Returns: The transformed state.
  /// - Throws: What `transform` throws.
  /// - Complexity: O(*n*), where *n* is the number of elements.
  public func map<Mapped, Failure: Error>(
    _ transform: (Element) throws(Failure) -> Mapped
  ) throws(Failure) -> DrillDownState<Mapped> {
    var mapped: [Mapped] = []
    mapped.reserveCapacity(left.count)
    for element in left { mapped.append(try transform(element)) }
    let pane: Mapped? =
      if let right { try transform(right) } else { nil }
    return DrillDownState<Mapped>(unchecked: mapped, right: pane)
  }
}

extension DrillDownState where Element: Equatable {
  /// Creates a state holding the given screens, checking the drill-down's rules.
  ///
  /// - Parameters:
  ///   - left: The left stack, bottom first.
  ///   - right: The right pane; `nil` for its placeholder.
  /// - Throws: ``DrillDownError`` of kind ``DrillDownError/Kind/rightWithoutLeft`` when
  ///   `right` is set while `left` is empty, or ``DrillDownError/Kind/alreadyShown`` when
  ///   an element appears twice.
  /// - Complexity: O(*n*²), where *n* is the number of elements.
  public init(left: [Element], right: Element? = nil) throws(DrillDownError) {
    if right != nil && left.isEmpty {
      throw DrillDownError(
        .rightWithoutLeft, in: "init", at: "right",
        "the right pane holds a screen while the left stack is empty")
    }
    for (index, element) in left.enumerated() {
      if let first = left[..<index].firstIndex(of: element) {
        throw DrillDownError(
          .alreadyShown, in: "init", at: "left[\(index)]",
          "the screen is already shown at left[\(first)]")
      }
    }
    if let right, let first = left.firstIndex(of: right) {
      throw DrillDownError(
        .alreadyShown, in: "init", at: "right", "the screen is already shown at left[\(first)]")
    }
    self.init(unchecked: left, right: right)
  }

  /// Where an element is shown: `left[i]` or `right`; `nil` when it is not.
  ///
  /// - Parameter element: The element to look for.
  /// - Returns: Its place, as a path.
  /// - Complexity: O(*n*), where *n* is the number of elements.
  func place(of element: Element) -> String? {
    if let index = left.firstIndex(of: element) { return "left[\(index)]" }
    if right == element { return "right" }
    return nil
  }
}

extension DrillDownState: Equatable where Element: Equatable {}
extension DrillDownState: Hashable where Element: Hashable {}
extension DrillDownState: Sendable where Element: Sendable {}

extension DrillDownState: CustomStringConvertible {
  /// The left stack bottom first, a bar, then the right pane: `[1, 2] | 3`, or
  /// `[1] | -` when the right pane shows its placeholder.
  ///
  /// - Complexity: O(*n*), where *n* is the number of elements.
  public var description: String {
    let stack = left.map { "\($0)" }.joined(separator: ", ")
    let pane = right.map { "\($0)" } ?? "-"
    return "[\(stack)] | \(pane)"
  }
}
