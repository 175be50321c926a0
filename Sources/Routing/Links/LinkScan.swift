import RoutingStorage

/// A link's path segments, decoded, as byte ranges: the reader's view of a link, which
/// it walks the trie with without making a `String` for any segment.
///
/// The segments' bytes are not held here: they are the link itself, or a buffer of
/// decoded bytes when the path is percent-encoded, which the reader passes beside the
/// segments as a span (`memory`). The tables are fixed-size and inline, so that a read
/// keeps them on the stack. A struct of inline tables is large: a function that takes
/// one by value may copy it, so the walk reads the tables' words in place, through the
/// static functions here, and passes single segments on.
struct LinkSegments {
  /// Segment *i* starts at `(ranges[i] >> 16) & 0xFFFF` in the segments' memory and
  /// holds `ranges[i] & 0xFFFF` bytes (a link holds at most 4,096); the high 32 bits are
  /// the hash of those bytes once ``hashAll(in:)`` has run.
  var ranges = InlineArray<64, UInt64>(repeating: 0)
  /// Each segment's first eight bytes (``head(_:in:)``), once ``hashAll(in:)`` has run;
  /// once the walk is done, which is the last to read them, the pieces of the reading
  /// (`Piece`): a table fewer to clear.
  var heads = InlineArray<64, UInt64>(repeating: 0)
  /// How many segments; at most ``RouteTable/maximumLinkSegments``, never 0 once read.
  var count = 0
  /// Bit *i* says that every byte of segment *i* is ASCII, once ``hashAll(in:)`` has
  /// run.
  var ascii: UInt64 = 0

  /// Sets segment `index` to `count` bytes from `start`.
  mutating func set(_ index: Int, start: Int, count: Int) {
    ranges[index] = UInt64(start) << 16 | UInt64(count)
  }

  /// Where segment `index`'s bytes are in the segments' memory.
  func range(_ index: Int) -> Range<Int> {
    Self.range(ranges[index])
  }

  /// Where the bytes of a segment whose word of ``ranges`` is `packed` are.
  static func range(_ packed: UInt64) -> Range<Int> {
    let start = Int((packed >> 16) & 0xFFFF)
    // Both fields are 16 bits: the sum cannot overflow.
    return start..<start &+ Int(packed & 0xFFFF)
  }

  /// The hash of a segment whose word of ``ranges`` is `packed`, `LinkIndex.hash(bytes)`.
  static func hash(_ packed: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: packed >> 32)
  }

  /// The first eight bytes of `memory[range]`, little-endian, padded with zeros
  /// (`ByteHash.word(bytes, at: 0)`), as ``TrieNode/head`` holds a literal's.
  static func head(of range: Range<Int>, in memory: Span<UInt8>) -> UInt64 {
    // A range's bounds are ordered and a span's count is not negative: the differences
    // cannot overflow, and below eight bytes the shifts are below 64.
    let count = range.upperBound &- range.lowerBound
    if memory.count &- range.lowerBound >= 8 {
      // One load, the bytes past the segment cleared.
      let word = Bytes.word(memory, at: range.lowerBound)
      return count >= 8 ? word : word & ((1 &<< UInt64(truncatingIfNeeded: 8 &* count)) &- 1)
    }
    // Near the end: the eight bytes that end with the segment (shorter than 8), shifted.
    guard range.upperBound >= 8 else { return ByteHash.word(memory.extracting(range), at: 0) }
    return Bytes.word(memory, at: range.upperBound &- 8)
      &>> UInt64(truncatingIfNeeded: 8 &* (8 &- count))
  }

  /// Stores each segment's head (``head(of:in:)``), its hash, and whether it is ASCII.
  mutating func hashAll(in memory: Span<UInt8>) {
    var mask: UInt64 = 0
    // At most 64 segments, so the index is a table index and a bit of the mask.
    for index in 0..<Swift.min(count, 64) {
      let range = Self.range(ranges[index])
      let head = Self.head(of: range, in: memory)
      heads[index] = head
      var bits = head
      // Most segments are one word, which the hash takes without the bytes.
      let hash =
        range.count <= 8
        ? UInt32(truncatingIfNeeded: ByteHash.hash(head: head, count: range.count) >> 32)
        : LinkIndex.hash(memory.extracting(range), head: head, bits: &bits)
      ranges[index] = UInt64(hash) << 32 | (ranges[index] & 0xFFFF_FFFF)
      if ByteHash.isASCII(bits) { mask |= 1 &<< UInt64(truncatingIfNeeded: index) }
    }
    self.ascii = mask
  }

  /// Segment `index` as text.
  func text(_ index: Int, in memory: Span<UInt8>) -> String {
    Bytes.string(memory.extracting(range(index)))
  }

  /// Whether segment `index` is all ASCII, by the bits of ``ascii``.
  static func isASCII(_ index: Int, _ ascii: UInt64) -> Bool {
    ascii & (1 &<< UInt64(truncatingIfNeeded: index)) != 0
  }
}

