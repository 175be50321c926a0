extension RouteTable {
  /// The longest link ``resolve(_:)`` reads, in bytes of UTF-8.
  public static let maximumLinkLength = 4_096
  /// The most path segments a link ``resolve(_:)`` reads may have.
  public static let maximumLinkSegments = 64

  /// Reads a deep link as a request: its destination, its breadcrumbs and its
  /// parameters.
  ///
  /// A link is `path[?query]`; a leading `/` or a `scheme://` prefix is ignored (with a
  /// scheme, the host is the first segment). The path's segments, percent-decoded, are
  /// read left to right as a sequence of the screens' path patterns. When several
  /// readings consume the whole path, the one that reads a segment as a literal where
  /// another reads a capture wins, comparing from the first segment; then the one with
  /// fewer screens; then the one whose first screen reads more segments. The last screen
  /// read is the destination, the others the breadcrumbs. The captures and the query
  /// items are the parameters, each converted to the kind the screens read declare for
  /// it: a link can set no parameter that those screens do not declare.
  ///
  /// ```swift
  /// // Folder has the path "folder"; Profile declares .integer("userId"), path "profile".
  /// let request = try table.resolve("folder/profile?userId=2")
  /// // Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2])
  /// let route = try table.route(request, from: [Entry("Menu")])
  /// // Menu > Folder > Profile(userId: 2)
  /// ```
  ///
  /// Reading is pure: a failure changes nothing. See `Docs/DeepLinks.md` for the rules
  /// with examples.
  ///
  /// - Parameter link: The link, such as `myapp://folder/profile?userId=2`.
  /// - Returns: The request the link stands for. A parameter declared with one kind by
  ///   every screen read that declares it holds a value of that kind; one declared with
  ///   several kinds stays text, and the planner converts it for each screen.
  /// - Throws: ``LinkError``, checking in this order: the link's length
  ///   (``LinkError/Kind/tooLong(bytes:)``) and segments (`tooManySegments`,
  ///   `emptyPath`, `emptySegment`, `badEncoding`), its query (`malformedQuery`,
  ///   `badEncoding`, `repeatedQueryKey`), the reading (`unknownSegment`,
  ///   `incompletePath`), then each parameter in order of first appearance
  ///   (`undeclaredParameter`, `invalidParameter`, `conflictingValues`).
  /// - Complexity: O(*n* + *s* · *w*), where *n* is the length of the link, *s* the
  ///   number of its segments (at most 64) and *w* the number of pattern prefixes that
  ///   match from one segment (the backtracking: at most *s* when no two patterns differ
  ///   only by a capture where the other has a literal). Independent of the number of
  ///   screens.
  public func resolve(_ link: String) throws(LinkError) -> Request {
    try reading(link).request
  }

  /// Reads a link: the screens of its reading, in order, and the request.
  func reading(_ link: String) throws(LinkError) -> (screens: [Int32], request: Request) {
    let parsed = try ParsedLink(link)
    let pieces = try links.read(parsed.segments)
    return (pieces.map(\.screen), try request(reading: pieces, of: parsed))
  }

  /// The request that a reading of a link stands for: its screens as milestones, and
  /// its captures and query items as parameters, checked and typed by those screens.
  func request(reading pieces: [ReadPiece], of parsed: ParsedLink) throws(LinkError) -> Request {
    let numbers = pieces.map(\.screen)
    let kinds = declaredKinds(of: numbers)
    // Every value in order of appearance: captures from the left, then the query.
    var order: [String] = []
    var texts: [String: [String]] = [:]
    func note(_ text: String, for key: String) {
      if texts[key] == nil { order.append(key) }
      texts[key, default: []].append(text)
    }
    for piece in pieces {
      for (offset, segment) in links.patterns[Int(piece.screen)].enumerated() {
        if case .capture(let key) = segment {
          note(parsed.segments[piece.start + offset], for: key)
        }
      }
    }
    for item in parsed.query { note(item.value, for: item.key) }
    var parameters: Parameters = [:]
    var values = ValueCheck()
    for key in order {
      guard let declared = kinds[key] else { throw LinkError(.undeclaredParameter(key)) }
      let all = texts[key] ?? []
      var typed: ParameterValue?
      for text in all {
        let converted = try values.add(text, for: key, kinds: declared)
        if typed == nil { typed = declared.count == 1 ? converted[0] : .string(text) }
      }
      parameters[key] = typed
    }
    let names = numbers.map { screens[Int($0)].name }
    return Request(
      to: names[names.count - 1], via: Array(names.dropLast()), parameters: parameters)
  }

  /// The kinds that the given screens declare for each key, without repeats, in the
  /// screens' order.
  func declaredKinds(of numbers: [Int32]) -> [String: [ParameterKind]] {
    var kinds: [String: [ParameterKind]] = [:]
    for number in numbers {
      for parameter in screens[Int(number)].parameters
      where !(kinds[parameter.name] ?? []).contains(parameter.kind) {
        kinds[parameter.name, default: []].append(parameter.kind)
      }
    }
    return kinds
  }
}

/// Checks the values a link or a stack gives each key: each converts to every kind the
/// screens declare for the key, and all those of one key are equal once converted (the
/// way the screens would hold them).
struct ValueCheck {
  private var first: [String: (text: String, values: [ParameterValue])] = [:]

  /// Converts `text` to each of `kinds`.
  ///
  /// - Returns: The converted values, one per kind.
  /// - Throws: `invalidParameter` for a kind `text` does not convert to, and
  ///   `conflictingValues` when an earlier value of `key` converts differently.
  @discardableResult
  mutating func add(
    _ text: String, for key: String, kinds: [ParameterKind]
  ) throws(LinkError) -> [ParameterValue] {
    var values: [ParameterValue] = []
    values.reserveCapacity(kinds.count)
    for kind in kinds {
      guard let value = ParameterValue.string(text).converted(to: kind) else {
        throw LinkError(.invalidParameter(name: key, value: text, expected: kind))
      }
      values.append(value)
    }
    if let earlier = first[key] {
      guard earlier.values == values else {
        throw LinkError(.conflictingValues(key: key, first: earlier.text, second: text))
      }
    } else {
      first[key] = (text, values)
    }
    return values
  }
}
