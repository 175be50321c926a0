import RoutingJSON
import RoutingStorage

/// Reads one link over its UTF-8 bytes (Docs/DeepLinks.md, "Taking a link apart" and
/// "Reading the segments").
///
/// `[scheme://[userinfo@]host[:port]]["/"]path["?"query]["#"fragment]`: the fragment is
/// cut off first; a `scheme://` prefix is dropped, and with `http` or `https` the host
/// after it too, once checked against the table's hosts (with any other scheme, the
/// host becomes the first segment); then one leading `/`. The path splits on `/`; one
/// trailing `/` is ignored, any other empty segment is an error. The query splits on
/// `&` into `key=value` items (the first `=` separates), each decoded; `+` is a plus
/// sign.
///
/// The segments stay byte ranges of the link (or of an array of decoded bytes when the
/// path is percent-encoded), read through spans, and the reader's tables are inline
/// arrays of fixed size, which Swift keeps on the stack: reading allocates nothing but
/// the request it returns, unless the link is percent-encoded or has more than eight
/// parameter values (`ScratchWords`).
///
/// The link's bytes are a span, which a stored property cannot hold: each method takes
/// them as its first argument.
struct LinkReader {
  /// The table's compiled patterns.
  let links: LinkIndex
  let strict: Bool
  /// The screens the reading must find, if any.
  let expecting: [Int32]?

  private static let slash = UInt8(ascii: "/")
  private static let question = UInt8(ascii: "?")
  private static let hash = UInt8(ascii: "#")
  private static let ampersand = UInt8(ascii: "&")
  private static let equals = UInt8(ascii: "=")
  private static let percent = UInt8(ascii: "%")
  /// Bit *b* for each byte *b* the path's pass looks at: `#`, `%`, `/` and `?`.
  private static let pathMarks: UInt64 = 1 << 35 | 1 << 37 | 1 << 47 | 1 << 63

