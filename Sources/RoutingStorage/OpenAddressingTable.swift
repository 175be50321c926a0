/// The library's one open-addressing hash table: numbers `0..<2³¹ - 1` (a table's
/// screens, a file's names) by the ``ByteHash`` of their keys, the keys kept by the
/// caller. `ScreenIndex` and the file loader's interner are built on it.
///
/// Each slot is 8 bytes: the key's number plus one in the low 32 bits, the high 32 bits
/// of its hash (its tag) above them, 0 when empty. A lookup passes over a slot of
/// another tag without asking the caller to compare keys, so that it rarely reads a key
/// that is not the one looked up. Collisions probe linearly.
///
/// Invariants:
/// - The slot count is a power of two, at least 16, and at most half the slots are used:
///   every probe ends at an empty slot.
/// - A number is placed once, at the slot ``find(hash:where:)`` gave for its key when
///   that lookup found nothing; the caller keeps keys unique so.
/// - A slot's tag is the high 32 bits of the hash of the key placed there, so that
///   growing places each number again from the same hash, which `rehash` gives.
public struct OpenAddressingTable: Sendable {
  /// The slots.
  @usableFromInline var slots: [UInt64]
  /// How many numbers are placed.
  public private(set) var count = 0

  /// Room for `capacity` numbers before the table grows.
  public init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = Array(repeating: 0, count: size)
  }

  /// A slot's number; -1 for an empty slot.
  @inlinable static func number(_ slot: UInt64) -> Int32 { Int32(truncatingIfNeeded: slot) - 1 }

  /// The tag of a hash, or of a slot: its high 32 bits, in place.
  @inlinable static func tag(_ bits: UInt64) -> UInt64 { bits & ~0xFFFF_FFFF }

  /// The number whose key `matches` accepts, among those whose hash has the tag of
  /// `hash`, or `nil` and the slot where such a key would go.
  ///
  /// - Parameters:
  ///   - hash: The hash of the key looked up.
  ///   - matches: Whether the key of a number is the one looked up; asked only for
  ///     numbers of the same tag.
  /// - Complexity: O(1) probes on average, each asking `matches` at most once.
  @inlinable public func find(hash: UInt64, where matches: (Int32) -> Bool) -> (
    number: Int32?, slot: Int
  ) {
    let mask = slots.count - 1
    let tag = Self.tag(hash)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return (nil, slot) }
      if Self.tag(entry) == tag {
        let number = Self.number(entry)
        if matches(number) { return (number, slot) }
      }
      slot = (slot + 1) & mask
    }
  }

  /// For each hash, the number in the first slot of its probe that has its tag, or -1
  /// when the probe reaches an empty slot first: a candidate, which the caller confirms
  /// by comparing keys (and looks up with ``find(hash:where:)`` when it is not the one,
  /// which takes two hashes of the same tag).
  ///
  /// On a large table the slots are out of the processor's caches. A loop that reads
  /// only the slots lets the reads of a batch overlap, where lookups made one at a time
  /// among other work would wait for each in turn.
  ///
  /// - Complexity: O(*n*) probes on average for *n* hashes.
  public func candidates(_ hashes: [UInt64], into numbers: inout [Int32]) {
    // Sized once, then written through a span: no append checks the array's uniqueness.
    numbers.removeAll(keepingCapacity: true)
    numbers.append(contentsOf: repeatElement(-1, count: hashes.count))
    var written = numbers.mutableSpan
    let hashes = hashes.span
    for index in hashes.indices {
      // The lookup's own probe, accepting the first number of the tag.
      if let number = find(hash: hashes[index], where: { _ in true }).number {
        written[index] = number
      }
    }
  }

  /// Places `number`, whose key hashes to `hash`, at `slot`, which
  /// ``find(hash:where:)`` gave for the key; grows when half the slots are used.
  ///
  /// - Parameters:
  ///   - number: The number to place.
  ///   - hash: The hash of its key.
  ///   - slot: The slot ``find(hash:where:)`` gave for the key.
  ///   - rehash: The hash of the key of a number placed before.
  /// - Complexity: O(1) amortized, O(*n*) when the table grows to hold *n* numbers.
  public mutating func insert(
    _ number: Int32, hash: UInt64, at slot: Int, rehash: (Int32) -> UInt64
  ) {
    precondition(number >= 0 && number < Int32.max, "number out of range")
    slots[slot] = Self.tag(hash) | UInt64(UInt32(number + 1))
    count += 1
    guard count * 2 > slots.count else { return }
    let mask = slots.count * 2 - 1
    var grown = [UInt64](repeating: 0, count: slots.count * 2)
    for entry in slots where entry != 0 {
      var slot = Int(truncatingIfNeeded: rehash(Self.number(entry))) & mask
      while grown[slot] != 0 { slot = (slot + 1) & mask }
      grown[slot] = entry
    }
    slots = grown
  }
}
