import Dispatch
import RoutingStorage
import Synchronization
import Testing

/// ``LendingSlots``' invariant: a slot is lent to one borrower at a time and kept as its
/// last borrower left it; a borrower finding every slot lent gets a value of its own.
/// Two holders of one slot show in the tokens, and under ThreadSanitizer (`.ci/run`) as
/// an access race on the slot's value.
@Suite struct LendingSlotsTests {
  /// Increments from several threads at once all land, in the slots and in the values
  /// made when every slot was lent: each borrower has its value to itself.
  @Test func eachBorrowerHasItsValueToItself() {
    let slots = LendingSlots(capacity: 2) { [Int]() }
    let threads = 6
    let rounds = TestScale.isFull ? 20_000 : 2_000
    let extra = Atomic(0)
    let overwritten = Atomic(0)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for round in 0..<rounds {
        slots.withValue { value in
          if value.isEmpty { extra.add(1, ordering: .relaxed) }
          let token = thread * rounds + round
          value.append(token)
          // Let other threads borrow while this one holds its value.
          var spin = 0
          for _ in 0..<(round % 5) * 20 { spin &+= value.count }
          if value.last != token || spin < 0 { overwritten.add(1, ordering: .relaxed) }
        }
      }
    }
    #expect(overwritten.load(ordering: .relaxed) == 0)
    #expect(slots.idleCount == 2)
    // Every append is in a slot or was in a borrower's own value; a value found empty
    // was a borrower's own or a slot's first borrow (at most two).
    var kept = 0
    slots.withValue { first in
      slots.withValue { second in kept = first.count + second.count }
    }
    let made = extra.load(ordering: .relaxed)
    #expect((0...2).contains(kept + made - threads * rounds))
  }

  /// Slots are taken lowest first and kept between borrowers; beyond the capacity each
  /// borrower gets a new value, dropped after.
  @Test func slotsAreKeptAndExtraValuesAreNot() {
    let slots = LendingSlots(capacity: 2) { [Int]() }
    slots.withValue { $0.append(1) }
    slots.withValue { first in
      #expect(first == [1])
      slots.withValue { second in
        #expect(second.isEmpty)
        second.append(2)
        slots.withValue { third in
          #expect(third.isEmpty)
          third.append(3)
          #expect(slots.idleCount == 0)
        }
      }
    }
    #expect(slots.idleCount == 2)
    slots.withValue { first in
      slots.withValue { second in
        slots.withValue { third in #expect(first == [1] && second == [2] && third.isEmpty) }
      }
    }
  }

  /// A thrown error frees the slot, which keeps what the body wrote.
  @Test func aThrowingBodyFreesItsSlot() {
    struct Stop: Error {}
    let slots = LendingSlots(capacity: 1) { [Int]() }
    #expect(throws: Stop.self) {
      try slots.withValue { (value) throws(Stop) in
        value.append(7)
        throw Stop()
      }
    }
    #expect(slots.idleCount == 1)
    slots.withValue { #expect($0 == [7]) }
  }

  /// A full word of slots: the mask covers all 64 bits.
  @Test func theLargestCapacityLendsEverySlot() {
    let slots = LendingSlots(capacity: LendingSlots<Int>.maximumCapacity) { 0 }
    func nest(_ depth: Int) {
      guard depth > 0 else { return }
      slots.withValue { value in
        value += 1
        nest(depth - 1)
      }
    }
    nest(slots.capacity + 2)
    #expect(slots.idleCount == slots.capacity)
    var total = 0
    func sum(_ depth: Int) {
      guard depth > 0 else { return }
      slots.withValue { value in
        total += value
        sum(depth - 1)
      }
    }
    sum(slots.capacity)
    #expect(total == slots.capacity)
  }
}
