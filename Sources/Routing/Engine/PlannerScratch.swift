import Synchronization

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
  /// Per command: set when its guard said no to the current request (or, planning
  /// across tabs, when the tab searched leaves it out); what a ``LegFilter`` made for a
  /// leg holds.
  var disabled = CommandSet()
  /// The first steps of the current leg, by command number (those from anywhere only
  /// when not ``implicitAnywhere``), and two buffers that build the list.
  var candidates: [LegStep] = []
  var pops: [LegStep] = []
  var merged: [LegStep] = []
  /// Whether the first steps by commands from anywhere are left implicit: every screen
  /// that ``RouteGraph/firstFromAnywhere`` names and the stack does not hold.
  var implicitAnywhere = false
  /// Per screen reached by a listed first step: that step's position in ``candidates``.
  var entryStep = StampedArray<Int32>(filler: 0)
  /// Commands looked at by the current cold search: what it cost.
  var work = 0
  /// A sum of what the breadth-first search read ahead of its expansions, kept so
  /// that those reads are made.
  var sink: Int32 = 0
  /// Per tab that leaves out some command, those commands marked, built once: planning
  /// across tabs hands a tab's set to the leg's ``LegFilter`` when no guard said no,
  /// rather than marking thousands of commands at every leg.
  var tabDisabled: [CommandSet] = []
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

/// Planner buffers kept between searches, so that a warm table plans without
/// allocating. Any number of threads may take buffers at once; each takes its own.
///
/// The idle buffers are kept on the heap, their addresses in a few atomic slots: taking
/// them is one exchange, giving them back one compare-and-exchange, and the buffers do
/// not move. (Before, a `Mutex` held an array of them: two lock round trips and two
/// moves of the buffers' two dozen arrays per plan. The atomics' acquiring and releasing
/// orders also tell ThreadSanitizer that one thread's buffers are handed to the next,
/// which the toolchain's futex `Mutex` did not, so no suppression is needed.)
final class ScratchPool: Sendable {
  /// Each slot: the address of idle buffers, or 0. Eight slots: more than the threads
  /// that usually plan at once on a table; buffers given back beyond that are freed.
  private let idle: InlineArray<8, Atomic<Int>> = InlineArray { _ in Atomic(0) }

  deinit {
    for slot in idle.indices {
      if let buffers = Self.buffers(at: idle[slot].load(ordering: .acquiring)) {
        buffers.deinitialize(count: 1)
        buffers.deallocate()
      }
    }
  }

  private static func buffers(at address: Int) -> UnsafeMutablePointer<PlannerScratch>? {
    UnsafeMutablePointer(bitPattern: address)
  }

  /// Runs `body` with buffers of its own, taken from the pool (or new) and given back
  /// after.
  func withScratch<Result, Failure: Error>(
    _ body: (inout PlannerScratch) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let buffers = take()
    defer { giveBack(buffers) }
    return try body(&buffers.pointee)
  }

  /// Idle buffers, or new ones.
  private func take() -> UnsafeMutablePointer<PlannerScratch> {
    for slot in idle.indices where idle[slot].load(ordering: .relaxed) != 0 {
      if let buffers = Self.buffers(at: idle[slot].exchange(0, ordering: .acquiring)) {
        return buffers
      }
    }
    let buffers = UnsafeMutablePointer<PlannerScratch>.allocate(capacity: 1)
    buffers.initialize(to: PlannerScratch())
    return buffers
  }

  /// Keeps `buffers` in an empty slot, or frees them when there is none.
  private func giveBack(_ buffers: UnsafeMutablePointer<PlannerScratch>) {
    let address = Int(bitPattern: buffers)
    for slot in idle.indices where idle[slot].load(ordering: .relaxed) == 0 {
      if idle[slot].compareExchange(expected: 0, desired: address, ordering: .releasing).exchanged {
        return
      }
    }
    buffers.deinitialize(count: 1)
    buffers.deallocate()
  }
}
