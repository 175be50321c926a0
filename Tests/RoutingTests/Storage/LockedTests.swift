import Dispatch
import RoutingStorage
import Testing

@Suite struct LockedTests {
  /// Increments from several threads at once all land: each runs alone on the value.
  @Test func threadsReachTheValueOneAtATime() {
    let counter = Locked(0)
    let threads = 4
    let rounds = 2_000
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<rounds {
        counter.withLock { value in
          let seen = value
          value = seen + 1
        }
      }
    }
    #expect(counter.withLock { $0 } == threads * rounds)
  }

  /// A thrown error leaves the lock free and the value as the body left it.
  @Test func aThrowingBodyUnlocks() {
    struct Stop: Error {}
    let locked = Locked([1])
    #expect(throws: Stop.self) {
      try locked.withLock { (value) throws(Stop) in
        value.append(2)
        throw Stop()
      }
    }
    #expect(locked.withLock { $0 } == [1, 2])
  }
}
