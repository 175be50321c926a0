import Routing
import RoutingJSON
import RoutingStorage

extension RawRequest {
  /// How a JSON syntax error in a request is told: a request file names the line and
  /// the column; a batch line, a document of its own, the column only (its answer
  /// carries the line number).
  enum SyntaxErrorStyle {
    case document
    case line
  }

  /// Reads a request from its JSON bytes: the one reader of requests, for a request
  /// file, a batch line and a link request alike. A request inside a larger document
  /// goes through the same draft: read in place from a serve line's reader
  /// (``read(_:)``), or walked in the tree that document was read into (a test case, a
  /// link call's params: ``init(tree:at:keys:allowsLink:)``).
  ///
  /// The bytes are read once, by the package's pull reader, straight into the request,
  /// without a JSON tree. A JSON error anywhere wins over every problem of shape; then
  /// the shape is checked in the order the keys are listed in Docs/RouteTables.md: an
  /// unknown key, the start (`stack`, or `tab` and `stacks`), `layers`, `parameters`,
  /// `via`, then `to` or `link`. Inside a value, problems are found in document order,
  /// and inside a stack entry an unknown key comes before the screen, the screen before
  /// its parameters.
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - base: Where the request's object is in its document (`cases[2]` for a case).
  ///   - keys: The keys the object may hold; keys other than the request's are skipped.
  ///   - allowsLink: Whether the request may give `link` in place of `to`.
  ///   - syntax: How a JSON syntax error is told.
  /// - Throws: ``RequestProblem`` naming what is wrong and where.
  /// - Complexity: O(*n* + *p* log *p*), where *n* is the length of the bytes and *p*
  ///   the number of members of the largest object.
  init(
    json bytes: ArraySlice<UInt8>, at base: JSONPath = .root, keys: [String] = RawRequest.keys,
    allowsLink: Bool = false, syntax: SyntaxErrorStyle = .document
  ) throws(RequestProblem) {
    var buffers = JSONReader.Buffers()
    try self.init(
      json: bytes, at: base, keys: keys, allowsLink: allowsLink, syntax: syntax,
      reusing: &buffers)
  }

  /// Reads a request from its JSON bytes as ``init(json:at:keys:allowsLink:syntax:)``
  /// does, the reader's storage kept in `buffers` from one request to the next (a
  /// batch's lines).
  ///
  /// - Throws: ``RequestProblem`` naming what is wrong and where.
  /// - Complexity: As ``init(json:at:keys:allowsLink:syntax:)``.
  init(
    json bytes: ArraySlice<UInt8>, at base: JSONPath = .root, keys: [String] = RawRequest.keys,
    allowsLink: Bool = false, syntax: SyntaxErrorStyle = .document,
    reusing buffers: inout JSONReader.Buffers
  ) throws(RequestProblem) {
    // The draft is filled in place, not returned: a draft returned, through the
    // reader's generic `read` or from a function of its own, was copied.
    var draft = RequestDraft(base: base)
    do {
      try JSONReader.read(bytes, reusing: &buffers) { reader throws(JSONParseError) in
        try draft.read(&reader, keys: keys, allowsLink: allowsLink)
      }
    } catch {
      let message =
        switch syntax {
        case .document: error.description
        case .line: "column \(error.column): \(error.message)"
        }
      throw RequestProblem(
        at: JSONPath(components: base.components + error.path.components), message)
    }
    try self.init(&draft, allowsLink: allowsLink)
  }

  /// Reads the request members of an object whose keys the caller has checked (a test
  /// case, a link request), from the tree the document was read into: the draft that
  /// ``init(json:at:keys:allowsLink:syntax:)`` fills from bytes walks the tree, so that
  /// both readings find the same request and the same problem.
  ///
  /// - Complexity: O(*n* + *p* log *p*), where *n* is the number of values in the object
  ///   and *p* the number of members of its largest object.
  init(_ fields: JSONFields, allowsLink: Bool = false) throws(RequestProblem) {
    try self.init(
      tree: .object(fields.object), at: fields.path, keys: fields.object.members.map(\.key),
      allowsLink: allowsLink)
  }

