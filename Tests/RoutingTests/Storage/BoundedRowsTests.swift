import RoutingStorage
import Testing

/// `BoundedRows`: its scan visits each row's positions and items in order, with each
/// item's element of the span, against a plain reading of the same arrays.
@Suite struct BoundedRowsTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func aScanVisitsARowsItemsAndTheirWords(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let bound = 50
    let (starts, items) = Self.randomRows(&random, bound: bound, longest: 6)
    let rows = BoundedRows(starts: starts, items: items, bound: bound)
    #expect(rows.count == 40)
    var words = [Int](repeating: 0, count: bound + 3)
    var expected = words
    for row in 0..<rows.count {
      let positions = Int(starts[row])..<Int(starts[row + 1])
      #expect(rows.positions(ofRow: row) == positions)
      var seen: [(Int, Int)] = []
      var span = words.mutableSpan
      let count = rows.scan(row: row, over: &span) { position, item, word in
        seen.append((position, item))
        word += position + 1
      }
      #expect(count == positions.count)
      #expect(seen.map(\.0) == Array(positions))
      #expect(seen.map(\.1) == positions.map { Int(items[$0]) })
      for position in positions { expected[Int(items[position])] += position + 1 }
      #expect(words == expected)
    }
  }

  /// The first position of a row whose item and word a predicate accepts, against a
  /// plain search of the same arrays: the first, not a later one, and `nil` when none.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func theFirstPositionIsThePlainSearchsFirst(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let bound = 30
    let (starts, items) = Self.randomRows(&random, bound: bound, longest: 8)
    let rows = BoundedRows(starts: starts, items: items, bound: bound)
    let words = (0..<bound).map { _ in Int.random(in: 0..<4, using: &random) }
    var found = 0
    for row in 0..<rows.count {
      for wanted in 0..<4 {
        var copy = words
        let span = copy.mutableSpan
        let first = rows.firstPosition(inRow: row, over: span) { position, item, word in
          #expect(Int(items[position]) == item)
          return word == wanted
        }
        let expected = (Int(starts[row])..<Int(starts[row + 1])).first {
          words[Int(items[$0])] == wanted
        }
        #expect(first == expected)
        if first != nil { found += 1 }
      }
    }
    #expect(found > 0)
  }

  /// Forty rows of up to `longest` random items below `bound`, as `BoundedRows` takes
  /// them: the rows' starts and their items end to end.
  static func randomRows(
    _ random: inout SeededGenerator, bound: Int, longest: Int
  ) -> (starts: [Int32], items: [Int32]) {
    var starts: [Int32] = [0]
    var items: [Int32] = []
    for _ in 0..<40 {
      for _ in 0..<Int.random(in: 0...longest, using: &random) {
        items.append(Int32.random(in: 0..<Int32(bound), using: &random))
      }
      starts.append(Int32(items.count))
    }
    return (starts, items)
  }

  @Test func noRowsHaveNoItems() {
    let rows = BoundedRows()
    #expect(rows.count == 0 && rows.items.isEmpty && rows.bound == 0)
  }
}
