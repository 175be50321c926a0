/// The package's one comparison of bytes, for screen names, link segments, the names a
/// table file holds and the keys of the JSON reader.
///
/// Names compare byte by byte, with no Unicode normalization: two names are equal when
/// their UTF-8 bytes are (see `ScreenName`). The comparison works on spans, so that
/// the rest of the library compares without pointers.
///
/// Invariants:
/// - `equal(a, b)` is true exactly when `a.count == b.count` and every byte of `a`
///   equals the byte of `b` at the same offset; it reads no byte past either count.
/// - It does not depend on where the bytes are (a `String`'s storage, a small string
///   copied out, a file's bytes, a decoded segment).
public enum Bytes {
  /// Whether `left` and `right` hold the same bytes: a plain loop, which beats the
  /// generic `elementsEqual` on the short names and segments compared here.
  ///
  /// - Complexity: O(*k*) for *k* bytes.
  @inlinable public static func equal(_ left: Span<UInt8>, _ right: Span<UInt8>) -> Bool {
    guard left.count == right.count else { return false }
    var index = 0
    while index < left.count {
      if left[index] != right[index] { return false }
      index += 1
    }
    return true
  }

  /// Whether `left` and `right` spell the same string as Swift compares strings, by
  /// canonical equivalence: the same bytes, or, when either holds a byte that is not
  /// ASCII, equal `String`s. Keys that must be refused as a `Set<String>` would refuse
  /// them (a JSON object's) compare so.
  ///
  /// - Complexity: O(*k*) for *k* bytes; the bytes are decoded only when they first
  ///   differ at a byte that is not ASCII.
  @inlinable public static func sameString(_ left: Span<UInt8>, _ right: Span<UInt8>) -> Bool {
    let shorter = min(left.count, right.count)
    var index = 0
    while index < shorter && left[index] == right[index] { index += 1 }
    if index == shorter {
      guard left.count != right.count else { return true }
      // One holds the other's bytes and more. In well-formed UTF-8 its canonical
      // decomposition holds more scalars, so the two differ; but an ill-formed tail that
      // starts beyond ASCII may decode to the same replacement character as the shorter
      // one's end, so only `String` can say.
      let next = left.count > right.count ? left[index] : right[index]
      return next >= 0x80 && string(left) == string(right)
    }
    // The bytes before are the same whole scalars, and an ASCII byte on both sides is a
    // scalar that no mark reorders across: the decompositions differ there. Only a
    // difference at a byte beyond ASCII may be another spelling of the same string.
    guard left[index] >= 0x80 || right[index] >= 0x80 else { return false }
    return string(left) == string(right)
  }

  /// Whether every byte of `bytes` is ASCII (its top bit clear).
  ///
  /// - Complexity: O(*k*) for *k* bytes.
  @inlinable public static func isASCII(_ bytes: Span<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      if bytes[index] >= 0x80 { return false }
      index += 1
    }
    return true
  }

  /// The eight bytes of `bytes` from `offset`, read as one little-endian word: a reader
  /// that tests eight bytes at once (for ASCII, for marks) loads them so.
  ///
  /// - Precondition: `0 <= offset` and `offset + 8 <= bytes.count`; it traps otherwise.
  /// - Complexity: O(1).
  @inlinable public static func word(_ bytes: Span<UInt8>, at offset: Int) -> UInt64 {
    UInt64(littleEndian: bytes.bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// Feeds `bytes` to `hasher` at once, for a `Hashable` conformance that hashes as
  /// ``equal(_:_:)`` compares.
  ///
  /// - Complexity: O(*k*) for *k* bytes.
  @inlinable public static func combine(_ bytes: Span<UInt8>, into hasher: inout Hasher) {
    bytes.withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(bytes.count)
  }

  /// Calls `body` with the UTF-8 bytes of `text` in place (a small string's copied to
  /// the stack), or returns `nil` without calling it when `text` has no contiguous UTF-8
  /// (a bridged string). `String.UTF8View.span` gives the same bytes through a call into
  /// the standard library that is not inlined; this reads them through the inlinable
  /// contiguous-storage accessor.
  ///
  /// - Complexity: O(1), plus `body`.
  @inlinable public static func withUTF8<Result>(
    of text: String, _ body: (Span<UInt8>) -> Result
  ) -> Result? {
    text.utf8.withContiguousStorageIfAvailable { body($0.span) }
  }

  /// The text of `bytes` decoded as UTF-8, ill-formed sequences repaired as `String`
  /// repairs them.
  ///
  /// - Complexity: O(*k*) for *k* bytes.
  @inlinable public static func string(_ bytes: Span<UInt8>) -> String {
    bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
  }
}
