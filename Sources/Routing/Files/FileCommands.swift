import RoutingJSON

/// The commands of a route-table file, stored end to end: screen numbers into one list
/// of names, origins in one array, ids and costs only when the file gives any.
///
/// A file's command is a ``FileCommand``, two words that point here, so that a table of
/// a million commands holds no per-command allocation before it is compiled.
final class FileCommandList: Sendable {
  /// Every screen name the commands use, each once.
  let names: [ScreenName]
  /// Each command's destination, as a position in `names`.
  let destinations: [Int32]
  /// Command `c`'s origins are `origins[originStarts[c]..<originStarts[c + 1]]`.
  let originStarts: [Int32]
  /// The origins of every command, end to end, as positions in `names`.
  let origins: [Int32]
  /// Each command's cost; empty when every command costs 1.
  let costs: [Int]
  /// Each command's id; empty when no command has one.
  let ids: [String?]
  /// The guards the commands name (`"guard": "signedIn"`), by ascending command number.
  let guards: [(number: Int, name: String)]

  init(_ builder: FileCommandBuilder) {
    names = builder.names.names
    destinations = builder.destinations
    originStarts = builder.originStarts
    origins = builder.origins
    costs = builder.costs ?? []
    ids = builder.ids ?? []
    guards = builder.guards
  }

  /// The number of commands.
  var count: Int { destinations.count }

  /// Reads the commands into a table being compiled, in order, checking each as
  /// ``RouteRegistry/compile()`` checks a registered command. Each distinct name is
  /// looked up in `names` once, at its first use, so a problem with it is reported at
  /// the same place.
  ///
  /// A command's guard is the one `guards` gives for its name; when `guards` is `nil`,
  /// one that refuses every request (its code is not in the file).
  ///
  /// - Complexity: O(*E* + *O* + *N*), where *E* is the number of commands, *O* the
  ///   number of origins and *N* the number of distinct names.
  func read(
    into columns: inout CommandColumns, naming names: inout ScreenNames,
    guards given: [String: RouteGuard]?
  ) throws(TableError) {
    // The table's number of each of this list's names, or -1 before its first use.
    var screens = [Int32](repeating: -1, count: self.names.count)
    var nextGuard = 0
    for number in 0..<count {
      let first = Int(originStarts[number])
      var repeats = false
      for position in first..<Int(originStarts[number + 1]) {
        let name = Int(origins[position])
        var screen = screens[name]
        if screen < 0 {
          screen = try names.intern(
            self.names[name], at: "commands[\(number)].from[\(position - first)]")
          screens[name] = screen
        }
        if !columns.builder.addOrigin(screen) { repeats = true }
      }
      if repeats {
        columns.details.repeatedOrigins.append(
          FileCommand(list: self, number: number).origins, for: number)
      }
      let name = Int(destinations[number])
      var destination = screens[name]
      if destination < 0 {
        destination = try names.intern(self.names[name], at: "commands[\(number)].to")
        screens[name] = destination
      }
      var condition: RouteGuard? = nil
      if nextGuard < guards.count && guards[nextGuard].number == number {
        condition = try RouteGuard.named(guards[nextGuard].name, in: given, command: number)
        nextGuard += 1
      }
      try columns.end(
        number, destination: destination, id: ids.isEmpty ? nil : ids[number],
        cost: costs.isEmpty ? 1 : costs[number], guard: condition, factory: nil, declaredAt: nil)
    }
  }
}

/// One command of a route-table file.
struct FileCommand: NavigationCommand {
  /// The file's commands.
  let list: FileCommandList
  /// This command's position among them.
  let number: Int

  /// The screens the command starts from.
  ///
  /// - Complexity: O(*k*), where *k* is the number of origins.
  var origins: [ScreenName] {
    let range = Int(list.originStarts[number])..<Int(list.originStarts[number + 1])
    return list.origins[range].map { list.names[Int($0)] }
  }

  /// The screen the command shows.
  var destination: ScreenName { list.names[Int(list.destinations[number])] }

  /// The command's identifier.
  var id: String? { list.ids.isEmpty ? nil : list.ids[number] }

