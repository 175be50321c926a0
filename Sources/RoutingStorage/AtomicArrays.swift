import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fixed number of atomic integers in memory of their own, which threads read and
/// write without a lock: the plan cache's marks (which earnings change by
/// compare-and-exchange), its slots' words and its fields' distances, read by plans while
/// a build writes.
///
/// A structure holding the memory's address beside the object that owns it, rather
/// than the object alone: a read through it loads one address fewer, and a loop over a
/// copy keeps the address in a register, where through a class it would load it again
/// after every atomic load. A copy shares the integers with the original, as a class
/// would; the memory is freed when the last copy goes.
///
/// The memory comes zeroed from the system (`calloc`), and an array of zeros writes
/// nothing more: the system gives a large array its pages as they are first written, so
/// that the plan cache can own the memory of every field it may hold from the start and
/// pay only for the fields it builds.
///
/// It has one method per memory ordering its users need rather than an ordering
/// parameter: an atomic operation takes its ordering only as a constant written at the
/// call, which a wrapper's parameter is not.
///
/// Invariants:
/// - `elements` addresses `count` atomics, allocated zeroed once by
///   ``init(repeating:count:)``, owned by `memory` and freed by its `deinit`, after the
///   last copy of the array is gone; the memory never moves.
/// - Zero bytes are an initialized atomic integer of value 0: the atomic representation of
///   a standard-library integer is its bytes. Then every element is initialized from the
///   start, and the element type is trivial, so freeing needs no deinitialization.
/// - Every element is read and written only by an atomic operation, after a bounds
///   check: concurrent accesses are never data races, which is what makes the type
///   `Sendable` (a pointer is not).
public struct AtomicArray<Element: AtomicArrayElement>: @unchecked Sendable {
  /// The owner of the elements.
  @usableFromInline final class Memory {
    @usableFromInline let elements: UnsafeMutablePointer<Atomic<Element>>

    /// Zeroed memory for `count` integers, or `nil` when the system has none to give.
    @usableFromInline init?(count: Int) {
      // At least one byte: `calloc` may answer a request for none with no address.
      guard let memory = calloc(max(count, 1), MemoryLayout<Atomic<Element>>.stride) else {
        return nil
      }
      elements = memory.bindMemory(to: Atomic<Element>.self, capacity: count)
    }

    deinit {
      free(elements)
    }
  }

  @usableFromInline let memory: Memory
  @usableFromInline let elements: UnsafeMutablePointer<Atomic<Element>>
  /// How many integers.
  public let count: Int

  /// `count` integers, each `value`.
  ///
  /// Inlinable, so that the loop storing a value other than zero is specialized for its
  /// integers rather than looking their type up for each.
  ///
  /// - Complexity: O(*n*) for *n* integers; O(1) for zeros, whose memory the system
  ///   provides as it is first written.
  @inlinable public init(repeating value: Element, count: Int) {
    precondition(count >= 0, "a negative count")
    guard let memory = Memory(count: count) else {
      fatalError("out of memory for \(count) atomic integers")
    }
    self.init(memory, count: count)
    guard value != 0 else { return }
    for index in 0..<count { Element.store(value, into: elements[index], releasing: false) }
  }

  /// `count` zeros, or `nil` when the system has no memory for them: for an array whose
  /// size is a budget the caller can lower.
  ///
  /// - Complexity: O(1): the system provides the memory as it is first written.
  @inlinable public init?(zerosCount count: Int) {
    precondition(count >= 0, "a negative count")
    guard let memory = Memory(count: count) else { return nil }
    self.init(memory, count: count)
  }

  @inlinable init(_ memory: Memory, count: Int) {
    self.memory = memory
    elements = memory.elements
    self.count = count
  }

  /// Integer `index`, loaded with relaxed ordering; it traps outside the array.
  ///
  /// - Complexity: O(1).
  @inlinable public func relaxedLoad(at index: Int) -> Element {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    return Element.load(elements[index], acquiring: false)
  }

  /// Stores `value` as integer `index` with relaxed ordering; it traps outside the array.
  ///
  /// - Complexity: O(1).
  @inlinable public func relaxedStore(_ value: Element, at index: Int) {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    Element.store(value, into: elements[index], releasing: false)
  }

  /// Stores `values` as the integers from `start` on, each with relaxed ordering, after
  /// one bounds check for them all: the plan cache writes a field so.
  ///
  /// - Complexity: O(*n*) for *n* values.
  @inlinable public func relaxedStore(_ values: Span<Element>, at start: Int) {
    precondition(start >= 0 && values.count <= count - start, "values beyond the array")
    let first = elements + start
    for offset in values.indices {
      Element.store(values[unchecked: offset], into: first[offset], releasing: false)
    }
  }

  /// Integer `index`, loaded with acquiring ordering: what a thread wrote before it
  /// stored this value with ``releasingStore(_:at:)`` is visible after; it traps outside
  /// the array.
  ///
  /// - Complexity: O(1).
  @inlinable public func acquiringLoad(at index: Int) -> Element {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    return Element.load(elements[index], acquiring: true)
  }

