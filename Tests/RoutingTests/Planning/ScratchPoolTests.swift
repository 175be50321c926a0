import Dispatch
import Synchronization
import Testing

@testable import Routing

/// The buffer pool's invariant (``ScratchPool``): a set of buffers is idle or held by
/// exactly one caller, and a taker finds its search state new. Two holders of one set
/// show in the tokens, and under ThreadSanitizer (`.ci/run`) as an access race.
@Suite struct ScratchPoolTests {
  /// Threads take and give back buffers at once, each leaving its own token in them and
  /// reading it back after a pause: a set shared by two holders would show the other's
  /// token, and a taker that found an earlier holder's state would see a count of work.
  @Test func eachHolderHasItsBuffersToItselfAndFindsItsSearchNew() {
    let pool = ScratchPool()
    let threads = 6
    let rounds = TestScale.isFull ? 4_000 : 400
    let overwritten = Atomic(0)
    let stale = Atomic(0)
    let holding = Atomic(0)
    let mostHeld = Atomic(0)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for round in 0..<rounds {
        let token = thread * rounds + round + 1
        pool.withScratch { buffers in
          let held = holding.add(1, ordering: .relaxed).newValue
          _ = mostHeld.max(held, ordering: .relaxed)
          if buffers.search.work != 0 || buffers.search.sink != 0
            || buffers.search.implicitAnywhere
          {
            stale.add(1, ordering: .relaxed)
          }
          buffers.search.work = token
          buffers.leg.append(LegStep(command: Int32(token), screen: 0, popTo: -1))
          // Let other threads take sets while this one holds its own.
          var spin = 0
          for _ in 0..<(round % 7) * 50 { spin &+= buffers.leg.count }
          buffers.search.sink = Int32(truncatingIfNeeded: spin)
          if buffers.search.work != token || buffers.leg.last?.command != Int32(token) {
            overwritten.add(1, ordering: .relaxed)
          }
          // Leave the state dirty, as a plan does: the next taker must not see it.
          buffers.search = LegSearch(implicitAnywhere: true)
          buffers.search.work = token
          buffers.leg.removeAll(keepingCapacity: true)
          holding.subtract(1, ordering: .relaxed)
        }
      }
    }
    #expect(overwritten.load(ordering: .relaxed) == 0)
    #expect(stale.load(ordering: .relaxed) == 0)
    #expect(mostHeld.load(ordering: .relaxed) <= threads)
    // Every set came back.
    #expect(pool.idleCount == ScratchPool.capacity)
  }

  /// More holders at once than the pool keeps, nested: each holds a set of its own, the
  /// sets are kept as their holders left them, and the holders past the capacity get
  /// new sets, not kept.
  @Test func nestedHoldersGetDistinctSetsAndFreeThem() {
    let pool = ScratchPool()
    let depth = ScratchPool.capacity + 2
    // What each nested holder found in its leg buffer, outermost first.
    var found: [[Int32]] = []
    func nest(_ level: Int) {
      guard level < depth else { return }
      pool.withScratch { buffers in
        found.append(buffers.leg.map(\.command))
        buffers.leg = [LegStep(command: Int32(level), screen: 0, popTo: -1)]
        nest(level + 1)
        #expect(buffers.leg.map(\.command) == [Int32(level)])
      }
    }
    nest(0)
    #expect(found.count == depth && found.allSatisfy { $0.isEmpty })
    #expect(pool.idleCount == ScratchPool.capacity)
    found = []
    nest(0)
    let kept = Array(found.prefix(ScratchPool.capacity))
    let extra = found.suffix(depth - ScratchPool.capacity)
    #expect(kept == (0..<ScratchPool.capacity).map { [Int32($0)] })
    #expect(extra.count == 2 && extra.allSatisfy { $0.isEmpty })
    pool.withScratch { buffers in #expect(buffers.search.work == 0) }
  }

  /// A plan's per-leg state does not leak into the next plan: after plans that leave
  /// their first steps from anywhere implicit, a fresh taker finds them explicit.
  @Test func aPlanLeavesNoSearchStateBehind() throws {
    var random = SeededGenerator(seed: 5)
    let sample = try PlannerEngineTests.mediumCase(&random, costs: false)
    let table = sample.table.limitingPlanCache(to: 0)
    let names = table.screens.map(\.name)
    for index in 0..<20 {
      _ = try? table.route(
        from: [Entry(names[index % names.count])], to: names[(index * 7) % names.count])
      table.planner.scratch.withScratch { buffers in
        #expect(buffers.search.work == 0 && !buffers.search.implicitAnywhere)
      }
    }
  }
}
