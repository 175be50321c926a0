import Synchronization

/// One node of a planning search: a screen reached on top of the stack, how, and from
/// which base (the stack index the leg popped back to, or the top when it did not pop).
struct SearchRecord: Sendable {
  var screen: Int32
  var parent: Int32
  var command: Int32
  var base: Int32
  var isPop: Bool
  /// The leg's cost up to and including this step. Costs are at most
  /// ``RouteTable/maximumCost`` and a leg has fewer steps than 2³¹, so the sum fits.
  var cost: Int
}

/// Buffers that one planning search reuses. Arrays indexed by screen or command carry a
/// generation stamp beside each value, so starting a new search costs O(1) instead of
/// clearing them.
struct PlannerScratch: Sendable {
  var generation: UInt32 = 0
  /// Lowest stack index whose entry matches the screen.
  var lowStamp: [UInt32] = []
  var low: [Int32] = []
  /// Topmost stack index below the top whose entry matches the screen.
  var popStamp: [UInt32] = []
  var popIndex: [Int32] = []
  /// Smallest base with which the screen has been reached in this search.
  var bestStamp: [UInt32] = []
  var best: [Int32] = []
  /// Whether the commands from anywhere have been tried for a base.
  var wildcardStamp: [UInt32] = []
  /// Commands whose guard said no to the current request, stamped with
  /// ``requestGeneration``. Requests count on their own: a request runs several searches,
  /// and the search counter wrapping among them must not clear its guards' answers.
  var disabledStamp: [UInt32] = []
  var requestGeneration: UInt32 = 0
  var records: [SearchRecord] = []
  var candidates: [SearchRecord] = []
  var poppedScreens: [Int32] = []
  /// The weighted search's priority queue of record numbers, and two paths it compares.
  var heap: [Int32] = []
  var leftPath: [Int32] = []
  var rightPath: [Int32] = []

  mutating func prepare(screens: Int, commands: Int, depth: Int) {
    if low.count != screens {
      lowStamp = Array(repeating: 0, count: screens)
      low = Array(repeating: 0, count: screens)
      popStamp = Array(repeating: 0, count: screens)
      popIndex = Array(repeating: 0, count: screens)
      bestStamp = Array(repeating: 0, count: screens)
      best = Array(repeating: 0, count: screens)
      generation = 0
    }
    if disabledStamp.count != commands {
      disabledStamp = Array(repeating: 0, count: commands)
      requestGeneration = 0
    }
    if wildcardStamp.count < depth {
      wildcardStamp.append(contentsOf: repeatElement(0, count: depth - wildcardStamp.count))
    }
  }

  /// Starts a new generation: every stamped value reads as unset.
  mutating func advance() {
    generation &+= 1
    if generation == 0 {
      for index in lowStamp.indices {
        lowStamp[index] = 0
        popStamp[index] = 0
        bestStamp[index] = 0
      }
      for index in wildcardStamp.indices { wildcardStamp[index] = 0 }
      generation = 1
    }
  }

  /// Starts a new request: every command reads as enabled until stamped.
  ///
  /// - Returns: The stamp that marks a command disabled for this request.
  mutating func advanceRequest() -> UInt32 {
    requestGeneration &+= 1
    if requestGeneration == 0 {
      for index in disabledStamp.indices { disabledStamp[index] = 0 }
      requestGeneration = 1
    }
    return requestGeneration
  }
}

/// Planner buffers kept between searches, so that a warm table plans without
/// allocating. Any number of threads may take buffers at once; each takes its own.
final class ScratchPool: Sendable {
  private let idle = Mutex<[PlannerScratch]>([])

  /// Runs `body` with buffers of its own, taken from the pool (or new) and given back
  /// after. Moving the buffers in and out keeps them uniquely referenced: no copy.
  func withScratch<Result, Failure: Error>(
    _ body: (inout PlannerScratch) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var scratch = idle.withLock { $0.popLast() } ?? PlannerScratch()
    defer {
      idle.withLock { pool in
        if pool.count < 16 { pool.append(scratch) }
      }
    }
    return try body(&scratch)
  }
}