/// The best reading of each suffix of a link's path, as the dynamic programming of
/// ``LinkIndex/read(_:in:into:)`` leaves it.
///
/// `best[start]` packs the best reading of `segments[start...]`: how many screens it
/// has (bits 0–7, `0xFF` when there is none), where its first screen ends (bits 8–15)
/// and that screen (bits 32–63). `captures[start]` says which segments the reading
/// captures: segment *k* is bit 63 − *k*, so comparing the numbers compares the
/// segments from the first.
///
/// The tables hold `capacity` words, more than the path has segments: most links have
/// a few segments, and a small table is cheaper to clear than one for 64 (the reader
/// picks the size, ``LinkReader``).
struct SuffixReadings<let capacity: Int> {
  var best = InlineArray<capacity, UInt64>(repeating: 0)
  var captures = InlineArray<capacity, UInt64>(repeating: 0)
}

/// A word of ``SuffixReadings/best``.
enum BestReading {
  static let none: UInt64 = 0xFF

  /// How many screens the reading of a word of ``best`` has.
  static func screens(_ best: UInt64) -> UInt64 { best & 0xFF }
  /// Where its first screen ends.
  static func end(_ best: UInt64) -> Int { Int((best >> 8) & 0xFF) }
  /// Its first screen.
  static func screen(_ best: UInt64) -> Int32 { Int32(truncatingIfNeeded: best >> 32) }
}

/// The state of the walks of the trie: the readings found so far, and those of the walk
/// from one segment: the ends still worth finding, and the best reading.
struct TrieWalk {
  /// Bit *e* − 1: a reading from the walk's segment that ends at segment *e* would be
  /// new, and the rest of the path from *e* has a reading.
  var needed: UInt64 = 0
  var best: UInt64 = BestReading.none
  var captures: UInt64 = 0
}

