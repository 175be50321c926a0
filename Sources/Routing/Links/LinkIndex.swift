/// One segment of a compiled path pattern.
enum PatternSegment: Hashable, Sendable {
  /// A segment that reads exactly this text (after percent-decoding the link).
  case literal(String)
  /// A segment that reads any non-empty text as the value of this parameter.
  case capture(String)
}

/// One screen of a reading: the screen and the first segment its pattern reads.
struct ReadPiece: Hashable, Sendable {
  var screen: Int32
  var start: Int
}

/// The screens' path patterns, compiled with their table into a trie over segments, so
/// that reading a link costs time in the link's length, not in the number of screens.
///
/// Each node has its literal children by text, at most one capture child (patterns that
/// are the same up to capture names are refused, so captures at one place share a node),
/// and at most one screen whose pattern ends there.
struct LinkIndex: Sendable {
  /// Each screen's pattern, by screen number.
  let patterns: [[PatternSegment]]
  /// The trie; node 0 is the root.
  let literalChildren: [[String: Int32]]
  let captureChild: [Int32]
  /// The screen whose pattern ends at a node, or -1.
  let terminal: [Int32]

  /// Compiles the screens' patterns.
  ///
  /// - Throws: ``TableError/Kind/invalidPath`` at `screens[i].path` for a malformed
  ///   pattern, a capture its screen does not declare, a capture named twice, a pattern
  ///   longer than a link can be, or a pattern the same as an earlier screen's up to
  ///   capture names.
  /// - Complexity: O(*P*), where *P* is the total length of the patterns.
  init(screens: [Screen]) throws(TableError) {
    var patterns: [[PatternSegment]] = []
    patterns.reserveCapacity(screens.count)
    var literalChildren: [[String: Int32]] = [[:]]
    var captureChild: [Int32] = [-1]
    var terminal: [Int32] = [-1]
    func newNode() -> Int32 {
      literalChildren.append([:])
      captureChild.append(-1)
      terminal.append(-1)
      return Int32(terminal.count - 1)
    }
    for (number, screen) in screens.enumerated() {
      let place = "screens[\(number)].path"
      let pattern = try Self.pattern(of: screen, at: place)
      var node: Int32 = 0
      for segment in pattern {
        switch segment {
        case .literal(let text):
          if let child = literalChildren[Int(node)][text] {
            node = child
          } else {
            let child = newNode()
            literalChildren[Int(node)][text] = child
            node = child
          }
        case .capture:
          if captureChild[Int(node)] < 0 { captureChild[Int(node)] = newNode() }
          node = captureChild[Int(node)]
        }
      }
      let other = terminal[Int(node)]
      guard other < 0 else {
        throw TableError(
          .invalidPath, at: place,
          "screen '\(excerpt(screen.name))' reads the same links as screens[\(other)] "
            + "('\(excerpt(screens[Int(other)].name))'): their path patterns differ at most in "
            + "capture names")
      }
      terminal[Int(node)] = Int32(number)
      patterns.append(pattern)
    }
    self.patterns = patterns
    self.literalChildren = literalChildren
    self.captureChild = captureChild
    self.terminal = terminal
  }

  /// A screen's pattern: its path, or its name as one literal segment when it has none.
  ///
  /// A path is one or more segments separated by `/`, each a literal or a `:name`
  /// capture of a parameter the screen declares; one leading `/` is ignored. Literals are
  /// taken as written (they are not percent-decoded).
  static func pattern(of screen: Screen, at place: String) throws(TableError)
    -> [PatternSegment]
  {
    guard let path = screen.path else { return [.literal(screen.name.rawValue)] }
    var text = Substring(path)
    if text.utf8.first == UInt8(ascii: "/") {
      text = text[text.utf8.index(after: text.startIndex)...]
    }
    guard !text.isEmpty else {
      throw TableError(
        .invalidPath, at: place, "the path pattern '\(excerpt(path))' has no segment")
    }
    let pieces = ParsedLink.split(text, on: UInt8(ascii: "/"))
    guard pieces.count <= RouteTable.maximumLinkSegments else {
      throw TableError(
        .invalidPath, at: place,
        "the path pattern has \(pieces.count) segments; a link holds at most "
          + "\(RouteTable.maximumLinkSegments)")
    }
    var pattern: [PatternSegment] = []
    var captures: Set<String> = []
    for (index, piece) in pieces.enumerated() {
      guard !piece.isEmpty else {
        let problem =
          index == pieces.count - 1
          ? "the path pattern '\(excerpt(path))' ends with '/'"
          : "segment \(index) of the path pattern '\(excerpt(path))' is empty"
        throw TableError(.invalidPath, at: place, problem)
      }
      guard piece.utf8.first == UInt8(ascii: ":") else {
        pattern.append(.literal(String(piece)))
        continue
      }
      let name = String(piece[piece.utf8.index(after: piece.startIndex)...])
      guard !name.isEmpty else {
        throw TableError(
          .invalidPath, at: place,
          "segment \(index) of the path pattern '\(excerpt(path))' is a capture without a name")
      }
      guard screen.kind(of: name) != nil else {
        throw TableError(
          .invalidPath, at: place,
          "capture ':\(excerpt(name))' is not a parameter that screen '\(excerpt(screen.name))' declares"
        )
      }
      guard captures.insert(name).inserted else {
        throw TableError(
          .invalidPath, at: place, "capture ':\(excerpt(name))' appears twice in '\(excerpt(path))'"
        )
      }
      pattern.append(.capture(name))
    }
    return pattern
  }

