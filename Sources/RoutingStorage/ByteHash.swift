/// The library's one hash of bytes: screen names (`ScreenIndex`, the file loader's
/// interner) and the segments of links and path patterns (`LinkIndex`) are hashed with
/// it.
///
/// A multiply-and-shift mix of the bytes read eight at a time, little-endian, the last
/// word zero-padded, and the count mixed in first. Not `Hasher`: its seeded SipHash
/// costs more than a plan's own work for the two names a plan looks up (see
/// `Docs/Performance.md`, "Low-level choices").
///
/// Invariants:
/// - The same bytes hash to the same value, in every process and on every run: the
///   hash is not seeded. A table file made for its names to collide therefore compiles
///   slowly, never wrongly: every table that uses the hash compares the bytes too.
/// - The hash depends on the bytes only, not on where they are: a name hashes the same
///   from a `String`, from a file's bytes or from a decoded link segment.
/// - Every bit of the result depends on every byte, so that callers may use the low
///   bits for a slot and the high bits as a tag.
public enum ByteHash {
  /// The hash of `bytes`.
  ///
  /// - Complexity: O(*k*) for *k* bytes.
  @inlinable public static func of(_ bytes: Span<UInt8>) -> UInt64 {
    of(bytes, head: word(bytes, at: 0))
  }

  /// The hash of `bytes`, whose first word (`word(bytes, at: 0)`) is `head`: for a
  /// caller that keeps the word, as the screen index does to compare short names.
  ///
  /// - Complexity: O(*k*) for *k* bytes.
  @inlinable public static func of(_ bytes: Span<UInt8>, head: UInt64) -> UInt64 {
    // Most names are one word, hashed without the loop.
    if bytes.count <= 8 { return hash(head: head, count: bytes.count) }
    var bits: UInt64 = 0
    return hash(bytes, head: head, bits: &bits)
  }

  /// The hash of a string's UTF-8 bytes, read in place through the inlinable accessor
  /// (``Bytes/withUTF8(of:_:)``) rather than the span getter, a call into the standard
  /// library.
  ///
  /// - Complexity: O(*k*) for *k* bytes.
  @inlinable public static func of(_ text: String) -> UInt64 {
    Bytes.withUTF8(of: text) { of($0) } ?? of(text.utf8.span)
  }

  /// The hash of `bytes`, whose first word is `head`, with the bits of every word read
  /// ORed into `bits`: a reader that needs the first word anyway (a link's segment)
  /// loads it once, and a byte is ASCII when its top bit is clear, so the caller learns
  /// whether all the bytes are ASCII without a second pass over them.
  ///
  /// - Parameters:
  ///   - bytes: The bytes hashed.
  ///   - head: Their first word, `word(bytes, at: 0)`; the hash is wrong for any other
  ///     value (it is not read again).
  ///   - bits: ORed with the bits of every word read.
  /// - Complexity: O(*k*) for *k* bytes.
  @inlinable public static func hash(_ bytes: Span<UInt8>, head: UInt64, bits: inout UInt64)
    -> UInt64
  {
    var hash = (head ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15
    bits |= head
    var offset = 8
    while offset < bytes.count {
      // A whole word loaded in place; only the last, shorter one takes the call.
      let next =
        bytes.count - offset >= 8 ? Bytes.word(bytes, at: offset) : word(bytes, at: offset)
      bits |= next
      hash = (hash ^ (hash >> 29) ^ next) &* 0xBF58_476D_1CE4_E5B9
      offset += 8
    }
    return finished(hash)
  }

  /// The hash of at most eight bytes, from their count and their one word, `head`
  /// (`word(bytes, at: 0)`): what ``hash(_:head:bits:)`` gives them, for a caller that
  /// holds the word and not the bytes.
  ///
  /// - Precondition: `count <= 8`; the hash is wrong for more bytes.
  @inlinable public static func hash(head: UInt64, count: Int) -> UInt64 {
    finished((head ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15)
  }

  /// The last mix of the hash.
  @inlinable static func finished(_ state: UInt64) -> UInt64 {
    var hash = state ^ (state >> 31)
    hash = hash &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash >> 29)
  }

  /// Up to eight bytes of `bytes` from `offset`, little-endian, zero-padded: the unit
  /// the hash reads, and the head that tables keep beside a key to compare short keys
  /// without reading them.
  ///
  /// At most three checked loads, without a loop: most names and segments are shorter
  /// than eight bytes, and this is their whole word.
  ///
  /// - Precondition: `0 <= offset <= bytes.count`; it traps otherwise.
  /// - Complexity: O(1).
  @inlinable public static func word(_ bytes: Span<UInt8>, at offset: Int) -> UInt64 {
    precondition(offset >= 0 && offset <= bytes.count, "offset out of range")
    let count = bytes.count - offset
    if count >= 8 { return Bytes.word(bytes, at: offset) }
    if count >= 4 {
      // Four bytes from the start and four ending at the last byte: where they overlap
      // they hold the same bytes, so ORing them in place is the word.
      let raw = bytes.bytes
      let low = raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt32.self)
      let high = raw.unsafeLoadUnaligned(fromByteOffset: offset + count - 4, as: UInt32.self)
      return UInt64(UInt32(littleEndian: low))
        | UInt64(UInt32(littleEndian: high)) << (8 * UInt64(count - 4))
    }
    guard count > 0 else { return 0 }
    // One to three bytes: the first, the middle and the last, some of them the same.
    let middle = count / 2
    return UInt64(bytes[offset]) | UInt64(bytes[offset + middle]) << (8 * UInt64(middle))
      | UInt64(bytes[offset + count - 1]) << (8 * UInt64(count - 1))
  }

  /// Whether the bits ORed by ``hash(_:head:bits:)`` are those of ASCII bytes only.
  @inlinable public static func isASCII(_ bits: UInt64) -> Bool {
    bits & 0x8080_8080_8080_8080 == 0
  }
}
