import Synchronization

// Fixed-size arrays of atomics that threads share without a lock: the plan cache's
// marks, its fields' distances and its slots, read by plans while a build writes.
//
// Each has one method per memory ordering its users need rather than an ordering
// parameter: an atomic operation takes its ordering only as a constant written at the
// call, which a wrapper's parameter is not.

/// A fixed number of atomic bytes in memory of their own, which threads read and
/// write without a lock. A copy shares the bytes with the original, as a class would;
/// the memory is freed when the last copy goes.
///
/// A structure holding the memory's address beside the object that owns it, rather
/// than the object alone: a read through it loads one address fewer, and a loop over a
/// copy keeps the address in a register, where through a class it would load it again
/// after every atomic load.
///
/// Invariants:
/// - `elements` addresses `count` initialized atomics, allocated and initialized once by
///   ``init(repeating:count:)``, owned by `memory` and freed by its `deinit`, after the
///   last copy of the array is gone; the memory never moves.
/// - Every element is read and written only by an atomic operation, after a bounds
///   check: concurrent accesses are never data races, which is what makes the type
///   `Sendable` (a pointer is not).
public struct AtomicByteArray: @unchecked Sendable {
  /// The owner of the elements.
  @usableFromInline final class Memory {
    let elements: UnsafeMutablePointer<Atomic<UInt8>>
    let count: Int

    init(repeating value: UInt8, count: Int) {
      elements = .allocate(capacity: count)
      for index in 0..<count { (elements + index).initialize(to: Atomic(value)) }
      self.count = count
    }

    deinit {
      elements.deinitialize(count: count)
      elements.deallocate()
    }
  }

  @usableFromInline let memory: Memory
  @usableFromInline let elements: UnsafeMutablePointer<Atomic<UInt8>>
  /// How many bytes.
  public let count: Int

  /// `count` bytes, each `value`.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  public init(repeating value: UInt8, count: Int) {
    precondition(count >= 0, "a negative count")
    memory = Memory(repeating: value, count: count)
    elements = memory.elements
    self.count = count
  }

  /// Byte `index`, loaded with relaxed ordering; it traps outside the array.
  ///
  /// - Complexity: O(1).
  @inlinable public func relaxedLoad(at index: Int) -> UInt8 {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    return elements[index].load(ordering: .relaxed)
  }

  /// Stores `value` as byte `index` with relaxed ordering; it traps outside the array.
  ///
  /// - Complexity: O(1).
  @inlinable public func relaxedStore(_ value: UInt8, at index: Int) {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    elements[index].store(value, ordering: .relaxed)
  }
}

/// A fixed number of atomic integers in memory of their own, which threads read and
/// write without a lock. A copy shares the integers with the original, as a class would;
/// the memory is freed when the last copy goes.
///
/// A structure holding the memory's address beside the object that owns it, rather
/// than the object alone: a read through it loads one address fewer, and a loop over a
/// copy keeps the address in a register, where through a class it would load it again
/// after every atomic load.
///
/// Invariants:
/// - `elements` addresses `count` initialized atomics, allocated and initialized once by
///   ``init(repeating:count:)``, owned by `memory` and freed by its `deinit`, after the
///   last copy of the array is gone; the memory never moves.
/// - Every element is read and written only by an atomic operation, after a bounds
///   check: concurrent accesses are never data races, which is what makes the type
///   `Sendable` (a pointer is not).
public struct AtomicInt32Array: @unchecked Sendable {
  /// The owner of the elements.
  @usableFromInline final class Memory {
    let elements: UnsafeMutablePointer<Atomic<Int32>>
    let count: Int

    init(repeating value: Int32, count: Int) {
      elements = .allocate(capacity: count)
      for index in 0..<count { (elements + index).initialize(to: Atomic(value)) }
      self.count = count
    }

    deinit {
      elements.deinitialize(count: count)
      elements.deallocate()
    }
  }

  @usableFromInline let memory: Memory
  @usableFromInline let elements: UnsafeMutablePointer<Atomic<Int32>>
  /// How many integers.
  public let count: Int

  /// `count` integers, each `value`.
  ///
  /// - Complexity: O(*n*) for *n* integers.
  public init(repeating value: Int32, count: Int) {
    precondition(count >= 0, "a negative count")
    memory = Memory(repeating: value, count: count)
    elements = memory.elements
    self.count = count
  }

