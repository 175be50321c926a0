import Routing
import Testing

/// The link reader and renderer against the brute-force reader on seeded random
/// patterns, links and stacks.
@Suite struct LinkReferenceTests {
  /// Literals, with two that equal other texts as Swift strings: `é` (also written
  /// `e\u{301}`) and `K` (also the Kelvin sign, `\u{212A}`); and three that share their
  /// first eight bytes, which the index compares at once, and differ after them.
  static let literals = ["a", "b", "c", "\u{E9}", "K", "abcdefgh", "abcdefghij", "abcdefghik"]
  /// Names for screens without a path, which read their names: literals of the patterns,
  /// their other spellings, and the names of other screens (`S1`, which patterns may
  /// hold too).
  static let pathlessNames = ["a", "K", "\u{212A}", "\u{E9}", "e\u{301}", "S1", "x"]
  static let hosts = ["example.com", "Www.Example.ORG"]
  static let keys = ["p", "q", "r", "s"]

  struct Sample {
    var screens: [Screen]
    var reader: BruteForceLinkReader
  }

  static func randomSample(_ random: inout SeededGenerator) -> Sample {
    var screens: [Screen] = []
    var patterns: [BruteForceLinkReader.Pattern] = []
    for number in 0..<Int.random(in: 1...7, using: &random) {
      var name = ScreenName("S\(number)")
      if screens.contains(where: { $0.name == name }) { name = ScreenName("T\(number)") }
      var pieces: [BruteForceLinkReader.Piece] = []
      var captured: [String] = []
      let named = Int.random(in: 0..<3, using: &random) == 0
      if named {
        // Names compare by their bytes: `\u{E9}` and `e\u{301}` are two screens.
        let other = ScreenName(pathlessNames.randomElement(using: &random)!)
        if Bool.random(using: &random) && !screens.contains(where: { $0.name == other }) {
          name = other
        }
        pieces = [.literal(name.rawValue)]
      } else {
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          let key = keys.randomElement(using: &random)!
          if Int.random(in: 0..<3, using: &random) == 0 && !captured.contains(key) {
            captured.append(key)
            pieces.append(.capture(key))
          } else {
            pieces.append(.literal((literals + ["S1"]).randomElement(using: &random)!))
          }
        }
      }
      var declared = captured
      for key in keys where !declared.contains(key) && Int.random(in: 0..<4, using: &random) == 0 {
        declared.append(key)
      }
      let parameters = declared.map { key in
        Parameter(key, Int.random(in: 0..<3, using: &random) == 0 ? .integer : .string)
      }
      let path =
        named
        ? nil
        : pieces.map { piece -> String in
          switch piece {
          case .literal(let text): text
          case .capture(let key): ":" + key
          }
        }.joined(separator: "/")
      screens.append(Screen(name, parameters: parameters, path: path))
      patterns.append(.init(screen: name, pieces: pieces, parameters: parameters))
    }
    return Sample(
      screens: screens, reader: BruteForceLinkReader(patterns: patterns, hosts: hosts))
  }

  static let values = ["1", "22", "a", "x", "%61", "a%20b", "a+b", "%32", "S0", "x%23y"]

  /// Segments that only bytes tell apart: the other spellings of the literals, a
  /// combining mark that starts a segment, percent-escapes that decode to bytes that are
  /// not UTF-8 (a surrogate, an overlong `/`).
  static let unicodeSegments = [
    "e\u{301}", "%C3%A9", "e%CC%81", "\u{212A}", "%E2%84%AA", "\u{301}y", "%ED%A0%80", "%C0%AF",
  ]

  static let prefixes = [
    "", "", "/", "app://", "app:///", "https://example.com/", "HTTP://EXAMPLE.com:8080/",
    "https://user:pw@www.example.org/", "https://other.org/", "https://example.com",
    "http://example.com:/", "https://example.com:x/", "https:///",
  ]

  /// A link: half the time the patterns of a few random screens filled with random
  /// values (so that many links read), otherwise random segments; then maybe a query.
  static func randomLink(_ random: inout SeededGenerator, _ sample: Sample) -> String {
    if Int.random(in: 0..<40, using: &random) == 0 {
      return ["https://example.com/#x", "app://?p=1", "/", "HTTPS://example.COM"].randomElement(
        using: &random)!
    }
    var segments: [String] = []
    if Bool.random(using: &random) {
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        for piece in sample.reader.patterns.randomElement(using: &random)!.pieces {
          switch piece {
          case .literal(let text):
            segments.append(text == "a" && Bool.random(using: &random) ? "%61" : text)
          case .capture:
            segments.append(values.randomElement(using: &random)!)
          }
        }
      }
    } else {
      let tokens = literals + values + unicodeSegments + sample.screens.map(\.name.rawValue)
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        segments.append(tokens.randomElement(using: &random)!)
      }
    }
    for index in segments.indices where Int.random(in: 0..<80, using: &random) == 0 {
      segments[index] = ["", "%zz", "%C3"].randomElement(using: &random)!
    }
    var link = prefixes.randomElement(using: &random)!
    link += segments.joined(separator: "/")
    if Int.random(in: 0..<10, using: &random) == 0 { link += "/" }
    let itemCount = Int.random(in: -2...2, using: &random)
    if itemCount >= 0 {
      var items: [String] = []
      for _ in 0..<itemCount {
        let key = (keys + ["t", "%70", "utm_source"]).randomElement(using: &random)!
        let value = values.randomElement(using: &random)!
        switch Int.random(in: 0..<40, using: &random) {
        case 0: items.append(key)
        case 1: items.append("")
        default: items.append(key + "=" + value)
        }
      }
      link += "?" + items.joined(separator: "&")
    }
    if Int.random(in: 0..<4, using: &random) == 0 {
      link += ["#", "#top", "#a/b?c=1#d", "#%zz"].randomElement(using: &random)!
    }
    return link
  }

  @Test(arguments: TestScale.batches(full: 10, quick: 1))
  func readerAgreesWithBruteForce(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(batch) &* 104_729 &+ 3)
    var read = 0
    var failed: [String: Int] = [:]
    var collisions = 0
    var fragments = 0
    var ignored = 0
    var webLinks = 0
    var namesRead = 0
    for _ in 0..<300 {
      let sample = Self.randomSample(&random)
      var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
      registry.linkHosts = Self.hosts
      for screen in sample.screens { registry.register(screen) }
      let compiled = Result { () throws(TableError) -> RouteTable in try registry.compile() }
      if let collision = sample.reader.collision() {
        collisions += 1
        guard case .failure(let error) = compiled else {
          Issue.record("screens[\(collision)] collides, yet the table compiled")
          continue
        }
        #expect(error.kind == .invalidPath)
        #expect(error.location == "screens[\(collision)].path")
        continue
      }
      let table = try compiled.get()
      for _ in 0..<10 {
        let link = Self.randomLink(&random, sample)
        let expected = sample.reader.expectSameReading(
          of: link, by: table, &random,
          "\(link) on \(sample.screens.map { "\($0.name):\($0.path ?? "-")\($0.parameters)" })")
        switch expected {
        case .success(let reading):
          read += 1
          if reading.fragment != nil { fragments += 1 }
          if !reading.ignored.isEmpty { ignored += 1 }
          if link.lowercased().hasPrefix("http") { webLinks += 1 }
          let read = reading.request.breadcrumbs + [reading.request.destination]
          if read.contains(where: { name in
            Self.pathlessNames.contains(name.rawValue)
              && sample.screens.contains { $0.name == name && $0.path == nil }
          }) {
            namesRead += 1
          }
        case .failure(let error): failed[error.kind.name, default: 0] += 1
        }
      }
    }
    // The generator must exercise successful readings and every reading failure.
    #expect(read > 300)
    #expect(collisions > 10)
    #expect(fragments > 20 && ignored > 20 && webLinks > 20)
    // Screens without a path named like literals, read among patterns.
    #expect(namesRead > 20)
    for kind in [
      "unknownHost", "emptyPath", "emptySegment", "badEncoding", "malformedQuery",
      "repeatedQueryKey", "unknownSegment",
      "incompletePath", "undeclaredParameter", "invalidParameter", "conflictingValues",
    ] {
      #expect(failed[kind, default: 0] > 0, "no \(kind) in batch \(batch)")
    }
  }

  /// The parameters a stack's link must read back as: the declared values its entries
  /// hold, typed the way a link's values are typed (Docs/DeepLinks.md, "Parameters: safe
  /// by construction").
  static func expectedParameters(_ stack: [Entry], _ screens: [Screen]) -> Parameters {
    let declarations = stack.map { entry in screens.first { $0.name == entry.screen }! }
    var parameters: Parameters = [:]
    for (entry, screen) in zip(stack, declarations) {
      for parameter in screen.parameters where parameters[parameter.name] == nil {
        guard let value = entry.parameters[parameter.name] else { continue }
        var kinds: [ParameterKind] = []
        for other in declarations {
          if let kind = other.kind(of: parameter.name), !kinds.contains(kind) { kinds.append(kind) }
        }
        let text = value.description
        parameters[parameter.name] =
          kinds.count == 1 ? ParameterValue.string(text).converted(to: kinds[0]) : .string(text)
      }
    }
    return parameters
  }

  @Test(arguments: TestScale.batches(full: 10, quick: 1))
  func stacksRoundTripThroughLinks(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(batch) &* 15_485_863 &+ 11)
    let values: [ParameterValue] = [1, 22, "a", "1", "a b", "x/y", "b", "c", "", "S0"]
    var roundTrips = 0
    var misreads = 0
    var refused: [String: Int] = [:]
    for _ in 0..<300 {
      let sample = Self.randomSample(&random)
      guard sample.reader.collision() == nil else { continue }
      var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
      for screen in sample.screens { registry.register(screen) }
      let table = try registry.compile()
      for _ in 0..<8 {
        var stack: [Entry] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          let screen = sample.screens.randomElement(using: &random)!
          var held: Parameters = [:]
          for parameter in screen.parameters where Int.random(in: 0..<5, using: &random) != 0 {
            held[parameter.name] = values.randomElement(using: &random)!
          }
          stack.append(Entry(screen.name, parameters: held))
        }
        let names = stack.map(\.screen)
        do {
          let link = try table.link(for: stack)
          let expected = Request(
            to: names.last!, via: names.dropLast(),
            parameters: Self.expectedParameters(stack, sample.screens))
          #expect(
            sample.reader.resolve(link).map(\.request) == .success(expected), "\(stack) as \(link)")
          #expect(try table.resolve(link) == expected)
          roundTrips += 1
        } catch {
          refused[error.kind.name, default: 0] += 1
          switch error.kind {
          case .misread(let link, let reading):
            misreads += 1
            #expect(try sample.reader.screens(of: link) == reading)
            #expect(reading != names)
          case .missingValue(let key, let position):
            #expect(stack[position].parameters[key]?.description ?? "" == "")
          case .invalidParameter(let key, let text, let kind):
            #expect(stack.contains { $0.parameters[key]?.description == text })
            #expect(ParameterValue.string(text).converted(to: kind) == nil)
          case .conflictingValues(let key, let first, let second):
            let held = Set(stack.compactMap { $0.parameters[key]?.description })
            #expect(held.isSuperset(of: [first, second]) && first != second)
          default:
            Issue.record("unexpected \(error) for \(stack)")
          }
        }
      }
    }
    #expect(roundTrips > 300)
    #expect(misreads > 0)
    for kind in ["missingValue", "invalidParameter", "conflictingValues"] {
      #expect(refused[kind, default: 0] > 0, "no \(kind) in batch \(batch)")
    }
  }
}
