extension RouteTable {
  /// The longest link ``resolve(_:strict:)`` reads, in bytes of UTF-8.
  public static let maximumLinkLength = 4_096
  /// The most path segments a link ``resolve(_:strict:)`` reads may have.
  public static let maximumLinkSegments = 64

  /// The web hosts that `http` and `https` links may name, in lower case.
  ///
  /// Declared with ``RouteRegistry/linkHosts``, or in a route-table file as
  /// `"links": {"hosts": ["example.com"]}`.
  public var linkHosts: [String] { links.hosts }

  /// Reads a deep link as a request: its destination, its breadcrumbs and its
  /// parameters.
  ///
  /// A link is `path[?query][#fragment]`; a leading `/` or a `scheme://` prefix is
  /// ignored. With the scheme `http` or `https`, the host must be one of
  /// ``linkHosts`` (case-insensitive; a port or user info is ignored); with any other
  /// scheme, the host is the first segment. The fragment is ignored. The path's
  /// segments, percent-decoded, are read left to right as a sequence of the screens'
  /// path patterns. When several readings consume the whole path, the one that reads a
  /// segment as a literal where another reads a capture wins, comparing from the first
  /// segment; then the one with fewer screens; then the one whose first screen reads
  /// more segments. The last screen read is the destination, the others the
  /// breadcrumbs. The captures and the query items are the parameters, each converted
  /// to the kind the screens read declare for it. A query item whose key none of those
  /// screens declares is dropped (``read(_:strict:)`` lists it), or refused when
  /// `strict` is `true`.
  ///
  /// ```swift
  /// // Folder has the path "folder"; Profile declares .integer("userId"), path "profile".
  /// let request = try table.resolve("folder/profile?userId=2")
  /// // Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2])
  /// let route = try table.route(request, from: [Entry("Menu")])
  /// // Menu > Folder > Profile(userId: 2)
  /// ```
  ///
  /// Reading is pure: a failure changes nothing. See <doc:DeepLinksAndGuards>, and the
  /// repository's `Docs/DeepLinks.md` for every rule with examples.
  ///
  /// - Parameters:
  ///   - link: The link, such as `myapp://folder/profile?userId=2`.
  ///   - strict: Whether a query item that no screen of the reading declares is an
  ///     error (``LinkError/Kind/undeclaredParameter(_:)``) rather than dropped.
  /// - Returns: The request the link stands for. A parameter declared with one kind by
  ///   every screen read that declares it holds a value of that kind; one declared with
  ///   several kinds stays text, and the planner converts it for each screen.
  /// - Throws: ``LinkError``, as ``read(_:strict:)``.
  /// - Complexity: As ``read(_:strict:)``.
  public func resolve(_ link: String, strict: Bool = false) throws(LinkError) -> Request {
    var reading = try read(link, strict: strict)
    // Moved out rather than copied: a copy retains the request's three buffers, which
    // the reading then releases.
    var request = Request(to: ScreenName(""))
    swap(&request, &reading.request)
    return request
  }

  /// Reads a deep link: the request, the fragment, and the query items it ignored.
  ///
  /// ```swift
  /// // Folder has the path "folder"; Profile declares .integer("userId"), path "profile".
  /// let reading = try table.read("https://example.com/folder/profile?userId=2&utm_source=mail#top")
  /// // reading.request: Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2])
  /// // reading.fragment: "top"; reading.ignored: ["utm_source"]
  /// ```
  ///
  /// - Parameters:
  ///   - link: The link, such as `https://example.com/folder/profile?userId=2#top`.
  ///   - strict: Whether a query item that no screen of the reading declares is an
  ///     error rather than dropped.
  /// - Returns: What the link stands for; see ``resolve(_:strict:)`` for the rules.
  /// - Throws: ``LinkError``, checking in this order: the link's length
  ///   (``LinkError/Kind/tooLong(bytes:)``), its host (`unknownHost`), its segments
  ///   (`tooManySegments`, `emptyPath`, `emptySegment`, `badEncoding`), its query
  ///   (`malformedQuery`, `badEncoding`, `repeatedQueryKey`), the reading
  ///   (`unknownSegment`, `incompletePath`), then each parameter in order of first
  ///   appearance (`undeclaredParameter` when `strict`, `invalidParameter`,
  ///   `conflictingValues`).
  /// - Complexity: O(*n* + *s* · *w* + *q*²), where *n* is the length of the link, *s*
  ///   the number of its segments (at most 64), *w* the number of trie nodes a walk
  ///   from one segment visits (at most *s* times the depth of the trie when the
  ///   patterns that match go on matching; see `Docs/DeepLinks.md`, "Complexity") and
  ///   *q* the number of parameters. Independent of the number of screens. Allocates
  ///   nothing but what it returns, unless a value is longer than 15 bytes, the link is
  ///   percent-encoded, or it has more than eight parameter values (captures and query
  ///   items).
  public func read(_ link: String, strict: Bool = false) throws(LinkError) -> LinkReading {
    try read(link, strict: strict, expecting: nil)
  }

  /// Reads a link; with `expecting`, first checks that its screens are those, or
  /// throws ``LinkError/Kind/misread(link:reading:)``.
  func read(_ link: String, strict: Bool, expecting: [Int32]?) throws(LinkError)
    -> LinkReading
  {
    // The link's own bytes, without copying them, taken once: their count is the span's.
    let bytes = link.utf8.span
    let length = bytes.count
    guard length <= Self.maximumLinkLength else { throw LinkError(.tooLong(bytes: length)) }
    guard length > 0 else { throw LinkError(.emptyPath) }
    let reader = LinkReader(links: links, strict: strict, expecting: expecting)
    return try reader.read(bytes)
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

/// What reading a deep link gives: the request, and what the reading set aside.
///
/// ```swift
/// // Folder has the path "folder"; Profile declares .integer("userId"), path "profile".
/// let reading = try table.read("https://example.com/folder/profile?userId=2&utm_source=mail#top")
/// // reading.request: Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2])
/// // reading.fragment: "top"; reading.ignored: ["utm_source"]
/// ```
public struct LinkReading: Hashable, Sendable {
  /// The destination, breadcrumbs and parameters the link stands for.
  public var request: Request
  /// The text after the first `#`, as written; `nil` when the link has no `#`.
  public var fragment: String?
  /// The keys of the query items that no screen of the reading declares, dropped from
  /// the request, in order of appearance.
  public var ignored: [String]

  /// Creates a reading.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - fragment: The fragment, or `nil`.
  ///   - ignored: The keys of the query items dropped.
  public init(request: Request, fragment: String? = nil, ignored: [String] = []) {
    self.request = request
    self.fragment = fragment
    self.ignored = ignored
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
