import Routing
import Testing

/// The link reader against the brute-force reader on tables of a few hundred patterns
/// whose literals and query keys are longer than eight bytes: several words to hash,
/// many that share their first eight bytes and length (only the bytes after them tell
/// them apart), and enough literal children for long probe chains in the index's hash
/// table, some of which wrap around its end.
@Suite struct LongLiteralReferenceTests {
  /// Two texts that the index hashes alike, with the same length and first eight bytes
  /// (checked in `LinkPatternTableTests`).
  static let colliding = ["pagenamer5eqkd33m", "pagename7iy486vvn"]
  static let stems = ["pagename", "pagenamepagename", "longsegment-name-", "x"]
  static let letters = Array("abcxyz0189")

  /// A text of `stem` and 1 to 16 random letters; "x" and one letter is the only text
  /// of eight bytes or fewer.
  static func randomText(_ random: inout SeededGenerator) -> String {
    let stem = stems.randomElement(using: &random)!
    let tail = (0..<Int.random(in: 1...16, using: &random)).map { _ in
      letters.randomElement(using: &random)!
    }
    return stem + String(tail)
  }

  /// `text` with its last byte changed: the same length and, past eight bytes, the same
  /// first eight bytes.
  static func nearMiss(_ text: String) -> String {
    String(text.dropLast()) + (text.last == "a" ? "b" : "a")
  }

  struct Sample {
    var screens: [Screen]
    var reader: BruteForceLinkReader
    var literals: [String]
    var keys: [String]
  }

  static func randomSample(_ random: inout SeededGenerator, screens count: Int) -> Sample {
    var literals = colliding
    while literals.count < 60 { literals.append(randomText(&random)) }
    var keys = colliding
    while keys.count < 12 { keys.append("parameter-" + randomText(&random)) }
    var screens: [Screen] = []
    var patterns: [BruteForceLinkReader.Pattern] = []
    var shapes: Set<[String]> = []
    while screens.count < count {
      var pieces: [BruteForceLinkReader.Piece] = []
      var captured: [String] = []
      // A pattern starts with a literal, so that a near miss there reads as nothing.
      for position in 0..<Int.random(in: 1...3, using: &random) {
        let key = keys.randomElement(using: &random)!
        if position > 0 && Int.random(in: 0..<3, using: &random) == 0 && !captured.contains(key) {
          captured.append(key)
          pieces.append(.capture(key))
        } else {
          pieces.append(.literal(literals.randomElement(using: &random)!))
        }
      }
      // Patterns that are the same up to capture names collide: keep the first.
      let shape = pieces.map { piece -> String in
        if case .literal(let text) = piece { text } else { ":" }
      }
      guard shapes.insert(shape).inserted else { continue }
      var declared = captured
      for key in keys where !declared.contains(key) && Int.random(in: 0..<8, using: &random) == 0 {
        declared.append(key)
      }
      let parameters = declared.map { Parameter($0, .string) }
      let path = pieces.map { piece -> String in
        switch piece {
        case .literal(let text): text
        case .capture(let key): ":" + key
        }
      }.joined(separator: "/")
      let name = ScreenName("S\(screens.count)")
      screens.append(Screen(name, parameters: parameters, path: path))
      patterns.append(.init(screen: name, pieces: pieces, parameters: parameters))
    }
    return Sample(
      screens: screens, reader: BruteForceLinkReader(patterns: patterns), literals: literals,
      keys: keys)
  }

  /// A link: half the time the patterns of one or two screens filled with values,
  /// otherwise random literals; some segments and keys replaced by near misses.
  static func randomLink(_ random: inout SeededGenerator, _ sample: Sample) -> String {
    var segments: [String] = []
    if Bool.random(using: &random) {
      for _ in 0..<Int.random(in: 1...2, using: &random) {
        for piece in sample.reader.patterns.randomElement(using: &random)!.pieces {
          switch piece {
          case .literal(let text): segments.append(text)
          case .capture: segments.append(randomText(&random))
          }
        }
      }
    } else {
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        segments.append(sample.literals.randomElement(using: &random)!)
      }
    }
    for index in segments.indices where Int.random(in: 0..<6, using: &random) == 0 {
      segments[index] = nearMiss(segments[index])
    }
    var link = segments.joined(separator: "/")
    let itemCount = Int.random(in: -1...2, using: &random)
    if itemCount >= 0 {
      var items: [String] = []
      for _ in 0..<itemCount {
        var key = sample.keys.randomElement(using: &random)!
        if Int.random(in: 0..<4, using: &random) == 0 { key = nearMiss(key) }
        items.append(key + "=" + randomText(&random))
      }
      link += "?" + items.joined(separator: "&")
    }
    return link
  }

  @Test(arguments: TestScale.batches(full: 10, quick: 1))
  func readerAgreesWithBruteForce(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(batch) &* 7_919 &+ 5)
    var read = 0
    var failed: [String: Int] = [:]
    for _ in 0..<(TestScale.isFull ? 4 : 1) {
      let sample = Self.randomSample(&random, screens: 300)
      #expect(sample.reader.collision() == nil)
      var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
      for screen in sample.screens { registry.register(screen) }
      let table = try registry.compile()
      for _ in 0..<120 {
        let link = Self.randomLink(&random, sample)
        let expected = sample.reader.expectSameReading(of: link, by: table, &random, link)
        switch expected {
        case .success: read += 1
        case .failure(let error): failed[error.kind.name, default: 0] += 1
        }
      }
    }
    #expect(read > 30, "\(failed)")
    for kind in ["unknownSegment", "undeclaredParameter"] {
      #expect(failed[kind, default: 0] > 0, "no \(kind) in batch \(batch): \(failed)")
    }
  }
}
