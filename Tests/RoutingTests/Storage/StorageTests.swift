import Foundation
import RoutingStorage
import Testing

@testable import Routing

/// The storage types' invariants, each against a reference written here: the byte hash
/// (stable, location-independent, as a plain byte-by-byte reading of its definition),
/// the byte comparison, and the open-addressing table under collisions.
@Suite struct StorageTests {
  /// The hash as its documentation defines it, one byte at a time: words of eight bytes,
  /// little-endian, the last zero-padded; the count mixed into the first.
  static func referenceHash(_ bytes: [UInt8]) -> UInt64 {
    func word(_ offset: Int) -> UInt64 {
      var value: UInt64 = 0
      for index in 0..<8 where offset + index < bytes.count {
        value |= UInt64(bytes[offset + index]) << UInt64(8 * index)
      }
      return value
    }
    var hash = (word(0) ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15
    var offset = 8
    while offset < bytes.count {
      hash = (hash ^ (hash >> 29) ^ word(offset)) &* 0xBF58_476D_1CE4_E5B9
      offset += 8
    }
    hash ^= hash >> 31
    hash = hash &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash >> 29)
  }

  static func randomBytes(_ random: inout SeededGenerator, ascii: Bool) -> [UInt8] {
    (0..<Int.random(in: 0...40, using: &random)).map { _ in
      UInt8.random(in: ascii ? 0x20...0x7E : 0...0xFF, using: &random)
    }
  }

