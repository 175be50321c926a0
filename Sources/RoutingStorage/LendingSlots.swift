import Synchronization

/// A few values that are costly to make and cheap to reuse, each lent to one borrower at
/// a time: the planner's search buffers.
///
/// Which slots are lent is one atomic word, a bit a slot. A borrower claims the lowest
/// free slot by setting its bit (an acquiring compare-and-exchange) and frees it by
/// clearing the bit (a releasing AND), so the previous borrower's writes to a slot are
/// ordered before the next borrower's reads. Both are atomic operations compiled into
/// this package, which ThreadSanitizer instruments (unlike the toolchain's `Mutex`, a
/// futex in a library built without it). No lock is taken, and a slot's value is
/// reached through its address, so an access makes no run-time exclusivity check.
///
/// When every slot is lent, a borrower is given a value of its own, made for its call
/// and dropped after it.
///
/// Invariants:
/// - `values` addresses `capacity` values, initialized once by `init` and deinitialized
///   and freed by `deinit`; the memory never moves.
/// - Bit *i* of `lent` is set exactly while slot *i* is lent, from a successful
///   compare-and-exchange in ``withValue(_:)`` until the AND on that call's way out,
///   a thrown error's included. Only the borrower holding the bit reads or writes slot
///   *i*: that is what makes the type `Sendable`.
/// - The bits at and above `capacity` are never set.
public final class LendingSlots<Value: Sendable>: @unchecked Sendable {
  /// The most slots: one bit of `lent` each.
  public static var maximumCapacity: Int { UInt64.bitWidth }

  /// The number of slots.
  public let capacity: Int
  /// The slots' values.
  @usableFromInline let values: UnsafeMutablePointer<Value>
  /// One bit a slot, set while it is lent.
  @usableFromInline let lent: Atomic<UInt64>
  /// Makes a value: each slot's first, and a borrower's own when every slot is lent.
  @usableFromInline let make: @Sendable () -> Value

  /// `capacity` slots, each holding a value that `make` makes.
  ///
  /// - Precondition: `capacity` is between 1 and ``maximumCapacity``.
  /// - Complexity: O(`capacity`) calls of `make`.
  public init(capacity: Int, make: @escaping @Sendable () -> Value) {
    precondition(
      capacity >= 1 && capacity <= Self.maximumCapacity, "capacity out of range")
    self.capacity = capacity
    self.make = make
    values = .allocate(capacity: capacity)
    for slot in 0..<capacity { (values + slot).initialize(to: make()) }
    lent = Atomic(0)
  }

  deinit {
    values.deinitialize(count: capacity)
    values.deallocate()
  }

  /// Runs `body` with a value that no other borrower holds meanwhile: the lowest free
  /// slot's, as the slot's last borrower left it, or a new one when every slot is lent.
  ///
  /// - Complexity: O(1) besides `body` (a load, a compare-and-exchange and an AND on the
  ///   atomic word when no other borrower races for it), plus a call of `make` when
  ///   every slot is lent.
  @inlinable public func withValue<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let all: UInt64 = capacity == UInt64.bitWidth ? ~0 : (1 << UInt64(capacity)) - 1
    var seen = lent.load(ordering: .relaxed)
    while true {
      let free = ~seen & all
      guard free != 0 else {
        var own = make()
        return try body(&own)
      }
      let slot = free.trailingZeroBitCount
      let bit: UInt64 = 1 << UInt64(slot)
      let (claimed, current) = lent.compareExchange(
        expected: seen, desired: seen | bit, successOrdering: .acquiring,
        failureOrdering: .relaxed)
      guard claimed else {
        seen = current
        continue
      }
      defer { lent.bitwiseAnd(~bit, ordering: .releasing) }
      return try body(&values[slot])
    }
  }

  /// The number of slots not lent at this moment, for tests.
  ///
  /// - Complexity: O(1).
  public var idleCount: Int {
    capacity - lent.load(ordering: .relaxed).nonzeroBitCount
  }
}
