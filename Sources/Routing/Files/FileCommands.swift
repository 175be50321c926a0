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

  init(_ builder: FileCommandBuilder) {
    names = builder.names.names
    destinations = builder.destinations
    originStarts = builder.originStarts
    origins = builder.origins
    costs = builder.costs ?? []
    ids = builder.ids ?? []
  }

  /// The number of commands.
  var count: Int { destinations.count }

  /// The commands, as the table takes them.
  ///
  /// - Complexity: O(*E*), where *E* is the number of commands.
  var declarations: [any NavigationCommand] {
    (0..<count).map { FileCommand(list: self, number: $0) }
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
struct FileCommandBuilder {
  var names = NameInterner()
  var destinations: [Int32] = []
  var originStarts: [Int32] = [0]
  var origins: [Int32] = []
  /// Each command's cost, from the first command that costs more than 1.
  var costs: [Int]? = nil
  /// Each command's id, from the first command that has one.
  var ids: [String?]? = nil

  var count: Int { destinations.count }

  /// Ends a command whose origins are already appended.
  mutating func append(destination: Int32, id: String?, cost: Int) {
    let number = destinations.count
    destinations.append(destination)
    originStarts.append(Int32(origins.count))
    if cost != 1 && costs == nil { costs = Array(repeating: 1, count: number) }
    costs?.append(cost)
    if id != nil && ids == nil { ids = Array(repeating: nil, count: number) }
    ids?.append(id)
  }

  /// Forgets the origins appended since the last command ended.
  mutating func dropPendingOrigins() {
    origins.removeSubrange(Int(originStarts[originStarts.count - 1])...)
  }
}

/// Screen names by their UTF-8 bytes, each made into a ``ScreenName`` once: an
/// open-addressing hash table over the bytes, so that looking a name up allocates
/// nothing. Names compare byte by byte, as ``ScreenName`` does.
struct NameInterner {
  private(set) var names: [ScreenName] = []
  /// The names' bytes, end to end; name `i` is `bytes[starts[i]..<starts[i + 1]]`.
  private var bytes: [UInt8] = []
  private var starts: [Int] = [0]
  private var hashes: [UInt64] = []
  /// Positions in `names` plus one, 0 for an empty slot; a power of two long.
  private var slots: [Int32] = Array(repeating: 0, count: 1024)

  /// The number of `name`, adding it when it is new.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the length of the name.
  mutating func intern(_ name: UnsafeBufferPointer<UInt8>) -> Int32 {
    let hash = Self.hash(name)
    var mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { break }
      let number = entry - 1
      if hashes[number] == hash && matches(number, name) { return Int32(number) }
      slot = (slot + 1) & mask
    }
    let number = names.count
    names.append(ScreenName(String(decoding: name, as: UTF8.self)))
    bytes.append(contentsOf: name)
    starts.append(bytes.count)
    hashes.append(hash)
    if names.count * 2 > slots.count {
      slots = Array(repeating: 0, count: slots.count * 2)
      mask = slots.count - 1
      for (index, hash) in hashes.enumerated() {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index + 1)
      }
    } else {
      slots[slot] = Int32(number + 1)
    }
    return Int32(number)
  }

  private func matches(_ number: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = starts[number]
    guard starts[number + 1] - start == name.count else { return false }
    return bytes.withUnsafeBufferPointer {
      UnsafeBufferPointer(rebasing: $0[start..<start + name.count]).elementsEqual(name)
    }
  }

  /// FNV-1a, then mixed so that the low bits, which pick the slot, depend on every byte.
  private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    hash ^= hash >> 29
    hash = hash &* 0xBF58_476D_1CE4_E5B9
    return hash ^ (hash >> 32)
  }
}
