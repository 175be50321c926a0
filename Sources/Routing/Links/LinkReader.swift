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
  /// The table's compiled patterns. Not retained: retains and releases of the index were
  /// about 60% of a read's time in a profile of `RoutingBenchmarks` (reads against
  /// 10,000 patterns). Safe because a reader only lives inside `RouteTable.read`, whose
  /// table holds the index for the whole call; never store a reader beyond that call.
  unowned(unsafe) let links: LinkIndex
  let link: UnsafeBufferPointer<UInt8>
  let strict: Bool
  let expecting: [Int32]?

  private static let slash = UInt8(ascii: "/")
  private static let question = UInt8(ascii: "?")
  private static let hash = UInt8(ascii: "#")
  private static let ampersand = UInt8(ascii: "&")
  private static let equals = UInt8(ascii: "=")
  private static let percent = UInt8(ascii: "%")

  /// Reads the link.
  ///
  /// - Precondition: The link is not empty and at most
  ///   ``RouteTable/maximumLinkLength`` bytes long.
  func read() throws(LinkError) -> LinkReading {
    var end = link.count
    var fragment: String?
    if let mark = firstIndex(of: Self.hash, in: 0, end) {
      fragment = text(mark + 1, end)
      end = mark
    }
    var position = try pathStart(before: end)
    if position < end && link[position] == Self.slash { position += 1 }
    let queryMark = firstIndex(of: Self.question, in: position, end) ?? end
    guard queryMark > position else { throw LinkError(.emptyPath) }
    var pathEnd = queryMark
    var pieces = 1
    for index in position..<pathEnd where link[index] == Self.slash { pieces += 1 }
    if pieces > 1 && link[pathEnd - 1] == Self.slash {
      pieces -= 1
      pathEnd -= 1
    }
    guard pieces <= RouteTable.maximumLinkSegments else {
      throw LinkError(.tooManySegments(count: pieces))
    }
    let query = queryMark < end ? (queryMark + 1, end) : (end, end)
    return try withScratch(128) { (ranges) throws(LinkError) -> LinkReading in
      var start = position
      var index = 0
      var encoded = false
      for cursor in position...pathEnd where cursor == pathEnd || link[cursor] == Self.slash {
        guard cursor > start else { throw LinkError(.emptySegment(index: index)) }
        ranges[index] = UInt64(start) << 16 | UInt64(cursor - start)
        index += 1
        start = cursor + 1
      }
      if firstIndex(of: Self.percent, in: position, pathEnd) != nil { encoded = true }
      var segments = LinkSegments(
        base: link.baseAddress!, ranges: ranges, count: pieces, ascii: 0)
      guard encoded else {
        segments.hashAll()
        return try read(segments, query: query, fragment: fragment, scratch: ranges + 64)
      }
      let outcome = withUnsafeTemporaryAllocation(
        of: UInt8.self, capacity: pathEnd - position
      ) { buffer in
        Result { () throws(LinkError) -> LinkReading in
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
          segments.hashAll()
          return try read(segments, query: query, fragment: fragment, scratch: ranges + 64)
        }
      }
      return try outcome.get()
    }
  }

  /// Where the path starts: after a `scheme://` prefix, and after the host too for
  /// `http` and `https` once the host is found among the table's.
  private func pathStart(before end: Int) throws(LinkError) -> Int {
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
    while hostEnd < end, link[hostEnd] != Self.slash, link[hostEnd] != Self.question {
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
        guard links.read(segments, into: readings) else {
          throw links.failure(reading: segments)
        }
        return try request(
          segments, readings, items: items, itemCount: itemCount, fragment: fragment)
      }
    }
  }

  /// The request a reading stands for: its screens as milestones, and its captures and
  /// query items as parameters, checked and typed by those screens.
  private func request(
    _ segments: LinkSegments, _ readings: SuffixReadings,
    items: UnsafeMutablePointer<UInt64>, itemCount: Int, fragment: String?
  ) throws(LinkError) -> LinkReading {
    let screenCount = Int(readings.screens(from: 0))
    // The tables, once each: reading them through `links` in the loops would retain and
    // release them at every access.
    let captureFirst = links.captureFirst
    let captureNames = links.captureNames
    let captureOffsets = links.captureOffsets
    let parameterFirst = links.parameterFirst
    let parameterNames = links.parameterNames
    let parameterKinds = links.parameterKinds
    var pieces = Pieces()
    var start = 0
    while start < segments.count {
      pieces.append(screen: readings.screen(from: start), start: start)
      start = readings.end(from: start)
    }
    if let expecting, !pieces.equals(expecting) {
      throw LinkError(
        .misread(
          link: String(decoding: link, as: UTF8.self),
          reading: (0..<screenCount).map { links.screenNames[Int(pieces.screen($0))] }))
    }
    // Captures from the left (after the reading, `readings.captures` is free), then
    // the query: the values in order of appearance.
    let captures = readings.captures
    var captureCount = 0
    for piece in 0..<screenCount {
      let screen = Int(pieces.screen(piece))
      for capture in Int(captureFirst[screen])..<Int(captureFirst[screen + 1]) {
        captures[captureCount] =
          UInt64(capture) << 32 | UInt64(pieces.start(piece) + Int(captureOffsets[capture]))
        captureCount += 1
      }
    }
    func key(_ value: Int) -> String {
      if value < captureCount { return captureNames[Int(captures[value] >> 32)] }
      return queryKey(items[value - captureCount])
    }
    func text(_ value: Int) -> String {
      if value < captureCount { return segments.text(Int(captures[value] & 0xFFFF_FFFF)) }
      let packed = items[value - captureCount]
      return decoded(Int((packed >> 16) & 0xFFFF) + 1, Int(packed & 0xFFFF))
    }
    let total = captureCount + itemCount
    var parameters = Parameters(minimumCapacity: total)
    var ignored: [String] = []
    for value in 0..<total {
      let name = key(value)
      if value > 0 && (0..<value).contains(where: { key($0) == name }) { continue }
      var kinds = KindList()
      for piece in 0..<screenCount {
        let screen = Int(pieces.screen(piece))
        for parameter in Int(parameterFirst[screen])..<Int(parameterFirst[screen + 1])
        where parameterNames[parameter] == name {
          kinds.add(parameterKinds[parameter])
        }
      }
      guard kinds.count > 0 else {
        if strict { throw LinkError(.undeclaredParameter(name)) }
        ignored.append(name)
        continue
      }
      let first = text(value)
      var typed: ParameterValue = .string(first)
      for slot in 0..<kinds.count {
        guard let converted = ParameterValue.string(first).converted(to: kinds[slot]) else {
          throw LinkError(.invalidParameter(name: name, value: first, expected: kinds[slot]))
        }
        if kinds.count == 1 { typed = converted }
      }
      for later in value + 1..<total where key(later) == name {
        let current = text(later)
        for slot in 0..<kinds.count
        where ParameterValue.string(current).converted(to: kinds[slot]) == nil {
          throw LinkError(.invalidParameter(name: name, value: current, expected: kinds[slot]))
        }
        for slot in 0..<kinds.count {
          let kind = kinds[slot]
          if ParameterValue.string(current).converted(to: kind)
            != ParameterValue.string(first).converted(to: kind)
          {
            throw LinkError(.conflictingValues(key: name, first: first, second: current))
          }
        }
      }
      parameters[name] = typed
    }
    var via: [ScreenName] = []
    if screenCount > 1 {
      via.reserveCapacity(screenCount - 1)
      for piece in 0..<screenCount - 1 { via.append(links.screenNames[Int(pieces.screen(piece))]) }
    }
    let destination = links.screenNames[Int(pieces.screen(screenCount - 1))]
    return LinkReading(
      request: Request(to: destination, via: via, parameters: parameters),
      fragment: fragment, ignored: ignored)
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

  private func isSchemeCharacter(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }
}