  /// Bit 7 of the first byte of `word` (eight bytes read little-endian, as
  /// `Bytes.word(_:at:)` reads them) that is one of `marks`, or 0 when none is; the bits
  /// above it are meaningless.
  private static func first(
    of marks: (UInt8, UInt8, UInt8, UInt8), in word: UInt64
  ) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    // A byte of `word` equal to `mark` is a zero byte of `other`; the lowest flagged
    // byte is the first zero byte (a borrow only flags bytes above one).
    func equal(_ mark: UInt8) -> UInt64 {
      let other = word ^ ones &* UInt64(mark)
      return (other &- ones) & ~other
    }
    let found = equal(marks.0) | equal(marks.1) | equal(marks.2) | equal(marks.3)
    return found & 0x8080_8080_8080_8080
  }

  /// Reads the link.
  ///
  /// - Parameter link: The link's UTF-8 bytes.
  /// - Precondition: The link is not empty and at most
  ///   ``RouteTable/maximumLinkLength`` bytes long.
  func read(_ link: Span<UInt8>) throws(LinkError) -> LinkReading {
    let end = link.count
    var position = try pathStart(link)
    if position < end && link[position] == Self.slash { position += 1 }
    // One pass over the path, up to the query or the fragment: its segments, the first
    // empty one, and whether any is percent-encoded.
    var segments = LinkSegments()
    var pieces = 0
    var start = position
    var cursor = position
    var encoded = false
    var firstEmpty = -1
    // The cursor stays within the link, at most 4,096 bytes: its sums and differences
    // cannot overflow.
    while cursor < end {
      // Most bytes are none of `#`, `%`, `/` and `?`: eight bytes tested at once, then
      // one at a time near the end (all four are below 64: one test).
      if end &- cursor >= 8 {
        let marks = Self.first(
          of: (Self.hash, Self.percent, Self.slash, Self.question),
          in: Bytes.word(link, at: cursor))
        guard marks != 0 else {
          cursor &+= 8
          continue
        }
        cursor &+= marks.trailingZeroBitCount >> 3
      } else if link[cursor] >= 64 || Self.pathMarks &>> UInt64(link[cursor]) & 1 == 0 {
        cursor &+= 1
        continue
      }
      let byte = link[cursor]
      if byte == Self.question || byte == Self.hash { break }
      if byte == Self.slash {
        if cursor == start && firstEmpty < 0 { firstEmpty = pieces }
        if pieces < RouteTable.maximumLinkSegments {
          segments.set(pieces, start: start, count: cursor &- start)
        }
        pieces &+= 1
        start = cursor &+ 1
      } else {
        encoded = true
      }
      cursor &+= 1
    }
    let queryMark = cursor
    // The fragment is everything after the first `#`.
    let fragmentMark =
      queryMark < end && link[queryMark] == Self.question
      ? firstIndex(of: Self.hash, in: link, queryMark + 1, end) ?? end : queryMark
    let fragment = fragmentMark < end ? text(link, fragmentMark + 1, end) : nil
    guard queryMark > position else { throw LinkError(.emptyPath) }
    // The last segment, unless it is the empty one after a trailing `/`.
    if cursor > start || pieces == 0 {
      if cursor == start && firstEmpty < 0 { firstEmpty = pieces }
      if pieces < RouteTable.maximumLinkSegments {
        segments.set(pieces, start: start, count: cursor - start)
      }
      pieces += 1
    }
    guard pieces <= RouteTable.maximumLinkSegments else {
      throw LinkError(.tooManySegments(count: pieces))
    }
    if firstEmpty >= 0 { throw LinkError(.emptySegment(index: firstEmpty)) }
    segments.count = pieces
    let query = queryMark < fragmentMark ? (queryMark + 1, fragmentMark) : (queryMark, queryMark)
    guard encoded else {
      return try read(&segments, in: link, link: link, query: query, fragment: fragment)
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(queryMark - position)
    for index in 0..<pieces {
      let raw = link.extracting(segments.range(index))
      let written = decoded.count
      guard let count = PercentEncoding.decode(raw, into: &decoded),
        UTF8Check.firstInvalidOffset(in: decoded.span.extracting(written..<written + count))
          == nil
      else {
        throw LinkError(.badEncoding(.segment(index), text: Bytes.string(raw)))
      }
      segments.set(index, start: written, count: count)
    }
    return try read(&segments, in: decoded.span, link: link, query: query, fragment: fragment)
  }

  /// Where the path starts: after a `scheme://` prefix, and after the host too for
  /// `http` and `https` once the host is found among the table's (a host ends at a `/`,
  /// `?` or `#`).
  private func pathStart(_ link: Span<UInt8>) throws(LinkError) -> Int {
    let end = link.count
    // A scheme ends at a `:` before any `/`, `?` or `#`, none of which it may hold:
    // eight bytes at a time, most links are found to have none.
    var scan = 0
    while end - scan >= 8 {
      let marks = Self.first(
        of: (UInt8(ascii: ":"), Self.slash, Self.question, Self.hash),
        in: Bytes.word(link, at: scan))
      if marks != 0 {
        guard link[scan + marks.trailingZeroBitCount >> 3] == UInt8(ascii: ":") else { return 0 }
        break
      }
      scan += 8
    }
    var position = 0
    guard position < end, isLetter(link[position]) else { return 0 }
    position += 1
    while position < end, isSchemeCharacter(link[position]) { position += 1 }
    let schemeEnd = position
    for expected in "://".utf8 {
      guard position < end, link[position] == expected else { return 0 }
      position += 1
    }
    guard isWeb(link, scheme: 0, schemeEnd) else { return position }
    var hostEnd = position
    while hostEnd < end, link[hostEnd] != Self.slash, link[hostEnd] != Self.question,
      link[hostEnd] != Self.hash
    {
      hostEnd += 1
    }
    let authorityEnd = hostEnd
    var hostStart = position
    for index in position..<hostEnd where link[index] == UInt8(ascii: "@") {
      hostStart = index + 1
    }
    if let colon = lastIndex(of: UInt8(ascii: ":"), in: link, hostStart, hostEnd),
      isDigits(link, colon + 1, hostEnd)
    {
      hostEnd = colon
    }
    guard isDeclared(link, host: hostStart, hostEnd) else {
      throw LinkError(.unknownHost(text(link, hostStart, hostEnd)))
    }
    return authorityEnd
  }

  /// Whether `link[start..<end]` is `http` or `https`, in any case.
  private func isWeb(_ link: Span<UInt8>, scheme start: Int, _ end: Int) -> Bool {
    let length = end - start
    guard length == 4 || length == 5 else { return false }
    for (offset, expected) in "https".utf8.prefix(length).enumerated()
    where LinkIndex.lowercased(link[start + offset]) != expected {
      return false
    }
    return true
  }

  /// Whether `link[start..<end]` is one of the table's hosts, ignoring ASCII case.
  private func isDeclared(_ link: Span<UInt8>, host start: Int, _ end: Int) -> Bool {
    for host in links.hosts where host.utf8.count == end - start {
      var offset = start
      var same = true
      for byte in host.utf8 {
        if LinkIndex.lowercased(link[offset]) != byte {
          same = false
          break
        }
        offset += 1
      }
      if same { return true }
    }
    return false
  }

  /// Reads the query items, then the segments, then makes the request.
  ///
  /// - Parameters:
  ///   - segments: The path's segments.
  ///   - memory: The bytes that hold them: the link, or its path decoded.
  ///   - link: The link.
  ///   - query: Where the query's items are in the link.
  ///   - fragment: The fragment, if any.
  private func read(
    _ segments: inout LinkSegments, in memory: Span<UInt8>, link: Span<UInt8>,
    query: (Int, Int), fragment: String?
  ) throws(LinkError) -> LinkReading {
    var itemCount = 0
    if query.0 != query.1 {
      itemCount = 1
      for index in query.0..<query.1 where link[index] == Self.ampersand { itemCount += 1 }
    }
    var items = ScratchWords(count: itemCount)
    var start = query.0
    for item in 0..<itemCount {
      let end = firstIndex(of: Self.ampersand, in: link, start, query.1) ?? query.1
      guard let mark = firstIndex(of: Self.equals, in: link, start, end), mark > start else {
        throw LinkError(.malformedQuery(item: item, text: text(link, start, end)))
      }
      guard isDecodable(link, start, mark), isDecodable(link, mark + 1, end) else {
        throw LinkError(.badEncoding(.queryItem(item), text: text(link, start, end)))
      }
      items[item] = UInt64(start) << 32 | UInt64(mark) << 16 | UInt64(end)
      for earlier in 0..<item where sameKey(link, items[earlier], items[item]) {
        throw LinkError(.repeatedQueryKey(queryKey(link, items[item])))
      }
      start = end + 1
    }
    // Tables for the suffixes' readings as small as the path allows: most links have a
    // few segments, and every word of the tables is cleared.
    let pieceCount: Int
    if segments.count < 16 {
      var readings = SuffixReadings<16>()
      pieceCount = try pieces(&segments, in: memory, readings: &readings)
    } else {
      var readings = SuffixReadings<65>()
      pieceCount = try pieces(&segments, in: memory, readings: &readings)
    }
    return try request(
      count: pieceCount, segments: &segments, in: memory, link: link, items: &items,
      itemCount: itemCount, fragment: fragment)
  }

  /// Reads the segments, and writes the reading's screens, and where each starts
  /// (``Piece``), over the segments' heads, which the walk was the last to need.
  ///
  /// - Returns: How many screens the reading has.
  private func pieces<let capacity: Int>(
    _ segments: inout LinkSegments, in memory: Span<UInt8>,
    readings: inout SuffixReadings<capacity>
  ) throws(LinkError) -> Int {
    guard links.read(&segments, in: memory, into: &readings) else {
      throw links.failure(reading: segments, in: memory)
    }
    var pieceCount = 0
    var next = 0
    while next < segments.count {
      let best = readings.best[next]
      segments.heads[pieceCount] = Piece.pack(screen: BestReading.screen(best), start: next)
      pieceCount &+= 1
      next = BestReading.end(best)
    }
    return pieceCount
  }

  /// The request a reading stands for: its screens as milestones, and its captures and
  /// query items as parameters, checked and typed by those screens.
  ///
  /// Keys compare as numbers (``LinkIndex/keyNumbers``), and a value that one kind
  /// applies to, and that no later value of its key repeats, is typed from its bytes:
  /// no text is made but the parameters' keys and string values.
  ///
  /// The segments, whose heads hold the reading's pieces, and the items are `inout`,
  /// though read only, because they are inline tables, which a function that takes them
  /// by value may copy.
  private func request(
    count screenCount: Int,
    segments: inout LinkSegments, in memory: Span<UInt8>, link: Span<UInt8>,
    items: inout ScratchWords, itemCount: Int, fragment: String?
  ) throws(LinkError) -> LinkReading {
    // Records are read field by field: a copy of one would retain its name.
    func screen(_ piece: Int) -> Int { Int(Piece.screen(segments.heads[piece])) }
    if let expecting,
      expecting.count != screenCount
        || !expecting.indices.allSatisfy({ Piece.screen(segments.heads[$0]) == expecting[$0] })
    {
      throw LinkError(
        .misread(
          link: Bytes.string(link),
          reading: (0..<screenCount).map { links.screens[screen($0)].name }))
    }
    // The values in order of appearance, captures from the left, then the query items:
    // `values[v]` packs the key's number (bits 32–63; -1 for a query key that no screen
    // declares) and the capture's segment or the query item's number.
    var captureCount = 0
    for piece in 0..<screenCount {
      captureCount += Int(links.screens[screen(piece)].captures)
    }
    let total = captureCount + itemCount
    var values = ScratchWords(count: total)
    var value = 0
    for piece in 0..<screenCount {
      let screen = screen(piece)
      for index in 0..<Int(links.screens[screen].captures) {
        let capture = links.parameter(index, ofScreen: screen)
        values[value] =
          UInt64(UInt32(bitPattern: capture.key)) << 32
          | UInt64(Piece.start(segments.heads[piece]) + Int(capture.offset))
        value += 1
      }
    }
    for item in 0..<itemCount {
      values[value] =
        UInt64(UInt32(bitPattern: keyNumber(link, items[item]))) << 32 | UInt64(item)
      value += 1
    }
    func number(_ value: Int) -> Int32 { Int32(truncatingIfNeeded: values[value] >> 32) }
    func name(_ value: Int) -> String {
      value < captureCount
        ? links.keyNames[Int(number(value))]
        : queryKey(link, items[Int(values[value] & 0xFFFF_FFFF)])
    }
    // Where the value's bytes are as the link holds them: a capture's in `memory`
    // (decoded), a query value's in the link; nil for a query value that is
    // percent-encoded.
    func place(_ value: Int) -> ValuePlace? {
      guard value >= captureCount else {
        return ValuePlace(
          range: LinkSegments.range(segments.ranges[Int(values[value] & 0xFFFF_FFFF)]),
          inLink: false)
      }
      let packed = items[Int(values[value] & 0xFFFF_FFFF)]
      let range = Int((packed >> 16) & 0xFFFF) + 1..<Int(packed & 0xFFFF)
      return contains(Self.percent, in: link, range) ? nil : ValuePlace(range: range, inLink: true)
    }
    func text(_ value: Int) -> String {
      if let place = place(value) {
        return Bytes.string(
          place.inLink ? link.extracting(place.range) : memory.extracting(place.range))
      }
      let packed = items[Int(values[value] & 0xFFFF_FFFF)]
      return decoded(link, Int((packed >> 16) & 0xFFFF) + 1, Int(packed & 0xFFFF))
    }
    func same(_ one: ValuePlace, _ two: ValuePlace) -> Bool {
      Bytes.equal(
        one.inLink ? link.extracting(one.range) : memory.extracting(one.range),
        two.inLink ? link.extracting(two.range) : memory.extracting(two.range))
    }
    var parameters =
      total == 0
      ? [:]
      : total <= links.emptyParameters.count
        ? links.emptyParameters[total - 1] : Parameters(minimumCapacity: total)
    var ignored: [String] = []
    for value in 0..<total {
      let key = number(value)
      if key >= 0 && (0..<value).contains(where: { number($0) == key }) { continue }
      var kinds = KindList()
      if key >= 0 {
        for piece in 0..<screenCount {
          let screen = screen(piece)
          for index in 0..<Int(links.screens[screen].count) {
            let parameter = links.parameter(index, ofScreen: screen)
            if parameter.key == key { kinds.add(parameter.kind) }
          }
        }
      }
      let name = name(value)
      guard kinds.count > 0 else {
        if strict { throw LinkError(.undeclaredParameter(name)) }
        ignored.append(name)
        continue
      }
      // Later values of the key that are the same bytes agree with this one.
      let first = place(value)
      let repeated = (value + 1..<total).contains {
        guard number($0) == key else { return false }
        guard let first, let later = place($0) else { return true }
        return !same(later, first)
      }
      if kinds.count == 1, !repeated, let first {
        let bytes = first.inLink ? link.extracting(first.range) : memory.extracting(first.range)
        guard let typed = Self.value(of: bytes, as: kinds[0]) else {
          throw LinkError(
            .invalidParameter(name: name, value: Bytes.string(bytes), expected: kinds[0]))
        }
        parameters[name] = typed
        continue
      }
      let firstText = text(value)
      var typed: ParameterValue = .string(firstText)
      for slot in 0..<kinds.count {
        guard let converted = ParameterValue.string(firstText).converted(to: kinds[slot]) else {
          throw LinkError(.invalidParameter(name: name, value: firstText, expected: kinds[slot]))
        }
        if kinds.count == 1 { typed = converted }
      }
      for later in value + 1..<total where number(later) == key {
        let current = text(later)
        for slot in 0..<kinds.count
        where ParameterValue.string(current).converted(to: kinds[slot]) == nil {
          throw LinkError(.invalidParameter(name: name, value: current, expected: kinds[slot]))
        }
        for slot in 0..<kinds.count {
          let kind = kinds[slot]
          if ParameterValue.string(current).converted(to: kind)
            != ParameterValue.string(firstText).converted(to: kind)
          {
            throw LinkError(.conflictingValues(key: name, first: firstText, second: current))
          }
        }
      }
      parameters[name] = typed
    }
    // `reserveCapacity`, not `Array(unsafeUninitializedCapacity:)`, which looks up the
    // array's generic metadata on every call.
    var via: [ScreenName] = []
    if screenCount > 1 {
      via.reserveCapacity(screenCount - 1)
      for piece in 0..<screenCount - 1 {
        via.append(links.screens[screen(piece)].name)
      }
    }
    let destination = links.screens[screen(screenCount - 1)].name
    return LinkReading(
      request: Request(to: destination, via: via, parameters: parameters),
      fragment: fragment, ignored: ignored)
  }

  /// The number of a packed query item's key (``LinkIndex/keyNumbers``), or -1 when no
  /// screen declares it.
  private func keyNumber(_ link: Span<UInt8>, _ item: UInt64) -> Int32 {
    let raw = link.extracting(Int(item >> 32)..<Int((item >> 16) & 0xFFFF))
    if links.keysAreASCII && Bytes.isASCII(raw) && !contains(Self.percent, in: raw) {
      return links.keyNumber(of: raw, hash: LinkIndex.hash(raw))
    }
    return links.keyNumbers[queryKey(link, item)] ?? -1
  }

  /// The value `bytes` (UTF-8) spell as `kind`, as `ParameterValue.converted(to:)` gives it
  /// from their text, or `nil`.
  private static func value(of bytes: Span<UInt8>, as kind: ParameterKind)
    -> ParameterValue?
  {
    switch kind {
    case .string:
      return .string(Bytes.string(bytes))
    case .integer:
      // `-` and digits, within `Int`'s range.
      let negative = !bytes.isEmpty && bytes[0] == UInt8(ascii: "-")
      let first = negative ? 1 : 0
      guard bytes.count > first else { return nil }
      var number = 0
      for index in first..<bytes.count {
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
        let digit = Int(byte - UInt8(ascii: "0"))
        let (scaled, overflow) = number.multipliedReportingOverflow(by: 10)
        let (next, carry) =
          negative
          ? scaled.subtractingReportingOverflow(digit) : scaled.addingReportingOverflow(digit)
        guard !overflow && !carry else { return nil }
        number = next
      }
      return .integer(number)
    case .boolean:
      switch Bytes.string(bytes) {
      case "true": return .boolean(true)
      case "false": return .boolean(false)
      default: return nil
      }
    case .decimal:
      return ParameterValue.string(Bytes.string(bytes)).converted(to: kind)
    }
  }

  // MARK: Bytes

  private func firstIndex(of byte: UInt8, in link: Span<UInt8>, _ start: Int, _ end: Int)
    -> Int?
  {
    var index = start
    while index < end {
      if link[index] == byte { return index }
      index += 1
    }
    return nil
  }

  private func lastIndex(of byte: UInt8, in link: Span<UInt8>, _ start: Int, _ end: Int)
    -> Int?
  {
    var index = end
    while index > start {
      index -= 1
      if link[index] == byte { return index }
    }
    return nil
  }

  /// Whether `bytes` holds `byte`.
  private func contains(_ byte: UInt8, in bytes: Span<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      if bytes[index] == byte { return true }
      index += 1
    }
    return false
  }

  /// Whether `link[range]` holds `byte`.
  private func contains(_ byte: UInt8, in link: Span<UInt8>, _ range: Range<Int>) -> Bool {
    contains(byte, in: link.extracting(range))
  }

  /// Whether `link[start..<end]` is all ASCII digits.
  private func isDigits(_ link: Span<UInt8>, _ start: Int, _ end: Int) -> Bool {
    for index in start..<end
    where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(link[index]) {
      return false
    }
    return true
  }

  /// `link[start..<end]` as text, as written.
  private func text(_ link: Span<UInt8>, _ start: Int, _ end: Int) -> String {
    Bytes.string(link.extracting(start..<end))
  }

  /// `link[start..<end]` percent-decoded; the range must be decodable.
  private func decoded(_ link: Span<UInt8>, _ start: Int, _ end: Int) -> String {
    let raw = link.extracting(start..<end)
    guard contains(Self.percent, in: raw) else { return Bytes.string(raw) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.count)
    _ = PercentEncoding.decode(raw, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `link[start..<end]` decodes to UTF-8 text.
  private func isDecodable(_ link: Span<UInt8>, _ start: Int, _ end: Int) -> Bool {
    let raw = link.extracting(start..<end)
    guard contains(Self.percent, in: raw) else { return true }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.count)
    guard PercentEncoding.decode(raw, into: &bytes) != nil else { return false }
    return UTF8Check.firstInvalidOffset(in: bytes.span) == nil
  }

  /// The decoded key of a packed query item.
  private func queryKey(_ link: Span<UInt8>, _ item: UInt64) -> String {
    decoded(link, Int(item >> 32), Int((item >> 16) & 0xFFFF))
  }

  /// Whether two packed query items have the same key, as strings.
  private func sameKey(_ link: Span<UInt8>, _ first: UInt64, _ second: UInt64) -> Bool {
    let one = link.extracting(Int(first >> 32)..<Int((first >> 16) & 0xFFFF))
    let two = link.extracting(Int(second >> 32)..<Int((second >> 16) & 0xFFFF))
    let plain = !contains(Self.percent, in: one) && !contains(Self.percent, in: two)
    if plain && Bytes.equal(one, two) { return true }
    if plain && Bytes.isASCII(one) && Bytes.isASCII(two) { return false }
    return queryKey(link, first) == queryKey(link, second)
  }

  private func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  /// Whether `byte` is a letter, a digit, `+`, `-` or `.`: one bit of a mask each.
  private func isSchemeCharacter(_ byte: UInt8) -> Bool {
    // `+` 43, `-` 45, `.` 46, digits 48–57; letters 65–90 and 97–122.
    let low: UInt64 = 1 << 43 | 1 << 45 | 1 << 46 | 0x3FF << 48
    let high: UInt64 = 0x7FF_FFFE | 0x7FF_FFFE << 32
    return byte < 64
      ? low >> UInt64(byte) & 1 != 0 : byte < 128 && high >> UInt64(byte - 64) & 1 != 0
  }
}