extension LinkIndex {
  /// Reads `segments`, leaving the best reading of every suffix in `readings`
  /// (Docs/DeepLinks.md, "Reading the segments").
  ///
  /// Among the readings that consume every segment, the one whose segments, compared
  /// from the first, are read as literals where the others read captures wins; then the
  /// one with fewer screens; then the one whose first screen reads more segments (and so
  /// on for the next screens). Dynamic programming from the last segment: the best
  /// reading of each suffix is kept, so no reading is explored twice. From each segment,
  /// the trie is walked depth first, literal before capture, so the first pattern found
  /// that ends at a segment is the best one that ends there; a subtree is entered only
  /// if a pattern in it ends at a segment not found yet from which the rest of the path
  /// reads (``TrieNode/endings``), so the walk stops as soon as every such end is found.
  /// First stores each segment's hash, and whether it is ASCII, in `segments`
  /// (``LinkSegments/hashAll(in:)``).
  ///
  /// - Returns: Whether a reading consumes every segment.
  /// - Complexity: O(*s* · *w*), where *s* is the number of segments and *w* the number
  ///   of trie nodes one walk visits: at most *s* · *d* when every node it enters leads
  ///   to a pattern that matches (*d* the depth of the trie), since each found end
  ///   costs one path down.
  ///
  /// The depth-first walks are kept in a stack of words rather than in calls: the
  /// capture children still to explore, at most one per segment, each packed as its
  /// node (bits 8–39) and the segment after the one it reads (bits 0–7).
  ///
  /// - Parameters:
  ///   - segments: The segments; their heads, hashes and ASCII bits are stored here.
  ///   - memory: The bytes that hold them.
  ///   - readings: Where the best reading of each suffix goes.
  /// - Precondition: `segments.count < capacity`.
  func read<let capacity: Int>(
    _ segments: inout LinkSegments, in memory: Span<UInt8>,
    into readings: inout SuffixReadings<capacity>
  ) -> Bool {
    segments.hashAll(in: memory)
    // At most one capture child waits for each segment.
    var stack = InlineArray<capacity, UInt64>(repeating: 0)
    let count = segments.count
    let ascii = segments.ascii
    readings.best[count] = 0
    // The walk's positions are segment numbers, 0...count, and count is 1...64: the bit
    // shifts below are by less than 64, and the sums and differences cannot overflow.
    var readable: UInt64 = 1 &<< UInt64(truncatingIfNeeded: count &- 1)
    var walk = TrieWalk()
    var start = count
    while start > 0 {
      start -= 1
      walk.needed = readable
      walk.best = BestReading.none
      walk.captures = 0
      var node = root
      var position = start
      // Bit 63 − *k*: the walk reads segment *k* as a capture.
      var taken: UInt64 = 0
      var depth = 0
      walking: while true {
        let here = nodes[Int(node)]
        let terminal = here.terminal
        if terminal >= 0 && position > start {
          found(
            terminal, endingAt: position, taken: taken, &walk, rest: readings.best[position],
            restCaptures: position == count ? 0 : readings.captures[position])
        }
        if walk.needed != 0 && position < count {
          if node == root {
            // A screen without a path reads its name: a literal child of the root with no
            // children (none has the pattern of a literal under the root, which would
            // collide).
            let named = namedScreens.screen(
              reading: memory.extracting(LinkSegments.range(segments.ranges[position])),
              ascii: LinkSegments.isASCII(position, ascii))
            if named >= 0 {
              found(
                named, endingAt: position + 1, taken: taken, &walk,
                rest: readings.best[position + 1],
                restCaptures: position + 1 == count ? 0 : readings.captures[position + 1])
            }
          }
          // Literal before capture: the capture child waits on the stack.
          let capture = here.captureChild
          if capture >= 0 {
            stack[depth] =
              UInt64(UInt32(bitPattern: capture)) << 8 | UInt64(truncatingIfNeeded: position &+ 1)
            depth &+= 1
          }
          let packed = segments.ranges[position]
          let literal = literalChild(
            of: node, reading: memory.extracting(LinkSegments.range(packed)),
            ascii: LinkSegments.isASCII(position, ascii), hash: LinkSegments.hash(packed),
            head: segments.heads[position])
          if literal >= 0
            && (nodes[Int(literal)].endings &<< UInt64(truncatingIfNeeded: position))
              & walk.needed != 0
          {
            node = literal
            position &+= 1
            continue
          }
        }
        // Back to the deepest capture child still worth entering. The walks between its
        // push and now stayed below its parent, so `taken` still holds the captures
        // before it.
        while depth > 0 && walk.needed != 0 {
          depth &-= 1
          let capture = Int32(truncatingIfNeeded: stack[depth] >> 8)
          let next = Int(stack[depth] & 0xFF)
          let shift = UInt64(truncatingIfNeeded: next &- 1)
          if (nodes[Int(capture)].endings &<< shift) & walk.needed != 0 {
            node = capture
            position = next
            taken = taken & ~(~0 &>> shift) | 1 &<< (63 &- shift)
            continue walking
          }
        }
        break
      }
      readings.best[start] = walk.best
      readings.captures[start] = walk.captures
      if walk.best != BestReading.none && start > 0 {
        readable |= 1 &<< UInt64(truncatingIfNeeded: start &- 1)
      }
    }
    return readings.best[0] != BestReading.none
  }