/// Runs `body` with `count` words of temporary memory (on the stack up to 1 KB).
private func withScratch<R>(
  _ count: Int, _ body: (UnsafeMutablePointer<UInt64>) throws(LinkError) -> R
) throws(LinkError) -> R {
  let outcome = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { buffer in
    Result { () throws(LinkError) -> R in try body(buffer.baseAddress!) }
  }
  return try outcome.get()
}

/// The screens of a reading and where each starts, without allocating: at most 64.
private struct Pieces {
  private var packed:
    (
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  private var more: [UInt64] = []
  private(set) var count = 0

  mutating func append(screen: Int32, start: Int) {
    let value = UInt64(UInt32(bitPattern: screen)) << 32 | UInt64(start)
    if count < 16 {
      withUnsafeMutableBytes(of: &packed) {
        $0.storeBytes(of: value, toByteOffset: count * 8, as: UInt64.self)
      }
    } else {
      more.append(value)
    }
    count += 1
  }

  private func value(_ index: Int) -> UInt64 {
    guard index < 16 else { return more[index - 16] }
    return withUnsafeBytes(of: packed) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
  }

  func screen(_ index: Int) -> Int32 { Int32(truncatingIfNeeded: value(index) >> 32) }
  func start(_ index: Int) -> Int { Int(value(index) & 0xFFFF_FFFF) }

  func equals(_ screens: [Int32]) -> Bool {
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