/// Where a parameter value's bytes are: a range of the link, or of the segments'
/// memory (the path, decoded).
private struct ValuePlace {
  var range: Range<Int>
  var inLink: Bool
}

/// Words of scratch for the query items and the values of a reading: the first eight
/// inline (on the stack), any more in an array.
private struct ScratchWords {
  private static let inlineCount = 8
  private var inline = InlineArray<8, UInt64>(repeating: 0)
  private var more: [UInt64]

  /// Room for `count` words.
  init(count: Int) {
    more = count > Self.inlineCount ? Array(repeating: 0, count: count - Self.inlineCount) : []
  }

  subscript(index: Int) -> UInt64 {
    get { index < Self.inlineCount ? inline[index] : more[index - Self.inlineCount] }
    set {
      if index < Self.inlineCount {
        inline[index] = newValue
      } else {
        more[index - Self.inlineCount] = newValue
      }
    }
  }
}

/// One screen of a reading and the segment where it starts, packed in a word: the
/// screen in bits 32–63, the segment below.
private enum Piece {
  static func pack(screen: Int32, start: Int) -> UInt64 {
    UInt64(UInt32(bitPattern: screen)) << 32 | UInt64(start)
  }

  static func screen(_ packed: UInt64) -> Int32 { Int32(truncatingIfNeeded: packed >> 32) }
  static func start(_ packed: UInt64) -> Int { Int(packed & 0xFFFF_FFFF) }
}

/// The kinds the screens of a reading declare for one key, without repeats, in the
/// screens' order, held without allocating for up to four.
private struct KindList {
  private var inline: (ParameterKind?, ParameterKind?, ParameterKind?, ParameterKind?) = (
    nil, nil, nil, nil
  )
  private var more: [ParameterKind] = []
  private(set) var count = 0

  subscript(index: Int) -> ParameterKind {
    switch index {
    case 0: inline.0!
    case 1: inline.1!
    case 2: inline.2!
    case 3: inline.3!
    default: more[index - 4]
    }
  }

  mutating func add(_ kind: ParameterKind) {
    for index in 0..<count where self[index] == kind { return }
    switch count {
    case 0: inline.0 = kind
    case 1: inline.1 = kind
    case 2: inline.2 = kind
    case 3: inline.3 = kind
    default: more.append(kind)
    }
    count += 1
  }
}
