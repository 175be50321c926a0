/// One screen's word in a breadth-first search: the level at which the forward search
/// reached it and its distance to the milestone, each stored as the search's base plus
/// one plus the value (0 or less: not reached), so that a word written by an earlier
/// search reads as not reached. Eight bytes, with no stamp beside them: the words of
/// 100,000 screens fit in 800 KB, a look at a screen is one read.
struct LevelWord: Sendable {
  var forward: UInt32 = 0
  var backward: UInt32 = 0
}

/// The memory of the breadth-first search: per screen, a ``LevelWord``; the screens the
/// forward search reached, in level order; the backward search's two frontiers, end to
/// end.
///
/// Each list is sized to the table's screens once (a search lists a screen at most once
/// in each), and the search writes it through a `MutableSpan` with a count of its own:
/// no append checks its storage's uniqueness, which an array's append does every time.
///
/// Starting a search costs O(1): it takes a base above every value written before. When
/// the next base could overflow, every word is reset once, here and nowhere else.
struct BreadthFirstSpace: Sendable {
  /// Per screen, both searches' levels.
  private var words: [LevelWord] = []
  /// The base of the current search: a stored value above it is set.
  private(set) var base: UInt32 = 0
  /// The highest value a search has written, or may have.
  private var high: UInt32 = 0
  private var order: [Int32] = []
  /// Two halves of one size each: the backward search reads its frontier from one and
  /// lists the screens it reaches in the other.
  private var frontiers: [Int32] = []

  /// Sizes the space for `screens` screens, every word unset.
  mutating func resize(to screens: Int) {
    words = Array(repeating: LevelWord(), count: screens)
    order = Array(repeating: 0, count: screens)
    frontiers = Array(repeating: 0, count: 2 * screens)
    base = 0
    high = 0
  }

  /// Starts a search: every word reads as unset.
  ///
  /// - Complexity: O(1), except O(*n*) when the base would overflow, once every
  ///   2³² ÷ (*n* + 2) searches at most for *n* screens.
  mutating func begin() {
    if high > UInt32.max - UInt32(words.count) - 2 {
      for index in words.indices { words[index] = LevelWord() }
      high = 0
    }
    base = high
    high = base &+ 2
  }

  /// Notes that the current search writes levels and distances up to `level`.
  @inline(__always)
  mutating func reach(_ level: Int32) {
    high = max(high, base &+ 1 &+ UInt32(level))
  }

  /// Makes the next search take base `value` (or reset every word, when too high), for
  /// tests that exercise the reset.
  mutating func setNextBase(_ value: UInt32) {
    high = value
  }

  /// Calls `body` with the current search's levels and the space's memory: the words,
  /// the forward search's list and the backward search's frontiers (two halves of one
  /// size). Spans, so that the search reads and writes them without making the arrays
  /// unique at each write, and cannot change their sizes.
  mutating func withMemory<Result>(
    _ body: (
      SearchLevels, inout MutableSpan<LevelWord>, inout MutableSpan<Int32>,
      inout MutableSpan<Int32>
    ) -> Result
  ) -> Result {
    // Moved out while the spans live, each span a borrow of its own array, not of all of
    // `self`; moved back after.
    var words: [LevelWord] = []
    var order: [Int32] = []
    var frontiers: [Int32] = []
    swap(&words, &self.words)
    swap(&order, &self.order)
    swap(&frontiers, &self.frontiers)
    defer {
      swap(&words, &self.words)
      swap(&order, &self.order)
      swap(&frontiers, &self.frontiers)
    }
    var wordSpan = words.mutableSpan
    var orderSpan = order.mutableSpan
    var frontierSpan = frontiers.mutableSpan
    return body(SearchLevels(base: base), &wordSpan, &orderSpan, &frontierSpan)
  }
}

/// How the current search reads and writes the values of ``LevelWord``s: its base.
struct SearchLevels {
  let base: UInt32

  /// The stored form of level or distance `value` (at least 0).
  @inline(__always)
  func stored(_ value: Int32) -> UInt32 { base &+ 1 &+ UInt32(value) }

  /// The value stored as `word`, or -1 when it is not set in this search.
  @inline(__always)
  func value(_ word: UInt32) -> Int32 { word > base ? Int32(bitPattern: word &- base &- 1) : -1 }

  /// The forward level stored for `screen` in `words`: -1 when not reached, 0 for a
  /// screen the stack holds and no first step reaches.
  @inline(__always)
  func forward(_ screen: Int, in words: borrowing MutableSpan<LevelWord>) -> Int32 {
    value(words[screen].forward)
  }

  /// The distance of `screen` to the milestone in `words`, or -1 when not known.
  @inline(__always)
  func backward(_ screen: Int, in words: borrowing MutableSpan<LevelWord>) -> Int32 {
    value(words[screen].backward)
  }

  @inline(__always)
  func setForward(_ screen: Int, _ level: Int32, in words: inout MutableSpan<LevelWord>) {
    words[screen].forward = stored(level)
  }

  @inline(__always)
  func setBackward(_ screen: Int, _ distance: Int32, in words: inout MutableSpan<LevelWord>) {
    words[screen].backward = stored(distance)
  }
}
