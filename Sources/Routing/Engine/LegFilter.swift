/// What a leg leaves out, as one value made for a search: the commands whose guard said
/// no to the request and, inside a tab, those the tab leaves out
/// (<doc:PlanningAcrossTabs>). Every search of the engine reads its exclusions from this
/// value and from nothing else: the planner's legs, the tree of legs from one stack
/// (``RouteTree``), and through them tabs, explanations, diff, reach and cover.
///
/// One builder makes it, ``Planner/legFilter(refusing:inTab:marking:)``; outside the
/// planner, ``RouteTable/legFilter(refusing:inTab:)`` hands it storage of its own.
package struct LegFilter: Sendable {
  /// The commands left out, marked; read only when ``anyDisabled``.
  let disabled: CommandSet
  /// Whether any command is left out.
  let anyDisabled: Bool
  /// The tab whose left-out commands the breadth-first search's inner loops skip by
  /// their positions in the graph's rows (``LimitedPositions``), or -1.
  let tab: Int
  /// Whether some guard said no: the inner loops then test the positions of guarded
  /// commands too.
  let guardSaidNo: Bool

  /// Leaves nothing out.
  package static let none = LegFilter(
    disabled: CommandSet(), anyDisabled: false, tab: -1, guardSaidNo: false)

  /// Whether command `command` takes part.
  @inline(__always)
  package func allows(_ command: Int32) -> Bool {
    !anyDisabled || !disabled.contains(Int(command))
  }
}

extension Planner {
  /// What a leg leaves out when the guards of the commands `refused` said no, inside tab
  /// `tab` (`nil` on a table without tabs, or to leave no tab's commands out): the one
  /// builder of a ``LegFilter``.
  ///
  /// When no guard said no, a tab's filter is its set made once, when the table was
  /// compiled (``LimitedPositions/tabCommands``), and nothing is marked; otherwise the
  /// refused commands and the tab's are marked in `storage`, which the filter then
  /// shares: a caller that keeps storage between searches (the planner's pooled
  /// buffers) marks it again only once the filter is gone.
  ///
  /// - Complexity: O(1) when no guard said no; otherwise O(*r* + *t*) for *r* refused
  ///   commands and *t* commands the tab leaves out, plus O(*C*) the first time
  ///   `storage` is sized for the table's *C* commands.
  ///
  /// Inlined: every cold plan makes a filter, and returned from a call even the empty
  /// one is copied (its arrays retained), where inlined the caller takes it as it is.
  @inline(__always)
  func legFilter(
    refusing refused: [Int32], inTab tab: Int?, marking storage: inout CommandSet
  ) -> LegFilter {
    guard !refused.isEmpty else {
      guard let tab, !limitedPositions.tabCommands[tab].isEmpty else { return .none }
      return LegFilter(
        disabled: limitedPositions.tabCommands[tab], anyDisabled: true, tab: tab,
        guardSaidNo: false)
    }
    storage.resize(to: graph.commandCount)
    for command in refused { storage.insert(Int(command)) }
    if let tab { storage.formUnion(limitedPositions.tabCommands[tab]) }
    return LegFilter(disabled: storage, anyDisabled: true, tab: tab ?? -1, guardSaidNo: true)
  }

  /// The commands whose guard says no to `request` from `stack`, each guard asked once,
  /// in command order; empty (and not allocated) on a table without guards.
  ///
  /// - Complexity: O(*g*) guard calls, where *g* is the number of guarded commands.
  func refusedCommands(_ request: Request, from stack: [Entry]) -> [Int32] {
    guard !graph.guardedCommands.isEmpty else { return [] }
    let context = GuardContext(request: request, stack: stack)
    var refused: [Int32] = []
    for (position, command) in graph.guardedCommands.enumerated()
    where !graph.guards[position].allows(context) {
      refused.append(command)
    }
    return refused
  }
}

extension RouteTable {
  /// What a leg leaves out when the guards of the commands `refused` said no, inside
  /// tab `tab` (a tab's number in table order; `nil` for none): the planner's filter
  /// (``Planner/legFilter(refusing:inTab:marking:)``), with storage of its own.
  ///
  /// - Complexity: As the planner's, plus O(*C*) when some guard said no, where *C* is
  ///   the number of commands.
  package func legFilter(refusing refused: [Int32] = [], inTab tab: Int? = nil) -> LegFilter {
    var storage = CommandSet()
    return planner.legFilter(refusing: refused, inTab: tab, marking: &storage)
  }

  /// The commands whose guard says no to `request` from `stack`, in command order: the
  /// planner's question to the guards (``Planner/refusedCommands(_:from:)``).
  ///
  /// - Complexity: O(*g*) guard calls, where *g* is the number of guarded commands.
  package func refusedCommands(_ request: Request, from stack: [Entry]) -> [Int32] {
    planner.refusedCommands(request, from: stack)
  }
}
