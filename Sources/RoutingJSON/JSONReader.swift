import RoutingStorage

/// The JSON type of the value a ``JSONReader`` stands before.
public enum JSONValueKind: Hashable, Sendable {
  /// `{`.
  case object
  /// `[`.
  case array
  /// `"`.
  case string
  /// A number.
  case number
  /// `true` or `false`.
  case bool
  /// `null`.
  case null

  /// The name of the type, for messages: `a string`, `an object`, as
  /// ``JSONValue/typeDescription`` names it.
  package var description: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// Whether two kinds are the same: written out, not synthesized, so that its body is
  /// inlined in the readers of other modules, which compare a kind for each value read.
  @inlinable public static func == (left: Self, right: Self) -> Bool {
    switch (left, right) {
    case (.object, .object), (.array, .array), (.string, .string), (.number, .number),
      (.bool, .bool), (.null, .null):
      true
    default: false
    }
  }
}

/// A string or key the reader has read: its bytes, unescaped, are a slice of the input,
/// of the reader's scratch buffer or of its keys, valid until the next read.
public struct JSONText {
  /// Where a text's bytes are.
  @usableFromInline enum Storage {
    /// In the input: a string without escapes, or a number.
    case input
    /// In the scratch buffer: a string with escapes.
    case scratch
    /// Among the keys of the open objects.
    case keys
  }

  /// Where the bytes start.
  @usableFromInline let start: Int
  /// Where they end.
  @usableFromInline let end: Int
  /// Which buffer holds them.
  @usableFromInline let storage: Storage
}

/// A strict pull reader over UTF-8 bytes: the caller walks the document value by value,
/// asking for the next key or element and reading, or skipping, each value, and nothing
/// is built that the caller does not build.
///
/// Every rule of the package's JSON lives here, once: UTF-8 is checked (a leading
/// byte-order mark is skipped), a repeated key is an error, arrays and objects nest at
/// most `maximumDepth` levels, numbers and strings follow RFC 8259, and nothing may
/// follow the value. Errors name the line, column and the path of the value being read,
/// exactly as the tree reader ``JSONValue/init(parsing:maximumDepth:)`` (built on this
/// one) reports them.
///
/// ```swift
/// try JSONReader.read(bytes[...]) { reader throws(JSONParseError) in
///   try reader.enterArray()
///   while try reader.nextElement() { try reader.skipValue() }
/// }
/// ```
///
/// The reader holds its input as an array, and hands its bytes out only as spans, within
/// a call (``withBytes(of:_:)``, ``withInput(_:)``): it holds no pointer.
///
/// The reader and the types of its hot functions are public, the functions that read a
/// document's structure (``peek()``, ``nextKey()``, ``nextElement()``, ``text(_:is:)``
/// and their helpers) `@inlinable`, so that a reader in another module of the package
/// (a table file's, a request's) runs them inlined: Swift 6.3 makes the body of an
/// `@inlinable` function visible to other modules only when it is public. The target is
/// no product: a client of the package's products could still import it, but finds no
/// public way to make a reader.
public struct JSONReader {
  /// U+FEFF in UTF-8, skipped at the start of a document.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// One open array or object.
  @usableFromInline struct Frame {
    /// Whether it is an array.
    @usableFromInline var isArray: Bool
    /// Whether the reader is inside an element (arrays) or a member's value (objects).
    @usableFromInline var inside = false
    /// Elements started so far minus one (arrays), or members read so far (objects).
    @usableFromInline var index = -1
    /// Where this object's keys start in `keySpans`.
    @usableFromInline var firstKey: Int
    /// Where its escaped keys start in `keyBytes`.
    @usableFromInline var firstKeyByte: Int
    /// Whether the object has a set of its keys, the last of `keySets`: once it has more
    /// than `linearKeys`.
    @usableFromInline var hasKeySet = false
  }

  /// Objects with at most this many keys look for a repeated key by scanning.
  private static let linearKeys = 8

