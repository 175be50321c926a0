import Dispatch
import RoutingStorage
import Synchronization
import Testing

/// The plan cache's lock-free storage (`AtomicArrays.swift`): fixed arrays of atomics and
/// references set at most once. Under ThreadSanitizer (`.ci/run`) a plain access racing
/// with another thread's would also be reported.
@Suite(.serialized) struct AtomicArraysTests {
  /// Counts the objects alive, to see that a place's object is freed with it.
  final class Tracked: Sendable {
    static let alive = Atomic(0)
    let value: Int

    init(_ value: Int) {
      self.value = value
      Self.alive.add(1, ordering: .relaxed)
    }

    deinit { Self.alive.subtract(1, ordering: .relaxed) }
  }

  @Test func anArrayStartsWithItsValueAndKeepsWhatIsStored() {
    let bytes = AtomicByteArray(repeating: 7, count: 5)
    #expect(bytes.count == 5)
    #expect((0..<5).map { bytes.relaxedLoad(at: $0) } == [7, 7, 7, 7, 7])
    bytes.relaxedStore(255, at: 4)
    bytes.relaxedStore(0, at: 0)
    #expect((0..<5).map { bytes.relaxedLoad(at: $0) } == [0, 7, 7, 7, 255])
    // A copy shares the bytes, as a class would.
    let copy = bytes
    copy.relaxedStore(3, at: 2)
    #expect(bytes.relaxedLoad(at: 2) == 3)

    let integers = AtomicInt32Array(repeating: -1, count: 3)
    integers.releasingStore(.min, at: 0)
    integers.releasingStore(.max, at: 2)
    #expect((0..<3).map { integers.acquiringLoad(at: $0) } == [.min, -1, .max])
    #expect(AtomicInt32Array(repeating: 0, count: 0).count == 0)
  }

  /// A reader that sees an integer stored with releasing ordering sees the bytes written
  /// before it: the way the plan cache publishes a field under its slot's number.
  @Test func aReleasedIntegerPublishesTheBytesBeforeIt() {
    let rounds = 250
    let size = TestScale.isFull ? 4_096 : 256
    let bytes = AtomicByteArray(repeating: 0, count: size)
    let published = AtomicInt32Array(repeating: 0, count: 1)
    let stale = Atomic(0)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      if thread == 0 {
        for round in 1...rounds {
          for index in 0..<size { bytes.relaxedStore(UInt8(round), at: index) }
          published.releasingStore(Int32(round), at: 0)
        }
      } else {
        var round: Int32 = 0
        while round < Int32(rounds) {
          round = published.acquiringLoad(at: 0)
          // The bytes only grow: each is the published round's or a later one's.
          for index in 0..<size where Int32(bytes.relaxedLoad(at: index)) < round {
            stale.add(1, ordering: .relaxed)
          }
        }
      }
    }
    #expect(stale.load(ordering: .relaxed) == 0)
    #expect(bytes.relaxedLoad(at: size - 1) == UInt8(rounds))
  }

  @Test func aLazyReferenceKeepsTheFirstObjectStored() {
    let reference = LazyReference<Tracked>()
    #expect(reference.load() == nil)
    let first = Tracked(1)
    #expect(reference.storeIfNil(first) === first)
    #expect(reference.storeIfNil(Tracked(2)) === first)
    #expect(reference.load() === first)
  }

  /// Threads that set the same place at once all get one object, the others' objects are
  /// freed, and the array frees the objects it holds.
  @Test func threadsSettingOnePlaceAgreeOnItsObject() {
    let before = Tracked.alive.load(ordering: .relaxed)
    do {
      let places = LazyReferences<Tracked>(count: 8)
      #expect(places.count == 8)
      #expect(places[3] == nil)
      let threads = 6
      let seen = Locked([[Int]](repeating: [], count: places.count))
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        for place in 0..<places.count {
          let stored =
            places[place] ?? places.storeIfNil(Tracked(place * 100 + thread), at: place)
          #expect(stored.value / 100 == place)
          seen.withLock { $0[place].append(stored.value) }
        }
      }
      for place in 0..<places.count {
        let values = seen.withLock { $0[place] }
        #expect(values.count == threads)
        #expect(Set(values).count == 1)
        #expect(places[place]?.value == values.first)
      }
      #expect(Tracked.alive.load(ordering: .relaxed) - before <= places.count)
    }
    #expect(Tracked.alive.load(ordering: .relaxed) == before)
  }
}
