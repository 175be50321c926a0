import RoutingJSON
import RoutingStorage

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
  /// The commands that present their destination (`"present": true`), ascending.
  let presenting: [Int32]

  init(_ builder: FileCommandBuilder) {
    names = builder.names.names
    destinations = builder.destinations
    originStarts = builder.originStarts
    origins = builder.origins
    costs = builder.costs ?? []
    ids = builder.ids ?? []
    guards = builder.guards
    presenting = builder.presenting
  }

  /// The number of commands.
  var count: Int { destinations.count }

  /// Reads the commands into a table being compiled, in order, checking each as
  /// ``RouteRegistry/compile()`` checks a registered command. Each distinct name is
  /// looked up in `names` once, at its first use, so a problem with it is reported at
  /// the same place.
  ///
  /// A command's guard is the one `guards` gives for its name; when `guards` is `nil`,
  /// one that refuses every request (its code is not in the file). Its remedy is the one
  /// `remedies` gives for its name, or else its own.
  ///
  /// - Complexity: O(*E* + *O* + *N*), where *E* is the number of commands, *O* the
  ///   number of origins and *N* the number of distinct names.
  func read(
    into columns: inout CommandColumns, naming names: inout ScreenNames,
    guards given: [String: RouteGuard]?, remedies: [String: ScreenName] = [:]
  ) throws(TableError) {
    // The table's number of each of this list's names, or -1 before its first use.
    var screens = [Int32](repeating: -1, count: self.names.count)
    var nextGuard = 0
    var nextPresenting = 0
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
        let name = guards[nextGuard].name
        condition = try RouteGuard.named(
          name, in: given, remedy: remedies[name], command: number)
        nextGuard += 1
      }
      let presents =
        nextPresenting < presenting.count && presenting[nextPresenting] == number
      if presents { nextPresenting += 1 }
      try columns.end(
        number, destination: destination, id: ids.isEmpty ? nil : ids[number],
        cost: costs.isEmpty ? 1 : costs[number], guard: condition, factory: nil,
        presents: presents, declaredAt: nil)
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

  /// Whether the command presents its destination.
  ///
  /// - Complexity: O(log *p*), where *p* is the number of presenting commands.
  var presents: Bool {
    let position = lowerBound(of: Int32(number), in: list.presenting)
    return position < list.presenting.count && list.presenting[position] == number
  }
}

/// The commands of a file as they are read, before they are frozen into a
/// ``FileCommandList``.
///
/// Names are numbered a batch at a time (``NameInterner/intern(_:in:into:)``): a name that
/// lies in the file's bytes waits, with the place its number goes, until a command ends
/// with a full batch. The builder then holds offsets into the bytes being read, and
/// must be ``finish(of:)``ed by the same reader.
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
  /// The commands that present their destination, by ascending number.
  var presenting: [Int32] = []
  /// Names waiting for their numbers, and where each goes: an origin's position, or
  /// `-1 - n` for command `n`'s destination.
  private var waiting: [Range<Int>] = []
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
    guard let range = reader.inputRange(of: text) else {
      // A string with escapes is in the reader's buffer, valid until its next read.
      return reader.withBytes(of: text) { names.intern($0) }
    }
    waiting.append(range)
    places.append(place)
    return -1
  }

  /// Numbers the waiting names and puts their numbers in place.
  private mutating func numberWaiting(of reader: JSONReader) {
    reader.withInput { names.intern(waiting, in: $0, into: &numbers) }
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

  /// Numbers the names still waiting, which lie in the input of `reader`.
  mutating func finish(of reader: JSONReader) {
    numberWaiting(of: reader)
  }

  /// Ends a command whose origins are already appended, `reader` the one that read it.
  mutating func append(destination: Int32, id: String?, cost: Int, of reader: JSONReader) {
    let number = destinations.count
    destinations.append(destination)
    originStarts.append(Int32(origins.count))
    if cost != 1 && costs == nil { costs = Array(repeating: 1, count: number) }
    costs?.append(cost)
    if id != nil && ids == nil { ids = Array(repeating: nil, count: number) }
    ids?.append(id)
    if waiting.count >= Self.batch { numberWaiting(of: reader) }
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
/// ``OpenAddressingTable`` over the bytes, so that looking a name up allocates nothing.
/// Names compare byte by byte (``Bytes``), as ``ScreenName`` does.
struct NameInterner {
  private(set) var names: [ScreenName] = []
  /// The names' bytes, end to end; name `i` is `bytes[starts[i]..<starts[i + 1]]`.
  private var bytes: [UInt8] = []
  private var starts: [Int] = [0]
  private var table = OpenAddressingTable(capacity: 512)
  /// A batch's hashes and first candidates, kept between batches for their storage.
  private var hashes: [UInt64] = []
  private var candidates: [Int32] = []

  /// The numbers of `batch`'s names, in order, each added when it is new.
  ///
  /// On a large table each lookup misses the processor's caches. Interned as the file is
  /// read, one name after the parsing of the next, the misses follow one another; here
  /// the batch's first slots are read in one loop
  /// (``OpenAddressingTable/candidates(_:into:)``) before the names are interned, so
  /// that the misses overlap.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the total length of the names.
  /// - Parameters:
  ///   - batch: Where the names are in `input`.
  ///   - input: The bytes of the file being read.
  mutating func intern(_ batch: [Range<Int>], in input: Span<UInt8>, into numbers: inout [Int32]) {
    numbers.removeAll(keepingCapacity: true)
    hashes.removeAll(keepingCapacity: true)
    for name in batch { hashes.append(ByteHash.of(input.extracting(name))) }
    table.candidates(hashes, into: &candidates)
    for position in batch.indices {
      let candidate = candidates[position]
      let name = input.extracting(batch[position])
      if candidate >= 0 && matches(candidate, name) {
        numbers.append(candidate)
      } else {
        numbers.append(intern(name, hash: hashes[position]))
      }
    }
  }

  /// The number of `name`, adding it when it is new.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the length of the name.
  mutating func intern(_ name: Span<UInt8>) -> Int32 {
    intern(name, hash: ByteHash.of(name))
  }

  /// ``intern(_:)`` for a name whose hash is known.
  private mutating func intern(_ name: Span<UInt8>, hash: UInt64) -> Int32 {
    let (found, slot) = table.find(hash: hash) { matches($0, name) }
    if let found { return found }
    let number = Int32(names.count)
    names.append(ScreenName(Bytes.string(name)))
    for index in name.indices { bytes.append(name[index]) }
    starts.append(bytes.count)
    let (bytes, starts) = (bytes, starts)
    table.insert(number, hash: hash, at: slot) {
      ByteHash.of(bytes.span.extracting(starts[Int($0)]..<starts[Int($0) + 1]))
    }
    return number
  }

  /// Whether name `number` has the bytes `name`.
  private func matches(_ number: Int32, _ name: Span<UInt8>) -> Bool {
    let start = starts[Int(number)]
    let end = starts[Int(number) + 1]
    return end - start == name.count && Bytes.equal(bytes.span.extracting(start..<end), name)
  }
}
