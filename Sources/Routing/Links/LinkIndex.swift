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
/// The screens without a path, which read their name as one segment, are not in the
/// trie: a walk from its root looks the segment up among them (``NamedScreens``).
///
/// Each node has its literal children by text, at most one capture child (patterns that
/// are the same up to capture names are refused, so captures at one place share a node),
/// and at most one screen whose pattern ends there. The literal children of every node
/// are also kept in one open-addressing hash table keyed by the parent node and the
/// segment's bytes, which the reader probes without making a `String`: a slot holds a
/// tag of the key's hash and the child, and the child's node holds what the probe
/// checks (its parent, its literal's length and first eight bytes), so that a probe
/// reads the slot and the node it finds, which the walk reads next anyway. A node with
/// a literal child that is not ASCII is looked up as a `String` instead, since segments
/// compare as Swift strings (by canonical equivalence).
///
/// A class, immutable once compiled: reading a link refers to it without copying a
/// dozen arrays (copies that cost more retains and releases than the read itself).
final class LinkIndex: Sendable {
  /// Each screen's path pattern, by screen number; empty for a screen without a path,
  /// which reads its name (see ``pattern(ofScreen:)``). Most screens of a large table
  /// have no path, and an array each would cost 56 bytes a screen.
  private let patterns: [[PatternSegment]]
  /// The trie's nodes; node 0 is the root. Their literal children are in ``slots``, and
  /// by text in `literalChildren`. After them, from ``keyBase``, one node for each
  /// parameter name, numbered, which ``slots`` holds under the parent ``keyParent``.
  let nodes: FlatTable<TrieNode>
  let literalChildren: [[String: Int32]]
  /// The hash table of literal children, open addressing with linear probing.
  let slots: FlatTable<LiteralSlot>
  /// The literals' bytes, which the nodes point into.
  let literalBytes: FlatTable<UInt8>
  let slotMask: Int
  /// The node of parameter name 0.
  let keyBase: Int32
  /// Each screen's name, by number.
  let screenNames: [ScreenName]
  /// The screens without a path.
  let namedScreens: NamedScreens
  /// Screen *i*'s declared parameters are `parameterFirst[i]..<parameterFirst[i + 1]` in
  /// `parameterKeys` (their names' numbers) and `parameterKinds`.
  let parameterFirst: FlatTable<Int32>
  let parameterKinds: FlatTable<ParameterKind>
  /// Screen *i*'s captures are `captureNames[captureFirst[i]..<captureFirst[i + 1]]`, read
  /// from the segments `captureOffsets` past the first its pattern reads.
  let captureFirst: FlatTable<Int32>
  let captureNames: [String]
  let captureOffsets: FlatTable<Int32>
  /// Every parameter name the screens declare is numbered, so that the reader compares
  /// keys as numbers: `captureKeys[c]` is the number of `captureNames[c]`. The names are
  /// in ``slots`` too, under the parent ``keyParent``, unless one of them is not ASCII
  /// (``keysAreASCII``), in which case keys are looked up as strings in `keyNumbers`.
  let keyNumbers: [String: Int32]
  let parameterKeys: FlatTable<Int32>
  let captureKeys: FlatTable<Int32>
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
    var nodes = terminal.indices.map {
      TrieNode(
        endings: 0, head: 0, terminal: terminal[$0], captureChild: captureChild[$0], parent: -1,
        start: 0, height: 0, count: 0, hasTextChild: false)
    }
    for node in stride(from: nodes.count - 1, through: 0, by: -1) {
      if nodes[node].terminal >= 0 { nodes[node].endings |= 1 }
      let up = Int(parent[node])
      if up >= 0 {
        nodes[up].endings |= nodes[node].endings << 1
        nodes[up].height = max(nodes[up].height, nodes[node].height + 1)
      }
    }
    let keyBase = Int32(nodes.count)
    var keyNumbers: [String: Int32] = [:]
    for screen in screens {
      for parameter in screen.parameters where keyNumbers[parameter.name] == nil {
        keyNumbers[parameter.name] = Int32(keyNumbers.count)
        edges.append((Self.keyParent, Int32(nodes.count), parameter.name))
        nodes.append(
          TrieNode(
            endings: 0, head: 0, terminal: -1, captureChild: -1, parent: -1, start: 0, height: 0,
            count: 0, hasTextChild: false))
      }
    }
    let keysAreASCII = keyNumbers.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    if !keysAreASCII { edges.removeAll { $0.parent == Self.keyParent } }
    var capacity = 2
    while capacity < edges.count * 2 { capacity <<= 1 }
    var slots = [LiteralSlot](repeating: LiteralSlot(tag: 0, node: -1), count: capacity)
    var literalBytes: [UInt8] = []
    for edge in edges {
      if edge.parent >= 0 && !edge.text.utf8.allSatisfy({ $0 < 0x80 }) {
        nodes[Int(edge.parent)].hasTextChild = true
      }
      var text = edge.text
      let (hash, head) = text.withUTF8 {
        (Self.hash(edge.parent, Self.hash($0)), NameHash.word($0, at: 0))
      }
      var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
      while slots[slot].node >= 0 { slot = (slot + 1) & (capacity - 1) }
      slots[slot] = LiteralSlot(tag: UInt32(truncatingIfNeeded: hash >> 32), node: edge.child)
      nodes[Int(edge.child)].parent = edge.parent
      nodes[Int(edge.child)].head = head
      nodes[Int(edge.child)].start = Int32(literalBytes.count)
      // A literal longer than any link never matches, whatever its count says.
      nodes[Int(edge.child)].count = UInt16(clamping: edge.text.utf8.count)
      literalBytes.append(contentsOf: edge.text.utf8)
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
    self.patterns = patterns
    self.literalChildren = literalChildren
    self.nodes = FlatTable(nodes)
    self.slots = FlatTable(slots)
    self.literalBytes = FlatTable(literalBytes)
    self.slotMask = capacity - 1
    self.keyBase = keyBase
    self.hosts = lowered
    screenNames = index.names
    self.namedScreens = namedScreens
    var parameterFirst: [Int32] = [0]
    var captureFirst: [Int32] = [0]
    var captureNames: [String] = []
    var captureOffsets: [Int32] = []
    for (number, screen) in screens.enumerated() {
      parameterFirst.append(parameterFirst[number] + Int32(screen.parameters.count))
      for (offset, segment) in patterns[number].enumerated() {
        if case .capture(let name) = segment {
          captureNames.append(name)
          captureOffsets.append(Int32(offset))
        }
      }
      captureFirst.append(Int32(captureNames.count))
    }
    self.parameterFirst = FlatTable(parameterFirst)
    parameterKinds = FlatTable(screens.flatMap { $0.parameters.map(\.kind) })
    self.captureFirst = FlatTable(captureFirst)
    self.captureNames = captureNames
    self.captureOffsets = FlatTable(captureOffsets)
    self.keyNumbers = keyNumbers
    self.keysAreASCII = keysAreASCII
    parameterKeys = FlatTable(screens.flatMap { $0.parameters.map { keyNumbers[$0.name]! } })
    captureKeys = FlatTable(captureNames.map { keyNumbers[$0]! })
  }

