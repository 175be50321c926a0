import Routing
import Testing

/// A deliberately slow link reader that follows Docs/DeepLinks.md word by word: it lists
/// every way to cut the path into screen patterns, keeps those that consume every
/// segment, and picks one by the comparison of "Reading the segments". It shares no code with the
/// library's reader: it splits arrays of bytes, decodes into an array before validating it
/// as UTF-8, and matches patterns one by one.
struct BruteForceLinkReader {
  enum Piece: Hashable {
    case literal(String)
    case capture(String)
  }

  struct Pattern {
    var screen: ScreenName
    var pieces: [Piece]
    var parameters: [Parameter]
  }

  /// One screen of a reading: which pattern, from which segment.
  struct Read: Hashable {
    var pattern: Int
    var start: Int
    var length: Int
  }

  var patterns: [Pattern]
  /// The web hosts the table declares.
  var hosts: [String] = []

  /// The position of the first screen whose pattern is the same as an earlier one's up
  /// to capture names, if any.
  func collision() -> Int? {
    var seen: Set<[String]> = []
    for (index, pattern) in patterns.enumerated() {
      let shape = pattern.pieces.map { piece -> String in
        switch piece {
        case .literal(let text): "literal " + text
        case .capture: "capture"
        }
      }
      if !seen.insert(shape).inserted { return index }
    }
    return nil
  }

  func matches(_ pattern: Pattern, _ segments: [String], at start: Int) -> Bool {
    matchedPrefix(pattern, segments, at: start) == pattern.pieces.count
  }

  /// How many of the pattern's pieces, from its first, read the segments from `start`.
  func matchedPrefix(_ pattern: Pattern, _ segments: [String], at start: Int) -> Int {
    var count = 0
    for (offset, piece) in pattern.pieces.enumerated() {
      guard start + offset < segments.count else { break }
      if case .literal(let text) = piece, text != segments[start + offset] { break }
      count += 1
    }
    return count
  }

  /// Every reading of `segments[start...]` that consumes all of it.
  func readings(_ segments: [String], from start: Int) -> [[Read]] {
    if start == segments.count { return [[]] }
    var all: [[Read]] = []
    for (index, pattern) in patterns.enumerated() where matches(pattern, segments, at: start) {
      let read = Read(pattern: index, start: start, length: pattern.pieces.count)
      for rest in readings(segments, from: start + pattern.pieces.count) {
        all.append([read] + rest)
      }
    }
    return all
  }

  /// For each segment, whether the reading takes it as a capture.
  func captureFlags(_ reading: [Read]) -> [Bool] {
    reading.flatMap { read in
      patterns[read.pattern].pieces.map { piece in
        if case .capture = piece { true } else { false }
      }
    }
  }

  /// Whether `a` comes before `b`: segment by segment a literal before a capture, then
  /// fewer screens, then the reading whose screens read more segments, compared from the
  /// first screen.
  func precedes(_ a: [Read], _ b: [Read]) -> Bool {
    let flagsA = captureFlags(a)
    let flagsB = captureFlags(b)
    for (x, y) in zip(flagsA, flagsB) where x != y { return !x }
    if a.count != b.count { return a.count < b.count }
    for (x, y) in zip(a, b) where x.length != y.length { return x.length > y.length }
    return false
  }

  /// A `scheme://` prefix, by the definition of a scheme: a letter, then letters,
  /// digits, `+`, `-` or `.`; the scheme and what follows the `://`.
  static func scheme(_ bytes: [UInt8]) -> (scheme: String, rest: [UInt8])? {
    let separator = Array("://".utf8)
    guard let end = (0..<bytes.count).first(where: { Array(bytes[$0...].prefix(3)) == separator })
    else { return nil }
    let scheme = bytes[..<end]
    guard let first = scheme.first, isLetter(first),
      scheme.allSatisfy({ isLetter($0) || (48...57).contains($0) || Array("+-.".utf8).contains($0) }
      )
    else { return nil }
    return (String(decoding: scheme, as: UTF8.self), Array(bytes[(end + 3)...]))
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (65...90).contains(byte) || (97...122).contains(byte)
  }