  /// The document. An array, not a pointer into the caller's bytes: the reader holds
  /// its input alive itself.
  @usableFromInline let bytes: [UInt8]
  /// How deeply arrays and objects may nest.
  private let maximumDepth: Int
  /// Where the reader is in `bytes`.
  @usableFromInline var position = 0
  /// The innermost open array or object; at the top level, a frame that stands for
  /// the document and is never inside anything.
  @usableFromInline var top = Frame(isArray: false, firstKey: 0, firstKeyByte: 0)
  /// The frames around `top`, outermost first, starting with the document's.
  @usableFromInline var outer: [Frame] = []
  /// The keys with escapes of every open object, unescaped, end to end.
  @usableFromInline var keyBytes: [UInt8] = []
  /// Each open object's keys (in the input, or in `keyBytes` when they have escapes),
  /// the objects' lists end to end.
  private var keySpans: [JSONText] = []
  /// Unescaped strings.
  @usableFromInline var scratch: [UInt8] = []
  /// The keys of each open object that has more than `linearKeys`, innermost last. Not
  /// in the frames, so that a frame holds no reference and is copied without retains as
  /// containers open and close.
  private var keySets: [Set<String>] = []

  /// Starts reading a document: checks that it is UTF-8, skips a byte-order mark and
  /// whitespace, and refuses an empty input.
  ///
  /// - Parameters:
  ///   - input: The document.
  ///   - maximumDepth: How deeply arrays and objects may nest.
  /// - Throws: ``JSONParseError`` of kind `invalidUTF8` or `empty`.
  /// - Complexity: O(*n*), where *n* is the length of the input.
  package init(
    _ input: [UInt8], maximumDepth: Int = JSONValue.defaultMaximumDepth
  ) throws(JSONParseError) {
    bytes = input
    self.maximumDepth = maximumDepth
    if let bad = UTF8Check.firstInvalidOffset(in: input.span) {
      throw error(
        .invalidUTF8, "invalid UTF-8 (byte 0x\(String(input[bad], radix: 16, uppercase: true)))",
        at: bad)
    }
    // Byte by byte: `starts(with:)` went through the generic sequence comparison.
    if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
      position = Self.byteOrderMark.count
    }
    skipWhitespace()
    guard position < bytes.count else {
      throw error(.empty, "no JSON value: the input is empty", at: position)
    }
  }

  /// Reads a whole document: `body` reads (or skips) its value, then nothing but
  /// whitespace may follow. Every JSON input of the package goes through here (route-table
  /// files, request documents and lines, the tree reader, the locator), so that the
  /// readers outside this target hold no pointer into the bytes.
  ///
  /// ```swift
  /// let count = try JSONReader.read(bytes[...]) { reader throws(JSONParseError) in
  ///   var count = 0
  ///   try reader.enterArray()
  ///   while try reader.nextElement() {
  ///     try reader.skipValue()
  ///     count += 1
  ///   }
  ///   return count
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - maximumDepth: How deeply arrays and objects may nest.
  ///   - body: Reads the value the reader stands before.
  /// - Returns: What `body` returns.
  /// - Throws: ``JSONParseError`` from `body`, or when the document is empty, is not
  ///   UTF-8, or holds anything after the value.
  /// - Complexity: O(*n*), where *n* is the length of the document, plus `body`.
  package static func read<Value>(
    _ bytes: ArraySlice<UInt8>, maximumDepth: Int = JSONValue.defaultMaximumDepth,
    _ body: (inout JSONReader) throws(JSONParseError) -> Value
  ) throws(JSONParseError) -> Value {
    // A slice of a whole array becomes that array without a copy.
    var reader = try JSONReader(Array(bytes), maximumDepth: maximumDepth)
    var buffers = Buffers()
    return try read(&reader, reusing: &buffers, body)
  }

  /// Reads a whole document as ``read(_:maximumDepth:_:)`` does, the reader's working
  /// storage taken from `buffers` and handed back there afterwards, so that a caller
  /// reading many small documents one after another (a batch's lines) allocates it
  /// once instead of for each document.
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - maximumDepth: How deeply arrays and objects may nest.
  ///   - buffers: Storage kept from an earlier read, or new; what it held is not read.
  ///   - body: Reads the value the reader stands before.
  /// - Returns: What `body` returns.
  /// - Throws: As ``read(_:maximumDepth:_:)``.
  /// - Complexity: As ``read(_:maximumDepth:_:)``.
  package static func read<Value>(
    _ bytes: ArraySlice<UInt8>, maximumDepth: Int = JSONValue.defaultMaximumDepth,
    reusing buffers: inout Buffers,
    _ body: (inout JSONReader) throws(JSONParseError) -> Value
  ) throws(JSONParseError) -> Value {
    // The reader holds an array of its own: the bytes are copied into the one kept in
    // `buffers`, whose storage is free again once the reader is gone, so that a line of
    // a larger buffer costs a copy and no allocation.
    buffers.input.removeAll(keepingCapacity: true)
    buffers.input.append(contentsOf: bytes)
    var reader = try JSONReader(buffers.input, maximumDepth: maximumDepth)
    return try read(&reader, reusing: &buffers, body)
  }

  /// Reads the whole document `reader` stands before with `body`, the reader's working
  /// storage taken from `buffers` and handed back.
  private static func read<Value>(
    _ reader: inout JSONReader, reusing buffers: inout Buffers,
    _ body: (inout JSONReader) throws(JSONParseError) -> Value
  ) throws(JSONParseError) -> Value {
    reader.exchange(&buffers)
    defer { reader.exchange(&buffers) }
    let value = try body(&reader)
    try reader.finish()
    return value
  }

  /// The growable storage of a reader (its open containers, keys and unescaped text),
  /// kept between documents by ``read(_:maximumDepth:reusing:_:)``.
  package struct Buffers {
    /// The document's bytes, copied.
    fileprivate var input: [UInt8] = []
    fileprivate var outer: [Frame] = []
    fileprivate var keyBytes: [UInt8] = []
    fileprivate var keySpans: [JSONText] = []
    fileprivate var scratch: [UInt8] = []

    /// Empty storage, allocated by the first read that needs it.
    package init() {}
  }

  /// Swaps the reader's storage with `buffers`, each array emptied and its capacity
  /// kept: a read that failed half-way leaves open containers behind.
  private mutating func exchange(_ buffers: inout Buffers) {
    swap(&outer, &buffers.outer)
    swap(&keyBytes, &buffers.keyBytes)
    swap(&keySpans, &buffers.keySpans)
    swap(&scratch, &buffers.scratch)
    // After a whole read only `scratch` may hold anything: the checks save the calls.
    if !outer.isEmpty { outer.removeAll(keepingCapacity: true) }
    if !keyBytes.isEmpty { keyBytes.removeAll(keepingCapacity: true) }
    if !keySpans.isEmpty { keySpans.removeAll(keepingCapacity: true) }
    if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
  }

  /// Ends the document: only whitespace may follow the value.
  ///
  /// - Throws: ``JSONParseError`` of kind `syntax` for anything after the value.
  /// - Complexity: O(*w*), where *w* is the length of the trailing whitespace.
  package mutating func finish() throws(JSONParseError) {
    skipWhitespace()
    guard position == bytes.count else {
      throw error(.syntax, "unexpected \(describeByte(at: position)) after the value", at: position)
    }
  }

  // MARK: Values

  /// The type of the next value, without reading it; `true`, `false` and `null` are
  /// checked in full.
  ///
  /// - Throws: ``JSONParseError`` when no value starts here.
  /// - Complexity: O(1).
  @inlinable public mutating func peek() throws(JSONParseError) -> JSONValueKind {
    skipWhitespace()
    guard position < bytes.count else { throw unexpected(expected: "a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"):
      try checkLiteral("true")
      return .bool
    case UInt8(ascii: "f"):
      try checkLiteral("false")
      return .bool
    case UInt8(ascii: "n"):
      try checkLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: throw unexpected(expected: "a value")
    }
  }

  /// Where the next value starts in the input, whitespace skipped: the offset a message
  /// about that value points to.
  ///
  /// - Complexity: O(*w*), where *w* is the length of the whitespace before the value.
  package mutating func offsetOfNextValue() -> Int {
    skipWhitespace()
    return position
  }

  /// Checks that `word` (`true`, `false`, `null`) is at `position`.
  @usableFromInline func checkLiteral(_ word: StaticString) throws(JSONParseError) {
    let count = word.utf8CodeUnitCount
    let matches = word.withUTF8Buffer { expected in
      bytes.count - position >= count
        && Bytes.equal(bytes.span.extracting(position..<position + count), expected.span)
    }
    guard matches else { throw unexpected(expected: "a value") }
  }

  /// Reads `true` or `false`; call it after ``peek()`` said `bool`.
  ///
  /// - Complexity: O(1).
  @inlinable public mutating func readBool() -> Bool {
    let value = bytes[position] == UInt8(ascii: "t")
    position += value ? 4 : 5
    return value
  }

  /// Reads `null`; call it after ``peek()`` said `null`.
  ///
  /// - Complexity: O(1).
  @inlinable public mutating func readNull() {
    position += 4
  }

  /// Reads a string; call it after ``peek()`` said `string`. The text is valid until
  /// the next read: pass it to ``withBytes(of:_:)`` or ``string(_:)``.
  ///
  /// - Throws: ``JSONParseError`` for an unterminated string, a bad escape or an
  ///   unescaped control character.
  /// - Complexity: O(*k*), where *k* is the length of the string.
  @inlinable public mutating func readString() throws(JSONParseError) -> JSONText {
    try scanString(into: false)
  }

  /// Reads a string as a `String`; call it after ``peek()`` said `string`.
  ///
  /// - Throws: ``JSONParseError``, as ``readString()``.
  /// - Complexity: O(*k*), where *k* is the length of the string.
  package mutating func readStringValue() throws(JSONParseError) -> String {
    let text = try readString()
    return string(text)
  }

  /// Reads a number's literal text as a `String`; call it after ``peek()`` said
  /// `number`.
  ///
  /// - Throws: ``JSONParseError``, as ``readNumber()``.
  /// - Complexity: O(*k*), where *k* is the length of the literal.
  package mutating func readNumberText() throws(JSONParseError) -> String {
    let text = try readNumber()
    return string(text)
  }

  /// Reads a number's literal text; call it after ``peek()`` said `number`. The text is
  /// a slice of the input, valid as long as the input is.
  ///
  /// - Throws: ``JSONParseError`` when the number breaks the JSON grammar.
  /// - Complexity: O(*k*), where *k* is the length of the literal.
  package mutating func readNumber() throws(JSONParseError) -> JSONText {
    let start = position
    try scanNumber()
    return JSONText(start: start, end: position, storage: .input)
  }

  /// Reads and discards the next value, checking it as strictly as reading it would.
  ///
  /// - Throws: ``JSONParseError`` for any problem in the value.
  /// - Complexity: O(*k*), where *k* is the length of the value.
  package mutating func skipValue() throws(JSONParseError) {
    switch try peek() {
    case .object:
      try enterObject()
      while try nextKey() != nil { try skipValue() }
    case .array:
      try enterArray()
      while try nextElement() { try skipValue() }
    case .string: _ = try scanString(into: false)
    case .number: try scanNumber()
    case .bool: _ = readBool()
    case .null: readNull()
    }
  }

  // MARK: Text

  /// Calls `body` with the bytes of a string or key the reader has just read.
  ///
  /// - Complexity: O(1), plus `body`.
  @inlinable public func withBytes<Result>(
    of text: JSONText, _ body: (Span<UInt8>) -> Result
  ) -> Result {
    switch text.storage {
    case .input:
      return body(bytes.span.extracting(text.start..<text.end))
    case .scratch:
      return body(scratch.span.extracting(text.start..<text.end))
    case .keys:
      return body(keyBytes.span.extracting(text.start..<text.end))
    }
  }

  /// Where the bytes of a string the reader has read lie in the input, when they do, as
  /// those of a string without escapes do: valid as long as the input is, unlike
  /// ``withBytes(of:_:)``'s, and read with ``withInput(_:)``. `nil` for a text in the
  /// reader's own buffers.
  ///
  /// - Complexity: O(1).
  @inlinable public func inputRange(of text: JSONText) -> Range<Int>? {
    text.storage == .input ? text.start..<text.end : nil
  }

  /// Calls `body` with the whole input, the bytes that ``inputRange(of:)`` points into.
  ///
  /// - Complexity: O(1), plus `body`.
  @inlinable public func withInput<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
    body(bytes.span)
  }

  /// A string or key the reader has just read, as a `String`.
  ///
  /// - Complexity: O(*k*), where *k* is the length of the text.
  @inlinable public func string(_ text: JSONText) -> String {
    withBytes(of: text) { Bytes.string($0) }
  }

  /// Whether a key the reader has just read is `expected`, compared as Swift compares
  /// strings (as a `Set<String>` or `==` would).
  ///
  /// - Complexity: O(*k*), where *k* is the length of the key.
  @inlinable public func text(_ text: JSONText, is expected: StaticString) -> Bool {
    withBytes(of: text) { key in
      expected.withUTF8Buffer { expected in Bytes.sameString(key, expected.span) }
    }
  }

  // MARK: Containers

  /// Opens an array or object at `position`.
  @usableFromInline mutating func enter(isArray: Bool) throws(JSONParseError) {
    guard outer.count < maximumDepth else {
      throw error(
        .tooDeep, "arrays and objects nest deeper than \(maximumDepth) levels", at: position)
    }
    outer.append(top)
    top = Frame(isArray: isArray, firstKey: keySpans.count, firstKeyByte: keyBytes.count)
    position += 1
  }

  /// Opens the object that ``peek()`` found; read its members with ``nextKey()``.
  ///
  /// - Throws: ``JSONParseError`` of kind `tooDeep` past the depth limit.
  /// - Complexity: O(1).
  @inlinable public mutating func enterObject() throws(JSONParseError) {
    try enter(isArray: false)
  }

  /// Opens the array that ``peek()`` found; read its elements with ``nextElement()``.
  ///
  /// - Throws: ``JSONParseError`` of kind `tooDeep` past the depth limit.
  /// - Complexity: O(1).
  @inlinable public mutating func enterArray() throws(JSONParseError) {
    try enter(isArray: true)
  }

  /// Moves to the next element of the innermost array: `true` when there is one, to be
  /// read or skipped before the next call; `false` when the array has ended (and is
  /// closed).
  ///
  /// - Throws: ``JSONParseError`` when neither `,` nor `]` follows an element.
  /// - Complexity: O(*w*), where *w* is the length of the whitespace skipped.
  @inlinable public mutating func nextElement() throws(JSONParseError) -> Bool {
    top.inside = false
    skipWhitespace()
    if top.index < 0 {
      if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
        position += 1
        top = outer.removeLast()
        return false
      }
    } else {
      guard position < bytes.count else { throw unexpected(expected: "',' or ']'") }
      switch bytes[position] {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "]"):
        position += 1
        top = outer.removeLast()
        return false
      default: throw unexpected(expected: "',' or ']'")
      }
    }
    top.index += 1
    top.inside = true
    return true
  }

  /// Moves to the next member of the innermost object and reads its key, refusing a key
  /// the object already has; `nil` when the object has ended (and is closed). Read or
  /// skip the member's value before the next call.
  ///
  /// - Throws: ``JSONParseError`` for a repeated key or broken syntax.
  /// - Complexity: O(*k*), where *k* is the length of the key, plus O(*m*) for the
  ///   first eight members of an object of *m*.
  @inlinable public mutating func nextKey() throws(JSONParseError) -> JSONText? {
    top.inside = false
    skipWhitespace()
    if top.index < 0 {
      if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
        position += 1
        closeObject()
        return nil
      }
    } else {
      guard position < bytes.count else { throw unexpected(expected: "',' or '}'") }
      switch bytes[position] {
      case UInt8(ascii: ","):
        position += 1
        skipWhitespace()
      case UInt8(ascii: "}"):
        position += 1
        closeObject()
        return nil
      default: throw unexpected(expected: "',' or '}'")
      }
    }
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
      throw unexpected(expected: "a key in double quotes")
    }
    let keyStart = position
    let text = try scanString(into: true)
    try remember(text, at: keyStart)
    skipWhitespace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
      throw unexpected(expected: "':' after a key")
    }
    position += 1
    top.index += 1
    top.inside = true
    return text
  }

  /// Closes the innermost object, forgetting its keys.
  @usableFromInline mutating func closeObject() {
    // An object has a few keys: taking them off one by one beats `removeSubrange`.
    while keySpans.count > top.firstKey { keySpans.removeLast() }
    if top.firstKeyByte < keyBytes.count { keyBytes.removeSubrange(top.firstKeyByte...) }
    if top.hasKeySet { keySets.removeLast() }
    top = outer.removeLast()
  }

  /// Records a key just read into `keyBytes` (as `text` says), refusing a repeat. Keys
  /// compare as Swift strings do, so that this reader refuses what a `Set<String>`
  /// would.
  @usableFromInline mutating func remember(_ text: JSONText, at keyStart: Int)
    throws(JSONParseError)
  {
    let new = text
    let first = top.firstKey
    let count = keySpans.count - first
    var repeated = false
    if count >= Self.linearKeys {
      if !top.hasKeySet {
        keySets.append(Set(keySpans[first...].map { string($0) }))
        top.hasKeySet = true
      }
      repeated = !keySets[keySets.count - 1].insert(string(new)).inserted
    } else {
      for span in keySpans[first...] where sameKey(span, new) {
        repeated = true
        break
      }
    }
    if repeated {
      let key = string(new)
      top.inside = false
      var duplicate = error(
        .duplicateKey, "the key '\(MessageText.excerpt(key))' appears twice", at: keyStart)
      duplicate.path.components.append(.key(key))
      throw duplicate
    }
    keySpans.append(new)
  }

  private func sameKey(_ one: JSONText, _ other: JSONText) -> Bool {
    withBytes(of: one) { left in
      withBytes(of: other) { right in
        Bytes.sameString(left, right)
      }
    }
  }

  // MARK: Strings

  /// Reads a string whose opening quote is at `position`. A key (`asKey`) is copied to
  /// `keyBytes`; another string stays in the input unless it has escapes, which are
  /// undone into `scratch`. The input is valid UTF-8, so bytes other than quotes,
  /// backslashes and control characters are taken as they are.
  @usableFromInline mutating func scanString(into asKey: Bool) throws(JSONParseError)
    -> JSONText
  {
    let open = position
    position += 1
    let start = position
    // Fast path: no escape.
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let end = position
        position += 1
        return JSONText(start: start, end: end, storage: .input)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      position += 1
    }
    let textStart: Int
    if asKey {
      textStart = keyBytes.count
      keyBytes.append(contentsOf: bytes[start..<position])
    } else {
      textStart = 0
      scratch.removeAll(keepingCapacity: true)
      scratch.append(contentsOf: bytes[start..<position])
    }
    while true {
      guard position < bytes.count else {
        throw error(.syntax, "unterminated string", at: open)
      }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return asKey
          ? JSONText(start: textStart, end: keyBytes.count, storage: .keys)
          : JSONText(start: textStart, end: scratch.count, storage: .scratch)
      case UInt8(ascii: "\\"):
        let scalar = try parseEscape()
        if asKey {
          keyBytes.append(contentsOf: Unicode.UTF8.encode(scalar)!)
        } else {
          scratch.append(contentsOf: Unicode.UTF8.encode(scalar)!)
        }
      case 0..<0x20:
        throw error(
          .syntax, "control character \(hexScalar(UInt32(byte))) in a string must be escaped",
          at: position)
      default:
        if asKey { keyBytes.append(byte) } else { scratch.append(byte) }
        position += 1
      }
    }
  }

  /// Reads the escape at `position`, a backslash, and returns the scalar it stands for.
  private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
    let backslash = position
    position += 1
    guard position < bytes.count else {
      throw error(.syntax, "unterminated string", at: backslash)
    }
    let letter = bytes[position]
    position += 1
    switch letter {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try parseHex(escapeAt: backslash)
      var scalar = first
      if (0xD800...0xDBFF).contains(first) {
        let low = position
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else {
          throw error(
            .syntax, "unpaired surrogate \(hexScalar(first)) in a \\u escape", at: backslash)
        }
        position += 2
        let second = try parseHex(escapeAt: low)
        guard (0xDC00...0xDFFF).contains(second) else {
          throw error(
            .syntax, "unpaired surrogate \(hexScalar(first)) in a \\u escape", at: backslash)
        }
        scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(first) {
        throw error(
          .syntax, "unpaired surrogate \(hexScalar(first)) in a \\u escape", at: backslash)
      }
      // Not a surrogate, or a valid pair: always a Unicode scalar.
      return Unicode.Scalar(scalar)!
    default:
      throw error(
        .syntax, "invalid escape '\\\(describeByte(at: position - 1, quoted: false))'",
        at: backslash)
    }
  }

  private mutating func parseHex(escapeAt backslash: Int) throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count, let digit = Self.hexDigit(bytes[position]) else {
        throw error(.syntax, "a \\u escape needs four hexadecimal digits", at: backslash)
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  // MARK: Numbers

  private mutating func scanNumber() throws(JSONParseError) {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < bytes.count, isDigit(bytes[position]) else {
      throw error(.syntax, "a number needs a digit after '-'", at: start)
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count && isDigit(bytes[position]) {
        throw error(.syntax, "a number cannot start with 0 followed by digits", at: start)
      }
    } else {
      skipDigits()
    }
    if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw error(.syntax, "a number needs a digit after '.'", at: start)
      }
      skipDigits()
    }
    if position < bytes.count
      && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E"))
    {
      position += 1
      if position < bytes.count
        && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
      {
        position += 1
      }
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw error(.syntax, "a number needs a digit in its exponent", at: start)
      }
      skipDigits()
    }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func skipDigits() {
    while position < bytes.count && isDigit(bytes[position]) { position += 1 }
  }

  // MARK: Whitespace and errors

  /// Moves `position` past spaces, tabs and line breaks.
  @inlinable mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// The syntax error for what stands at `position` when `expected` should:
  /// `unexpected 'x', expected a value`, or `unexpected end of input, ...`. Out of line,
  /// so that the inlined readers carry a call, not the message's making.
  @usableFromInline func unexpected(expected: String) -> JSONParseError {
    error(.syntax, "unexpected \(describeByte(at: position)), expected \(expected)", at: position)
  }

  /// `'x'`, `end of input`, or `character U+00E9` for what is at `offset`.
  private func describeByte(at offset: Int, quoted: Bool = true) -> String {
    guard offset < bytes.count else { return "end of input" }
    let byte = bytes[offset]
    if byte >= 0x21 && byte < 0x7F {
      let character = String(decoding: [byte], as: UTF8.self)
      return quoted ? "'\(character)'" : character
    }
    // Decode the scalar that starts here; the input is valid UTF-8.
    var iterator = bytes[offset...].makeIterator()
    var decoder = Unicode.UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) {
      return "character \(hexScalar(scalar.value))"
    }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private func hexScalar(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The path of the value being read: an index for each array the reader is inside an
  /// element of, a key for each object it is inside a member's value of.
  package var path: JSONPath {
    var components: [JSONPath.Component] = []
    var keyIndex = 0
    for frame in outer.dropFirst() + [top] where frame.inside {
      if frame.isArray {
        components.append(.index(frame.index))
      } else {
        // The member being read is the frame's last key.
        keyIndex = frame.firstKey + frame.index
        components.append(.key(string(keySpans[keyIndex])))
      }
    }
    return JSONPath(components: components)
  }

  /// An error at a byte offset, with the path being read; the line and column are
  /// worked out only now, so that reading valid input never counts them. A leading
  /// byte-order mark is not a column.
  package func error(_ kind: JSONParseError.Kind, _ message: String, at offset: Int)
    -> JSONParseError
  {
    var line = 1
    var column = 1
    let end = min(offset, bytes.count)
    let start = bytes.starts(with: Self.byteOrderMark) ? min(Self.byteOrderMark.count, end) : 0
    for byte in bytes[start..<end] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONParseError(kind: kind, line: line, column: column, path: path, message: message)
  }
}
