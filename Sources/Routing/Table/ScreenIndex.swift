import RoutingStorage

/// A compiled table's screens by name: an ``OpenAddressingTable`` of screen numbers
/// beside the names in screen order.
///
/// A screen costs two 8-byte slots (the table is kept at most half full), its name's
/// bytes, and 12 bytes beside them (where the name starts, and its first word). The
/// names are kept apart from the screens so that comparing one reads the name alone,
/// not a whole ``Screen`` record: compiling compares a name for every origin and
/// destination of every command.
struct ScreenIndex: Sendable {
  /// The hash table.
  fileprivate let slots: ScreenSlots
  /// The screens' names, numbered as the slots number them.
  let names: [ScreenName]

  init(_ slots: ScreenSlots, names: [ScreenName]) {
    self.slots = slots
    self.names = names
  }

  /// The number of the screen named `name`, or `nil`.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the length of the name.
  subscript(name: ScreenName) -> Int32? {
    slots.find(name).number
  }

  /// The number of the screen whose name is `bytes` (UTF-8), or `nil`: the same as
  /// ``subscript(name:)``, without making a `String` of the bytes.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the number of bytes.
  func number(named bytes: Span<UInt8>) -> Int32? {
    slots.number(named: bytes)
  }
}

/// The slots of a ``ScreenIndex`` being built, with the names' bytes end to end.
///
/// Lookups compare the name looked up with the bytes kept here rather than with the
/// screens' `String`s: compiling compares a name for every origin and destination of
/// every command, and a comparison in place reads bytes only, where one with a
/// `String` would ask each name for its bytes and retain it (`Docs/Performance.md`,
/// "Low-level choices").
struct ScreenSlots: Sendable {
  /// Screen numbers by the ``ByteHash`` of their names.
  private var table: OpenAddressingTable
  /// The names' UTF-8 bytes, end to end, in screen order.
  private var bytes: [UInt8] = []
  /// Where each name starts in ``bytes``, and where the last one ends: name *i* is
  /// `bytes[starts[i]..<starts[i + 1]]`. Four bytes each: compiling a million commands
  /// on 100,000 screens keeps one a screen.
  private var starts: [Int32] = [0]
  /// Each name's first word (``ByteHash/word(_:at:)``), so that a lookup compares a name
  /// of eight bytes or fewer, as most are, without reading its bytes.
  private var heads: [UInt64] = []

  /// Slots for `capacity` screens before growing.
  init(capacity: Int) {
    table = OpenAddressingTable(capacity: capacity)
  }

  /// The hash of a name, as the slots place it.
  static func hash(_ name: ScreenName) -> UInt64 {
    ByteHash.of(name.rawValue)
  }

  /// Whether screen `number`'s name has the bytes `name`, whose first word is `head`.
  ///
  /// - Complexity: O(*k*), where *k* is the length of the name.
  func matches(_ number: Int32, _ name: Span<UInt8>, head: UInt64) -> Bool {
    let start = Int(starts[Int(number)])
    let end = Int(starts[Int(number) + 1])
    guard end - start == name.count, heads[Int(number)] == head else { return false }
    return name.count <= 8
      || Bytes.equal(bytes.span.extracting(start + 8..<end), name.extracting(8...))
  }

  /// The number of `name`, or `nil` and the slot where it would go.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the length of the name.
  func find(_ name: ScreenName) -> (number: Int32?, slot: Int) {
    // The name's bytes taken once, for its hash and its comparisons, through the
    // inlinable accessor rather than the span getter, a call into the standard library.
    Bytes.withUTF8(of: name.rawValue) { find($0) } ?? find(name.rawValue.utf8.span)
  }

  /// ``find(_:)`` for a name's bytes.
  private func find(_ text: Span<UInt8>) -> (number: Int32?, slot: Int) {
    let head = ByteHash.word(text, at: 0)
    return table.find(hash: ByteHash.of(text, head: head)) { matches($0, text, head: head) }
  }

