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
/// The segments stay byte ranges of the link (or of a buffer of decoded bytes when the
/// path is percent-encoded), and the reader's tables live in temporary allocations of at
/// most 1 KB, which Swift places on the stack: reading allocates nothing but the request
/// it returns.
struct LinkReader {
  /// The table's compiled patterns. Not retained: the reader's helpers use the index at
  /// every step, and retaining and releasing it each time would cost a read more than
  /// its walk does (`Docs/Performance.md`, "Low-level choices"). Safe because a reader only lives inside `RouteTable.read`, whose
  /// table holds the index for the whole call; never store a reader beyond that call.
  unowned(unsafe) let links: LinkIndex
  let link: UnsafeBufferPointer<UInt8>
  let strict: Bool
  /// The screens the reading must find, if any (a plain pointer, so that copying the
  /// reader into its closures costs no reference counting).
  let expecting: UnsafeBufferPointer<Int32>?

  private static let slash = UInt8(ascii: "/")
  private static let question = UInt8(ascii: "?")
  private static let hash = UInt8(ascii: "#")
  private static let ampersand = UInt8(ascii: "&")
  private static let equals = UInt8(ascii: "=")
  private static let percent = UInt8(ascii: "%")
  /// Bit *b* for each byte *b* the path's pass looks at: `#`, `%`, `/` and `?`.
  private static let pathMarks: UInt64 = 1 << 35 | 1 << 37 | 1 << 47 | 1 << 63

