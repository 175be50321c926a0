import Routing
import RoutingJSON

/// Compact JSON written straight into a byte buffer, for answers printed by the
/// thousand: no value tree, no intermediate strings.
///
/// It writes exactly what `JSONValue.serialized()` writes for the same value: no
/// whitespace, members in the order they are appended, strings escaped the same way
/// (`"`, `\` and control characters; everything else as UTF-8).
///
/// The buffer is its own, not an array's: a write checks the room left and copies, where
/// appending to `[UInt8]` checks the array's uniqueness and goes through a generic call
/// each time, for every few bytes of an answer. It is not
/// copyable, so that one buffer never has two owners.
struct JSONBytes: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes are written.
  private(set) var count = 0

  /// Creates an empty buffer with room for `capacity` bytes.
  init(capacity: Int = 256) {
    self.capacity = max(16, capacity)
    start = .allocate(capacity: self.capacity)
  }

  deinit {
    start.deallocate()
  }

  /// The text written so far.
  ///
  /// - Complexity: O(*n*), where *n* is its length.
  var bytes: [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      // One copy: `Array(UnsafeBufferPointer(…))` went a byte at a time.
      buffer.baseAddress?.initialize(from: start, count: count)
      initialized = count
    }
  }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  private mutating func grow(to needed: Int) {
    capacity = max(needed, 2 * capacity)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    larger.initialize(from: start, count: count)
    start.deallocate()
    start = larger
  }

  /// Takes back what was written after the first `count` bytes.
  mutating func truncate(to count: Int) {
    self.count = min(self.count, max(0, count))
  }

  /// Appends one byte.
  @inline(__always)
  mutating func byte(_ byte: UInt8) {
    reserve(1)
    start[count] = byte
    count += 1
  }

  /// Appends bytes as they are.
  ///
  /// - Complexity: O(*n*), where *n* is their number.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    copy(source, bytes.count)
  }

  /// Copies `length` bytes from `source` after the text, the room reserved.
  ///
  /// An answer is written a few bytes at a time (punctuation with a key, a name), and
  /// `initialize(from:count:)` called `memcpy` for each: runs of up to 32 bytes are
  /// copied here with a few loads and stores of whole words, the last overlapping the
  /// one before, so that no byte outside the run is written.
  @inline(__always)
  private mutating func copy(_ source: UnsafePointer<UInt8>, _ length: Int) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(start + count)
    switch length {
    case 8...32:
      var offset = 0
      while offset + 8 < length {
        to.storeBytes(
          of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset,
          as: UInt64.self)
        offset += 8
      }
      to.storeBytes(
        of: from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self),
        toByteOffset: length - 8, as: UInt64.self)
    case 4..<8:
      let head = from.loadUnaligned(as: UInt32.self)
      let tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
      to.storeBytes(of: head, as: UInt32.self)
      to.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
    case 2..<4:
      let head = from.loadUnaligned(as: UInt16.self)
      let tail = from.loadUnaligned(fromByteOffset: length - 2, as: UInt16.self)
      to.storeBytes(of: head, as: UInt16.self)
      to.storeBytes(of: tail, toByteOffset: length - 2, as: UInt16.self)
    case 1:
      to.storeBytes(of: source.pointee, as: UInt8.self)
    case 0:
      break
    default:
      (start + count).initialize(from: source, count: length)
    }
    count += length
  }

  /// Appends bytes as they are, from an array.
  ///
  /// - Complexity: O(*n*), where *n* is their number.
  mutating func append(contentsOf bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Appends ASCII text as it is: punctuation and keys known to need no escape.
  @inline(__always)
  mutating func raw(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends a whole number.
  ///
  /// - Complexity: O(*d*), where *d* is its number of digits.
  mutating func number(_ value: Int) {
    // Room for a sign and 20 digits, the most a `UInt` has. The digits are counted
    // first, then written from the least significant, two at a time from a table: a
    // division a digit, twice over, was most of writing a command's number.
    reserve(21)
    if value < 0 { byte(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits = 1
    var bound: UInt = 10
    while digits < 20 && magnitude >= bound {
      digits &+= 1
      bound &*= 10
    }
    var at = count &+ digits
    count = at
    let pairs = UnsafeRawPointer(Self.digitPairs.utf8Start)
    let to = UnsafeMutableRawPointer(start)
    while magnitude >= 10 {
      let pair = Int(truncatingIfNeeded: magnitude % 100)
      magnitude /= 100
      at &-= 2
      to.storeBytes(
        of: pairs.loadUnaligned(fromByteOffset: 2 &* pair, as: UInt16.self), toByteOffset: at,
        as: UInt16.self)
    }
    // One digit is left over when there is an odd number of them.
    if at > count &- digits {
      start[at &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
    }
  }

  /// The two digits of each number below 100, "00" to "99", end to end.
  private static let digitPairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

  /// Appends a string in quotes, escaped as `JSONValue.serialized()` escapes it.
  ///
  /// - Complexity: O(*n*), where *n* is the string's length in UTF-8.
  mutating func string(_ text: String) {
    // The string's own bytes, lent: a small string's too, where
    // `withContiguousStorageIfAvailable` copied it out and retained it.
    string(utf8: text.utf8.span)
  }

  /// Appends a string in quotes, from its UTF-8 bytes.
  private mutating func string(utf8: Span<UInt8>) {
    // Nearly every string needs no escape, and is copied as it is.
    guard !JSONValue.needsEscape(utf8) else { return escapedString(utf8) }
    reserve(utf8.count + 2)
    start[count] = UInt8(ascii: "\"")
    count += 1
    utf8.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { copy(base, source.count) }
    }
    start[count] = UInt8(ascii: "\"")
    count += 1
  }

  /// Appends a string in quotes, some of its bytes escaped.
  private mutating func escapedString(_ utf8: Span<UInt8>) {
    var escaped: [UInt8] = [UInt8(ascii: "\"")]
    for index in utf8.indices {
      let byte = utf8[index]
      if JSONValue.needsEscape(byte) {
        JSONValue.appendEscape(of: byte, to: &escaped)
      } else {
        escaped.append(byte)
      }
    }
    escaped.append(UInt8(ascii: "\""))
    escaped.withUnsafeBufferPointer { append($0) }
  }

  /// Appends any value through the package's serializer; for the rare members that
  /// are not strings or numbers.
  mutating func value(_ value: JSONValue) {
    switch value {
    case .string(let text): string(text)
    case .number(let number): unescaped(number.text)
    default:
      var text = ""
      value.serialize(into: &text)
      unescaped(text)
    }
  }

  /// Appends text as it is.
  private mutating func unescaped(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }
}

/// The one writer of the tool's routes and failures (Docs/RouteTables.md, "`routing
/// route`"; Docs/Tabs.md): a batch's answers, and through ``RouteJSON`` every other
/// route and failure the tool prints.
extension JSONBytes {
  /// A route: `{"steps":[{"command":…,"id":…,"action":…,"screen":…}],"stack":[…]}`.
  ///
  /// - Complexity: O(*s* + *n*), where *s* is the number of steps and *n* the length of
  ///   the resulting stack (its parameters sorted by key).
  mutating func route(_ route: Route) {
    byte(UInt8(ascii: "{"))
    routeMembers(route)
    byte(UInt8(ascii: "}"))
  }

  /// The members of a route's object, without its braces: `"steps":[…],"stack":[…]`.
  ///
  /// - Complexity: As ``route(_:)``.
  mutating func routeMembers(_ route: Route) {
    // Read in place through buffers: reading the arrays' elements copied each step and
    // entry, retaining their strings.
    route.steps.withUnsafeBufferPointer { steps in
      raw(#""steps":["#)
      for index in steps.indices {
        if index > 0 { byte(UInt8(ascii: ",")) }
        step(steps[index])
      }
    }
    route.stack.withUnsafeBufferPointer { stack in
      raw(#"],"stack":["#)
      for index in stack.indices {
        if index > 0 { byte(UInt8(ascii: ",")) }
        entry(stack[index])
      }
    }
    byte(UInt8(ascii: "]"))
  }

  /// A step: `{"command":4,"id":"openProfile","action":"push","screen":"Profile"}`.
  ///
  /// - Complexity: O(*n*), where *n* is the length of what is written.
  mutating func step(_ step: Step) {
    raw(#"{"command":"#)
    number(step.command)
    if let id = step.commandID {
      raw(#","id":"#)
      string(id)
    }
    switch step.action {
    case .push: raw(#","action":"push","screen":"#)
    case .pop: raw(#","action":"pop","screen":"#)
    case .present: raw(#","action":"present","screen":"#)
    }
    string(step.entry.screen.rawValue)
    byte(UInt8(ascii: "}"))
  }

  /// An entry: `{"screen":"Profile","parameters":{"userId":"2"}}`, parameter values as
  /// text, keys sorted.
  ///
  /// - Complexity: O(*k* log *k*), where *k* is the number of its parameters.
  mutating func entry(_ entry: Entry) {
    raw(#"{"screen":"#)
    string(entry.screen.rawValue)
    // Most entries hold none: the empty object is written at once, without asking
    // for the dictionary.
    guard entry.hasParameters else { return raw(#","parameters":{}}"#) }
    raw(#","parameters":{"#)
    parameters(entry.parameters)
    raw("}}")
  }

  /// A route across tabs: `{"steps":[{"action":"select","tab":"Search"},{"command":1,…}],
  /// "tab":"Search","stacks":{"Home":[…],"Search":[…]}}`, the stacks by tab name.
  ///
  /// - Complexity: O(*s* + *n* + *t* log *t*), where *s* is the number of steps, *n* the
  ///   number of entries of every tab and *t* the number of tabs.
  mutating func tabRoute(_ route: TabRoute) {
    raw(#"{"steps":["#)
    for (index, step) in route.steps.enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      switch step {
      case .select(let tab):
        raw(#"{"action":"select","tab":"#)
        string(tab)
        byte(UInt8(ascii: "}"))
      case .command(let inner):
        self.step(inner)
      }
    }
    raw("],")
    tabMembers(route.state)
    byte(UInt8(ascii: "}"))
  }

  /// The members of a tab state: `"tab":"Search","stacks":{"Home":[…],"Search":[…]}`,
  /// the stacks by tab name.
  ///
  /// - Complexity: O(*n* + *t* log *t*), where *n* is the number of entries of every tab
  ///   and *t* the number of tabs.
  private mutating func tabMembers(_ state: TabState) {
    raw(#""tab":"#)
    string(state.selected)
    raw(#","stacks":{"#)
    for (index, stack) in state.stacks.sorted(by: { $0.key < $1.key }).enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      string(stack.key)
      byte(UInt8(ascii: ":"))
      entries(stack.value)
    }
    byte(UInt8(ascii: "}"))
  }

  /// A stack: `[{"screen":…,"parameters":{…}},…]`, bottom first.
  ///
  /// - Complexity: O(*n*), where *n* is the number of entries and their parameters.
  private mutating func entries(_ stack: [Entry]) {
    byte(UInt8(ascii: "["))
    for (position, entry) in stack.enumerated() {
      if position > 0 { byte(UInt8(ascii: ",")) }
      self.entry(entry)
    }
    byte(UInt8(ascii: "]"))
  }

  /// A route with layers: `{"steps":[{"command":1,…,"action":"present",…},
  /// {"action":"dismiss"}],"stack":[…],"layers":[[…],[…]]}`, the base `"tab"` and
  /// `"stacks"` across tabs, and `"layers"` only when a layer is open after the route.
  ///
  /// - Complexity: O(*s* + *n* + *t* log *t*), where *s* is the number of steps, *n* the
  ///   number of entries and *t* the number of tabs.
  mutating func layeredRoute(_ route: LayeredRoute) {
    raw(#"{"steps":["#)
    for (index, step) in route.route.steps.enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      switch step {
      case .command(let inner): self.step(inner)
      case .dismiss: raw(#"{"action":"dismiss"}"#)
      case .select(let tab):
        raw(#"{"action":"select","tab":"#)
        string(tab)
        byte(UInt8(ascii: "}"))
      }
    }
    raw("],")
    if let tabs = route.tabs {
      tabMembers(tabs)
    } else {
      raw(#""stack":"#)
      entries(route.route.state.stack)
    }
    let layers = route.route.state.layers
    if !layers.isEmpty {
      raw(#","layers":["#)
      for (index, layer) in layers.enumerated() {
        if index > 0 { byte(UInt8(ascii: ",")) }
        entries(layer)
      }
      byte(UInt8(ascii: "]"))
    }
    if let detour = route.route.detour { self.detour(detour) }
    byte(UInt8(ascii: "}"))
  }

  /// `,"detour":{"guard":…,"remedy":…,"pending":{"to":…,"via":[…],"parameters":{…}}}`.
  ///
  /// - Complexity: O(*b* + *k* log *k*) for *b* breadcrumbs and *k* parameters.
  private mutating func detour(_ detour: Detour) {
    raw(#","detour":{"guard":"#)
    string(detour.guardName ?? "guard")
    raw(#","remedy":"#)
    string(detour.remedy.rawValue)
    raw(#","pending":{"to":"#)
    string(detour.pending.destination.rawValue)
    raw(#","via":["#)
    for (index, breadcrumb) in detour.pending.breadcrumbs.enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      string(breadcrumb.rawValue)
    }
    raw(#"],"parameters":{"#)
    parameters(detour.pending.parameters)
    raw("}}}")
  }

  /// An entry's parameters as members, keys sorted, values as text.
  ///
  /// - Complexity: O(*k* log *k*), where *k* is their number.
  mutating func parameters(_ parameters: Parameters) {
    if parameters.count == 1, let (key, value) = parameters.first {
      string(key)
      byte(UInt8(ascii: ":"))
      string(value.description)
    } else if !parameters.isEmpty {
      for (index, member) in parameters.sorted(by: { $0.key < $1.key }).enumerated() {
        if index > 0 { byte(UInt8(ascii: ",")) }
        string(member.key)
        byte(UInt8(ascii: ":"))
        string(member.value.description)
      }
    }
  }

  /// A failure: `{"error":{"kind":…,"line":…,…,"message":…}}`, the line when it is a
  /// batch's.
  ///
  /// - Complexity: O(*n*), where *n* is the length of what is written.
  mutating func failure(_ failure: RequestFailure, line: Int?) {
    raw(#"{"error":{"kind":"#)
    string(failure.kind.rawValue)
    if let line {
      raw(#","line":"#)
      number(line)
    }
    for member in failure.details.members {
      raw(",")
      string(member.key)
      raw(":")
      value(member.value)
    }
    raw(#","message":"#)
    string(failure.message)
    raw("}}")
  }
}
