/// A compiled table's screens by name: an open-addressing hash table of screen numbers
/// beside the names in screen order.
///
/// At most half the slots are used; each slot is 8 bytes, and each name 16, about two
/// thirds of what a `[ScreenName: Int32]` takes for the same screens (3.7 MB against
/// 5.2 MB for 100,000 screens, whose dictionary has 262,144 buckets). The names are kept
/// apart from the screens so that comparing one reads 16 bytes, not a ``Screen``'s 104
/// (measured: reading them from the screens made compiling 1,000,000 commands 50%
/// slower).
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
  func number(named bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
    slots.find(bytes, in: names)
  }
}

/// The slots of a ``ScreenIndex`` being built, the names kept by whoever builds it.
struct ScreenSlots: Sendable {
  /// Each slot: a screen's number plus one in the low 32 bits, the high 32 bits of its
  /// name's hash value above them; 0 when empty. A lookup passes over a slot of another
  /// hash value without reading its name (measured: a warm plan's two lookups ran
  /// about 80 instructions fewer).
  private var slots: [UInt64]
  /// The number of screens placed.
  private var count = 0

  /// Slots for `capacity` screens before growing.
  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = Array(repeating: 0, count: size)
  }

  /// The slot's screen number plus one; 0 when empty.
  @inline(__always)
  private static func number(_ slot: UInt64) -> Int32 { Int32(truncatingIfNeeded: slot) }

  /// The high 32 bits of a hash value, or of a slot: its name's hash tag, in place.
  @inline(__always)
  private static func tag(_ bits: UInt64) -> UInt64 { bits & ~0xFFFF_FFFF }

  /// The hash tag of a hash value, in place in a slot.
  @inline(__always)
  private static func tag(_ hash: Int) -> UInt64 { tag(UInt64(UInt(bitPattern: hash))) }

  /// The number of `name` among `names`, or `nil` and the slot where it would go.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the length of the name.
  @inline(__always)
  func find(_ name: ScreenName, in names: [ScreenName]) -> (number: Int32?, slot: Int) {
    find(name, hash: NameHash.of(name), in: names)
  }

  /// ``find(_:in:)`` for a name whose hash value is known.
  ///
  /// Inlined, as ``find(_:in:)`` is, into each lookup (measured: a lookup of a warm
  /// plan ran about 104 instructions instead of 130).
  @inline(__always)
  func find(_ name: ScreenName, hash: Int, in names: [ScreenName]) -> (number: Int32?, slot: Int) {
    let mask = slots.count - 1
    let tag = Self.tag(hash)
    var slot = hash & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return (nil, slot) }
      let number = Self.number(entry) - 1
      // The same bits (one storage, or the same small string) checked here, without the
      // call to `==`: a table's lookup usually finds its own name so.
      if Self.tag(entry) == tag,
        names[Int(number)].rawValue._isIdentical(to: name.rawValue) || names[Int(number)] == name
      {
        return (number, slot)
      }
      slot = (slot + 1) & mask
    }
  }

  /// The number of the name whose UTF-8 bytes are `bytes` among `names`, or `nil`.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the number of bytes.
  func find(_ bytes: UnsafeBufferPointer<UInt8>, in names: [ScreenName]) -> Int32? {
    let mask = slots.count - 1
    let hash = Int(truncatingIfNeeded: NameHash.hash(bytes, head: NameHash.word(bytes, at: 0)))
    let tag = Self.tag(hash)
    var slot = hash & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      let number = Self.number(entry) - 1
      if Self.tag(entry) == tag {
        let name = names[Int(number)].rawValue.utf8
        let same =
          name.count == bytes.count
          && (name.withContiguousStorageIfAvailable {
            $0.isEmpty || memoryEqual($0.baseAddress!, bytes.baseAddress!, bytes.count)
          } ?? name.elementsEqual(bytes))
        if same { return number }
      }
      slot = (slot + 1) & mask
    }
  }

  /// Looks up the names of a batch at once: each name found in the slot its hash points
  /// to gets its number, any other -1 (``find(_:hash:in:)`` then probes further, or
  /// finds it new).
  ///
  /// On a large table each lookup misses the processor's caches twice, for the slot and
  /// for the name. Made one name after another, with the work of reading a command in
  /// between, the misses follow one another; here all the batch's slots are read in one
  /// tight loop, then all its names, so that the misses overlap (measured: compiling
  /// 1,000,000 commands to 100,000 screens took 0.66–0.74 s of processor time with one
  /// lookup after another, 0.48–0.57 s with batches).
  ///
  /// - Complexity: O(*k*) for names of length *k*.
  func probe(_ batch: inout NameBatch, in names: [ScreenName]) {
    let mask = slots.count - 1
    let count = batch.names.count
    slots.withUnsafeBufferPointer { slots in
      for position in 0..<count {
        let hash = batch.hashes[position]
        let entry = slots[hash & mask]
        batch.numbers[position] =
          Self.tag(entry) == Self.tag(hash) ? Self.number(entry) - 1 : -1
      }
    }
    names.withUnsafeBufferPointer { names in
      for position in 0..<count where batch.numbers[position] >= 0 {
        let known = names[Int(batch.numbers[position])].rawValue
        let name = batch.names[position].rawValue
        // Names compared by the bits of their strings first: equal bits are the same
        // name (one storage, or the same small string), and are read without a call.
        if !known._isIdentical(to: name) && ScreenName(known) != ScreenName(name) {
          batch.numbers[position] = -1
        }
      }
    }
  }

  /// Places name `number`, the last of `names`, at `slot`, which ``find(_:in:)`` gave
  /// for it.
  mutating func insert(_ number: Int32, at slot: Int, names: [ScreenName]) {
    slots[slot] = Self.tag(NameHash.of(names[Int(number)])) | UInt64(number + 1)
    count += 1
    guard count * 2 > slots.count else { return }
    let mask = slots.count * 2 - 1
    var grown = [UInt64](repeating: 0, count: slots.count * 2)
    for entry in slots where entry != 0 {
      var slot = NameHash.of(names[Int(Self.number(entry)) - 1]) & mask
      while grown[slot] != 0 { slot = (slot + 1) & mask }
      grown[slot] = entry
    }
    slots = grown
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
  private(set) var hashes: [Int] = []
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
    hashes = names.map(NameHash.of)
    numbers = Array(repeating: -1, count: names.count)
    next = 0
  }

  /// The next name, its hash value, and its number when a probe found it, else -1.
  mutating func take() -> (name: ScreenName, hash: Int, number: Int32) {
    defer { next += 1 }
    return (names[next], hashes[next], numbers[next])
  }
}