  /// Reads a request from a JSON tree, a document already read (a JSON-RPC call's
  /// params, an MCP tool's arguments), as ``init(json:at:keys:allowsLink:syntax:)``
  /// reads it from bytes: the same draft walks the tree in the members' written order.
  ///
  /// - Parameters:
  ///   - value: The request's value.
  ///   - base: Where the value is in its document.
  ///   - keys: The keys the object may hold; keys other than the request's are skipped.
  ///   - allowsLink: Whether the request may give `link` in place of `to`.
  /// - Throws: ``RequestProblem`` naming what is wrong and where.
  /// - Complexity: O(*n* + *p* log *p*), where *n* is the number of values in the tree
  ///   and *p* the number of members of its largest object.
  init(
    tree value: JSONValue, at base: JSONPath = .root, keys: [String] = RawRequest.keys,
    allowsLink: Bool = false
  ) throws(RequestProblem) {
    var draft = RequestDraft(base: base)
    var cursor = JSONTreeCursor(value)
    do {
      try draft.read(&cursor, keys: keys, allowsLink: allowsLink)
    } catch {
      // The tree was checked when it was read: walking it finds no syntax to refuse.
      preconditionFailure("a JSON tree holds no syntax error: \(error)")
    }
    try self.init(&draft, allowsLink: allowsLink)
  }

  /// A request read from a `routing serve` call's params, and their `strictLinks` (a
  /// `link` call's).
  struct ParamsRequest {
    /// The request, or the first problem in the params, at paths from the params.
    var request: Result<RawRequest, RequestProblem>
    /// Whether the params say `"strictLinks": true`.
    var strictLinks = false
  }

  /// Reads the request object the reader stands before, in the middle of a larger
  /// document (a JSON-RPC call's params), as ``init(json:at:keys:allowsLink:syntax:)``
  /// reads a document of its own: a JSON error is thrown, to win over every problem of
  /// shape once the whole document is read; a problem of shape is the result's failure.
  ///
  /// - Parameters:
  ///   - reader: The reader of the larger document, before the request's value.
  ///   - withLink: Whether the params are a `link` call's: `link` in place of `to`, and
  ///     `strictLinks`, a boolean whose problem comes before any other.
  /// - Returns: The request, or the first problem of shape, at paths from the value.
  /// - Throws: ``JSONParseError`` for a JSON error in the value.
  /// - Complexity: As ``init(json:at:keys:allowsLink:syntax:)``, where *n* is the length
  ///   of the value.
  static func read(_ reader: inout JSONReader, withLink: Bool = false) throws(JSONParseError)
    -> ParamsRequest
  {
    var draft = RequestDraft(base: .root)
    try draft.read(
      &reader, keys: withLink ? LinkCommand.callKeys : RawRequest.keys, allowsLink: withLink,
      readsStrictLinks: withLink)
    return params(&draft, withLink: withLink)
  }

  /// Reads a call's params already read as a tree (the method came after them, or an MCP
  /// tool's arguments) as ``read(_:withLink:)`` reads them in place: the same draft, so
  /// that params that are not an object, or hold an unknown key, get the words and the
  /// path a `--request` file gets.
  ///
  /// - Complexity: As ``init(tree:at:keys:allowsLink:)``.
  static func params(tree value: JSONValue, withLink: Bool = false) -> ParamsRequest {
    var draft = RequestDraft(base: .root)
    var cursor = JSONTreeCursor(value)
    do {
      try draft.read(
        &cursor, keys: withLink ? LinkCommand.callKeys : RawRequest.keys, allowsLink: withLink,
        readsStrictLinks: withLink)
    } catch {
      // The tree was checked when it was read: walking it finds no syntax to refuse.
      preconditionFailure("a JSON tree holds no syntax error: \(error)")
    }
    return params(&draft, withLink: withLink)
  }

