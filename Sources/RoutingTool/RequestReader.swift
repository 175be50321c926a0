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
  /// file, a batch line, a link request and a test case alike.
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

  /// Reads the request members of an object whose keys the caller has checked, as
  /// ``init(json:at:keys:allowsLink:syntax:)`` reads them: the object is written out
  /// and read back by that one reader.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the object written out.
  init(_ fields: JSONFields, allowsLink: Bool = false) throws(RequestProblem) {
    let bytes = Array(JSONValue.object(fields.object).serialized().utf8)
    try self.init(
      json: bytes[...], at: fields.path, keys: fields.object.members.map(\.key),
      allowsLink: allowsLink)
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

  /// Reads the value the reader stands before as a request object.
  mutating func read(
    _ reader: inout JSONReader, keys: [String], allowsLink: Bool
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
      var member = reader.withBytes(of: text) { Member(key: $0) }
      let key = member?.rawValue ?? reader.string(text)
      if member == nil { member = Member(rawValue: key) }
      let allowed = (requestKeys && member != nil && member != .link) || keys.contains(key)
      guard allowed, let member else {
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
    _ reader: inout JSONReader, _ kind: JSONValueKind, expected: String, at path: JSONPath
  ) throws(JSONParseError) -> Field<Value> {
    try reader.skipValue()
    return .failure(RequestProblem(at: path, "expected \(expected), found \(kind.description)"))
  }

  static func string(_ reader: inout JSONReader, at path: @autoclosure Place)
    throws(JSONParseError) -> Field<String>
  {
    let kind = try reader.peek()
    guard kind == .string else {
      return try wrongType(&reader, kind, expected: "a string", at: path())
    }
    return .success(try reader.readStringValue())
  }

  /// `["A", "B"]`, possibly empty.
  static func strings(_ reader: inout JSONReader, at path: @autoclosure Place)
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
  static func stack(_ reader: inout JSONReader, at path: @autoclosure Place)
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
  static func entry(_ reader: inout JSONReader, at path: @autoclosure Place)
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
  static func stacks(_ reader: inout JSONReader, at path: @autoclosure Place)
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
  static func layers(_ reader: inout JSONReader, at path: @autoclosure Place)
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
  static func answers(_ reader: inout JSONReader, at path: @autoclosure Place)
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
  static func values(_ reader: inout JSONReader, at path: @autoclosure Place)
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

extension RawRequest {
  /// Reads a request document given as a tree (a JSON-RPC call's params): the tree is
  /// written out and read by ``init(json:at:keys:allowsLink:syntax:)``, the one reader.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the document written out.
  init(document: JSONValue) throws(RequestProblem) {
    try self.init(json: Array(document.serialized().utf8)[...])
  }
}

/// The request on a line that holds one on a single stack (with layers or without),
/// read by the one request reader; `nil` for anything else (a request across tabs, a
/// bad line), which the caller reads again to answer it. `routing serve` reads its plain
/// lines so.
enum PlainRequestLine {
  /// The request on `line`, or `nil`.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the line.
  static func request(_ line: ArraySlice<UInt8>) -> RawRequest? {
    guard let raw = try? RawRequest(json: line, syntax: .line), raw.tabs == nil else {
      return nil
    }
    return raw
  }
}