  /// Stores `value` as integer `index` with releasing ordering, publishing what this
  /// thread wrote before to a thread that loads it with ``acquiringLoad(at:)``; it traps
  /// outside the array.
  ///
  /// - Complexity: O(1).
  @inlinable public func releasingStore(_ value: Element, at index: Int) {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    Element.store(value, into: elements[index], releasing: true)
  }

  /// Stores `desired` as integer `index` if it still holds `expected`, in one atomic
  /// step with relaxed ordering; returns whether it did and the value it held. It traps
  /// outside the array.
  ///
  /// - Complexity: O(1).
  @inlinable public func relaxedCompareExchange(
    expected: Element, desired: Element, at index: Int
  ) -> (exchanged: Bool, original: Element) {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    return Element.compareExchange(expected: expected, desired: desired, in: elements[index])
  }
}

/// An integer an ``AtomicArray`` holds: one whose atomic loads, stores and
/// compare-and-exchange it can name.
///
/// `Atomic`'s operations are declared for each size of integer, not for any
/// `AtomicRepresentable` value, so generic code reaches them through these three
/// requirements. Each ordering is a constant at its call, as an atomic operation needs
/// it; inlined into a caller that passes a constant, the other branch goes.
public protocol AtomicArrayElement: FixedWidthInteger & AtomicRepresentable {
  /// The value of `atomic`, loaded with acquiring ordering when `acquiring`, else relaxed.
  static func load(_ atomic: borrowing Atomic<Self>, acquiring: Bool) -> Self
  /// Stores `value` into `atomic` with releasing ordering when `releasing`, else relaxed.
  static func store(_ value: Self, into atomic: borrowing Atomic<Self>, releasing: Bool)
  /// Stores `desired` into `atomic` if it holds `expected`, with relaxed ordering;
  /// returns whether it did and the value it held.
  static func compareExchange(
    expected: Self, desired: Self, in atomic: borrowing Atomic<Self>
  ) -> (exchanged: Bool, original: Self)
}

extension UInt8: AtomicArrayElement {
  /// As ``AtomicArrayElement/load(_:acquiring:)``.
  @inlinable public static func load(_ atomic: borrowing Atomic<Self>, acquiring: Bool) -> Self {
    acquiring ? atomic.load(ordering: .acquiring) : atomic.load(ordering: .relaxed)
  }

  /// As ``AtomicArrayElement/store(_:into:releasing:)``.
  @inlinable public static func store(
    _ value: Self, into atomic: borrowing Atomic<Self>, releasing: Bool
  ) {
    releasing
      ? atomic.store(value, ordering: .releasing) : atomic.store(value, ordering: .relaxed)
  }

  /// As ``AtomicArrayElement/compareExchange(expected:desired:in:)``.
  @inlinable public static func compareExchange(
    expected: Self, desired: Self, in atomic: borrowing Atomic<Self>
  ) -> (exchanged: Bool, original: Self) {
    atomic.compareExchange(expected: expected, desired: desired, ordering: .relaxed)
  }
}

extension Int32: AtomicArrayElement {
  /// As ``AtomicArrayElement/load(_:acquiring:)``.
  @inlinable public static func load(_ atomic: borrowing Atomic<Self>, acquiring: Bool) -> Self {
    acquiring ? atomic.load(ordering: .acquiring) : atomic.load(ordering: .relaxed)
  }

  /// As ``AtomicArrayElement/store(_:into:releasing:)``.
  @inlinable public static func store(
    _ value: Self, into atomic: borrowing Atomic<Self>, releasing: Bool
  ) {
    releasing
      ? atomic.store(value, ordering: .releasing) : atomic.store(value, ordering: .relaxed)
  }

  /// As ``AtomicArrayElement/compareExchange(expected:desired:in:)``.
  @inlinable public static func compareExchange(
    expected: Self, desired: Self, in atomic: borrowing Atomic<Self>
  ) -> (exchanged: Bool, original: Self) {
    atomic.compareExchange(expected: expected, desired: desired, ordering: .relaxed)
  }
}

extension UInt64: AtomicArrayElement {
  /// As ``AtomicArrayElement/load(_:acquiring:)``.
  @inlinable public static func load(_ atomic: borrowing Atomic<Self>, acquiring: Bool) -> Self {
    acquiring ? atomic.load(ordering: .acquiring) : atomic.load(ordering: .relaxed)
  }

  /// As ``AtomicArrayElement/store(_:into:releasing:)``.
  @inlinable public static func store(
    _ value: Self, into atomic: borrowing Atomic<Self>, releasing: Bool
  ) {
    releasing
      ? atomic.store(value, ordering: .releasing) : atomic.store(value, ordering: .relaxed)
  }

  /// As ``AtomicArrayElement/compareExchange(expected:desired:in:)``.
  @inlinable public static func compareExchange(
    expected: Self, desired: Self, in atomic: borrowing Atomic<Self>
  ) -> (exchanged: Bool, original: Self) {
    atomic.compareExchange(expected: expected, desired: desired, ordering: .relaxed)
  }
}
