import RoutingStorage

/// One segment of a compiled path pattern.
enum PatternSegment: Hashable, Sendable {
  /// A segment that reads exactly this text (after percent-decoding the link).
  case literal(String)
  /// A segment that reads any non-empty text as the value of this parameter.
  case capture(String)
}

/// The screens' path patterns, compiled with their table into a trie over segments, so
/// that reading a link costs time in the link's length, not in the number of screens.
/// The screens without a path, which read their name as one segment, are not in the
/// trie: a walk from its root looks the segment up among them (``NamedScreens``).
///
/// Each node has its literal children by text, at most one capture child (patterns that
/// are the same up to capture names are refused, so captures at one place share a node),
/// and at most one screen whose pattern ends there. The nodes are 32-byte records in one
/// array. A literal child is stored in the first part of the
/// table, an open-addressing hash table keyed by its parent and its literal's bytes: its
/// number is its slot, and its record holds its key (the parent, the literal's length
/// and first eight bytes) beside what the walk reads next, so that a step down a literal
/// reads one record, which the reader probes without making a `String`. The root and the
/// capture children follow the hash table. A node with a literal child that is not ASCII
/// is looked up as a `String` instead, since segments compare as Swift strings (by
/// canonical equivalence).
///
/// What a reading needs of a screen once it is settled is in one record per screen
/// (``LinkScreen``) and one table of parameters, each screen's together.
///
/// A class, immutable once compiled: reading a link refers to it without copying a
/// dozen arrays (copies that cost more retains and releases than the read itself), and
/// its arrays, `let`s of a final class, are read without retaining them.
final class LinkIndex: Sendable {
  /// Each screen's path pattern, by screen number; empty for a screen without a path,
  /// which reads its name (see ``pattern(ofScreen:)``). Most screens of a large table
  /// have no path, and an array each would cost 56 bytes a screen.
  private let patterns: [[PatternSegment]]
  /// The trie's nodes: the hash table of literal children, slots `0...slotMask`, then
  /// the root (``root``) and the capture children. The parameter names are in the hash
  /// table too, under the parent ``keyParent``, each record's `terminal` holding the
  /// name's number.
  let nodes: [TrieNode]
  /// The root's number.
  let root: Int32
  /// The literal children by text, of the nodes that have any, for segments that are
  /// not ASCII and nodes with a literal that is not ASCII.
  let literalChildren: [Int32: [String: Int32]]
  /// Where the bytes of the literal of each slot longer than eight bytes start in
  /// ``literalBytes``.
  let literalStarts: [Int32]
  /// The literals' bytes beyond their first eight.
  let literalBytes: [UInt8]
  let slotMask: Int
  /// One bit for each hash of a key of the slots (four bits a slot, bit `hash >> 40`
  /// masked by `filterMask`; at most 2²⁴ bits, 2 MiB, as many as those 24 bits of the
  /// hash pick, so fewer a slot above 4 million slots), set when a key has it: a lookup
  /// that finds its bit clear is done without reading the slots, which against a large
  /// table are out of the processor's caches (a link's segments are looked up under the
  /// root, and under nodes whose next segment is a capture, and most of them miss).
  let filter: [UInt64]
  let filterMask: Int
  /// How many segments below each node the deepest pattern through it ends.
  let heights: [Int32]
  /// The screens without a path.
  let namedScreens: NamedScreens
  /// What a reading needs of each screen, by number.
  let screens: [LinkScreen]
  /// The screens' parameters after the first, each screen's together
  /// (``LinkScreen/lead``).
  let parameters: [LinkParameter]
  /// Every parameter name the screens declare is numbered, so that the reader compares
  /// keys as numbers: `keyNames[k]` is name *k*. The names are in ``nodes`` too, under
  /// the parent ``keyParent``, unless one of them is not ASCII (``keysAreASCII``), in
  /// which case keys are looked up as strings in `keyNumbers`.
  let keyNames: [String]
  let keyNumbers: [String: Int32]
  let keysAreASCII: Bool
  /// The web hosts that `http` and `https` links may name, lowercased.
  let hosts: [String]
  /// Empty parameters with room for 1 to 8 values. A read copies one, which its first
  /// insertion copies again: cheaper than `Dictionary(minimumCapacity:)`, which is not
  /// specialized and looks up its storage's generic metadata on every call.
  let emptyParameters = (1...8).map { Parameters(minimumCapacity: $0) }