  /// ``find(_:)`` for a name whose hash value is known.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the length of the name.
  func find(_ name: ScreenName, hash: UInt64) -> (number: Int32?, slot: Int) {
    let text = name.rawValue.utf8.span
    let head = ByteHash.word(text, at: 0)
    return table.find(hash: hash) { matches($0, text, head: head) }
  }

  /// The number of the name whose UTF-8 bytes are `bytes`, or `nil`.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the number of bytes.
  func number(named bytes: Span<UInt8>) -> Int32? {
    find(bytes).number
  }

  /// Looks up the names of a batch at once: each name found in the first slot of its
  /// probe with its hash's tag gets its number, any other -1 (``find(_:hash:)`` then
  /// finds it, past a name of the same tag, or finds it new).
  ///
  /// On a large table each lookup misses the processor's caches twice, for the slot and
  /// for the name. Made one name after another, with the work of reading a command in
  /// between, the misses follow one another; here all the batch's slots are read in one
  /// loop (``OpenAddressingTable/candidates(_:into:)``), then all its names, so that the
  /// misses overlap.
  ///
  /// - Complexity: O(*k*) for names of total length *k*.
  func probe(_ batch: inout NameBatch) {
    table.candidates(batch.hashes, into: &batch.numbers)
    for position in batch.numbers.indices where batch.numbers[position] >= 0 {
      let number = batch.numbers[position]
      let name = batch.names.span[position].rawValue
      let found =
        Bytes.withUTF8(of: name) { matches(number, $0, head: ByteHash.word($0, at: 0)) }
        ?? matches(number, name.utf8.span, head: ByteHash.word(name.utf8.span, at: 0))
      if !found { batch.numbers[position] = -1 }
    }
  }

  /// Places screen `number`, named `name`, at `slot`, which ``find(_:)`` gave for it;
  /// screens are placed in the order of their numbers.
  ///
  /// - Complexity: O(*k*) amortized, where *k* is the length of the name.
  mutating func insert(_ number: Int32, named name: ScreenName, at slot: Int) {
    precondition(Int(number) == starts.count - 1, "screens are placed in order")
    bytes.append(contentsOf: name.rawValue.utf8)
    heads.append(ByteHash.word(bytes.span.extracting(Int(starts[starts.count - 1])...), at: 0))
    precondition(bytes.count < Int32.max, "screen names longer than 2 GB in all")
    starts.append(Int32(bytes.count))
    let (bytes, starts) = (bytes, starts)
    table.insert(number, hash: Self.hash(name), at: slot) {
      ByteHash.of(bytes.span.extracting(Int(starts[Int($0)])..<Int(starts[Int($0) + 1])))
    }
  }
}

/// The screen names of a run of registered commands, looked up together before the
/// commands are read (see ``ScreenSlots/probe(_:)``).
struct NameBatch {
  /// The most commands a batch holds.
  static let capacity = 64
  /// Each command's origins.
  private(set) var origins: [[ScreenName]] = []
  /// Each command's origins then its destination, command after command.
  private(set) var names: [ScreenName] = []
  /// Their hash values.
  private(set) var hashes: [UInt64] = []
  /// Their numbers when a probe found them, else -1.
  var numbers: [Int32] = []
  /// The next name to take.
  private var next = 0

  /// Takes in the names of `commands`, at most ``capacity`` of them, and hashes them.
  mutating func fill(with commands: ArraySlice<any NavigationCommand>) {
    origins.removeAll(keepingCapacity: true)
    names.removeAll(keepingCapacity: true)
    hashes.removeAll(keepingCapacity: true)
    for command in commands {
      let from = command.origins
      origins.append(from)
      for name in from {
        names.append(name)
        hashes.append(ScreenSlots.hash(name))
      }
      let destination = command.destination
      names.append(destination)
      hashes.append(ScreenSlots.hash(destination))
    }
    next = 0
  }

  /// The next name, its hash value, and its number when the probe found it, else -1
  /// (``ScreenSlots/probe(_:)`` comes between ``fill(with:)`` and the first take).
  mutating func take() -> (name: ScreenName, hash: UInt64, number: Int32) {
    defer { next += 1 }
    return (names[next], hashes[next], numbers[next])
  }
}