  /// Bit 7 of the first byte of `word` (eight bytes, little-endian) that is one of
  /// `marks`, or 0 when none is; the bits above it are meaningless.
  private static func first(
    of marks: (UInt8, UInt8, UInt8, UInt8), in word: UInt64
  ) -> UInt64 {
    let word = UInt64(littleEndian: word)
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
  /// - Precondition: The link is not empty and at most
  ///   ``RouteTable/maximumLinkLength`` bytes long.
  func read() throws(LinkError) -> LinkReading {
    let end = link.count
    var position = try pathStart()
    if position < end && link[position] == Self.slash { position += 1 }
    return try withScratch(128) { (ranges) throws(LinkError) -> LinkReading in
      // One pass over the path, up to the query or the fragment: its segments, the
      // first empty one, and whether any is percent-encoded.
      var pieces = 0
      var start = position
      var cursor = position
      var encoded = false
      var firstEmpty = -1
      while cursor < end {
        // Most bytes are none of `#`, `%`, `/` and `?`: eight bytes tested at once, then
        // one at a time near the end (all four are below 64: one test).
        if end - cursor >= 8 {
          let marks = Self.first(
            of: (Self.hash, Self.percent, Self.slash, Self.question),
            in: UnsafeRawPointer(link.baseAddress! + cursor).loadUnaligned(as: UInt64.self))
          guard marks != 0 else {
            cursor += 8
            continue
          }
          cursor += marks.trailingZeroBitCount >> 3
        } else if link[cursor] >= 64 || Self.pathMarks >> UInt64(link[cursor]) & 1 == 0 {
          cursor += 1
          continue
        }
        let byte = link[cursor]
        if byte == Self.question || byte == Self.hash { break }
        if byte == Self.slash {
          if cursor == start && firstEmpty < 0 { firstEmpty = pieces }
          if pieces < RouteTable.maximumLinkSegments {
            ranges[pieces] = UInt64(start) << 16 | UInt64(cursor - start)
          }
          pieces += 1
          start = cursor + 1
        } else {
          encoded = true
        }
        cursor += 1
      }
      let queryMark = cursor
      // The fragment is everything after the first `#`.
      let fragmentMark =
        queryMark < end && link[queryMark] == Self.question
        ? firstIndex(of: Self.hash, in: queryMark + 1, end) ?? end : queryMark
      let fragment = fragmentMark < end ? text(fragmentMark + 1, end) : nil
      guard queryMark > position else { throw LinkError(.emptyPath) }
      // The last segment, unless it is the empty one after a trailing `/`.
      if cursor > start || pieces == 0 {
        if cursor == start && firstEmpty < 0 { firstEmpty = pieces }
        if pieces < RouteTable.maximumLinkSegments {
          ranges[pieces] = UInt64(start) << 16 | UInt64(cursor - start)
        }
        pieces += 1
      }
      guard pieces <= RouteTable.maximumLinkSegments else {
        throw LinkError(.tooManySegments(count: pieces))
      }
      if firstEmpty >= 0 { throw LinkError(.emptySegment(index: firstEmpty)) }
      let query = queryMark < fragmentMark ? (queryMark + 1, fragmentMark) : (queryMark, queryMark)
      var segments = LinkSegments(
        base: link.baseAddress!, ranges: ranges, count: pieces, ascii: 0,
        end: link.baseAddress! + link.count)
      guard encoded else {
        return try read(segments, query: query, fragment: fragment, scratch: ranges + 64)
      }
      return try withUnsafeTemporaryAllocation(
        of: UInt8.self, capacity: queryMark - position
      ) { (buffer) throws(LinkError) -> LinkReading in
        var written = 0
        for index in 0..<pieces {
          let raw = segments.bytes(index)
          guard
            let count = PercentEncoding.decode(
              raw, into: buffer.baseAddress! + written),
            UTF8Check.firstInvalidOffset(
              in: UnsafeBufferPointer(start: buffer.baseAddress! + written, count: count)) == nil
          else {
            throw LinkError(
              .badEncoding(.segment(index), text: String(decoding: raw, as: UTF8.self)))
          }
          ranges[index] = UInt64(written) << 16 | UInt64(count)
          written += count
        }
        segments.base = UnsafePointer(buffer.baseAddress!)
        segments.end = UnsafePointer(buffer.baseAddress! + written)
        return try read(segments, query: query, fragment: fragment, scratch: ranges + 64)
      }
    }
  }

  /// Where the path starts: after a `scheme://` prefix, and after the host too for
  /// `http` and `https` once the host is found among the table's (a host ends at a `/`,
  /// `?` or `#`).
  private func pathStart() throws(LinkError) -> Int {
    let end = link.count
    // A scheme ends at a `:` before any `/`, `?` or `#`, none of which it may hold:
    // eight bytes at a time, most links are found to have none.
    var scan = 0
    while end - scan >= 8 {
      let marks = Self.first(
        of: (UInt8(ascii: ":"), Self.slash, Self.question, Self.hash),
        in: UnsafeRawPointer(link.baseAddress! + scan).loadUnaligned(as: UInt64.self))
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
    guard isWeb(scheme: 0, schemeEnd) else { return position }
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
    if let colon = lastIndex(of: UInt8(ascii: ":"), in: hostStart, hostEnd),
      (colon + 1..<hostEnd).allSatisfy({
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(link[$0])
      })
    {
      hostEnd = colon
    }
    guard isDeclared(host: hostStart, hostEnd) else {
      throw LinkError(.unknownHost(text(hostStart, hostEnd)))
    }
    return authorityEnd
  }

  /// Whether `link[start..<end]` is `http` or `https`, in any case.
  private func isWeb(scheme start: Int, _ end: Int) -> Bool {
    let length = end - start
    guard length == 4 || length == 5 else { return false }
    for (offset, expected) in "https".utf8.prefix(length).enumerated()
    where LinkIndex.lowercased(link[start + offset]) != expected {
      return false
    }
    return true
  }

  /// Whether `link[start..<end]` is one of the table's hosts, ignoring ASCII case.
  private func isDeclared(host start: Int, _ end: Int) -> Bool {
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

  private func read(
    _ segments: LinkSegments, query: (Int, Int), fragment: String?,
    scratch: UnsafeMutablePointer<UInt64>
  ) throws(LinkError) -> LinkReading {
    let itemCount =
      query.0 == query.1
      ? 0 : 1 + (query.0..<query.1).reduce(0) { $0 + (link[$1] == Self.ampersand ? 1 : 0) }
    return try withScratch(max(itemCount, 1)) { (items) throws(LinkError) -> LinkReading in
      var start = query.0
      for item in 0..<itemCount {
        let end = firstIndex(of: Self.ampersand, in: start, query.1) ?? query.1
        guard let mark = firstIndex(of: Self.equals, in: start, end), mark > start else {
          throw LinkError(.malformedQuery(item: item, text: text(start, end)))
        }
        guard isDecodable(start, mark), isDecodable(mark + 1, end) else {
          throw LinkError(.badEncoding(.queryItem(item), text: text(start, end)))
        }
        items[item] = UInt64(start) << 32 | UInt64(mark) << 16 | UInt64(end)
        for earlier in 0..<item where sameKey(items[earlier], items[item]) {
          throw LinkError(.repeatedQueryKey(queryKey(items[item])))
        }
        start = end + 1
      }
      return try withScratch(65) { (best) throws(LinkError) -> LinkReading in
        let readings = SuffixReadings(best: best, captures: scratch, count: segments.count)
        var segments = segments
        let read = links.read(&segments, into: readings)
        guard read else {
          throw links.failure(reading: segments)
        }
        return try request(
          segments, readings, items: items, itemCount: itemCount, fragment: fragment)
      }
    }
  }

  /// The request a reading stands for: its screens as milestones, and its captures and
  /// query items as parameters, checked and typed by those screens.
  ///
  /// Keys compare as numbers (``LinkIndex/keyNumbers``), and a value that one kind
  /// applies to, and that no later value of its key repeats, is typed from its bytes:
  /// no text is made but the parameters' keys and string values.
  private func request(
    _ segments: LinkSegments, _ readings: SuffixReadings,
    items: UnsafeMutablePointer<UInt64>, itemCount: Int, fragment: String?
  ) throws(LinkError) -> LinkReading {
    let screenCount = Int(readings.screens(from: 0))
    // The tables the loops read (flat tables: copies without reference counting).
    let screens = links.screens
    let declared = links.parameters
    let keyNames = links.keyNames
    // After the reading, `readings.captures` is free.
    var reading = Pieces(in: readings.captures)
    var start = 0
    while start < segments.count {
      reading.append(screen: readings.screen(from: start), start: start)
      start = readings.end(from: start)
    }
    let pieces = reading
    if let expecting, !pieces.equals(expecting) {
      throw LinkError(
        .misread(
          link: String(decoding: link, as: UTF8.self),
          reading: (0..<screenCount).map { screens[Int(pieces.screen($0))].name }))
    }
    // The values in order of appearance, captures from the left, then the query items:
    // `values[v]` packs the key's number (bits 32–63; -1 for a query key that no screen
    // declares) and, for a query item, its number; `values[total + v]` is a capture's
    // segment.
    let captureCount = (0..<screenCount).reduce(0) { count, piece in
      count + Int(screens[Int(pieces.screen(piece))].captures)
    }
    let total = captureCount + itemCount
    return try withScratch(max(2 * total, 1)) { (values) throws(LinkError) -> LinkReading in
      var value = 0
      for piece in 0..<screenCount {
        let screen = screens.pointer + Int(pieces.screen(piece))
        for index in 0..<Int(screen.pointee.captures) {
          let capture = declared.parameter(index, of: screen)
          values[value] = UInt64(UInt32(bitPattern: capture.key)) << 32
          values[total + value] = UInt64(pieces.start(piece) + Int(capture.offset))
          value += 1
        }
      }
      for item in 0..<itemCount {
        values[value] = UInt64(UInt32(bitPattern: keyNumber(items[item]))) << 32 | UInt64(item)
        value += 1
      }
      func number(_ value: Int) -> Int32 { Int32(truncatingIfNeeded: values[value] >> 32) }
      func name(_ value: Int) -> String {
        value < captureCount
          ? keyNames[Int(number(value))] : queryKey(items[Int(values[value] & 0xFFFF_FFFF)])
      }
      // The value's bytes as the link holds them (decoded for a capture), or nil for a
      // query value that is percent-encoded.
      func bytes(_ value: Int) -> UnsafeBufferPointer<UInt8>? {
        let index = Int(values[value] & 0xFFFF_FFFF)
        guard value >= captureCount else { return segments.bytes(Int(values[total + value])) }
        let packed = items[index]
        let raw = UnsafeBufferPointer(
          rebasing: link[Int((packed >> 16) & 0xFFFF) + 1..<Int(packed & 0xFFFF)])
        return raw.contains(Self.percent) ? nil : raw
      }
      func text(_ value: Int) -> String {
        if let bytes = bytes(value) { return String(decoding: bytes, as: UTF8.self) }
        let packed = items[Int(values[value] & 0xFFFF_FFFF)]
        return decoded(Int((packed >> 16) & 0xFFFF) + 1, Int(packed & 0xFFFF))
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
            let screen = screens.pointer + Int(pieces.screen(piece))
            for index in 0..<Int(screen.pointee.count) {
              let parameter = declared.parameter(index, of: screen)
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
        let first = bytes(value)
        let repeated = (value + 1..<total).contains {
          guard number($0) == key else { return false }
          guard let first, let later = bytes($0) else { return true }
          return !Bytes.equal(later, first)
        }
        if kinds.count == 1, !repeated, let bytes = first {
          guard let typed = Self.value(of: bytes, as: kinds[0]) else {
            throw LinkError(
              .invalidParameter(
                name: name, value: String(decoding: bytes, as: UTF8.self), expected: kinds[0]))
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
        for piece in 0..<screenCount - 1 { via.append(screens[Int(pieces.screen(piece))].name) }
      }
      let destination = screens[Int(pieces.screen(screenCount - 1))].name
      return LinkReading(
        request: Request(to: destination, via: via, parameters: parameters),
        fragment: fragment, ignored: ignored)
    }
  }

  /// The number of a packed query item's key (``LinkIndex/keyNumbers``), or -1 when no
  /// screen declares it.
  private func keyNumber(_ item: UInt64) -> Int32 {
    let raw = UnsafeBufferPointer(rebasing: link[Int(item >> 32)..<Int((item >> 16) & 0xFFFF)])
    if links.keysAreASCII && !raw.contains(where: { $0 >= 0x80 || $0 == Self.percent }) {
      return links.keyNumber(of: raw, hash: LinkIndex.hash(raw))
    }
    return links.keyNumbers[queryKey(item)] ?? -1
  }

  /// The value `bytes` (UTF-8) spell as `kind`, as `ParameterValue.converted(to:)` gives it
  /// from their text, or `nil`.
  private static func value(of bytes: UnsafeBufferPointer<UInt8>, as kind: ParameterKind)
    -> ParameterValue?
  {
    switch kind {
    case .string:
      return .string(String(decoding: bytes, as: UTF8.self))
    case .integer:
      // `-` and digits, within `Int`'s range.
      let negative = bytes.first == UInt8(ascii: "-")
      let digits = bytes.dropFirst(negative ? 1 : 0)
      guard !digits.isEmpty else { return nil }
      var number = 0
      for byte in digits {
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
      if bytes.elementsEqual("true".utf8) { return .boolean(true) }
      if bytes.elementsEqual("false".utf8) { return .boolean(false) }
      return nil
    case .decimal:
      return ParameterValue.string(String(decoding: bytes, as: UTF8.self)).converted(to: kind)
    }
  }

  // MARK: Bytes

  private func firstIndex(of byte: UInt8, in start: Int, _ end: Int) -> Int? {
    var index = start
    while index < end {
      if link[index] == byte { return index }
      index += 1
    }
    return nil
  }

  private func lastIndex(of byte: UInt8, in start: Int, _ end: Int) -> Int? {
    var index = end
    while index > start {
      index -= 1
      if link[index] == byte { return index }
    }
    return nil
  }

  /// `link[start..<end]` as text, as written.
  private func text(_ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: link[start..<end]), as: UTF8.self)
  }

  /// `link[start..<end]` percent-decoded; the range must be decodable.
  private func decoded(_ start: Int, _ end: Int) -> String {
    let raw = UnsafeBufferPointer(rebasing: link[start..<end])
    guard raw.contains(Self.percent) else { return String(decoding: raw, as: UTF8.self) }
    return String(unsafeUninitializedCapacity: raw.count) { buffer in
      PercentEncoding.decode(raw, into: buffer.baseAddress!) ?? 0
    }
  }

  /// Whether `link[start..<end]` decodes to UTF-8 text.
  private func isDecodable(_ start: Int, _ end: Int) -> Bool {
    let raw = UnsafeBufferPointer(rebasing: link[start..<end])
    guard raw.contains(Self.percent) else { return true }
    let outcome = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
      guard let count = PercentEncoding.decode(raw, into: buffer.baseAddress!) else { return false }
      return UTF8Check.firstInvalidOffset(
        in: UnsafeBufferPointer(start: buffer.baseAddress!, count: count)) == nil
    }
    return outcome
  }

  /// The decoded key of a packed query item.
  private func queryKey(_ item: UInt64) -> String {
    decoded(Int(item >> 32), Int((item >> 16) & 0xFFFF))
  }

  /// Whether two packed query items have the same key, as strings.
  private func sameKey(_ first: UInt64, _ second: UInt64) -> Bool {
    let one = UnsafeBufferPointer(rebasing: link[Int(first >> 32)..<Int((first >> 16) & 0xFFFF)])
    let two = UnsafeBufferPointer(
      rebasing: link[Int(second >> 32)..<Int((second >> 16) & 0xFFFF)])
    let plain = !one.contains(Self.percent) && !two.contains(Self.percent)
    if plain && one.elementsEqual(two) { return true }
    if plain && one.allSatisfy({ $0 < 0x80 }) && two.allSatisfy({ $0 < 0x80 }) { return false }
    return queryKey(first) == queryKey(second)
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

/// Runs `body` with `count` words of temporary memory (on the stack up to 1 KB).
private func withScratch<R>(
  _ count: Int, _ body: (UnsafeMutablePointer<UInt64>) throws(LinkError) -> R
) throws(LinkError) -> R {
  try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) {
    (buffer) throws(LinkError) -> R in try body(buffer.baseAddress!)
  }
}

/// The screens of a reading and where each starts, in memory the reader lends: at most
/// 64.
private struct Pieces {
  private let packed: UnsafeMutablePointer<UInt64>
  private(set) var count = 0

  init(in memory: UnsafeMutablePointer<UInt64>) {
    packed = memory
  }

  mutating func append(screen: Int32, start: Int) {
    packed[count] = UInt64(UInt32(bitPattern: screen)) << 32 | UInt64(start)
    count += 1
  }

  func screen(_ index: Int) -> Int32 { Int32(truncatingIfNeeded: packed[index] >> 32) }
  func start(_ index: Int) -> Int { Int(packed[index] & 0xFFFF_FFFF) }

  func equals(_ screens: UnsafeBufferPointer<Int32>) -> Bool {
    screens.count == count && screens.indices.allSatisfy { screen($0) == screens[$0] }
  }
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
