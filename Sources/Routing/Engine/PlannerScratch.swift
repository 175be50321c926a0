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
/// allocating: boxes of ``PlannerScratch``, idle in a short list under a lock.
///
/// Invariant: a box is either idle in the list or held by exactly one caller of
/// ``withScratch(_:)``, from the moment it leaves the list (or is made) until its body
/// returns; no two callers ever hold the same box, and no caller keeps one after its
/// body returns. What a taker may assume of the buffers it is handed:
/// - ``PlannerScratch/search`` is new (nothing implicit, no work counted), whatever the
///   previous holder left there;
/// - every other buffer holds whatever an earlier plan on this pool's table left, sized
///   for that table or not sized at all: a plan sizes them
///   (``PlannerScratch/prepare(screens:commands:)``) and starts each array (their stamps
///   make that O(1)) before reading it.
///
/// The list holds at most ``capacity`` boxes, more than the threads that usually plan at
/// once on a table; a box given back to a full list is freed. The lock is a pthread mutex
/// (`Locked`), whose hand-over ThreadSanitizer sees: the previous holder's writes to a
/// box are ordered before the next holder's reads.
final class ScratchPool: Sendable {
  /// The most idle boxes kept.
  static let capacity = 8

  /// One set of buffers, moved between holders by reference so that the buffers' two
  /// dozen arrays are not copied in and out of the list.
  ///
  /// Unchecked: its buffers are mutable, and only the pool's invariant (one holder at a
  /// time, handed over under the lock) keeps two threads from reaching them at once.
  private final class Box: @unchecked Sendable {
    var scratch = PlannerScratch()
  }

  /// The idle boxes, most recently given back last.
  private let idle: Locked<[Box]>

  init() {
    var boxes: [Box] = []
    boxes.reserveCapacity(Self.capacity)
    idle = Locked(boxes)
  }

  /// Runs `body` with buffers that no other caller holds meanwhile, taken from the pool
  /// (or new) and given back after, with a fresh ``PlannerScratch/search``.
  ///
  /// - Complexity: O(1) besides `body` (two lock round trips), and O(*V* + *E*) the
  ///   first time a box is sized for a table of *V* screens and *E* commands.
  func withScratch<Result, Failure: Error>(
    _ body: (inout PlannerScratch) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let box = idle.withLock { $0.popLast() } ?? Box()
    defer {
      idle.withLock { boxes in
        if boxes.count < Self.capacity { boxes.append(box) }
      }
    }
    return try Self.run(body, on: &box.scratch)
  }

  /// `body` on `scratch` with its search state new: one access to the box's buffers.
  private static func run<Result, Failure: Error>(
    _ body: (inout PlannerScratch) throws(Failure) -> Result, on scratch: inout PlannerScratch
  ) throws(Failure) -> Result {
    scratch.search = LegSearch()
    return try body(&scratch)
  }

  /// The number of idle boxes, for tests.
  var idleCount: Int { idle.withLock { $0.count } }
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
