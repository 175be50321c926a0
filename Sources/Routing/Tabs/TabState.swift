/// Where a tabbed app is, for planning: the selected tab and every tab's stack.
///
/// A tab the state does not name stands at its root (see <doc:PlanningAcrossTabs>).
public struct TabState: Hashable, Sendable, CustomStringConvertible {
  /// The selected tab's name.
  public var selected: String
  /// Each tab's stack, bottom first, by tab name.
  public var stacks: [String: [Entry]]

  /// Creates a tab state.
  ///
  /// - Parameters:
  ///   - selected: The selected tab's name.
  ///   - stacks: Stacks by tab name; a tab left out stands at its root.
  public init(selected: String, stacks: [String: [Entry]] = [:]) {
    self.selected = selected
    self.stacks = stacks
  }

  /// The selected tab's stack; empty when the state names none for it.
  public var stack: [Entry] { stacks[selected] ?? [] }

  /// The state in words: `Search: Query > Results | Home: Feed`, the selected tab
  /// first, then the others by name.
  ///
  /// - Complexity: O(*T* log *T* + *n*), where *T* is the number of tabs and *n* the
  ///   number of entries.
  public var description: String {
    let others = stacks.keys.filter { $0 != selected }.sorted()
    return ([selected] + others).map { "\($0): \((stacks[$0] ?? []).stackDescription)" }
      .joined(separator: " | ")
  }
}

/// One step of a route across tabs: a tab selected, or a command in the selected tab.
public enum TabStep: Hashable, Sendable, CustomStringConvertible {
  /// The tab with this name becomes the selected one; no stack changes.
  case select(String)
  /// A push or a pop in the selected tab.
  case command(Step)

  /// `select Search`, or the command step in words (``Step/description``).
  public var description: String {
    switch self {
    case .select(let tab): "select \(tab)"
    case .command(let step): step.description
    }
  }
}

/// A route planned across tabs: its steps and the state they leave.
public struct TabRoute: Hashable, Sendable, CustomStringConvertible {
  /// The steps, in order.
  public let steps: [TabStep]
  /// The state after the last step, every tab's stack included.
  public let state: TabState

  /// Creates a route across tabs.
  ///
  /// - Parameters:
  ///   - steps: The steps in order.
  ///   - state: The state they leave.
  public init(steps: [TabStep], state: TabState) {
    self.steps = steps
    self.state = state
  }

  /// Whether the route has no step (the request was already satisfied).
  public var isEmpty: Bool { steps.isEmpty }

  /// The command steps, in order, without the selects.
  ///
  /// - Complexity: O(*s*), where *s* is the number of steps.
  public var commandSteps: [Step] {
    steps.compactMap {
      if case .command(let step) = $0 { step } else { nil }
    }
  }

  /// The steps one a line and numbered, then the state, as ``Route/description``
  /// prints a route.
  ///
  /// - Complexity: O(*s* + *n*), where *s* is the number of steps and *n* the number of
  ///   entries in the state.
  public var description: String {
    var lines = steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
    if lines.isEmpty { lines.append("(already there)") }
    lines.append("tabs: \(state)")
    return lines.joined(separator: "\n")
  }
}
