/// The commands a request may leave out, by position in the graph's rows by origin
/// (``RouteGraph/commandsFrom``) and in its predecessor rows (``RouteGraph/predecessors``):
/// per tab that leaves out some command, a bit set at each position of one it leaves
/// out; and a bit set at each position of a guarded command.
///
/// The breadth-first search tests these bits rather than the command in the request's
/// ``CommandSet``: a row's bits are a word or two beside each other, read ahead with the
/// row (``RowFilter``), where the set is indexed by command, one word anywhere in 128 KiB
/// for a million commands, behind a read of the command itself. Testing the set at every
/// command a search looked at missed the nearest caches twice: on a random table of
/// 100,000 screens and 1,000,000 commands, one command in ten limited to a tab, it made a
/// tab's search twice as slow as the same search leaving nothing out (`Docs/Performance.md`,
/// "Tabs"). Only a guarded command's position still leads to the set, and only for a
/// request some guard said no to.
struct LimitedPositions: Sendable {
  /// Bits by position, 64 positions a word, in both kinds of rows; empty when no
  /// position has one.
  struct Bits: Sendable {
    /// In the rows by origin.
    var forward: [UInt64] = []
    /// In the predecessor rows.
    var backward: [UInt64] = []
  }

  /// The positions of guarded commands.
  let guarded: Bits
  /// Per tab, the positions of the commands it leaves out.
  let tabs: [Bits]
  /// Per tab, the commands it leaves out, marked (an empty set when none): the filter
  /// of a leg inside the tab when no guard said no
  /// (``Planner/legFilter(refusing:inTab:marking:)``), made once with the table.
  let tabCommands: [CommandSet]

  /// The positions of `graph`'s guarded commands and, per tab, of the commands it
  /// leaves out (`excluded`, in tab order).
  ///
  /// - Complexity: O(*c* + *p*) for the guards and for each tab that leaves out some
  ///   command, where *c* is the number of commands and *p* the number of positions in
  ///   the rows.
  init(graph: RouteGraph, excluded: [[Int32]]) {
    guarded = Self.bits(of: Self.set(of: graph.guardedCommands, graph), graph)
    let sets = excluded.map { Self.set(of: $0, graph) }
    tabs = sets.map { Self.bits(of: $0, graph) }
    tabCommands = sets
  }

  /// `commands` marked in a set of `graph`'s commands; an empty set of none when there
  /// are none.
  private static func set(of commands: [Int32], _ graph: RouteGraph) -> CommandSet {
    var set = CommandSet(count: commands.isEmpty ? 0 : graph.commandCount)
    for command in commands { set.insert(Int(command)) }
    return set
  }

  /// The positions of the commands of `set` in `graph`'s rows.
  private static func bits(of set: CommandSet, _ graph: RouteGraph) -> Bits {
    guard !set.isEmpty else { return Bits() }
    func bits(_ rows: [Int32]) -> [UInt64] {
      var words = [UInt64](repeating: 0, count: (rows.count + 63) / 64)
      for (position, command) in rows.enumerated() where set.contains(Int(command)) {
        words[position >> 6] |= UInt64(1) << UInt64(position & 63)
      }
      return words
    }
    return Bits(forward: bits(graph.commandsFrom.items), backward: bits(graph.predecessorCommands))
  }
}

/// What a breadth-first expansion leaves out of one kind of rows: the positions the
/// current tab leaves out, and those of guarded commands when some guard said no to the
/// request (each empty when there are none).
struct RowFilter {
  let tab: [UInt64]
  let guarded: [UInt64]

  /// Whether the command at `position` of the rows (`commands`) takes part in the
  /// request: not when the tab leaves it out; for a guarded one, as `disabled` says.
  @inline(__always)
  func allows(
    _ position: Int, _ commands: Span<Int32>, _ disabled: borrowing CommandSet
  ) -> Bool {
    let word = position >> 6
    let bit = UInt64(1) << UInt64(position & 63)
    if word < tab.count && tab[word] & bit != 0 { return false }
    guard word < guarded.count && guarded[word] & bit != 0 else { return true }
    return !disabled.contains(Int(commands[position]))
  }

  /// A sum of the words that hold the bits of the row starting at `start`, read so that
  /// they are in the caches when the row is expanded.
  @inline(__always)
  func touch(_ start: Int) -> UInt64 {
    let word = start >> 6
    return (word < tab.count ? tab[word] : 0) &+ (word < guarded.count ? guarded[word] : 0)
  }
}
