/// One step of a leg: the command, the screen it leaves on top, and the stack index it
/// pops back to, or -1 for a push.
///
/// Every search of the leg engine (the warm walk, the breadth-first and weighted
/// searches, the tree of legs from one stack) answers in these steps.
package struct LegStep: Hashable, Sendable {
  package var command: Int32
  package var screen: Int32
  package var popTo: Int32

  /// A step by `command` that leaves `screen` on top, popping back to stack index
  /// `popTo` (or pushing, when -1).
  package init(command: Int32, screen: Int32, popTo: Int32) {
    self.command = command
    self.screen = screen
    self.popTo = popTo
  }
}

/// One way a search found: its last step, the record it extends (-1 for a first step),
/// its cost and its number of steps. Costs are at most ``RouteTable/maximumCost`` and a
/// leg has fewer steps than 2³¹, so the sum fits.
struct SearchRecord: Sendable {
  var step: LegStep
  var parent: Int32
  var cost: Int
  var depth: Int32
}

/// The tie-break of legs (<doc:HowRoutesArePlanned>, "Planning"): of two ways, the one of
/// lower cost (fewer steps, without costs) comes first; among equals, the one whose
/// command numbers, read from the first step, come first.
///
/// The one statement of the rule: the weighted searches compare ways with
/// ``precedes(_:_:in:)``, and the breadth-first searches, which only ever compare ways
/// of one length that agree up to their last step, with ``earlier(_:_:)``.
///
/// ## Breadth-first order
///
/// Without costs the three breadth-first searches (the warm walk along a distance field,
/// ``Planner/warmLeg(to:along:_:_:)`` and ``Planner/warmRoute(from:to:parameters:)``;
/// the bidirectional search, ``Planner/shortestLeg(to:filter:bound:_:)``; and the tree
/// of legs from one stack, ``RouteTree``) never compare two ways: each follows the rule
/// by the order in which it looks at steps, which is this one order.
///
/// 1. **First steps in command order, pops and pushes together.** A leg's first steps
///    are one list ascending by command number
///    (``RouteGraph/listFirstSteps(_:implicitAnywhere:into:pops:merged:filter:)``): a
///    pop back to an entry counts as the number of the command
///    ``RouteGraph/popCommand(to:where:)`` chooses for it, a push from the top or from
///    anywhere as its own. A pop is neither before nor after the pushes as such. Of two
///    first steps to one screen, the lower-numbered is the leg's.
/// 2. **Later steps in row order.** Every later step pushes by a command from the screen
///    on top; a screen's row of commands (``RouteGraph/commandsFrom``) is ascending by
///    command number, and a search looks at it in that order, taking the first command
///    that fits (to a screen not reached yet, or one step nearer the milestone).
/// 3. **First found, kept.** A screen's leg is the first way to it in that order: the
///    searches keep the first and never replace it. Taking each level's screens in the
///    order of their legs (the tree) or marking the screens on a shortest leg and walking
///    them by 1 and 2 (the bidirectional search, the warm walk) gives the same leg.
///
/// The loops state this order by their structure, not by a shared function: they are a
/// plan's work, and each reads the rows its own way (a distance field, level words, a
/// list of settled screens). Each refers here; `EngineClientTests` checks, on tables
/// made of ties (every command costing 1, many commands from anywhere, deep stacks),
/// that the three give the same legs.
struct LegOrder: Sendable {
  /// Two paths of commands it compares, kept so that comparing does not allocate.
  private var leftPath: [Int32] = []
  private var rightPath: [Int32] = []

  /// Whether way `left` of `records` comes before way `right`.
  ///
  /// - Complexity: O(1) when the costs differ; otherwise O(*d*), where *d* is the
  ///   number of steps of the longer way.
  mutating func precedes(_ left: Int32, _ right: Int32, in records: [SearchRecord]) -> Bool {
    let leftCost = records[Int(left)].cost
    let rightCost = records[Int(right)].cost
    if leftCost != rightCost { return leftCost < rightCost }
    leftPath.removeAll(keepingCapacity: true)
    rightPath.removeAll(keepingCapacity: true)
    var cursor = left
    while cursor >= 0 {
      leftPath.append(records[Int(cursor)].step.command)
      cursor = records[Int(cursor)].parent
    }
    cursor = right
    while cursor >= 0 {
      rightPath.append(records[Int(cursor)].step.command)
      cursor = records[Int(cursor)].parent
    }
    return leftPath.reversed().lexicographicallyPrecedes(rightPath.reversed())
  }

  /// Of two steps that end ways of equal cost and equal commands before them, the one
  /// that comes first: the lower command number.
  @inline(__always)
  static func earlier(_ best: LegStep?, _ candidate: LegStep) -> LegStep {
    guard let best, best.command < candidate.command else { return candidate }
    return best
  }
}

/// A binary heap of record numbers, the one priority queue of the engine, ordered by a
/// comparison given at each call (the records it compares live beside it).
struct IndexHeap: Sendable {
  private var items: [Int32] = []

  /// Empties the heap, keeping its memory.
  mutating func removeAll() { items.removeAll(keepingCapacity: true) }

  /// Adds `item`.
  ///
  /// - Complexity: O(log *n*) comparisons.
  mutating func push(_ item: Int32, by precedes: (Int32, Int32) -> Bool) {
    items.append(item)
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(items[child], items[parent]) else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the first item by `precedes`, or `nil` when empty.
  ///
  /// - Complexity: O(log *n*) comparisons.
  mutating func pop(by precedes: (Int32, Int32) -> Bool) -> Int32? {
    guard let last = items.popLast() else { return nil }
    guard !items.isEmpty else { return last }
    let first = items[0]
    items[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < items.count else { break }
      var smaller = left
      if left + 1 < items.count && precedes(items[left + 1], items[left]) { smaller = left + 1 }
      guard precedes(items[smaller], items[parent]) else { break }
      items.swapAt(smaller, parent)
      parent = smaller
    }
    return first
  }
}
