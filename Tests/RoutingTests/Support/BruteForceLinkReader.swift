import Foundation
import Routing

/// A deliberately slow link reader that follows Docs/DeepLinks.md word by word: it lists
/// every way to cut the path into screen patterns, keeps those that consume every
/// segment, and picks one by the comparison of "Reading the segments". It shares no code with the
/// library's reader (it decodes with Foundation and matches patterns one by one).
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

  /// Drops a `scheme://` prefix, by the definition of a scheme: a letter, then
  /// letters, digits, `+`, `-` or `.`.
  static func withoutScheme(_ link: String) -> String {
    guard let range = link.range(of: "://") else { return link }
    let scheme = link[..<range.lowerBound]
    guard let first = scheme.unicodeScalars.first, first.isASCII,
      CharacterSet.letters.contains(first),
      scheme.unicodeScalars.allSatisfy({
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0))
      })
    else { return link }
    return String(link[range.upperBound...])
  }

  func resolve(_ link: String) -> Result<Request, LinkError> {
    Result { () throws(LinkError) -> Request in try read(link) }
  }

  /// The screens the link reads as, before its parameters are checked.
  func screens(of link: String) throws(LinkError) -> [ScreenName] {
    let request = try read(link, checkingParameters: false)
    return request.breadcrumbs + [request.destination]
  }

  func read(_ link: String, checkingParameters: Bool = true) throws(LinkError) -> Request {
    guard link.utf8.count <= 4_096 else { throw LinkError(.tooLong(bytes: link.utf8.count)) }
    var rest = Self.withoutScheme(link)
    if rest.hasPrefix("/") { rest.removeFirst() }
    let path: String
    let query: String?
    if let mark = rest.firstIndex(of: "?") {
      path = String(rest[..<mark])
      query = String(rest[rest.index(after: mark)...])
    } else {
      path = rest
      query = nil
    }
    if path.isEmpty { throw LinkError(.emptyPath) }
    var raw = path.components(separatedBy: "/")
    if raw.count > 1 && raw.last == "" { raw.removeLast() }
    if raw.count > 64 { throw LinkError(.tooManySegments(count: raw.count)) }
    if let empty = raw.firstIndex(of: "") { throw LinkError(.emptySegment(index: empty)) }
    var segments: [String] = []
    for (index, text) in raw.enumerated() {
      guard let decoded = text.removingPercentEncoding else {
        throw LinkError(.badEncoding(.segment(index), text: text))
      }
      segments.append(decoded)
    }
    var items: [(String, String)] = []
    if let query, !query.isEmpty {
      for (index, item) in query.components(separatedBy: "&").enumerated() {
        let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
          throw LinkError(.malformedQuery(item: index, text: item))
        }
        guard let key = String(parts[0]).removingPercentEncoding,
          let value = String(parts[1]).removingPercentEncoding
        else { throw LinkError(.badEncoding(.queryItem(index), text: item)) }
        if items.contains(where: { $0.0 == key }) { throw LinkError(.repeatedQueryKey(key)) }
        items.append((key, value))
      }
    }

    let complete = readings(segments, from: 0)
    guard var best = complete.first else { throw failure(segments) }
    for reading in complete.dropFirst() where precedes(reading, best) { best = reading }

    let names = best.map { patterns[$0.pattern].screen }
    guard checkingParameters else { return Request(to: names.last!, via: names.dropLast()) }
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
    for key in keys {
      var kinds: [ParameterKind] = []
      for read in best {
        for parameter in patterns[read.pattern].parameters
        where parameter.name == key && !kinds.contains(parameter.kind) {
          kinds.append(parameter.kind)
        }
      }
      if kinds.isEmpty { throw LinkError(.undeclaredParameter(key)) }
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
    return Request(to: names.last!, via: Array(names.dropLast()), parameters: parameters)
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