  /// The request a call's params stand for, `strictLinks`'s problem first.
  // Inlined: a serve line's request is read through here, as it was before the tree's
  // reading shared it.
  @inline(__always)
  private static func params(_ draft: inout RequestDraft, withLink: Bool) -> ParamsRequest {
    do throws(RequestProblem) {
      let strict = try draft.strictLinks.take()?.get() ?? false
      return ParamsRequest(
        request: .success(try RawRequest(&draft, allowsLink: withLink)), strictLinks: strict)
    } catch {
      return ParamsRequest(request: .failure(error))
    }
  }

  /// The request a draft stands for, its problems of shape checked in the documented
  /// order.
  private init(_ draft: inout RequestDraft, allowsLink: Bool) throws(RequestProblem) {
    // Each member is taken out of the draft, not copied: copies of the results were a
    // large part of a batch line's reading. The draft is lent, not given: the closure
    // that filled it holds it, and giving it away copied it. The request is made once, at the end, from
    // its members: assigning them one by one built it aside and copied it out.
    if let unknown = draft.unknown.take() { throw unknown }
    let base = draft.base
    let stack: [StackEntry]
    let tabs: TabStart?
    if let tab = draft.tab.take() {
      let selected = try tab.get()
      guard draft.stack == nil else {
        throw RequestProblem(
          at: base.appending("stack"), "a request across tabs gives 'stacks', not 'stack'")
      }
      stack = []
      tabs = TabStart(selected: selected, stacks: try draft.stacks.take()?.get() ?? [])
    } else {
      guard draft.stacks == nil else {
        throw RequestProblem(at: base.appending("tab"), "'stacks' goes with 'tab'")
      }
      guard let start = draft.stack.take() else {
        throw RequestProblem(
          at: base.appending("stack"), "the required key 'stack' is missing")
      }
      stack = try start.get()
      tabs = nil
    }
    let layers = try draft.layers.take()?.get()
    let guards = try draft.guards.take()?.get()
    // `[String: String]()` is the shared empty storage, where the literal `[:]` went
    // through `init(dictionaryLiteral:)` for every line.
    let parameters = try draft.parameters.take()?.get() ?? [String: String]()
    let via = try draft.via.take()?.get()
    let destination = try draft.to.take()?.get()
    let link = allowsLink ? try draft.link.take()?.get() : nil
    let target: Target
    switch (destination, link) {
    case (let destination?, nil):
      target = .screen(destination, via: via ?? [])
    case (nil, let link?):
      guard via == nil else {
        throw RequestProblem(
          at: base.appending("via"), "a link gives its own breadcrumbs: 'via' goes with 'to' only")
      }
      target = .link(link)
    case (.some, .some):
      throw RequestProblem(at: base.appending("link"), "give either 'to' or 'link', not both")
    case (nil, nil):
      let wanted = allowsLink ? "'to' or 'link'" : "'to'"
      throw RequestProblem(at: base.appending("to"), "the required key \(wanted) is missing")
    }
    self.init(
      stack: stack, tabs: tabs, layers: layers, target: target, guards: guards,
      parameters: parameters, path: base)
  }
}

/// A request's members as the pull reader found them, each value read or the first
/// problem in it, so that the problems can be told in the documented order once the
/// whole document is known to be JSON.
///
/// Where a value is goes to each reading function as an autoclosure: the path is made
/// only for a problem, since building one for every member of every valid line cost
/// more than reading the line.
private struct RequestDraft {
  typealias Field<Value> = Result<Value, RequestProblem>
  typealias Place = () -> JSONPath

  let base: JSONPath
  /// The first key the object may not hold.
  var unknown: RequestProblem?
  var stack: Field<[RawRequest.StackEntry]>?
  var tab: Field<String>?
  var stacks: Field<[(tab: String, entries: [RawRequest.StackEntry])]>?
  var layers: Field<[[RawRequest.StackEntry]]>?
  var to: Field<String>?
  var link: Field<String>?
  var via: Field<[String]>?
  var parameters: Field<[String: String]>?
  var guards: Field<[String: Bool]>?
  /// A `link` call's `strictLinks`, read only when asked for.
  var strictLinks: Field<Bool>?

