import RoutingStorage

/// A compiled table's screens by name: an ``OpenAddressingTable`` of screen numbers
/// beside the names in screen order.
///
/// A slot is 8 bytes and a name 16, less than a `[ScreenName: Int32]` takes for the same
/// screens. The names are kept apart from the screens so that comparing one reads the
/// name alone, not a whole ``Screen`` record: compiling compares a name for every origin
/// and destination of every command.
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
    slots.find(name, in: names).number
  }

  /// The number of the screen whose name is `bytes` (UTF-8), or `nil`: the same as
  /// ``subscript(name:)``, without making a `String` of the bytes.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the number of bytes.
  func number(named bytes: Span<UInt8>) -> Int32? {
    slots.find(bytes, in: names)
  }
}

/// The slots of a ``ScreenIndex`` being built, the names kept by whoever builds it.
struct ScreenSlots: Sendable {
  /// Screen numbers by the ``ByteHash`` of their names.
  private var table: OpenAddressingTable

  /// Slots for `capacity` screens before growing.
  init(capacity: Int) {
    table = OpenAddressingTable(capacity: capacity)
  }

  /// The hash of a name, as the slots place it.
  @inline(__always)
  static func hash(_ name: ScreenName) -> UInt64 {
    ByteHash.of(name.rawValue)
  }

  /// The number of `name` among `names`, or `nil` and the slot where it would go.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the length of the name.
  func find(_ name: ScreenName, in names: [ScreenName]) -> (number: Int32?, slot: Int) {
    find(name, hash: Self.hash(name), in: names)
  }

  /// ``find(_:in:)`` for a name whose hash value is known.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the length of the name.
  func find(_ name: ScreenName, hash: UInt64, in names: [ScreenName]) -> (
    number: Int32?, slot: Int
  ) {
    table.find(hash: hash) { names[Int($0)] == name }
  }

  /// The number of the name whose UTF-8 bytes are `bytes` among `names`, or `nil`.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the number of bytes.
  func find(_ bytes: Span<UInt8>, in names: [ScreenName]) -> Int32? {
    table.find(hash: ByteHash.of(bytes)) { Bytes.equal(names[Int($0)].rawValue.utf8.span, bytes) }
      .number
  }

  /// Looks up the names of a batch at once: each name found in the slot its hash points
  /// to gets its number, any other -1 (``find(_:hash:in:)`` then probes further, or
  /// finds it new).
  ///
  /// On a large table each lookup misses the processor's caches twice, for the slot and
  /// for the name. Made one name after another, with the work of reading a command in
  /// between, the misses follow one another; here all the batch's slots are read in one
  /// loop (``OpenAddressingTable/candidates(_:into:)``), then all its names, so that the
  /// misses overlap.
  ///
  /// - Complexity: O(*k*) for names of total length *k*.
  func probe(_ batch: inout NameBatch, in names: [ScreenName]) {
    table.candidates(batch.hashes, into: &batch.numbers)
    for position in batch.numbers.indices where batch.numbers[position] >= 0 {
      if names[Int(batch.numbers[position])] != batch.names[position] {
        batch.numbers[position] = -1
      }
    }
  }

  /// Places name `number`, the last of `names`, at `slot`, which ``find(_:in:)`` gave
  /// for it.
  mutating func insert(_ number: Int32, at slot: Int, names: [ScreenName]) {
    table.insert(number, hash: Self.hash(names[Int(number)]), at: slot) {
      Self.hash(names[Int($0)])
    }
  }
}

/// The screen names of a run of registered commands, looked up together before the
/// commands are read (see ``ScreenSlots/probe(_:in:)``).
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
    for command in commands {
      let from = command.origins
      origins.append(from)
      names.append(contentsOf: from)
      names.append(command.destination)
    }
    hashes = names.map(ScreenSlots.hash)
    numbers = Array(repeating: -1, count: names.count)
    next = 0
  }

  /// The next name, its hash value, and its number when a probe found it, else -1.
  mutating func take() -> (name: ScreenName, hash: UInt64, number: Int32) {
    defer { next += 1 }
    return (names[next], hashes[next], numbers[next])
  }
}