  /// Screen `number`'s pattern: its path's segments, or its name as one literal.
  ///
  /// - Complexity: O(1).
  func pattern(ofScreen number: Int) -> [PatternSegment] {
    patterns[number].isEmpty ? [.literal(screenNames[number].rawValue)] : patterns[number]
  }

  deinit {
    nodes.free()
    slots.free()
    literalBytes.free()
    parameterFirst.free()
    parameterKinds.free()
    captureFirst.free()
    captureOffsets.free()
    parameterKeys.free()
    captureKeys.free()
  }

  /// The parent under which ``slots`` holds the parameter names, numbered.
  static let keyParent: Int32 = -2

  /// An ASCII letter in lower case; any other byte as it is.
  static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }

  /// The hash of a segment's bytes (32-bit FNV-1a).
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var hash = hashBasis
    for byte in bytes { hash = Self.hash(hash, byte) }
    return hash
  }

  /// The hash of no bytes.
  static let hashBasis: UInt32 = 0x811C_9DC5

  /// The hash of some bytes and `byte` after them, from the hash of those bytes.
  @inline(__always)
  static func hash(_ hash: UInt32, _ byte: UInt8) -> UInt32 {
    (hash ^ UInt32(byte)) &* 0x0100_0193
  }

  /// The hash of a literal child's key: its parent, and its text's hash.
  @inline(__always)
  static func hash(_ parent: Int32, _ text: UInt32) -> UInt64 {
    var hash = (UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(text)) &* 0x9E37_79B9_7F4A_7C15
    hash ^= hash >> 31
    return hash
  }

  /// Node `number`, which the index gave (a child, a slot's node): read without a
  /// bounds check.
  @inline(__always)
  func trieNode(_ number: Int32) -> UnsafePointer<TrieNode> {
    nodes.pointer + Int(number)
  }

  /// The literal child of `node` that reads segment `position` of `segments`, or -1.
  ///
  /// - Complexity: O(*n*) expected, where *n* is the length of the segment.
  @inline(__always)
  func literalChild(of node: Int32, reading segments: LinkSegments, at position: Int) -> Int32 {
    let segment = segments.bytes(position)
    guard segments.isASCII(position), !trieNode(node).pointee.hasTextChild else {
      // Segments compare as strings: a text that is not ASCII may equal another one
      // that is written with other bytes.
      guard !literalChildren[Int(node)].isEmpty else { return -1 }
      return literalChildren[Int(node)][String(decoding: segment, as: UTF8.self)] ?? -1
    }
    return self.node(
      under: node, reading: segment, hash: segments.hash(position), head: segments.head(position))
  }

  /// The number of the parameter name `key` (ASCII, hashed as `LinkIndex.hash(key)`), or
  /// -1 when no screen declares it; only when ``keysAreASCII``.
  ///
  /// - Complexity: O(*n*) expected, where *n* is the length of the key.
  @inline(__always)
  func keyNumber(of key: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int32 {
    let found = node(
      under: Self.keyParent, reading: key, hash: hash, head: NameHash.word(key, at: 0))
    return found < 0 ? -1 : found - keyBase
  }

  /// The node that ``slots`` holds under `parent` for `bytes`, or -1.
  ///
  /// - Parameters:
  ///   - hash: The hash of the bytes, `LinkIndex.hash(bytes)`.
  ///   - head: Their first eight bytes, `NameHash.word(bytes, at: 0)`.
  @inline(__always)
  private func node(
    under parent: Int32, reading bytes: UnsafeBufferPointer<UInt8>, hash text: UInt32,
    head: UInt64
  ) -> Int32 {
    let hash = Self.hash(parent, text)
    let tag = UInt32(truncatingIfNeeded: hash >> 32)
    var slot = Int(truncatingIfNeeded: hash) & slotMask
    while true {
      let entry = slots[slot]
      guard entry.node >= 0 else { return -1 }
      if entry.tag == tag {
        let node = trieNode(entry.node)
        if node.pointee.parent == parent && node.pointee.head == head
          && Int(node.pointee.count) == bytes.count
          && (bytes.count <= 8
            || memoryEqual(
              literalBytes.pointer + Int(node.pointee.start) + 8, bytes.baseAddress! + 8,
              bytes.count - 8))
        {
          return entry.node
        }
      }
      slot = (slot + 1) & slotMask
    }
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

/// Whether `count` bytes at `a` and `b` are the same.
@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  for offset in 0..<count where a[offset] != b[offset] { return false }
  return true
}

/// One node of the trie of path patterns, as reading needs it: one entry to read per
/// step down, which also says which literal leads to it.
struct TrieNode: Sendable {
  /// Bit *k* says that a pattern ends *k* segments below the node (the bits that do not
  /// fit, only possible at the root, are dropped; the root is not pruned).
  var endings: UInt64
  /// The first eight bytes of the literal that leads to the node, little-endian and
  /// padded with zeros (`NameHash.word(literal, at: 0)`); 0 for other nodes.
  var head: UInt64
  /// The screen whose pattern ends at the node, or -1.
  var terminal: Int32
  /// The node's capture child, or -1.
  var captureChild: Int32
  /// The node whose literal child this node is in ``LinkIndex/slots``, or -1.
  var parent: Int32
  /// Where the literal's bytes are in ``LinkIndex/literalBytes``.
  var start: Int32
  /// How many segments below the node the deepest pattern through it ends.
  var height: Int32
  /// How many bytes the literal has.
  var count: UInt16
  /// Whether the node has a literal child that is not ASCII.
  var hasTextChild: Bool
}

/// One slot of the hash table of literal children: the high half of the key's hash, and
/// the node it leads to (-1 for an empty slot), which holds the rest of the key.
struct LiteralSlot: Sendable {
  var tag: UInt32
  var node: Int32
}

/// An array's elements in memory of their own, which reading does not retain and release
/// as it would an array's: the tables of a ``LinkIndex`` (numbers and kinds, which need no
/// reference counting themselves), immutable once made, and freed by the index's
/// `deinit`.
struct FlatTable<Element: Sendable>: @unchecked Sendable {
  /// The first element.
  let pointer: UnsafePointer<Element>
  /// How many elements.
  let count: Int

  /// A table of `elements`.
  init(_ elements: [Element]) {
    let memory = UnsafeMutablePointer<Element>.allocate(capacity: max(elements.count, 1))
    elements.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { memory.initialize(from: base, count: buffer.count) }
    }
    pointer = UnsafePointer(memory)
    count = elements.count
  }

  /// Element `index`; it traps outside the table, as an array does.
  @inline(__always)
  subscript(index: Int) -> Element {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
    return pointer[index]
  }

  /// Frees the memory: the table must not be read again.
  func free() {
    let memory = UnsafeMutablePointer(mutating: pointer)
    memory.deinitialize(count: count)
    memory.deallocate()
  }
}
