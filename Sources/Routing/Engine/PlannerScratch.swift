import RoutingStorage

/// Buffers that one planning search reuses. Arrays indexed by screen or command are
/// ``StampedArray``s, or for the breadth-first search a ``BreadthFirstSpace``, so
/// starting a new search costs O(1) instead of clearing them.
struct PlannerScratch: Sendable {
  /// The marks of the stack the current leg starts from.
  var marks = StackMarks()
  /// The screen of each entry of the stack the current leg starts from, or -1 when the
  /// table does not know it.
  var stackScreens: [Int32] = []
  /// Planning across tabs, each tab's ``stackScreens`` while another tab's are in use:
  /// kept between requests, so that the numbers are written without allocating.
  var tabScreens: [[Int32]] = []
  /// The storage of the current request's ``LegFilter`` when some guard said no to it:
  /// the refused commands and the searched tab's, marked by the one builder
  /// (``Planner/legFilter(refusing:inTab:marking:)``), which marks it afresh for each
  /// filter.
  var disabled = CommandSet()
  /// The first steps of the current leg, by command number (those from anywhere only
  /// when not ``LegSearch/implicitAnywhere``), and two buffers that build the list.
  var candidates: [LegStep] = []
  var pops: [LegStep] = []
  var merged: [LegStep] = []
  /// What the current leg's search was told and has counted: made new for each leg
  /// and for each taker of the buffers, never switched field by field.
  var search = LegSearch()
  /// Per screen reached by a listed first step: that step's position in ``candidates``.
  var entryStep = StampedArray<Int32>(filler: 0)
  /// The steps of the leg found.
  var leg: [LegStep] = []
  /// The breadth-first search's memory.
  var space = BreadthFirstSpace()
  /// Where each level of the breadth-first search starts in its list of screens.
  var levelStart: [Int] = []
  /// The weighted search, for tables with costs.
  var weighted = WeightedSearch()

  /// Whether an entry of the stack matches `screen`.
  @inline(__always)
  func isHeld(_ screen: Int) -> Bool { marks.isHeld(Int32(screen)) }

  /// Sizes the arrays for a table of `screens` screens and `commands` commands.
  mutating func prepare(screens: Int, commands: Int) {
    if entryStep.count != screens {
      marks.resize(to: screens)
      weighted.resize(to: screens)
      space.resize(to: screens)
      entryStep.resize(to: screens)
    }
    if disabled.count != commands { disabled.resize(to: commands) }
  }
}

/// The planner's buffers kept between plans, so that a warm table plans without
/// allocating: ``capacity`` sets of ``PlannerScratch``, each lent to one caller of
/// ``withScratch(_:)`` at a time (`LendingSlots`: one atomic word, no lock).
///
/// Invariant: a set of buffers is either idle or held by exactly one caller of
/// ``withScratch(_:)``, until its body returns; no two callers ever hold the same set,
/// and no caller keeps one after its body returns. What a taker may assume of the
/// buffers it is handed:
/// - ``PlannerScratch/search`` is new (nothing implicit, no work counted), whatever the
///   previous holder left there;
/// - every other buffer holds whatever an earlier plan on this pool's table left, sized
///   for that table or not sized at all: a plan sizes them
///   (``PlannerScratch/prepare(screens:commands:)``) and starts each array (their stamps
///   make that O(1)) before reading it.
///
/// There are ``capacity`` sets, more than the threads that usually plan at once on a
/// table; a caller that finds every set held plans with new buffers, freed after.
final class ScratchPool: Sendable {
  /// The sets of buffers kept.
  static let capacity = 8

  /// The kept sets, each empty until a plan sizes it.
  private let slots = LendingSlots(capacity: capacity) { PlannerScratch() }

  /// Runs `body` with buffers that no other caller holds meanwhile, with a fresh
  /// ``PlannerScratch/search``.
  ///
  /// - Complexity: O(1) besides `body` (an atomic load, a compare-and-exchange and an
  ///   AND), and O(*V* + *E*) the first time a set is sized for a table of *V* screens
  ///   and *E* commands, and on every plan that finds all the sets held.
  func withScratch<Result, Failure: Error>(
    _ body: (inout PlannerScratch) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try slots.withValue { (scratch) throws(Failure) -> Result in
      scratch.search = LegSearch()
      return try body(&scratch)
    }
  }

  /// The number of sets not held at this moment, for tests.
  var idleCount: Int { slots.idleCount }
}

/// The state of one leg's search besides its buffers: what the leg's caller decided and
/// what the search counts. Each leg makes a new one
/// (``Planner/leg(from:to:parameters:filter:bound:_:)``), and so does each taker of the
/// pool's buffers, so nothing of an earlier leg or plan carries over.
struct LegSearch: Sendable {
  /// Whether the first steps by commands from anywhere are left implicit: every screen
  /// that ``RouteGraph/firstFromAnywhere`` names and the stack does not hold.
  let implicitAnywhere: Bool
  /// Commands looked at by the leg's cold search: what it cost.
  var work = 0
  /// A sum of what the breadth-first search read ahead of its expansions, kept so that
  /// those reads are made.
  var sink: Int32 = 0

  /// A leg's state, its first steps from anywhere implicit when `implicitAnywhere`.
  init(implicitAnywhere: Bool = false) {
    self.implicitAnywhere = implicitAnywhere
  }
}
