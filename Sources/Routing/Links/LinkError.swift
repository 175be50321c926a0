/// Why a deep link could not be read, or why a stack has no link that leads back to it.
///
/// Reading a link is pure: when ``RouteTable/resolve(_:strict:)`` throws, nothing has happened.
/// Each failure has its own ``Kind`` that carries what went wrong and where, and
/// ``description`` says it in a sentence.
///
/// ```swift
/// do {
///   let request = try table.resolve("profile/abc")
/// } catch {
///   print(error)  // parameter 'userId': 'abc' is not a valid integer
///   if case .invalidParameter(let name, _, _) = error.kind { print(name) }  // userId
/// }
/// ```
public struct LinkError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where in a link: a path segment or a query item.
  public enum Part: Hashable, Sendable, CustomStringConvertible {
    /// Path segment `index`, from 0.
    case segment(Int)
    /// Query item `index` (the items are separated by `&`), from 0.
    case queryItem(Int)

    /// `segment 2` or `query item 0`.
    public var description: String {
      switch self {
      case .segment(let index): "segment \(index)"
      case .queryItem(let index): "query item \(index)"
      }
    }
  }

  /// The kinds of failure, each with what and where.
  public enum Kind: Hashable, Sendable {
    /// The link is longer than ``RouteTable/maximumLinkLength`` bytes (UTF-8).
    case tooLong(bytes: Int)
    /// The path has more than ``RouteTable/maximumLinkSegments`` segments.
    case tooManySegments(count: Int)
    /// An `http` or `https` link names a host that the table does not declare
    /// (``RouteTable/linkHosts``); `host` is as written, without user info or port.
    case unknownHost(String)
    /// The path holds no segment at all (`""`, `"/"`, `"?tab=1"`, `"app://"`).
    case emptyPath
    /// A segment of the path is empty, as in `a//b`.
    case emptySegment(index: Int)
    /// A `%` that two hexadecimal digits do not follow, or escapes that do not decode to
    /// UTF-8 text; `text` is the part as written.
    case badEncoding(Part, text: String)
    /// A query item that is not `key=value` with a non-empty key, such as `tab` or `=1`.
    case malformedQuery(item: Int, text: String)
    /// The query names one key twice.
    case repeatedQueryKey(String)
    /// No reading of the path gets past segment `index`: no pattern reads it there.
    case unknownSegment(index: Int, segment: String)
    /// Every pattern that reads the path as far as its end needs more segments.
    case incompletePath
    /// A query key that no screen the link reads declares, in a strict reading (a
    /// lenient one drops the item and lists it in ``LinkReading/ignored``).
    case undeclaredParameter(String)
    /// A value that does not convert to the kind a screen the link reads declares.
    case invalidParameter(name: String, value: String, expected: ParameterKind)
    /// One key with two different values (two captures, or a capture and the query; for
    /// a stack, two entries).
    case conflictingValues(key: String, first: String, second: String)
    /// The stack to render holds no entry.
    case emptyStack
    /// Entry `entry` of the stack to render names a screen the table does not know.
    /// `suggestion` is the table's screen closest to it, when one is close.
    case unknownScreen(ScreenName, entry: Int, suggestion: ScreenName? = nil)
    /// Entry `entry` of the stack to render holds no value, or an empty one, for a
    /// capture of its screen's pattern.
    case missingValue(key: String, entry: Int)
    /// The link a stack renders as reads back as other screens, so no link leads to that
    /// stack (`reading` is what it reads as).
    case misread(link: String, reading: [ScreenName])
    /// The tab state to render names a tab the table does not declare. `suggestion` is
    /// the table's tab closest to it, when one is close.
    case unknownTab(String, suggestion: String? = nil)

    /// The case's name, such as `unknownSegment`, for tools that report kinds as text.
    public var name: String {
      switch self {
      case .tooLong: "tooLong"
      case .tooManySegments: "tooManySegments"
      case .unknownHost: "unknownHost"
      case .emptyPath: "emptyPath"
      case .emptySegment: "emptySegment"
      case .badEncoding: "badEncoding"
      case .malformedQuery: "malformedQuery"
      case .repeatedQueryKey: "repeatedQueryKey"
      case .unknownSegment: "unknownSegment"
      case .incompletePath: "incompletePath"
      case .undeclaredParameter: "undeclaredParameter"
      case .invalidParameter: "invalidParameter"
      case .conflictingValues: "conflictingValues"
      case .emptyStack: "emptyStack"
      case .unknownScreen: "unknownScreen"
      case .missingValue: "missingValue"
      case .misread: "misread"
      case .unknownTab: "unknownTab"
      }
    }
  }

  /// What went wrong, and where.
  public let kind: Kind

  /// Creates a link error.
  ///
  /// - Parameter kind: What went wrong, and where.
  public init(_ kind: Kind) {
    self.kind = kind
  }

  /// The nearest name to a mistyped one, which the ``description`` offers with "did you
  /// mean": the screen closest to an unknown screen of a stack to render, the tab closest
  /// to an unknown tab; `nil` for other errors, or when no name is close.
  public var suggestion: String? {
    switch kind {
    case .unknownScreen(_, _, let suggestion): suggestion?.rawValue
    case .unknownTab(_, let suggestion): suggestion
    default: nil
    }
  }

  /// A sentence that says what went wrong and where, ending with "did you mean" and the
  /// ``suggestion`` when there is one.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the texts the error carries.
  public var description: String {
    let hint = suggestion.map { "; did you mean '\(excerpt($0))'?" } ?? ""
    return sentence + hint
  }

  /// The ``description`` without its "did you mean".
  private var sentence: String {
    switch kind {
    case .tooLong(let bytes):
      "the link is \(bytes) bytes long; a link holds at most \(RouteTable.maximumLinkLength)"
    case .tooManySegments(let count):
      "the path has \(count) segments; a link holds at most \(RouteTable.maximumLinkSegments)"
    case .unknownHost(let host):
      "the host '\(excerpt(host))' is not one of the table's link hosts"
    case .emptyPath:
      "the link has no path: it names no screen"
    case .emptySegment(let index):
      "segment \(index) of the path is empty"
    case .badEncoding(let part, let text):
      "\(part) '\(excerpt(text))' is not valid percent-encoded UTF-8"
    case .malformedQuery(let item, let text):
      "query item \(item) '\(excerpt(text))' is not key=value with a non-empty key"
    case .repeatedQueryKey(let key):
      "the query names '\(excerpt(key))' more than once"
    case .unknownSegment(let index, let segment):
      "no screen's path pattern reads segment \(index) '\(excerpt(segment))'"
    case .incompletePath:
      "the path ends inside a pattern: the patterns that read it this far need more segments"
    case .undeclaredParameter(let key):
      "parameter '\(excerpt(key))' is not declared by any screen the link reads"
    case .invalidParameter(let name, let value, let expected):
      "parameter '\(excerpt(name))': '\(excerpt(value))' is not a valid \(expected)"
    case .conflictingValues(let key, let first, let second):
      "parameter '\(excerpt(key))' has two values, '\(excerpt(first))' and '\(excerpt(second))'"
    case .emptyStack:
      "the stack is empty: no link leads to it"
    case .unknownScreen(let name, let entry, _):
      "entry \(entry): screen '\(excerpt(name.rawValue))' is not in the table"
    case .missingValue(let key, let entry):
      "entry \(entry) holds no value for its path capture ':\(excerpt(key))' (a segment cannot be empty)"
    case .misread(let link, let reading):
      "the link '\(excerpt(link))' reads as "
        + excerpt(reading.map(\.rawValue).joined(separator: " > "), limit: 4 * excerptLimit)
        + ", "
        + "so no link leads to this stack"
    case .unknownTab(let name, _):
      "unknown tab '\(excerpt(name))': no link leads to its stack"
    }
  }
}