  /// Compiles the screens' patterns.
  ///
  /// - Parameters:
  ///   - screens: The screens, by number.
  ///   - index: The screens by name (the table's).
  ///   - hosts: The hosts that `http` and `https` links may name.
  /// - Throws: ``TableError/Kind/invalidPath`` at `screens[i].path` for a malformed
  ///   pattern, a capture its screen does not declare, a capture named twice, a pattern
  ///   longer than a link can be, or a pattern the same as an earlier screen's up to
  ///   capture names; ``TableError/Kind/invalidName`` at `links.hosts[i]` for a host
  ///   that is empty or holds a character a host cannot hold.
  /// - Complexity: O(*P* + *h*), where *P* is the total length of the patterns and *h*
  ///   that of the hosts.
  init(screens: [Screen], index: ScreenIndex, hosts: [String] = []) throws(TableError) {
    // The trie is built with nodes numbered as they come (the root 0), then laid out.
    var patterns: [[PatternSegment]] = []
    patterns.reserveCapacity(screens.count)
    var literalChildren: [[String: Int32]] = [[:]]
    var captureChild: [Int32] = [-1]
    var terminal: [Int32] = [-1]
    var parent: [Int32] = [-1]
    var edges: [(parent: Int32, child: Int32, text: String)] = []
    func newNode(under node: Int32) -> Int32 {
      literalChildren.append([:])
      captureChild.append(-1)
      terminal.append(-1)
      parent.append(node)
      return Int32(terminal.count - 1)
    }
    var namedScreens = NamedScreens(index)
    func collision(_ number: Int, _ other: Int32) -> TableError {
      TableError(
        .invalidPath, at: "screens[\(number)].path",
        "screen '\(excerpt(screens[number].name))' reads the same links as screens[\(other)] "
          + "('\(excerpt(screens[Int(other)].name))'): their path patterns differ at most in "
          + "capture names")
    }
    for (number, screen) in screens.enumerated() {
      guard let path = screen.path else {
        // A name read as one literal, as a pattern of one literal under the root reads it.
        var other = namedScreens.screen(readingNameOf: number)
        if other < 0, !literalChildren[0].isEmpty,
          let child = literalChildren[0][screen.name.rawValue]
        {
          other = terminal[Int(child)]
        }
        guard other < 0 else { throw collision(number, other) }
        namedScreens.add(Int32(number))
        patterns.append([])
        continue
      }
      let pattern = try Self.pattern(of: screen, path: path, at: "screens[\(number)].path")
      if pattern.count == 1, case .literal(let text) = pattern[0] {
        let other = namedScreens.screen(reading: text)
        guard other < 0 else { throw collision(number, other) }
      }
      var node: Int32 = 0
      for segment in pattern {
        switch segment {
        case .literal(let text):
          if let child = literalChildren[Int(node)][text] {
            node = child
          } else {
            let child = newNode(under: node)
            literalChildren[Int(node)][text] = child
            edges.append((node, child, text))
            node = child
          }
        case .capture:
          if captureChild[Int(node)] < 0 { captureChild[Int(node)] = newNode(under: node) }
          node = captureChild[Int(node)]
        }
      }
      let other = terminal[Int(node)]
      guard other < 0 else { throw collision(number, other) }
      terminal[Int(node)] = Int32(number)
      patterns.append(pattern)
    }
    // Children come after their parent, so one backward pass sums up the subtrees.
    var endings = [UInt64](repeating: 0, count: terminal.count)
    var height = [Int32](repeating: 0, count: terminal.count)
    for node in stride(from: terminal.count - 1, through: 0, by: -1) {
      if terminal[node] >= 0 { endings[node] |= 1 }
      let up = Int(parent[node])
      if up >= 0 {
        endings[up] |= endings[node] << 1
        height[up] = max(height[up], height[node] + 1)
      }
    }
    var keyNumbers: [String: Int32] = [:]
    var keyNames: [String] = []
    for screen in screens {
      for parameter in screen.parameters where keyNumbers[parameter.name] == nil {
        keyNumbers[parameter.name] = Int32(keyNames.count)
        keyNames.append(parameter.name)
      }
    }
    let keysAreASCII = keyNames.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    let keyCount = keysAreASCII ? keyNames.count : 0
    var capacity = 2
    while capacity < (edges.count + keyCount) * 2 { capacity <<= 1 }
    // Where each node goes: a literal child to its slot, found below in the order of
    // the edges (each parent placed before its children); the others after the slots.
    var place = [Int32](repeating: -1, count: terminal.count)
    var next = Int32(capacity)
    for node in terminal.indices where node == 0 || captureChild[Int(parent[node])] == node {
      place[node] = next
      next += 1
    }
    let empty = TrieNode(
      endings: 0, head: 0, parent: Self.emptySlot, terminal: -1, captureChild: -1, count: 0,
      hasTextChild: false)
    var nodes = [TrieNode](repeating: empty, count: Int(next))
    var literalStarts = [Int32](repeating: 0, count: capacity)
    var heights = [Int32](repeating: 0, count: Int(next))
    var literalBytes: [UInt8] = []
    var filter = [UInt64](
      repeating: 0, count: min(max(capacity / 16, 1), Self.maximumFilterBits / 64))
    var texts: [Int32: [String: Int32]] = [:]
    let keyEdges = keyNames.indices.prefix(keyCount).map {
      (parent: Self.keyParent, child: Int32($0), text: keyNames[$0])
    }
    for (number, edge) in (edges + keyEdges).enumerated() {
      let isKey = number >= edges.count
      let up = isKey ? Self.keyParent : place[Int(edge.parent)]
      let text = edge.text.utf8.span
      let hash = Self.hash(up, Self.hash(text))
      let head = ByteHash.word(text, at: 0)
      let bit = Self.filterBit(of: hash, mask: filter.count * 64 - 1)
      filter[bit >> 6] |= 1 << UInt64(bit & 63)
      var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
      while nodes[slot].parent != Self.emptySlot { slot = (slot + 1) & (capacity - 1) }
      let count = edge.text.utf8.count
      // A literal longer than any link never matches, whatever its count says.
      nodes[slot] = TrieNode(
        endings: 0, head: head, parent: up, terminal: isKey ? edge.child : -1,
        captureChild: -1, count: UInt16(clamping: count), hasTextChild: false)
      if count > 8 {
        literalStarts[slot] = Int32(literalBytes.count)
        literalBytes.append(contentsOf: edge.text.utf8.dropFirst(8))
      }
      if !isKey {
        place[Int(edge.child)] = Int32(slot)
        texts[up, default: [:]][edge.text] = Int32(slot)
        if !edge.text.utf8.allSatisfy({ $0 < 0x80 }) { nodes[Int(up)].hasTextChild = true }
      }
    }
    for node in terminal.indices {
      let number = Int(place[node])
      nodes[number].endings = endings[node]
      nodes[number].terminal = terminal[node]
      nodes[number].captureChild = captureChild[node] < 0 ? -1 : place[Int(captureChild[node])]
      heights[number] = height[node]
    }
    var lowered: [String] = []
    for (index, host) in hosts.enumerated() {
      let bytes = Array(host.utf8)
      guard !bytes.isEmpty,
        bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !Array("/?#@:[]%".utf8).contains($0) })
      else {
        throw TableError(
          .invalidName, at: "links.hosts[\(index)]",
          "'\(excerpt(host))' is not a host name (printable ASCII without / ? # @ : [ ] %)")
      }
      lowered.append(String(decoding: bytes.map(Self.lowercased), as: UTF8.self))
    }
    var linkParameters: [LinkParameter] = []
    self.screens = screens.indices.map { number in
      let screen = screens[number]
      var own: [LinkParameter] = []
      for (offset, segment) in patterns[number].enumerated() {
        if case .capture(let name) = segment {
          own.append(
            LinkParameter(
              key: keyNumbers[name]!, kind: screen.kind(of: name)!, offset: UInt8(offset)))
        }
      }
      let captures = UInt16(own.count)
      for parameter in screen.parameters
      where !patterns[number].contains(.capture(parameter.name)) {
        own.append(LinkParameter(key: keyNumbers[parameter.name]!, kind: parameter.kind, offset: 0))
      }
      let record = LinkScreen(
        name: index.names[number], first: Int32(linkParameters.count), count: UInt16(own.count),
        captures: captures, lead: own.first ?? LinkParameter(key: -1, kind: .string, offset: 0))
      linkParameters.append(contentsOf: own.dropFirst())
      return record
    }
    self.patterns = patterns
    self.nodes = nodes
    root = place[0]
    self.literalChildren = texts
    self.literalStarts = literalStarts
    self.literalBytes = literalBytes
    self.heights = heights
    self.slotMask = capacity - 1
    self.filterMask = filter.count * 64 - 1
    self.filter = filter
    self.hosts = lowered
    self.namedScreens = namedScreens
    self.parameters = linkParameters
    self.keyNames = keyNames
    self.keyNumbers = keyNumbers
    self.keysAreASCII = keysAreASCII
  }

  /// Screen `number`'s pattern: its path's segments, or its name as one literal.
  ///
  /// - Complexity: O(1).
  func pattern(ofScreen number: Int) -> [PatternSegment] {
    patterns[number].isEmpty ? [.literal(screens[number].name.rawValue)] : patterns[number]
  }

  /// The parent under which ``nodes`` holds the parameter names, numbered.
  static let keyParent: Int32 = -2
  /// The parent of an empty slot of ``nodes`` (and of the nodes after the slots).
  static let emptySlot: Int32 = -1

  /// An ASCII letter in lower case; any other byte as it is.
  static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }

  /// The hash of a segment's bytes: the high half of their ``ByteHash``.
  static func hash(_ bytes: Span<UInt8>) -> UInt32 {
    UInt32(truncatingIfNeeded: ByteHash.of(bytes) >> 32)
  }

  /// The hash of a segment's bytes, ``hash(_:)``, with the bits of its words ORed into
  /// `bits` (``ByteHash/hash(_:head:bits:)``).
  ///
  /// - Parameter head: The first eight bytes, `ByteHash.word(bytes, at: 0)`.
  static func hash(_ bytes: Span<UInt8>, head: UInt64, bits: inout UInt64)
    -> UInt32
  {
    UInt32(truncatingIfNeeded: ByteHash.hash(bytes, head: head, bits: &bits) >> 32)
  }

  /// The hash of a literal child's key: its parent, and its text's hash.
  static func hash(_ parent: Int32, _ text: UInt32) -> UInt64 {
    var hash = (UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(text)) &* 0x9E37_79B9_7F4A_7C15
    hash ^= hash >> 31
    return hash
  }

  /// The most bits ``filter`` has: as many as `filterBit(of:mask:)` picks from.
  static let maximumFilterBits = 1 << 24

  /// The bit of ``filter`` for a key's hash (`hash(_:_:)`), the filter having `mask + 1`
  /// bits (at most ``maximumFilterBits``). The bit comes from the hash's top 24 bits,
  /// which the slot (its low bits) does not use below 16 million slots, so that a key's
  /// bit and its slot are independent; one shift takes them.
  static func filterBit(of hash: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: hash >> 40) & mask
  }

  /// The literal child of `node` that reads `segment`, or -1.
  ///
  /// - Parameters:
  ///   - ascii: Whether the segment is all ASCII.
  ///   - hash: Its hash, `LinkIndex.hash(segment)`.
  ///   - head: Its first eight bytes, `ByteHash.word(segment, at: 0)` (which the walk
  ///     has loaded once for every segment).
  /// - Complexity: O(*n*) expected, where *n* is the length of the segment.
  func literalChild(
    of node: Int32, reading segment: Span<UInt8>, ascii: Bool, hash: UInt32, head: UInt64
  ) -> Int32 {
    guard ascii, !nodes[Int(node)].hasTextChild else {
      return literalChild(of: node, text: segment)
    }
    return self.node(under: node, reading: segment, hash: hash, head: head)
  }

  /// The literal child of `node` that reads `segment` compared as a string, or -1:
  /// segments compare as strings, and a text that is not ASCII may equal another one
  /// that is written with other bytes.
  ///
  /// - Complexity: O(*n*) expected, where *n* is the length of the segment.
  func literalChild(of node: Int32, text segment: Span<UInt8>) -> Int32 {
    guard let children = literalChildren[node] else { return -1 }
    return children[Bytes.string(segment)] ?? -1
  }

  /// The number of the parameter name `key` (ASCII, hashed as `LinkIndex.hash(key)`), or
  /// -1 when no screen declares it; only when ``keysAreASCII``.
  ///
  /// - Complexity: O(*n*) expected, where *n* is the length of the key.
  func keyNumber(of key: Span<UInt8>, hash: UInt32) -> Int32 {
    let found = node(
      under: Self.keyParent, reading: key, hash: hash, head: ByteHash.word(key, at: 0))
    return found < 0 ? -1 : nodes[Int(found)].terminal
  }

  /// The slot of ``nodes`` that holds `bytes` under `parent`, or -1.
  ///
  /// - Parameters:
  ///   - hash: The hash of the bytes, `LinkIndex.hash(bytes)`.
  ///   - head: Their first eight bytes, `ByteHash.word(bytes, at: 0)`.
  func node(
    under parent: Int32, reading bytes: Span<UInt8>, hash text: UInt32,
    head: UInt64
  ) -> Int32 {
    let hash = Self.hash(parent, text)
    let bit = Self.filterBit(of: hash, mask: filterMask)
    guard filter[bit >> 6] &>> UInt64(truncatingIfNeeded: bit) & 1 != 0 else { return -1 }
    var slot = Int(truncatingIfNeeded: hash) & slotMask
    while true {
      let node = nodes[slot]
      if node.parent == parent && node.head == head && Int(node.count) == bytes.count
        && (bytes.count <= 8 || sameTail(slot, bytes))
      {
        return Int32(truncatingIfNeeded: slot)
      }
      guard node.parent != Self.emptySlot else { return -1 }
      // A slot is below the table's count, which is far below `Int.max`.
      slot = (slot &+ 1) & slotMask
    }
  }

  /// Whether the literal of `slot`, longer than eight bytes, has the bytes of `bytes`
  /// beyond their first eight (which its head holds).
  private func sameTail(_ slot: Int, _ bytes: Span<UInt8>) -> Bool {
    let start = Int(literalStarts[slot]) - 8
    for index in 8..<bytes.count where literalBytes[start + index] != bytes[index] {
      return false
    }
    return true
  }

  /// The pattern of a screen's `path`.
  ///
  /// A path is one or more segments separated by `/`, each a literal or a `:name`
  /// capture of a parameter the screen declares; one leading `/` is ignored. Literals are
  /// taken as written (they are not percent-decoded).
  static func pattern(of screen: Screen, path: String, at place: String) throws(TableError)
    -> [PatternSegment]
  {
    var text = Substring(path)
    if text.utf8.first == UInt8(ascii: "/") {
      text = text[text.utf8.index(after: text.startIndex)...]
    }
    guard !text.isEmpty else {
      throw TableError(
        .invalidPath, at: place, "the path pattern '\(excerpt(path))' has no segment")
    }
    let pieces = Self.split(text, on: UInt8(ascii: "/"))
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

  /// `text` split on every `separator` (an ASCII byte), empty pieces kept.
  static func split(_ text: Substring, on separator: UInt8) -> [Substring] {
    var pieces: [Substring] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var position = start
    while position != bytes.endIndex {
      if bytes[position] == separator {
        pieces.append(text[start..<position])
        start = bytes.index(after: position)
      }
      bytes.formIndex(after: &position)
    }
    pieces.append(text[start...])
    return pieces
  }
}