  /// Records that `screen`'s pattern reads the segments from the walk's start to
  /// `position`, taking `taken` as captures, if no pattern found before ends there.
  ///
  /// - Parameters:
  ///   - rest: The best reading from `position` (its word of ``SuffixReadings/best``).
  ///   - restCaptures: Its captures, 0 at the end of the path.
  private func found(
    _ screen: Int32, endingAt position: Int, taken: UInt64, _ walk: inout TrieWalk,
    rest: UInt64, restCaptures: UInt64
  ) {
    // The walk's position is past its start: 1...64.
    let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: position &- 1)
    guard walk.needed & bit != 0 else { return }
    walk.needed &= ~bit
    let candidate = taken | restCaptures
    let screens = BestReading.screens(rest) + 1
    let best = walk.best
    let bestScreens = best & 0xFF
    let bestEnd = Int((best >> 8) & 0xFF)
    if best == BestReading.none || candidate < walk.captures
      || (candidate == walk.captures
        && (screens < bestScreens || (screens == bestScreens && position > bestEnd)))
    {
      walk.captures = candidate
      walk.best = UInt64(UInt32(bitPattern: screen)) << 32 | UInt64(position) << 8 | screens
    }
  }

  /// Why no reading consumes `segments`: the first segment that no reading gets past,
  /// or, when readings get to the end, that they all stop inside a pattern.
  ///
  /// - Complexity: O(*s* · *w*), as ``read(_:in:into:)``: a subtree is entered only when a
  ///   pattern in it may end at a segment not known to be reachable yet, or when it goes
  ///   deeper than any walk has gone.
  func failure(reading segments: borrowing LinkSegments, in memory: Span<UInt8>) -> LinkError {
    let count = segments.count
    var reachable: UInt64 = 0  // bit p - 1: a reading gets to segment p
    var farthest = 0
    let valid: UInt64 = count == 64 ? ~0 : (1 << UInt64(count)) - 1
    func visit(_ node: Int32, _ position: Int) {
      farthest = max(farthest, position)
      if nodes[Int(node)].terminal >= 0 && position > 0 {
        reachable |= 1 << UInt64(position - 1)
      }
      guard position < count else { return }
      if node == root
        && namedScreens.screen(
          reading: memory.extracting(segments.range(position)),
          ascii: LinkSegments.isASCII(position, segments.ascii)) >= 0
      {
        farthest = max(farthest, position + 1)
        reachable |= 1 << UInt64(position)
      }
      func worth(_ child: Int32) -> Bool {
        (nodes[Int(child)].endings << UInt64(position)) & ~reachable & valid != 0
          || position + 1 + Int(heights[Int(child)]) > farthest
      }
      let literal = literalChild(
        of: node, reading: memory.extracting(segments.range(position)),
        ascii: LinkSegments.isASCII(position, segments.ascii),
        hash: LinkSegments.hash(segments.ranges[position]), head: segments.heads[position])
      if literal >= 0 && worth(literal) { visit(literal, position + 1) }
      let capture = nodes[Int(node)].captureChild
      if capture >= 0 && worth(capture) { visit(capture, position + 1) }
    }
    for start in 0..<count where start == 0 || reachable & (1 << UInt64(start - 1)) != 0 {
      visit(root, start)
    }
    guard farthest < count else { return LinkError(.incompletePath) }
    return LinkError(
      .unknownSegment(index: farthest, segment: segments.text(farthest, in: memory)))
  }
}
