/// A link taken apart: its path segments and query items, percent-decoded, before any
/// pattern reads them.
struct ParsedLink: Sendable {
  /// The path's segments, decoded; never empty.
  var segments: [String]
  /// The query's items in order, decoded; keys are unique.
  var query: [(key: String, value: String)]

  /// Takes a link apart.
  ///
  /// `[scheme://]["/"]path["?"query]`: a `scheme://` prefix is dropped (the host becomes
  /// the first segment), then one leading `/`. The path splits on `/`; one trailing `/`
  /// is ignored, any other empty segment is an error. The query splits on `&` into
  /// `key=value` items (the first `=` separates), each decoded; `+` is a plus sign.
  ///
  /// - Throws: ``LinkError`` of kind `tooLong`, `tooManySegments`, `emptyPath`,
  ///   `emptySegment`, `badEncoding`, `malformedQuery` or `repeatedQueryKey`, checked in
  ///   that order, the path's segments and the query's items each from the first.
  /// - Complexity: O(*n*), where *n* is the length of the link.
  init(_ link: String) throws(LinkError) {
    let length = link.utf8.count
    guard length <= RouteTable.maximumLinkLength else { throw LinkError(.tooLong(bytes: length)) }
    var rest = Self.droppingScheme(Substring(link))
    if rest.utf8.first == UInt8(ascii: "/") {
      rest = rest[rest.utf8.index(after: rest.startIndex)...]
    }
    let path: Substring
    var queryText: Substring?
    if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
      path = rest[..<mark]
      queryText = rest[rest.utf8.index(after: mark)...]
    } else {
      path = rest
    }
    guard !path.isEmpty else { throw LinkError(.emptyPath) }
    var pieces = Self.split(path, on: UInt8(ascii: "/"))
    if pieces.count > 1 && pieces[pieces.count - 1].isEmpty { pieces.removeLast() }
    guard pieces.count <= RouteTable.maximumLinkSegments else {
      throw LinkError(.tooManySegments(count: pieces.count))
    }
    if let empty = pieces.firstIndex(where: \.isEmpty) {
      throw LinkError(.emptySegment(index: empty))
    }
    var segments: [String] = []
    segments.reserveCapacity(pieces.count)
    for (index, piece) in pieces.enumerated() {
      guard let segment = PercentEncoding.decode(piece) else {
        throw LinkError(.badEncoding(.segment(index), text: String(piece)))
      }
      segments.append(segment)
    }
    self.segments = segments
    self.query = []
    guard let queryText, !queryText.isEmpty else { return }
    var keys: Set<String> = []
    for (index, item) in Self.split(queryText, on: UInt8(ascii: "&")).enumerated() {
      guard let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")), equals != item.startIndex
      else { throw LinkError(.malformedQuery(item: index, text: String(item))) }
      guard let key = PercentEncoding.decode(item[..<equals]),
        let value = PercentEncoding.decode(item[item.utf8.index(after: equals)...])
      else { throw LinkError(.badEncoding(.queryItem(index), text: String(item))) }
      guard keys.insert(key).inserted else { throw LinkError(.repeatedQueryKey(key)) }
      query.append((key, value))
    }
  }

  /// `text` split on every `separator` (an ASCII byte), empty pieces kept.
  static func split(_ text: Substring, on separator: UInt8) -> [Substring] {
    var pieces: [Substring] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var position = start
    while position != bytes.endIndex {
      if bytes[position] == separator {
        pieces.append(text[start..<position])
        start = bytes.index(after: position)
      }
      bytes.formIndex(after: &position)
    }
    pieces.append(text[start...])
    return pieces
  }

  /// `text` without a leading `scheme://` (a letter, then letters, digits, `+`, `-` or
  /// `.`), or `text` itself when it does not start with one.
  static func droppingScheme(_ text: Substring) -> Substring {
    let bytes = text.utf8
    var position = bytes.startIndex
    guard position != bytes.endIndex, isLetter(bytes[position]) else { return text }
    bytes.formIndex(after: &position)
    while position != bytes.endIndex, isSchemeCharacter(bytes[position]) {
      bytes.formIndex(after: &position)
    }
    for expected in "://".utf8 {
      guard position != bytes.endIndex, bytes[position] == expected else { return text }
      bytes.formIndex(after: &position)
    }
    return text[position...]
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }
}