  /// ASCII letters in lower case, every other byte as it is.
  static func asciiLowercased(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
  }

  /// `bytes` cut at every `separator`, empty pieces kept.
  static func split(_ bytes: [UInt8], on separator: Character) -> [[UInt8]] {
    let byte = separator.asciiValue!
    var pieces: [[UInt8]] = [[]]
    for element in bytes {
      if element == byte { pieces.append([]) } else { pieces[pieces.count - 1].append(element) }
    }
    return pieces
  }

  /// Percent-decoding, strictly: `%` and two hexadecimal digits, and UTF-8 afterwards.
  static func decode(_ bytes: [UInt8]) -> String? {
    var output: [UInt8] = []
    var index = 0
    func hex(_ byte: UInt8) -> UInt8? {
      switch byte {
      case 48...57: byte - 48
      case 65...70: byte - 55
      case 97...102: byte - 87
      default: nil
      }
    }
    while index < bytes.count {
      if bytes[index] == 37 {
        guard index + 2 < bytes.count, let high = hex(bytes[index + 1]),
          let low = hex(bytes[index + 2])
        else { return nil }
        output.append(high * 16 + low)
        index += 3
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return String(validating: output, as: UTF8.self)
  }

  func resolve(_ link: String, strict: Bool = false) -> Result<LinkReading, LinkError> {
    Result { () throws(LinkError) -> LinkReading in try read(link, strict: strict) }
  }

  /// Reads `link` with `table` and with this reader, strictly or not at random, expects
  /// the same outcome, and returns this reader's.
  func expectSameReading(
    of link: String, by table: RouteTable, _ random: inout SeededGenerator,
    _ comment: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Result<LinkReading, LinkError> {
    let strict = Bool.random(using: &random)
    let expected = resolve(link, strict: strict)
    let actual = Result { () throws(LinkError) -> LinkReading in
      try table.read(link, strict: strict)
    }
    #expect(actual == expected, "\(comment())", sourceLocation: sourceLocation)
    return expected
  }

  /// The screens the link reads as, before its parameters are checked.
  func screens(of link: String) throws(LinkError) -> [ScreenName] {
    let request = try read(link, checkingParameters: false).request
    return request.breadcrumbs + [request.destination]
  }

  func read(_ link: String, strict: Bool = false, checkingParameters: Bool = true) throws(LinkError)
    -> LinkReading
  {
    var bytes = Array(link.utf8)
    guard bytes.count <= 4_096 else { throw LinkError(.tooLong(bytes: bytes.count)) }
    var fragment: String?
    if let hash = bytes.firstIndex(of: 35) {
      fragment = String(decoding: bytes[(hash + 1)...], as: UTF8.self)
      bytes = Array(bytes[..<hash])
    }
    var rest = bytes
    if let (scheme, afterScheme) = Self.scheme(bytes) {
      rest = afterScheme
      if ["http", "https"].contains(
        String(decoding: Self.asciiLowercased(scheme.utf8), as: UTF8.self))
      {
        let authority = Array(afterScheme.prefix { $0 != 47 && $0 != 63 })
        var host = authority
        if let at = host.lastIndex(of: 64) { host = Array(host[(at + 1)...]) }
        if let colon = host.lastIndex(of: 58),
          host[(colon + 1)...].allSatisfy({ (48...57).contains($0) })
        {
          host = Array(host[..<colon])
        }
        guard hosts.contains(where: { Self.asciiLowercased($0.utf8) == Self.asciiLowercased(host) })
        else {
          throw LinkError(.unknownHost(String(decoding: host, as: UTF8.self)))
        }
        rest = Array(afterScheme[authority.count...])
      }
    }
    if rest.first == 47 { rest.removeFirst() }
    let path: [UInt8]
    let query: [UInt8]?
    if let mark = rest.firstIndex(of: 63) {
      path = Array(rest[..<mark])
      query = Array(rest[(mark + 1)...])
    } else {
      path = rest
      query = nil
    }
    if path.isEmpty { throw LinkError(.emptyPath) }
    var raw = Self.split(path, on: "/")
    if raw.count > 1 && raw.last == [] { raw.removeLast() }
    if raw.count > 64 { throw LinkError(.tooManySegments(count: raw.count)) }
    if let empty = raw.firstIndex(of: []) { throw LinkError(.emptySegment(index: empty)) }
    var segments: [String] = []
    for (index, piece) in raw.enumerated() {
      guard let decoded = Self.decode(piece) else {
        throw LinkError(.badEncoding(.segment(index), text: String(decoding: piece, as: UTF8.self)))
      }
      segments.append(decoded)
    }
    var items: [(String, String)] = []
    if let query, !query.isEmpty {
      for (index, item) in Self.split(query, on: "&").enumerated() {
        let text = String(decoding: item, as: UTF8.self)
        guard let equals = item.firstIndex(of: 61), equals > 0 else {
          throw LinkError(.malformedQuery(item: index, text: text))
        }
        guard let key = Self.decode(Array(item[..<equals])),
          let value = Self.decode(Array(item[(equals + 1)...]))
        else { throw LinkError(.badEncoding(.queryItem(index), text: text)) }
        if items.contains(where: { $0.0 == key }) { throw LinkError(.repeatedQueryKey(key)) }
        items.append((key, value))
      }
    }

    let complete = readings(segments, from: 0)
    guard var best = complete.first else { throw failure(segments) }
    for reading in complete.dropFirst() where precedes(reading, best) { best = reading }

    let names = best.map { patterns[$0.pattern].screen }
    guard checkingParameters else {
      return LinkReading(request: Request(to: names.last!, via: names.dropLast()))
    }
    var values: [(key: String, text: String)] = []
    for read in best {
      for (offset, piece) in patterns[read.pattern].pieces.enumerated() {
        if case .capture(let key) = piece { values.append((key, segments[read.start + offset])) }
      }
    }
    values += items.map { (key: $0.0, text: $0.1) }
    var keys: [String] = []
    for value in values where !keys.contains(value.key) { keys.append(value.key) }
    var parameters: Parameters = [:]
    var ignored: [String] = []
    for key in keys {
      var kinds: [ParameterKind] = []
      for read in best {
        for parameter in patterns[read.pattern].parameters
        where parameter.name == key && !kinds.contains(parameter.kind) {
          kinds.append(parameter.kind)
        }
      }
      if kinds.isEmpty {
        if strict { throw LinkError(.undeclaredParameter(key)) }
        ignored.append(key)
        continue
      }
      var first: (text: String, values: [ParameterValue])?
      for value in values where value.key == key {
        var converted: [ParameterValue] = []
        for kind in kinds {
          guard let typed = ParameterValue.string(value.text).converted(to: kind) else {
            throw LinkError(.invalidParameter(name: key, value: value.text, expected: kind))
          }
          converted.append(typed)
        }
        if let first, first.values != converted {
          throw LinkError(.conflictingValues(key: key, first: first.text, second: value.text))
        }
        if first == nil { first = (value.text, converted) }
      }
      if let first {
        parameters[key] = kinds.count == 1 ? first.values[0] : .string(first.text)
      }
    }
    return LinkReading(
      request: Request(to: names.last!, via: Array(names.dropLast()), parameters: parameters),
      fragment: fragment, ignored: ignored)
  }

  /// The segment no reading gets past, or the end of the path when some partial
  /// reading gets there.
  func failure(_ segments: [String]) -> LinkError {
    var boundaries: Set<Int> = [0]
    var queue = [0]
    var farthest = 0
    while let start = queue.popLast() {
      for pattern in patterns {
        let matched = matchedPrefix(pattern, segments, at: start)
        farthest = max(farthest, start + matched)
        if matched == pattern.pieces.count, boundaries.insert(start + matched).inserted {
          queue.append(start + matched)
        }
      }
    }
    if farthest >= segments.count { return LinkError(.incompletePath) }
    return LinkError(.unknownSegment(index: farthest, segment: segments[farthest]))
  }
}