  /// Reads the value the reader stands before as a request object.
  mutating func read(
    _ reader: inout some RequestSource, keys: [String], allowsLink: Bool,
    readsStrictLinks: Bool = false
  ) throws(JSONParseError) {
    let kind = try reader.peek()
    guard kind == .object else {
      try reader.skipValue()
      unknown = RequestProblem(at: base, "expected an object, found \(kind.description)")
      return
    }
    try reader.enterObject()
    // The default keys are known by their array, so that a request's own key is
    // allowed without a search.
    let requestKeys = keys == RawRequest.keys
    while let text = try reader.nextKey() {
      // A request's own key is told by its bytes; only another key is made a `String`,
      // which is then compared as Swift compares strings.
      var member = reader.member(text)
      let key = member?.rawValue ?? reader.string(text)
      if member == nil { member = Member(rawValue: key) }
      let allowed = (requestKeys && member != nil && member != .link) || keys.contains(key)
      guard allowed, let member else {
        if readsStrictLinks && key == "strictLinks" {
          strictLinks = try Self.flag(&reader, at: base.appending(key))
          continue
        }
        if !allowed && unknown == nil {
          unknown = RequestProblem(
            at: base.appending(key), unknownKeyMessage(key, known: keys))
        }
        try reader.skipValue()
        continue
      }
      switch member {
      case .stack: stack = try Self.stack(&reader, at: base.appending(key))
      case .tab: tab = try Self.string(&reader, at: base.appending(key))
      case .stacks: stacks = try Self.stacks(&reader, at: base.appending(key))
      case .layers: layers = try Self.layers(&reader, at: base.appending(key))
      case .to: to = try Self.string(&reader, at: base.appending(key))
      case .link where allowsLink: link = try Self.string(&reader, at: base.appending(key))
      case .link: try reader.skipValue()
      case .via: via = try Self.strings(&reader, at: base.appending(key))
      case .parameters: parameters = try Self.values(&reader, at: base.appending(key))
      case .guards: guards = try Self.answers(&reader, at: base.appending(key))
      }
    }
  }

  /// A draft of the request at `base` that has found nothing yet.
  init(base: JSONPath) {
    self.base = base
  }

  /// The members a request may have.
  enum Member: String {
    case stack, tab, stacks, layers, to, link, via, parameters, guards

    /// The member whose key is spelled with exactly these bytes; `nil` for any other
    /// key. The length picks the one candidate, and its name is compared byte for
    /// byte.
    init?(key: Span<UInt8>) {
      let candidate: Member
      switch key.count {
      case 2: candidate = .to
      case 3: candidate = key[0] == UInt8(ascii: "t") ? .tab : .via
      case 4: candidate = .link
      case 5: candidate = .stack
      // `stacks`, `layers` and `guards` are all six bytes long: the first byte tells
      // them apart.
      case 6:
        switch key[0] {
        case UInt8(ascii: "s"): candidate = .stacks
        case UInt8(ascii: "l"): candidate = .layers
        default: candidate = .guards
        }
      case 10: candidate = .parameters
      default: return nil
      }
      let name = candidate.rawValue
      guard Bytes.equal(key, name.utf8.span) else { return nil }
      self = candidate
    }
  }

  /// Skips a value of the wrong type, and the problem that names it.
  private static func wrongType<Value>(
    _ reader: inout some RequestSource, _ kind: JSONValueKind, expected: String,
    at path: JSONPath
  ) throws(JSONParseError) -> Field<Value> {
    try reader.skipValue()
    return .failure(RequestProblem(at: path, "expected \(expected), found \(kind.description)"))
  }

  static func string(_ reader: inout some RequestSource, at path: @autoclosure Place)
    throws(JSONParseError) -> Field<String>
  {
    let kind = try reader.peek()
    guard kind == .string else {
      return try wrongType(&reader, kind, expected: "a string", at: path())
    }
    return .success(try reader.readStringValue())
  }

