/// An immutable array's elements in memory of their own, which reading does not retain
/// and release as it would an array's: the tables of a `LinkIndex`, read on every step
/// of a link read.
///
/// Invariants:
/// - `pointer` addresses `count` initialized elements (or, for `count == 0`, memory for
///   one uninitialized element), aligned as asked, and no one writes them after
///   ``init(count:alignment:element:)`` returns.
/// - The owner frees the memory exactly once, with ``free()``, when no reader is left
///   (a `LinkIndex` does so in its `deinit`); the table is `Sendable` because it is
///   immutable and outlived by its owner.
public struct FlatTable<Element: Sendable>: @unchecked Sendable {
  /// The first element.
  public let pointer: UnsafePointer<Element>
  /// How many elements.
  public let count: Int

  /// A table of `elements`, its first aligned on `alignment` bytes (a power of two), or
  /// as its type requires.
  ///
  /// - Complexity: O(*n*) for *n* elements.
  @inlinable public init(_ elements: [Element], alignment: Int = MemoryLayout<Element>.alignment) {
    self.init(count: elements.count, alignment: alignment) { elements[$0] }
  }

  /// A table of `count` elements, `element(i)` made in place for each *i* in order, its
  /// first aligned on `alignment` bytes (a power of two).
  ///
  /// - Complexity: O(*n*) for *n* elements.
  @inlinable public init(count: Int, alignment: Int, element: (Int) -> Element) {
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<Element>.stride * max(count, 1),
      alignment: max(alignment, MemoryLayout<Element>.alignment)
    ).bindMemory(to: Element.self, capacity: max(count, 1))
    for index in 0..<count { (memory + index).initialize(to: element(index)) }
    pointer = UnsafePointer(memory)
    self.count = count
  }

  /// Element `index`; it traps outside the table, as an array does.
  @inlinable public subscript(index: Int) -> Element {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    return pointer[index]
  }

  /// Element `index`, which the caller has from the table's own structure (a slot masked
  /// to the table's size, a child number the table stored): read without a bounds check.
  ///
  /// - Precondition: `0 <= index < count`.
  @inlinable public subscript(unchecked index: Int) -> Element {
    pointer[index]
  }

  /// Frees the memory: the table must not be read again.
  public func free() {
    let memory = UnsafeMutablePointer(mutating: pointer)
    memory.deinitialize(count: count)
    memory.deallocate()
  }
}
