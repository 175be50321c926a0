import RoutingStorage

/// The screens without a path, which read their name as one literal segment: found
/// through the table's ``ScreenIndex`` rather than the trie of path patterns, so that
/// they cost a link index nothing but a bit each (most screens of a large table have no
/// path, and a trie node, a slot of its hash table and an entry in its root's dictionary
/// for each would grow the table by more than its commands take).
///
/// A segment reads a name when the two are equal as Swift strings (by canonical
/// equivalence), as it reads a literal: the index finds a name by its bytes, and the
/// names that are not ASCII, which other bytes may spell, are kept by text besides.
struct NamedScreens: Sendable {
  /// The table's screens by name.
  let index: ScreenIndex
  /// Bit *i* % 64 of word *i* / 64: screen *i* reads its name.
  private var named: [UInt64]
  /// The screens that read their names and whose names are not ASCII, by name.
  private var texts: [String: Int32] = [:]
  /// Whether any screen reads its name.
  private(set) var isEmpty = true

  /// No screen yet, out of the screens of `index`.
  init(_ index: ScreenIndex) {
    self.index = index
    named = Array(repeating: 0, count: (index.names.count + 63) / 64)
  }

  /// Adds screen `number`, whose name no screen added before reads
  /// (``screen(reading:ascii:)`` gave -1 for it).
  mutating func add(_ number: Int32) {
    named[Int(number) / 64] |= 1 << UInt64(number % 64)
    isEmpty = false
    let name = index.names[Int(number)].rawValue
    if !name.utf8.allSatisfy({ $0 < 0x80 }) { texts[name] = number }
  }

  /// Whether screen `number` has been added.
  func contains(_ number: Int32) -> Bool {
    named[Int(number) / 64] & (1 << UInt64(number % 64)) != 0
  }

  /// The screen added whose name `segment` reads, or -1.
  ///
  /// - Parameters:
  ///   - segment: The segment's bytes, decoded.
  ///   - ascii: Whether every byte of `segment` is ASCII.
  /// - Complexity: O(*n*) expected, where *n* is the length of the segment.
  func screen(reading segment: Span<UInt8>, ascii: Bool) -> Int32 {
    guard !isEmpty else { return -1 }
    if ascii {
      if let number = index.number(named: segment), contains(number) { return number }
      // A name that is not ASCII may equal it (the Kelvin sign `\u{212A}` is `K`).
      guard !texts.isEmpty else { return -1 }
    }
    return screen(readingText: Bytes.string(segment))
  }

  /// The screen added whose name `text` (a literal) reads, or -1.
  ///
  /// - Complexity: O(*n*) expected, where *n* is the length of the text.
  func screen(reading text: String) -> Int32 {
    screen(reading: text.utf8.span, ascii: text.utf8.allSatisfy { $0 < 0x80 })
  }

  /// The screen added whose name reads as screen `number`'s does, or -1.
  ///
  /// - Complexity: O(*n*) expected, where *n* is the length of the name.
  func screen(readingNameOf number: Int) -> Int32 {
    let name = index.names[number].rawValue
    guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return screen(readingText: name) }
    // No two names have the same bytes: only a name that is not ASCII can equal it.
    return texts.isEmpty ? -1 : texts[name] ?? -1
  }

  /// The screen added whose name equals `text` as a string, or -1, looked up by text.
  private func screen(readingText text: String) -> Int32 {
    if let number = texts[text] { return number }
    // An ASCII name equals the text when each of the text's characters equals an ASCII
    // character (the Kelvin sign `\u{212A}` equals `K`): `Character` compares, and
    // hashes, by canonical equivalence, as `String` does.
    var spelled: [UInt8] = []
    for character in text {
      guard let byte = Self.asciiCharacters[character] else { return -1 }
      spelled.append(byte)
    }
    // The whole text must equal the spelling too, not only its characters one by one.
    let ascii = String(decoding: spelled, as: UTF8.self)
    guard ascii == text, let number = index.number(named: ascii.utf8.span), contains(number)
    else { return -1 }
    return number
  }

  /// The printable ASCII characters, by character: a lookup finds any character
  /// canonically equivalent to one of them.
  private static let asciiCharacters: [Character: UInt8] = Dictionary(
    uniqueKeysWithValues: (0x20...0x7E).map { (Character(Unicode.Scalar(UInt8($0))), UInt8($0)) })
}