/// One node of the trie of path patterns, as reading needs it: 32 bytes, one entry to
/// read per step down, which also says which literal leads to it.
struct TrieNode: Sendable {
  /// Bit *k* says that a pattern ends *k* segments below the node (the bits that do not
  /// fit, only possible at the root, are dropped; the root is not pruned).
  var endings: UInt64
  /// The first eight bytes of the literal that leads to the node, little-endian and
  /// padded with zeros (`ByteHash.word(literal, at: 0)`); 0 for other nodes.
  var head: UInt64
  /// The node whose literal child this node is, ``LinkIndex/keyParent`` for a parameter
  /// name, or ``LinkIndex/emptySlot``.
  var parent: Int32
  /// The screen whose pattern ends at the node, or -1; a parameter name's number.
  var terminal: Int32
  /// The node's capture child, or -1.
  var captureChild: Int32
  /// How many bytes the literal has.
  var count: UInt16
  /// Whether the node has a literal child that is not ASCII.
  var hasTextChild: Bool
}

/// What reading a link needs of a screen once the reading is settled: 32 bytes, which
/// hold all of it for a screen with at most one parameter.
struct LinkScreen: Sendable {
  var name: ScreenName
  /// The screen has `count` parameters, its captures first, in the order of its
  /// pattern: ``lead``, then `first..<first + count - 1` in ``LinkIndex/parameters``.
  var first: Int32
  var count: UInt16
  /// How many of them are captures.
  var captures: UInt16
  /// The first parameter, when `count` is not 0.
  var lead: LinkParameter
}

extension LinkIndex {
  /// Parameter `index` (below its count) of screen `number`: its lead, or one of
  /// ``parameters``, each screen's together after its first. The record is read field
  /// by field: a copy of it would retain its name.
  func parameter(_ index: Int, ofScreen number: Int) -> LinkParameter {
    index == 0 ? screens[number].lead : parameters[Int(screens[number].first) + index - 1]
  }
}

/// One parameter a screen declares, as reading a link needs it.
struct LinkParameter: Sendable {
  /// The number of its name (``LinkIndex/keyNames``).
  var key: Int32
  var kind: ParameterKind
  /// For a capture, the segment it reads, counted from the first its pattern reads.
  var offset: UInt8
}