  /// The command's cost.
  var cost: Int { list.costs.isEmpty ? 1 : list.costs[number] }
}

/// The commands of a file as they are read, before they are frozen into a
/// ``FileCommandList``.
///
/// Names are numbered a batch at a time (``NameInterner/intern(_:into:)``): a name that
/// lies in the file's bytes waits, with the place its number goes, until a command ends
/// with a full batch. The builder then holds pointers into the bytes being read, and
/// must be ``finish()``ed while they are valid.
struct FileCommandBuilder {
  private(set) var names = NameInterner()
  private(set) var destinations: [Int32] = []
  private(set) var originStarts: [Int32] = [0]
  private(set) var origins: [Int32] = []
  /// Each command's cost, from the first command that costs more than 1.
  private(set) var costs: [Int]? = nil
  /// Each command's id, from the first command that has one.
  private(set) var ids: [String?]? = nil
  /// The guards commands name, by command number.
  var guards: [(number: Int, name: String)] = []
  /// Names waiting for their numbers, and where each goes: an origin's position, or
  /// `-1 - n` for command `n`'s destination.
  private var waiting: [UnsafeBufferPointer<UInt8>] = []
  private var places: [Int] = []
  private var numbers: [Int32] = []

  /// The names a batch numbers at least, unless it is the last.
  private static let batch = 64

  var count: Int { destinations.count }

  /// Appends an origin of the command being read: the string `text` that `reader` has
  /// just read.
  mutating func appendOrigin(_ text: JSONText, of reader: JSONReader) {
    origins.append(number(text, of: reader, place: origins.count))
  }

  /// The number of the destination of the command being read, the string `text` that
  /// `reader` has just read; -1 while it waits for its batch.
  mutating func destination(_ text: JSONText, of reader: JSONReader) -> Int32 {
    number(text, of: reader, place: -1 - destinations.count)
  }

  /// A name's number, or -1 when it waits to be numbered with its batch.
  private mutating func number(_ text: JSONText, of reader: JSONReader, place: Int) -> Int32 {
    guard let bytes = reader.inputBytes(of: text) else {
      // A string with escapes is in the reader's buffer, valid until its next read.
      return reader.withBytes(of: text) { names.intern($0) }
    }
    waiting.append(bytes)
    places.append(place)
    return -1
  }

  /// Numbers the waiting names and puts their numbers in place.
  private mutating func numberWaiting() {
    names.intern(waiting, into: &numbers)
    for (position, place) in places.enumerated() {
      if place >= 0 {
        origins[place] = numbers[position]
      } else {
        destinations[-1 - place] = numbers[position]
      }
    }
    waiting.removeAll(keepingCapacity: true)
    places.removeAll(keepingCapacity: true)
  }

  /// Numbers the names still waiting; call it before the bytes read go.
  mutating func finish() {
    numberWaiting()
  }

  /// Ends a command whose origins are already appended.
  mutating func append(destination: Int32, id: String?, cost: Int) {
    let number = destinations.count
    destinations.append(destination)
    originStarts.append(Int32(origins.count))
    if cost != 1 && costs == nil { costs = Array(repeating: 1, count: number) }
    costs?.append(cost)
    if id != nil && ids == nil { ids = Array(repeating: nil, count: number) }
    ids?.append(id)
    if waiting.count >= Self.batch { numberWaiting() }
  }

  /// Forgets the command being read: its origins and the names it left waiting.
  mutating func dropPendingOrigins() {
    let first = Int(originStarts[originStarts.count - 1])
    origins.removeSubrange(first...)
    while let place = places.last, place >= first || place == -1 - destinations.count {
      waiting.removeLast()
      places.removeLast()
    }
  }
}

/// Screen names by their UTF-8 bytes, each made into a ``ScreenName`` once: an
/// open-addressing hash table over the bytes, so that looking a name up allocates
/// nothing. Names compare byte by byte, as ``ScreenName`` does.
///
/// A slot holds a name's first eight bytes and, beside its number, its length and part
/// of its hash, so that a name of up to eight bytes is found by reading its slot alone.
struct NameInterner {
  /// One slot of the hash table.
  private struct Slot {
    /// The name's first eight bytes, zero-padded.
    var head: UInt64 = 0
    /// The hash's top 24 bits, the length (24 bits) and the name's number plus one (0
    /// for an empty slot).
    var meta: UInt64 = 0
  }