/// The hash of a screen name that every index of names uses (``ScreenIndex``, the
/// loader's interner): a multiply-and-shift mix of its UTF-8 bytes, eight at a time.
///
/// ``ScreenName`` compares names byte by byte (`"Caf\u{E9}"` and `"Cafe\u{301}"` are two
/// names), so hashing the bytes keeps step with `==`. Not `Hasher`: its seeded SipHash
/// took about 450 instructions a name, and a plan looks up two (measured with callgrind
/// on a random 1,000 / 5,000 table: `Hasher` was gone from the profile and a cold
/// plan's median fell by about 8%, together with the atomic ``ScratchPool``). The hash
/// is not seeded: a table file made for its names to collide compiles slowly, never
/// wrongly.
enum NameHash {
  /// The hash of `name`'s UTF-8 bytes.
  ///
  /// - Complexity: O(*k*), where *k* is the length of the name.
  @inline(__always)
  static func of(_ name: ScreenName) -> Int {
    let hashed = name.rawValue.utf8.withContiguousStorageIfAvailable { bytes in
      Int(truncatingIfNeeded: hash(bytes, head: word(bytes, at: 0)))
    }
    if let hashed { return hashed }
    var copy = name.rawValue
    return copy.withUTF8 { Int(truncatingIfNeeded: hash($0, head: word($0, at: 0))) }
  }

  /// Up to eight bytes of `bytes` from `offset`, little-endian, zero-padded.
  @inline(__always)
  static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
    let count = bytes.count - offset
    if count >= 8 {
      return UInt64(
        littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }
    var value: UInt64 = 0
    var index = 0
    while index < count {
      value |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
      index += 1
    }
    return value
  }

  /// Mixes `bytes` eight at a time; `head` is their first word.
  ///
  /// - Complexity: O(*k*) for *k* bytes.
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>, head: UInt64) -> UInt64 {
    var hash = (head ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15
    var offset = 8
    while offset < bytes.count {
      hash = (hash ^ (hash >> 29) ^ word(bytes, at: offset)) &* 0xBF58_476D_1CE4_E5B9
      offset += 8
    }
    hash ^= hash >> 31
    hash = hash &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash >> 29)
  }
}