  /// The reading of `segments` that wins (Docs/DeepLinks.md, "Reading the segments"), as
  /// its screens in order.
  ///
  /// Among the readings that consume every segment, the one whose segments, compared
  /// from the first, are read as literals where the others read captures wins; then the
  /// one with fewer screens; then the one whose first screen reads more segments (and so
  /// on for the next screens). Dynamic programming from the last segment: the best
  /// reading of each suffix is kept, so no reading is explored twice.
  ///
  /// - Precondition: `segments.count` is at most ``RouteTable/maximumLinkSegments`` (64),
  ///   so that one bit per segment says whether a reading captures it.
  /// - Throws: ``LinkError/Kind/unknownSegment(index:segment:)`` or
  ///   ``LinkError/Kind/incompletePath`` when no reading consumes every segment.
  /// - Complexity: O(*s* · *w*), where *s* is the number of segments and *w* the number
  ///   of trie nodes a walk from one segment visits: the pattern prefixes that match
  ///   there, at most *s* without captures.
  func read(_ segments: [String]) throws(LinkError) -> [ReadPiece] {
    let count = segments.count
    precondition(count <= 64, "a link holds at most 64 segments")
    // For each suffix segments[start...], its best reading: which segments it captures
    // (segment k is bit 63 - k, so comparing the numbers compares the segments from the
    // first), how many screens it has, and its first screen and where that one ends.
    var captures = [UInt64](repeating: 0, count: count + 1)
    var screenCount = [Int32](repeating: -1, count: count + 1)
    var firstScreen = [Int32](repeating: -1, count: count + 1)
    var firstEnd = [Int](repeating: 0, count: count + 1)
    screenCount[count] = 0
    var walk: [(node: Int32, position: Int, captures: UInt64)] = []
    for start in stride(from: count - 1, through: 0, by: -1) {
      walk.append((0, start, 0))
      while let (node, position, taken) = walk.popLast() {
        let screen = terminal[Int(node)]
        if screen >= 0 && screenCount[position] >= 0 {
          let candidate = taken | captures[position]
          let screens = screenCount[position] + 1
          let best = screenCount[start]
          if best < 0 || candidate < captures[start]
            || (candidate == captures[start]
              && (screens < best || (screens == best && position > firstEnd[start])))
          {
            captures[start] = candidate
            screenCount[start] = screens
            firstScreen[start] = screen
            firstEnd[start] = position
          }
        }
        guard position < count else { continue }
        if let child = literalChildren[Int(node)][segments[position]] {
          walk.append((child, position + 1, taken))
        }
        let capture = captureChild[Int(node)]
        if capture >= 0 {
          walk.append((capture, position + 1, taken | (1 << UInt64(63 - position))))
        }
      }
    }
    guard screenCount[0] >= 0 else { throw failure(reading: segments) }
    var pieces: [ReadPiece] = []
    pieces.reserveCapacity(Int(screenCount[0]))
    var start = 0
    while start < count {
      pieces.append(ReadPiece(screen: firstScreen[start], start: start))
      start = firstEnd[start]
    }
    return pieces
  }

  /// Why no reading consumes `segments`: the first segment that no reading gets past,
  /// or, when readings get to the end, that they all stop inside a pattern.
  private func failure(reading segments: [String]) -> LinkError {
    let count = segments.count
    var reachable = [Bool](repeating: false, count: count + 1)
    reachable[0] = true
    var farthest = 0
    var walk: [(node: Int32, position: Int)] = []
    for start in 0..<count where reachable[start] {
      walk.append((0, start))
      while let (node, position) = walk.popLast() {
        farthest = max(farthest, position)
        if terminal[Int(node)] >= 0 { reachable[position] = true }
        guard position < count else { continue }
        if let child = literalChildren[Int(node)][segments[position]] {
          walk.append((child, position + 1))
        }
        let capture = captureChild[Int(node)]
        if capture >= 0 { walk.append((capture, position + 1)) }
      }
    }
    guard farthest < count else { return LinkError(.incompletePath) }
    return LinkError(.unknownSegment(index: farthest, segment: segments[farthest]))
  }
}