  /// `true` or `false`.
  static func flag(_ reader: inout some RequestSource, at path: @autoclosure Place)
    throws(JSONParseError) -> Field<Bool>
  {
    let kind = try reader.peek()
    guard kind == .bool else {
      return try wrongType(&reader, kind, expected: "a boolean", at: path())
    }
    return .success(reader.readBool())
  }

  /// `["A", "B"]`, possibly empty.
  static func strings(_ reader: inout some RequestSource, at path: @autoclosure Place)
    throws(JSONParseError) -> Field<[String]>
  {
    let kind = try reader.peek()
    guard kind == .array else {
      return try wrongType(&reader, kind, expected: "an array", at: path())
    }
    try reader.enterArray()
    var names: [String] = []
    var problem: RequestProblem?
    var index = 0
    while try reader.nextElement() {
      switch try string(&reader, at: path().appending(index)) {
      case .success(let name): names.append(name)
      case .failure(let failure): problem = problem ?? failure
      }
      index += 1
    }
    if let problem { return .failure(problem) }
    return .success(names)
  }

  /// A non-empty stack: `["Menu", {"screen": "Profile", …}]`.
  static func stack(_ reader: inout some RequestSource, at path: @autoclosure Place)
    throws(JSONParseError) -> Field<[RawRequest.StackEntry]>
  {
    let kind = try reader.peek()
    guard kind == .array else {
      return try wrongType(&reader, kind, expected: "an array", at: path())
    }
    try reader.enterArray()
    var entries: [RawRequest.StackEntry] = []
    var problem: RequestProblem?
    var index = 0
    while try reader.nextElement() {
      switch try entry(&reader, at: path().appending(index)) {
      case .success(let entry): entries.append(entry)
      case .failure(let failure): problem = problem ?? failure
      }
      index += 1
    }
    if let problem { return .failure(problem) }
    guard index > 0 else {
      return .failure(
        RequestProblem(at: path(), "the stack is empty: it needs at least one entry"))
    }
    return .success(entries)
  }

  /// `"Menu"` or `{"screen": "Profile", "parameters": {"userId": "1"}}`.
  static func entry(_ reader: inout some RequestSource, at path: @autoclosure Place)
    throws(JSONParseError) -> Field<RawRequest.StackEntry>
  {
    let kind = try reader.peek()
    switch kind {
    case .string:
      return .success(
        RawRequest.StackEntry(screen: try reader.readStringValue(), parameters: [String: String]()))
    case .object:
      break
    default:
      return try wrongType(
        &reader, kind, expected: "a screen name or an object with 'screen' and 'parameters'",
        at: path())
    }
    try reader.enterObject()
    var unknown: RequestProblem?
    var screen: Field<String>?
    var parameters: Field<[String: String]>?
    while let text = try reader.nextKey() {
      let key = reader.string(text)
      switch key {
      case "screen": screen = try string(&reader, at: path().appending(key))
      case "parameters": parameters = try values(&reader, at: path().appending(key))
      default:
        if unknown == nil {
          unknown = RequestProblem(
            at: path().appending(key), unknownKeyMessage(key, known: ["screen", "parameters"]))
        }
        try reader.skipValue()
      }
    }
    if let unknown { return .failure(unknown) }
    guard let screen else {
      return .failure(
        RequestProblem(at: path().appending("screen"), "the required key 'screen' is missing"))
    }
    return screen.flatMap { name in
      (parameters ?? .success([:])).map { RawRequest.StackEntry(screen: name, parameters: $0) }
    }
  }

  /// `"stacks": {"Mail": ["Mailboxes"], "Contacts": ["People"]}`, in the object's order.
  static func stacks(_ reader: inout some RequestSource, at path: @autoclosure Place)
    throws(JSONParseError) -> Field<[(tab: String, entries: [RawRequest.StackEntry])]>
  {
    let kind = try reader.peek()
    guard kind == .object else {
      return try wrongType(&reader, kind, expected: "an object", at: path())
    }
    try reader.enterObject()
    var stacks: [(tab: String, entries: [RawRequest.StackEntry])] = []
    var problem: RequestProblem?
    while let text = try reader.nextKey() {
      let tab = reader.string(text)
      switch try stack(&reader, at: path().appending(tab)) {
      case .success(let entries): stacks.append((tab, entries))
      case .failure(let failure): problem = problem ?? failure
      }
    }
    if let problem { return .failure(problem) }
    return .success(stacks)
  }

