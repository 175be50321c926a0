/// A set of command numbers below a fixed count, one bit each, that remembers its members
/// so that clearing costs only as much as they are many.
///
/// The planner marks the commands a request may not use (a guard said no, or the tab
/// leaves them out) and tests one at every command a search looks at. A bit each keeps
/// the whole set within the processor's caches on a table of a million commands (128
/// KiB), where a stamped slot of eight bytes each (8 MiB) would leave them on every test
/// (`Docs/Performance.md`, "Tabs").
struct CommandSet: Sendable {
  /// The bits, 64 commands a word.
  private var words: [UInt64] = []
  /// The members, in the order they were inserted, each once.
  private var members: [Int32] = []
  /// The number of commands the set can hold: its members are below it.
  private(set) var count = 0

  /// An empty set of commands below `count`.
  init(count: Int = 0) {
    resize(to: count)
  }

  /// Whether the set has no member.
  var isEmpty: Bool { members.isEmpty }

  /// Makes the set empty and able to hold commands below `count`.
  ///
  /// - Complexity: O(`count`) when it changes, else as ``clear()``.
  mutating func resize(to count: Int) {
    guard count != self.count else { return clear() }
    words = Array(repeating: 0, count: (count + 63) / 64)
    members.removeAll(keepingCapacity: true)
    self.count = count
  }

  /// Removes every member.
  ///
  /// - Complexity: O(*k*), where *k* is the number of members.
  mutating func clear() {
    for member in members { words[Int(member) >> 6] = 0 }
    members.removeAll(keepingCapacity: true)
  }

  /// Adds `command`, below ``count``.
  @inline(__always)
  mutating func insert(_ command: Int) {
    let bit = UInt64(1) << UInt64(command & 63)
    guard words[command >> 6] & bit == 0 else { return }
    words[command >> 6] |= bit
    members.append(Int32(command))
  }

  /// Adds every member of `other`, a set of commands below ``count``.
  ///
  /// - Complexity: O(*k*), where *k* is the number of members of `other`.
  mutating func formUnion(_ other: CommandSet) {
    for member in other.members { insert(Int(member)) }
  }

  /// Whether `command`, below ``count``, is a member.
  @inline(__always)
  func contains(_ command: Int) -> Bool {
    words[command >> 6] & (UInt64(1) << UInt64(command & 63)) != 0
  }
}