  private(set) var names: [ScreenName] = []
  /// The names' bytes, end to end; name `i` is `bytes[starts[i]..<starts[i + 1]]`.
  private var bytes: [UInt8] = []
  private var starts: [Int] = [0]
  private var slots = [Slot](repeating: Slot(), count: 1024)

  /// Reads the slot each name's hash points to, the first slot its lookup reads.
  /// Unused except to make the reads; see ``intern(_:into:)``.
  private var touched: UInt64 = 0

  /// The numbers of `batch`'s names, in order, each added when it is new.
  ///
  /// On a large table each lookup misses the processor's caches. Interned as the file is
  /// read, one name after the parsing of the next, the misses follow one another; here
  /// the batch's first slots are read in one tight loop before the names are interned,
  /// so that the misses overlap (measured: loading 1,000,000 commands to 100,000
  /// screens took 0.70–0.98 s of processor time on a loaded machine, 0.53–0.59 s with
  /// batches).
  ///
  /// - Complexity: O(*k*) on average, where *k* is the total length of the names.
  mutating func intern(_ batch: [UnsafeBufferPointer<UInt8>], into numbers: inout [Int32]) {
    numbers.removeAll(keepingCapacity: true)
    var hashes: [UInt64] = []
    hashes.reserveCapacity(batch.count)
    let mask = slots.count - 1
    for name in batch { hashes.append(NameHash.hash(name, head: NameHash.word(name, at: 0))) }
    // A loop of loads alone, so that many are under way at once.
    var touched = self.touched
    slots.withUnsafeBufferPointer { slots in
      for hash in hashes { touched ^= slots[Int(truncatingIfNeeded: hash) & mask].meta }
    }
    self.touched = touched
    for (name, hash) in zip(batch, hashes) {
      numbers.append(intern(name, head: NameHash.word(name, at: 0), hash: hash))
    }
  }

  /// The number of `name`, adding it when it is new.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the length of the name.
  mutating func intern(_ name: UnsafeBufferPointer<UInt8>) -> Int32 {
    let head = NameHash.word(name, at: 0)
    return intern(name, head: head, hash: NameHash.hash(name, head: head))
  }

  /// ``intern(_:)`` for a name whose first word and hash are known.
  private mutating func intern(_ name: UnsafeBufferPointer<UInt8>, head: UInt64, hash: UInt64)
    -> Int32
  {
    let length = UInt64(min(name.count, 0xFF_FFFF))
    let key = (hash & 0xFFFF_FF00_0000_0000) | (length << 32)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry.meta == 0 { break }
      if entry.meta & 0xFFFF_FFFF_0000_0000 == key && entry.head == head {
        let number = Int(entry.meta & 0xFFFF_FFFF) - 1
        if name.count <= 8 || matches(number, name) { return Int32(number) }
      }
      slot = (slot + 1) & mask
    }
    let number = names.count
    names.append(ScreenName(String(decoding: name, as: UTF8.self)))
    bytes.append(contentsOf: name)
    starts.append(bytes.count)
    slots[slot] = Slot(head: head, meta: key | UInt64(number + 1))
    if names.count * 2 > slots.count { grow() }
    return Int32(number)
  }

  /// Doubles the table, placing every name again.
  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(), count: old.count * 2)
    let mask = slots.count - 1
    for entry in old where entry.meta != 0 {
      let number = Int(entry.meta & 0xFFFF_FFFF) - 1
      let hash = bytes.withUnsafeBufferPointer {
        NameHash.hash(
          UnsafeBufferPointer(rebasing: $0[starts[number]..<starts[number + 1]]), head: entry.head)
      }
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot].meta != 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }

  private func matches(_ number: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = starts[number]
    guard starts[number + 1] - start == name.count else { return false }
    return bytes.withUnsafeBufferPointer {
      sameBytes(UnsafeBufferPointer(rebasing: $0[start..<start + name.count]), name)
    }
  }
}