  /// `"layers": [["Compose", "Recipients"], ["Picker"]]`: the open layers, bottom first,
  /// each entry as a stack's. An empty layer is read as one: planning refuses it
  /// (``RoutingError/emptyLayer(_:)``), so that every entry point tells it alike.
  static func layers(_ reader: inout some RequestSource, at path: @autoclosure Place)
    throws(JSONParseError) -> Field<[[RawRequest.StackEntry]]>
  {
    let kind = try reader.peek()
    guard kind == .array else {
      return try wrongType(&reader, kind, expected: "an array of layers", at: path())
    }
    try reader.enterArray()
    var layers: [[RawRequest.StackEntry]] = []
    var problem: RequestProblem?
    var index = 0
    while try reader.nextElement() {
      let place = path().appending(index)
      let inner = try reader.peek()
      guard inner == .array else {
        try reader.skipValue()
        problem =
          problem
          ?? RequestProblem(
            at: place, "expected a layer (an array of entries), found \(inner.description)")
        index += 1
        continue
      }
      try reader.enterArray()
      var entries: [RawRequest.StackEntry] = []
      var position = 0
      while try reader.nextElement() {
        switch try entry(&reader, at: place.appending(position)) {
        case .success(let entry): entries.append(entry)
        case .failure(let failure): problem = problem ?? failure
        }
        position += 1
      }
      layers.append(entries)
      index += 1
    }
    if let problem { return .failure(problem) }
    return .success(layers)
  }

  /// `"guards": {"signedIn": true}`: how each named guard answers.
  static func answers(_ reader: inout some RequestSource, at path: @autoclosure Place)
    throws(JSONParseError) -> Field<[String: Bool]>
  {
    let kind = try reader.peek()
    guard kind == .object else {
      return try wrongType(
        &reader, kind, expected: "an object of guard answers (true or false)", at: path())
    }
    try reader.enterObject()
    var answers: [String: Bool] = [:]
    var problem: RequestProblem?
    while let text = try reader.nextKey() {
      let name = reader.string(text)
      let inner = try reader.peek()
      guard inner == .bool else {
        try reader.skipValue()
        problem =
          problem
          ?? RequestProblem(
            at: path().appending(name), "expected true or false, found \(inner.description)")
        continue
      }
      answers[name] = reader.readBool()
    }
    if let problem { return .failure(problem) }
    return .success(answers)
  }

  /// A `parameters` object, each value a JSON string, number or boolean as the text it
  /// stands for, as ``RawRequest/values(_:at:)`` reads an expectation's.
  static func values(_ reader: inout some RequestSource, at path: @autoclosure Place)
    throws(JSONParseError) -> Field<[String: String]>
  {
    let kind = try reader.peek()
    guard kind == .object else {
      return try wrongType(&reader, kind, expected: "an object", at: path())
    }
    try reader.enterObject()
    var map: [String: String] = [:]
    var problem: RequestProblem?
    while let text = try reader.nextKey() {
      let key = reader.string(text)
      let kind = try reader.peek()
      switch kind {
      case .string: map[key] = try reader.readStringValue()
      case .number: map[key] = try reader.readNumberText()
      case .bool: map[key] = reader.readBool() ? "true" : "false"
      case .null, .array, .object:
        try reader.skipValue()
        problem = problem ?? RawRequest.parameterProblem(kind, at: path().appending(key))
      }
    }
    if let problem { return .failure(problem) }
    return .success(map)
  }
}

/// What the request draft reads from: the package's pull reader over bytes, or a cursor
/// over a tree that reader built. The draft's rules are written once, against this.
private protocol RequestSource {
  /// A key as the source hands it out, valid until the next read.
  associatedtype Key

