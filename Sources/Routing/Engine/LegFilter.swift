/// What a leg leaves out, as one value that the caller of a leg search makes for that
/// search: the commands whose guard said no to the request and, planning across tabs,
/// those the tab searched leaves out (<doc:PlanningAcrossTabs>). Every search of the
/// engine reads its exclusions from this value and from nothing else.
struct LegFilter: Sendable {
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
  static let none = LegFilter(
    disabled: CommandSet(), anyDisabled: false, tab: -1, guardSaidNo: false)

  /// Whether command `command` takes part.
  @inline(__always)
  func allows(_ command: Int32) -> Bool {
    !anyDisabled || !disabled.contains(Int(command))
  }
}