  @Test func theHashIsStableAcrossRuns() {
    // Fixed values: the hash is not seeded, and a table file's names hash the same in
    // every process (a change here changes every table's layout: say so in the
    // changelog).
    #expect(ByteHash.of("Menu") == 0x0B37_4EF4_446E_B3BC)
    #expect(ByteHash.of("Profile") == 0x779A_F703_78DD_2A84)
    #expect(ByteHash.of("pagenamer5eqkd33m") == 0x4596_1AE1_03C5_3F89)
    #expect(ByteHash.of("Caf\u{E9}") == 0xD220_1593_E6FC_7615)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theHashFollowsItsDefinitionWhereverTheBytesAre(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for _ in 0..<500 {
      let bytes = Self.randomBytes(&random, ascii: Bool.random(using: &random))
      let expected = Self.referenceHash(bytes)
      #expect(ByteHash.of(bytes.span) == expected)
      // The same bytes inside a larger buffer, at an odd offset, hash the same.
      let padded = [0xAA, 0xBB, 0xCC] + bytes + [0xDD, 0xEE, 0xFF, 0x11, 0x22, 0x33, 0x44, 0x55]
      #expect(ByteHash.of(padded.span.extracting(3..<3 + bytes.count)) == expected)
      if let text = String(validating: bytes, as: UTF8.self) {
        #expect(ByteHash.of(text) == expected)
        #expect(ScreenSlots.hash(ScreenName(text)) == expected)
      }
    }
  }

  /// The span forms a link's reader uses: the hash from a loaded head, its ASCII bits,
  /// and the zero-padded word at every offset, over a span cut out of a larger one (so
  /// that a load past the span's end would read the padding and show).
  @Test(arguments: [1, 2, 3] as [UInt64])
  func theSpanHashAndWordsFollowTheDefinition(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for _ in 0..<500 {
      let bytes = Self.randomBytes(&random, ascii: Bool.random(using: &random))
      let padded = [0xAA, 0xBB, 0xCC] + bytes + [0xDD, 0xEE, 0xFF, 0x11, 0x22, 0x33, 0x44, 0x55]
      let inside = padded.span.extracting(3..<3 + bytes.count)
      for offset in 0...bytes.count {
        var expected: UInt64 = 0
        for index in 0..<8 where offset + index < bytes.count {
          expected |= UInt64(bytes[offset + index]) << UInt64(8 * index)
        }
        #expect(ByteHash.word(inside, at: offset) == expected)
      }
      var bits: UInt64 = 0
      let hash = ByteHash.hash(inside, head: ByteHash.word(inside, at: 0), bits: &bits)
      #expect(hash == Self.referenceHash(bytes))
      #expect(ByteHash.isASCII(bits) == bytes.allSatisfy { $0 < 0x80 })
      if bytes.count <= 8 {
        #expect(
          ByteHash.hash(head: ByteHash.word(inside, at: 0), count: bytes.count)
            == Self.referenceHash(bytes))
      }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func bytesCompareEqualExactlyWhenTheyAreTheSame(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for _ in 0..<500 {
      let left = Self.randomBytes(&random, ascii: true)
      var right = left
      switch Int.random(in: 0..<4, using: &random) {
      case 0: break
      case 1 where !right.isEmpty: right[Int.random(in: right.indices, using: &random)] ^= 1
      case 2: right.append(UInt8.random(in: 0x20...0x7E, using: &random))
      default: right = Self.randomBytes(&random, ascii: true)
      }
      let expected = left.count == right.count && zip(left, right).allSatisfy { $0 == $1 }
      #expect(Bytes.equal(left.span, right.span) == expected)
      // The same bytes inside larger buffers, at other offsets, compare the same.
      let paddedLeft = [0xAA] + left + [0xBB]
      let paddedRight = [0xCC, 0xDD] + right + [0xEE]
      let inside = Bytes.equal(
        paddedLeft.span.extracting(1..<1 + left.count),
        paddedRight.span.extracting(2..<2 + right.count))
      #expect(inside == expected)
      // Small strings (up to 15 bytes) and native ones, compared as names.
      let names = (
        ScreenName(String(decoding: left, as: UTF8.self)),
        ScreenName(String(decoding: right, as: UTF8.self))
      )
      #expect((names.0 == names.1) == expected)
      if expected { #expect(names.0.hashValue == names.1.hashValue) }
    }
  }

  @Test func namesCompareByBytesNotByCanonicalEquivalence() {
    let composed = ScreenName("Caf\u{E9}")
    let decomposed = ScreenName("Cafe\u{301}")
    #expect(composed.rawValue == decomposed.rawValue)
    #expect(composed != decomposed)
    #expect(Set([composed, decomposed]).count == 2)
    let long = ScreenName(String(repeating: "x", count: 40))
    #expect(long == ScreenName(String(repeating: "x", count: 40)))
    #expect(long != ScreenName(String(repeating: "x", count: 39) + "y"))
  }

  @Test func stringsGiveTheirUTF8InPlace() {
    for text in ["", "S1", "Caf\u{E9}", String(repeating: "long name ", count: 8)] {
      let bytes = Bytes.withUTF8(of: text) { span in (0..<span.count).map { span[$0] } }
      #expect(bytes == Array(text.utf8))
    }
  }

  @Test func textsCompareAsStringsDo() {
    let pairs: [(String, String)] = [
      ("Caf\u{E9}", "Cafe\u{301}"), ("Caf\u{E9}", "Caf\u{E9}"), ("Cafe", "Caf\u{E9}"),
      ("key", "key"), ("key", "kez"), ("", ""), ("a", ""), ("K", "\u{212A}"),
      ("xK", "x\u{212A}"), ("Kelvin", "\u{212A}elvin"), ("e", "e\u{301}"), ("e\u{301}", "e"),
      ("to", "from"), ("id", "ids"), ("\u{E9}a", "\u{E9}b"), ("a;", "a\u{37E}"),
      ("\u{FF}", "\u{FF}x"),
    ]
    for (left, right) in pairs {
      #expect(Bytes.sameString(left.utf8.span, right.utf8.span) == (left == right))
      #expect(Bytes.isASCII(left.utf8.span) == left.utf8.allSatisfy { $0 < 0x80 })
    }
  }

  /// Seeded random texts built from pieces that spell one string in several ways
  /// (composed and decomposed letters, marks in either order, singletons that decompose
  /// to ASCII such as the Kelvin sign and the Greek question mark): `sameString` agrees
  /// with `String`'s `==` on every pair.
  @Test func textsCompareAsStringsDoOnRandomTexts() {
    let pieces = [
      "a", "e", "K", ";", "k", "\u{E9}", "e\u{301}", "\u{301}", "\u{316}", "\u{301}\u{316}",
      "\u{316}\u{301}", "\u{212A}", "\u{37E}", "\u{C5}", "A\u{30A}", "\u{212B}", "\u{1100}",
      "\u{1161}", "\u{AC00}", "",
    ]
    var random = SeededGenerator(seed: 31)
    var equalPairs = 0
    for _ in 0..<20_000 {
      func text() -> String {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
          pieces.randomElement(using: &random)!
        }.joined()
      }
      let left = text()
      let right = Bool.random(using: &random) ? text() : left.decomposedStringWithCanonicalMapping
      let expected = left == right
      if expected { equalPairs += 1 }
      #expect(
        Bytes.sameString(left.utf8.span, right.utf8.span) == expected,
        "\(Array(left.unicodeScalars)) \(Array(right.unicodeScalars))")
    }
    #expect(equalPairs > 1_000)
  }

  /// Byte strings that are not all well-formed UTF-8 compare as the `String`s they decode
  /// to (each ill-formed part a replacement character): random bytes from a small
  /// alphabet of ASCII, lead and continuation bytes, one string often the other's start.
  @Test func illFormedBytesCompareAsTheirStringsDo() {
    let alphabet: [UInt8] = [0x41, 0x61, 0x80, 0x82, 0x9F, 0xC3, 0xE2, 0xF0, 0xFF]
    var random = SeededGenerator(seed: 32)
    var equalButDifferent = 0
    let count = TestScale.isFull ? 20_000 : 4_000
    for _ in 0..<count {
      let left = (0..<Int.random(in: 0...4, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      var right = Array(left.prefix(Int.random(in: 0...left.count, using: &random)))
      right += (0..<Int.random(in: 0...2, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      let expected = String(decoding: left, as: UTF8.self) == String(decoding: right, as: UTF8.self)
      if expected && left != right { equalButDifferent += 1 }
      #expect(Bytes.sameString(left.span, right.span) == expected, "\(left) \(right)")
    }
    #expect(equalButDifferent > count / 200)
  }

  /// Keys whose hashes collide on purpose: 16 hashes for any number of keys, so that
  /// both tags and first slots are shared and probes run long and wrap around.
  static func collidingHash(_ key: Int) -> UInt64 {
    let bucket = UInt64(key % 16)
    return (bucket % 4) << 32 | (bucket * 0x9E37_79B9) & 0xFFFF_FFFF | (bucket % 4) << 62
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theTableAgreesWithADictionaryUnderCollisions(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var table = OpenAddressingTable(capacity: Int.random(in: 0...8, using: &random))
    var keys: [Int] = []
    var reference: [Int: Int32] = [:]
    for _ in 0..<400 {
      let key = Int.random(in: 0..<600, using: &random)
      let hash = Self.collidingHash(key)
      let (found, slot) = table.find(hash: hash) { keys[Int($0)] == key }
      #expect(found == reference[key])
      if found == nil {
        let number = Int32(keys.count)
        keys.append(key)
        reference[key] = number
        table.insert(number, hash: hash, at: slot) { Self.collidingHash(keys[Int($0)]) }
      }
      #expect(table.count == reference.count)
    }
    for key in 0..<600 {
      let found = table.find(hash: Self.collidingHash(key)) { keys[Int($0)] == key }.number
      #expect(found == reference[key])
    }
    // A candidate is the first number of the same tag along the probe, or -1: what a
    // lookup that accepts any key of the tag finds. A key in the table always gets one
    // (its own slot is on its probe).
    let probed = (0..<600).map(Self.collidingHash)
    var candidates: [Int32] = []
    table.candidates(probed, into: &candidates)
    #expect(candidates.count == probed.count)
    for (key, (hash, candidate)) in zip(0..., zip(probed, candidates)) {
      #expect(candidate == table.find(hash: hash) { _ in true }.number ?? -1)
      if reference[key] != nil { #expect(candidate >= 0) }
    }
  }

  @Test(arguments: [1, 2] as [UInt64])
  func theInternerNumbersEachNameOnce(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var interner = NameInterner()
    var reference: [[UInt8]: Int32] = [:]
    var numbers: [Int32] = []
    for _ in 0..<40 {
      let batch = (0..<Int.random(in: 1...64, using: &random)).map { _ in
        // Many repeats, names across word boundaries, some sharing their first 8 bytes.
        Array("pagename".utf8.prefix(Int.random(in: 0...8, using: &random)))
          + Self.randomBytes(&random, ascii: true).prefix(Int.random(in: 1...12, using: &random))
      }
      // The batch end to end, as a file holds its names, read by their ranges.
      let input = batch.flatMap { $0 }
      var ranges: [Range<Int>] = []
      for bytes in batch {
        let start = ranges.last?.upperBound ?? 0
        ranges.append(start..<start + bytes.count)
      }
      if Bool.random(using: &random) {
        interner.intern(ranges, in: input.span, into: &numbers)
      } else {
        numbers = batch.map { interner.intern($0.span) }
      }
      for (bytes, number) in zip(batch, numbers) {
        if let known = reference[bytes] {
          #expect(number == known)
        } else {
          #expect(number == Int32(reference.count))
          reference[bytes] = number
        }
        #expect(Array(interner.names[Int(number)].rawValue.utf8) == bytes)
      }
    }
    #expect(interner.names.count == reference.count)
  }

  /// Compiling looks a batch of names up at once (`ScreenSlots.probe`): a name that is
  /// the declared one, or a copy of it stored apart, gets the declared screen's number
  /// (its probe goes past names of other tags); a name one byte off gets -1. Each at
  /// every length around the 15 bytes a string holds inline.
  @Test func aProbedBatchFindsNamesHoweverTheyAreStored() {
    var declared: [ScreenName] = []
    var slots = ScreenSlots(capacity: 4)
    for length in 1...24 {
      let name = ScreenName(String(repeating: "n", count: length - 1) + "\(length % 10)")
      let (found, slot) = slots.find(name)
      #expect(found == nil)
      slots.insert(Int32(declared.count), named: name, at: slot)
      declared.append(name)
    }
    var commands: [any NavigationCommand] = []
    var expected: [Int32] = []
    for (number, name) in declared.enumerated() {
      let copy = ScreenName(String(decoding: Array(name.rawValue.utf8), as: UTF8.self))
      let changed = ScreenName(String(name.rawValue.dropLast()) + "x")
      commands.append(Command(from: [name, copy], to: changed))
      expected += [Int32(number), Int32(number), -1]
    }
    var batch = NameBatch()
    batch.fill(with: commands[...])
    slots.probe(&batch)
    #expect(batch.numbers == expected)
  }

  /// The screen index's comparison, which decides only when two names share a hash tag:
  /// a name of up to eight bytes compared by its first word, a longer one by that word
  /// and the rest of its bytes. Asked directly for every inserted name against itself,
  /// against the same bytes with one byte changed at each position (to 0x00, and past
  /// ASCII), cut short or made longer, and through every lookup the index has.
  @Test func theScreenIndexComparesNamesByteForByte() {
    var random = SeededGenerator(seed: 17)
    var names: [ScreenName] = []
    var seen = Set<[UInt8]>()
    for length in 0...16 {
      for _ in 0..<3 {
        // Valid UTF-8: ASCII (NUL included), and now and then a two-byte "é".
        var bytes: [UInt8] = []
        while bytes.count < length {
          if length - bytes.count >= 2 && Int.random(in: 0..<5, using: &random) == 0 {
            bytes += [0xC3, 0xA9]
          } else {
            bytes.append(UInt8.random(in: 0...0x7F, using: &random))
          }
        }
        guard seen.insert(bytes).inserted else { continue }
        names.append(ScreenName(String(decoding: bytes, as: UTF8.self)))
      }
    }
    var slots = ScreenSlots(capacity: 4)
    for (number, name) in names.enumerated() {
      let (found, slot) = slots.find(name)
      #expect(found == nil)
      slots.insert(Int32(number), named: name, at: slot)
    }
    func head(_ bytes: [UInt8]) -> UInt64 { ByteHash.word(bytes.span, at: 0) }
    for (number, name) in names.enumerated() {
      let bytes = Array(name.rawValue.utf8)
      let matchesItself = slots.matches(Int32(number), bytes.span, head: head(bytes))
      #expect(matchesItself)
      #expect(slots.find(name).number == Int32(number))
      #expect(slots.find(name, hash: ScreenSlots.hash(name)).number == Int32(number))
      let byBytes = slots.number(named: bytes.span)
      #expect(byBytes == Int32(number))
      var others: [[UInt8]] = [bytes + [0x41], Array(bytes.dropLast())]
      for position in bytes.indices {
        for replacement: UInt8 in [0x00, 0xFF, bytes[position] ^ 0x01] {
          var changed = bytes
          changed[position] = replacement
          others.append(changed)
        }
      }
      for other in others where other != bytes {
        let matchesOther = slots.matches(Int32(number), other.span, head: head(other))
        #expect(!matchesOther)
        // Looked up, a changed name is another inserted name or none.
        let expected = names.firstIndex { Array($0.rawValue.utf8) == other }.map(Int32.init)
        let otherNumber = slots.number(named: other.span)
        #expect(otherNumber == expected)
      }
    }
  }
}