  /// The type of the next value, without reading it.
  mutating func peek() throws(JSONParseError) -> JSONValueKind
  /// Reads and discards the next value.
  mutating func skipValue() throws(JSONParseError)
  /// Opens the object ``peek()`` found.
  mutating func enterObject() throws(JSONParseError)
  /// Opens the array ``peek()`` found.
  mutating func enterArray() throws(JSONParseError)
  /// The next member's key, or `nil` when the object has ended.
  mutating func nextKey() throws(JSONParseError) -> Key?
  /// Whether the array has another element.
  mutating func nextElement() throws(JSONParseError) -> Bool
  /// Reads a string.
  mutating func readStringValue() throws(JSONParseError) -> String
  /// Reads a number's text as written.
  mutating func readNumberText() throws(JSONParseError) -> String
  /// Reads `true` or `false`.
  mutating func readBool() -> Bool
  /// A key as a string.
  func string(_ key: Key) -> String
  /// The request member a key names by its exact bytes; `nil` for any other key.
  func member(_ key: Key) -> RequestDraft.Member?
}

extension JSONReader: RequestSource {
  fileprivate func member(_ key: JSONText) -> RequestDraft.Member? {
    withBytes(of: key) { RequestDraft.Member(key: $0) }
  }
}

/// A pull reader over a JSON tree, with the calls of ``JSONReader`` the request draft
/// makes, so that a request inside a document read as a tree is read by the same draft
/// as one read from bytes. The tree was checked when it was read: no call throws.
private struct JSONTreeCursor: RequestSource {
  /// An open array or object, and how far it has been read.
  private enum Frame {
    case array([JSONValue], next: Int)
    case object([JSONMember], next: Int)
  }

  /// The value the cursor stands before; `nil` once it is read.
  private var current: JSONValue?
  /// The open arrays and objects, outermost first.
  private var frames: [Frame] = []

  init(_ value: JSONValue) {
    current = value
  }

  func peek() -> JSONValueKind {
    switch current {
    case .object?: .object
    case .array?: .array
    case .string?: .string
    case .number?: .number
    case .bool?: .bool
    case .null?, nil: .null
    }
  }

  mutating func skipValue() {
    current = nil
  }

  mutating func enterObject() {
    guard case .object(let object)? = current else { preconditionFailure("not an object") }
    frames.append(.object(object.members, next: 0))
    current = nil
  }

  mutating func enterArray() {
    guard case .array(let elements)? = current else { preconditionFailure("not an array") }
    frames.append(.array(elements, next: 0))
    current = nil
  }

  mutating func nextKey() -> String? {
    guard case .object(let members, let next)? = frames.last else {
      preconditionFailure("not in an object")
    }
    guard next < members.count else {
      frames.removeLast()
      return nil
    }
    frames[frames.count - 1] = .object(members, next: next + 1)
    current = members[next].value
    return members[next].key
  }

  mutating func nextElement() -> Bool {
    guard case .array(let elements, let next)? = frames.last else {
      preconditionFailure("not in an array")
    }
    guard next < elements.count else {
      frames.removeLast()
      return false
    }
    frames[frames.count - 1] = .array(elements, next: next + 1)
    current = elements[next]
    return true
  }

  mutating func readStringValue() -> String {
    guard case .string(let text)? = current else { preconditionFailure("not a string") }
    current = nil
    return text
  }

  mutating func readNumberText() -> String {
    guard case .number(let number)? = current else { preconditionFailure("not a number") }
    current = nil
    return number.text
  }

  mutating func readBool() -> Bool {
    guard case .bool(let value)? = current else { preconditionFailure("not a boolean") }
    current = nil
    return value
  }

  func string(_ key: String) -> String {
    key
  }

  func member(_ key: String) -> RequestDraft.Member? {
    // The bytes' reader falls back to this comparison too, for a key spelled otherwise
    // that Swift finds equal.
    RequestDraft.Member(rawValue: key)
  }
}
