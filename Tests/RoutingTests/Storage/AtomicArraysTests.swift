import Dispatch
import RoutingStorage
import Synchronization
import Testing

/// The plan cache's lock-free storage (`AtomicArrays.swift`): fixed arrays of atomic
/// integers. Under ThreadSanitizer (`.ci/run`) a plain access racing with another
/// thread's would also be reported.
@Suite(.serialized) struct AtomicArraysTests {
  @Test func anArrayStartsWithItsValueAndKeepsWhatIsStored() {
    let bytes = AtomicArray<UInt8>(repeating: 7, count: 5)
    #expect(bytes.count == 5)
    #expect((0..<5).map { bytes.relaxedLoad(at: $0) } == [7, 7, 7, 7, 7])
    bytes.relaxedStore(255, at: 4)
    bytes.relaxedStore(0, at: 0)
    #expect((0..<5).map { bytes.relaxedLoad(at: $0) } == [0, 7, 7, 7, 255])
    // A copy shares the bytes, as a class would.
    let copy = bytes
    copy.relaxedStore(3, at: 2)
    #expect(bytes.relaxedLoad(at: 2) == 3)

    let integers = AtomicArray<Int32>(repeating: -1, count: 3)
    integers.releasingStore(.min, at: 0)
    integers.releasingStore(.max, at: 2)
    #expect((0..<3).map { integers.acquiringLoad(at: $0) } == [.min, -1, .max])
    #expect(AtomicArray<Int32>(repeating: 0, count: 0).count == 0)

    let words = AtomicArray<UInt64>(repeating: .max, count: 2)
    words.relaxedStore(1 << 40, at: 1)
    #expect((0..<2).map { words.relaxedLoad(at: $0) } == [.max, 1 << 40])
  }

  /// A run of values stored at once lands where single stores would, and nowhere else.
  @Test func aRunOfValuesIsStoredInPlace() {
    let bytes = AtomicArray<UInt8>(repeating: 1, count: 8)
    let run: [UInt8] = [5, 6, 7]
    bytes.relaxedStore(run.span, at: 2)
    bytes.relaxedStore([UInt8]().span, at: 8)
    bytes.relaxedStore([9, 9].span, at: 6)
    #expect((0..<8).map { bytes.relaxedLoad(at: $0) } == [1, 1, 5, 6, 7, 1, 9, 9])
  }

  /// A compare-and-exchange stores only over the value expected, and tells what it
  /// found; threads counting with it lose no count.
  @Test func aCompareExchangeStoresOnlyOverTheValueExpected() {
    let integers = AtomicArray<Int32>(repeating: -1, count: 2)
    #expect(integers.relaxedCompareExchange(expected: -1, desired: 5, at: 1) == (true, -1))
    #expect(integers.relaxedCompareExchange(expected: -1, desired: 6, at: 1) == (false, 5))
    #expect((0..<2).map { integers.relaxedLoad(at: $0) } == [-1, 5])
    let bytes = AtomicArray<UInt8>(repeating: 0, count: 1)
    #expect(bytes.relaxedCompareExchange(expected: 0, desired: 255, at: 0) == (true, 0))
    let words = AtomicArray<UInt64>(repeating: 0, count: 1)
    #expect(words.relaxedCompareExchange(expected: 1, desired: 2, at: 0) == (false, 0))

    let rounds = TestScale.isFull ? 20_000 : 2_000
    let counter = AtomicArray<Int32>(repeating: 0, count: 1)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<rounds {
        var current = counter.relaxedLoad(at: 0)
        while true {
          let (exchanged, original) = counter.relaxedCompareExchange(
            expected: current, desired: current + 1, at: 0)
          if exchanged { break }
          current = original
        }
      }
    }
    #expect(counter.relaxedLoad(at: 0) == Int32(4 * rounds))
  }

  /// Zeros are the system's zeroed memory, written by nobody: every integer of a large
  /// array reads 0 until stored, whatever its size.
  @Test func anArrayOfZerosReadsZeroUntilStored() {
    let count = 8 << 20
    let bytes = AtomicArray<UInt8>(repeating: 0, count: count)
    #expect([0, 4_096, count / 2, count - 1].map { bytes.relaxedLoad(at: $0) } == [0, 0, 0, 0])
    bytes.relaxedStore(9, at: count - 1)
    #expect(bytes.relaxedLoad(at: count - 1) == 9)
    let words = AtomicArray<UInt64>(repeating: 0, count: 3)
    #expect((0..<3).map { words.acquiringLoad(at: $0) } == [0, 0, 0])
  }

  /// A reader that sees an integer stored with releasing ordering sees the bytes written
  /// before it: the way the plan cache publishes a field under its slot's number.
  @Test func aReleasedIntegerPublishesTheBytesBeforeIt() {
    let rounds = 250
    let size = TestScale.isFull ? 4_096 : 256
    let bytes = AtomicArray<UInt8>(repeating: 0, count: size)
    let published = AtomicArray<Int32>(repeating: 0, count: 1)
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
}