  /// Integer `index`, loaded with acquiring ordering: what a thread wrote before it
  /// stored this value with ``releasingStore(_:at:)`` is visible after; it traps outside
  /// the array.
  ///
  /// - Complexity: O(1).
  @inlinable public func acquiringLoad(at index: Int) -> Int32 {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    return elements[index].load(ordering: .acquiring)
  }

  /// Stores `value` as integer `index` with releasing ordering, publishing what this
  /// thread wrote before to a thread that loads it with ``acquiringLoad(at:)``; it traps
  /// outside the array.
  ///
  /// - Complexity: O(1).
  @inlinable public func releasingStore(_ value: Int32, at index: Int) {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    elements[index].store(value, ordering: .releasing)
  }
}

/// A reference set at most once and read without a lock: an object made lazily and
/// published to threads that may already be reading.
///
/// What `Synchronization.AtomicLazyReference` does, in the same representation, but
/// inlinable: that type's `load()` is a generic call into the Synchronization library,
/// which looks its metadata up at run time on every call, and every warm plan loads
/// one (`Docs/Performance.md`, "Low-level choices").
///
/// Invariants:
/// - `storage` holds `nil` or the one object ever stored, retained once by
///   ``storeIfNil(_:)`` and released once by `deinit`: the object lives as long as the
///   reference, so ``load()`` may hand it out without a retain of its own.
/// - The object is stored by a releasing compare-and-exchange and loaded with acquiring
///   ordering: a reader that sees it sees it fully made. It is `Sendable`, and so is the
///   reference.
public struct LazyReference<Instance: AnyObject & Sendable>: ~Copyable, Sendable {
  @usableFromInline let storage = Atomic<Unmanaged<Instance>?>(nil)

  /// A reference to nothing yet.
  public init() {}

  deinit {
    storage.load(ordering: .acquiring)?.release()
  }

  /// The object, or `nil` while none is stored.
  ///
  /// - Complexity: O(1).
  @inlinable public func load() -> Instance? {
    storage.load(ordering: .acquiring)?.takeUnretainedValue()
  }

  /// Stores `instance` unless an object is stored already, and returns the object stored
  /// now.
  ///
  /// - Complexity: O(1).
  public func storeIfNil(_ instance: Instance) -> Instance {
    let retained = Unmanaged.passRetained(instance)
    let (exchanged, original) = storage.compareExchange(
      expected: nil, desired: retained, ordering: .acquiringAndReleasing)
    if exchanged { return instance }
    retained.release()
    return original!.takeUnretainedValue()
  }
}

/// A fixed number of references, each set at most once and read without a lock: objects
/// made lazily, one per place, and published to threads that may already be reading.
///
/// Invariants:
/// - `references` addresses `count` initialized places (each a ``LazyReference``),
///   allocated once by ``init(count:)`` and freed, with the objects they hold, by
///   `deinit`; the memory never moves.
/// - A place is reached only through its own atomic operations, after a bounds check,
///   and holds `Sendable` objects: the type is `Sendable`.
public final class LazyReferences<Instance: AnyObject & Sendable>: @unchecked Sendable {
  @usableFromInline let references: UnsafeMutablePointer<LazyReference<Instance>>
  /// How many places.
  public let count: Int

  /// `count` places, none set.
  ///
  /// - Complexity: O(*n*) for *n* places.
  public init(count: Int) {
    precondition(count >= 0, "a negative count")
    references = .allocate(capacity: count)
    for index in 0..<count { (references + index).initialize(to: LazyReference()) }
    self.count = count
  }

  deinit {
    references.deinitialize(count: count)
    references.deallocate()
  }

  /// The object at `index`, or `nil` while none is set; it traps outside the array.
  ///
  /// - Complexity: O(1).
  @inlinable public subscript(index: Int) -> Instance? {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    return references[index].load()
  }

  /// Sets the object at `index` to `instance` unless one is set already, and returns the
  /// object the place holds now; it traps outside the array.
  ///
  /// - Complexity: O(1).
  public func storeIfNil(_ instance: Instance, at index: Int) -> Instance {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    return references[index].storeIfNil(instance)
  }
}
