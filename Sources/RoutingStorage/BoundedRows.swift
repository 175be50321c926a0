/// Rows of indices, compressed: row `r` is `items[starts[r]..<starts[r + 1]]`, and every
/// item is an index below `bound`. The leg engine's breadth-first search reads the
/// graph's rows through it (each row's items are screen numbers) and, at each item, that
/// screen's word of its search memory.
///
/// Invariants, checked once by ``init(starts:items:bound:)`` and never changed after
/// (every property is a `let`):
/// - `starts` holds at least one value; `starts[0] == 0`; it does not decrease; its last
///   value is `items.count`. So every row's positions lie within `items`.
/// - Every item is in `0..<bound`. So an item indexes any span of at least `bound`
///   elements.
///
/// From them, ``scan(row:over:_:)`` and ``firstPosition(inRow:over:where:)`` check a row
/// number and the span's count once a row and read the row's bounds, its items and the
/// span at each item without a check; the rest of the API is checked as an array's is.
public struct BoundedRows: Sendable {
  /// Where each row starts in ``items``, and one past the end of the last row.
  public let starts: [Int32]
  /// The rows' items, end to end.
  public let items: [Int32]
  /// The bound of every item.
  public let bound: Int

  /// No rows.
  public init() {
    starts = [0]
    items = []
    bound = 0
  }

  /// The rows `starts` over `items`, every item below `bound`.
  ///
  /// - Precondition: the invariants above; it traps otherwise.
  /// - Complexity: O(*r* + *n*) for *r* rows and *n* items.
  public init(starts: [Int32], items: [Int32], bound: Int) {
    precondition(
      starts.first == 0 && starts.last.map(Int.init) == items.count,
      "rows must start at 0 and end at the items' count")
    precondition(bound >= 0, "a bound is not negative")
    for row in 0..<(starts.count - 1) {
      precondition(starts[row] <= starts[row + 1], "rows' starts must not decrease")
    }
    for item in items {
      precondition(item >= 0 && Int(item) < bound, "an item must be below the bound")
    }
    self.starts = starts
    self.items = items
    self.bound = bound
  }

  /// The number of rows.
  @inlinable public var count: Int { starts.count - 1 }

  /// The positions in ``items`` of row `row`; it traps when `row` is not a row.
  ///
  /// - Complexity: O(1).
  @inlinable public func positions(ofRow row: Int) -> Range<Int> {
    precondition(UInt(bitPattern: row) < UInt(bitPattern: count), "row out of range")
    // `row` and `row + 1` index `starts`, whose values do not decrease (invariants).
    return starts.withUnsafeBufferPointer { starts in
      Range(uncheckedBounds: (Int(starts[row]), Int(starts[row + 1])))
    }
  }

  /// Calls `body` with each position of row `row`, in order, the item there, and that
  /// item's element of `words`; returns the row's number of items.
  ///
  /// It traps when `row` is not a row or `words` holds fewer than ``bound`` elements;
  /// after those two checks, nothing it reads is checked again: the invariants keep
  /// every position within ``items`` and every item within `words`.
  ///
  /// - Complexity: O(*k*) calls of `body` for a row of *k* items.
  @discardableResult
  @inlinable public func scan<Word>(
    row: Int, over words: inout MutableSpan<Word>,
    _ body: (_ position: Int, _ item: Int, _ word: inout Word) -> Void
  ) -> Int {
    let positions = positions(ofRow: row)
    precondition(words.count >= bound, "a span shorter than the rows' bound")
    items.withUnsafeBufferPointer { items in
      for position in positions {
        let item = Int(items[position])
        body(position, item, &words[unchecked: item])
      }
    }
    return positions.count
  }

  /// The first position of row `row`, in order, whose item and that item's element of
  /// `words` satisfy `predicate`, or `nil`; checked as ``scan(row:over:_:)`` is, once a
  /// row.
  ///
  /// - Complexity: O(*k*) calls of `predicate` at most, for a row of *k* items.
  @inlinable public func firstPosition<Word>(
    inRow row: Int, over words: borrowing MutableSpan<Word>,
    where predicate: (_ position: Int, _ item: Int, _ word: Word) -> Bool
  ) -> Int? {
    let positions = positions(ofRow: row)
    precondition(words.count >= bound, "a span shorter than the rows' bound")
    return items.withUnsafeBufferPointer { items in
      for position in positions {
        let item = Int(items[position])
        if predicate(position, item, words[unchecked: item]) { return position }
      }
      return nil
    }
  }
}
