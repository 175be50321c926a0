/// The library's one comparison of bytes, for screen names, link segments and the names
/// a table file holds.
///
/// Names compare byte by byte, with no Unicode normalization: two names are equal when
/// their UTF-8 bytes are (see ``ScreenName``). The comparison works on spans, so that
/// the rest of the library compares without pointers.
///
/// Invariants:
/// - `equal(a, b)` is true exactly when `a.count == b.count` and every byte of `a`
///   equals the byte of `b` at the same offset; it reads no byte past either count.
/// - It does not depend on where the bytes are (a `String`'s storage, a small string
///   copied out, a file's bytes, a decoded segment).
enum Bytes {
  /// Whether `left` and `right` hold the same bytes.
  ///
  /// - Complexity: O(*k*) for *k* bytes.
  static func equal(_ left: Span<UInt8>, _ right: Span<UInt8>) -> Bool {
    guard left.count == right.count else { return false }
    return left.withUnsafeBufferPointer { left in
      right.withUnsafeBufferPointer { right in equal(left, right) }
    }
  }

  /// Whether `left` and `right` hold the same bytes: a plain loop, which beats the
  /// generic `elementsEqual` on the short names and segments compared here.
  ///
  /// - Complexity: O(*k*) for *k* bytes.
  static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard left.count == right.count else { return false }
    var index = 0
    while index < left.count {
      if left[index] != right[index] { return false }
      index += 1
    }
    return true
  }

  /// Feeds `bytes` to `hasher` at once, for a `Hashable` conformance that hashes as
  /// ``equal(_:_:)-(Span<UInt8>,_)`` compares.
  ///
  /// - Complexity: O(*k*) for *k* bytes.
  static func combine(_ bytes: Span<UInt8>, into hasher: inout Hasher) {
    bytes.withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(bytes.count)
  }

  /// The text of `bytes` decoded as UTF-8, ill-formed sequences repaired as `String`
  /// repairs them.
  ///
  /// - Complexity: O(*k*) for *k* bytes.
  static func string(_ bytes: Span<UInt8>) -> String {
    bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
  }
}
