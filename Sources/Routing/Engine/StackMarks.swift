/// What a stack means to a leg that starts from it (<doc:HowRoutesArePlanned>, "One
/// step"): the screens its entries match under the request's parameters, and the stack
/// index a command to each pops back to.
///
/// The one statement of the pop rule (``mark(_:matches:)``) and of a leg's first steps
/// (``RouteGraph/listFirstSteps(_:implicitAnywhere:into:pops:merged:filter:)``): the
/// planner keeps one in its search buffers, re-marked at every leg, and the tree of legs
/// from one stack makes one.
package struct StackMarks: Sendable {
  /// Per screen: the index of the topmost matching entry below the top, which a command
  /// to the screen pops back to; -1 when the top matches it (a command to it does not
  /// apply); unset when no entry matches it.
  private var held = StampedArray<Int32>(filler: 0)
  /// The screens ``held`` marks, and whether they are few enough (at most four) that
  /// ``isHeld(_:)`` looks through this list instead of jumping into ``held``: in the
  /// search's inner loops that jump would leave the processor's caches on large tables.
  package private(set) var heldList: [Int32] = []
  private var fewHeld = true
  /// The screens held below the top, in stack order: those a command pops back to.
  package private(set) var poppable: [Int32] = []
  /// The top's screen number, or -1 when the table does not know it.
  package private(set) var top: Int32 = -1

  /// No marks, for a table of `screenCount` screens.
  init(screenCount: Int = 0) {
    held.resize(to: screenCount)
  }

  /// The marks of `stack` in `table` under `parameters`.
  ///
  /// - Complexity: O(*V* + *n* · *p*), where *V* is the number of screens, *n* the depth
  ///   of the stack and *p* the most parameters a screen declares.
  package init(_ stack: [Entry], in table: RouteTable, parameters: Parameters = [:]) {
    self.init(screenCount: table.screens.count)
    let screens = stack.map { table.screenIndex[$0.screen] ?? -1 }
    mark(screens) { position, screen in
      table.planner.entry(stack[position], matchesParametersOf: screen, under: parameters)
    }
  }

  /// Makes the marks hold `screenCount` screens, none marked.
  mutating func resize(to screenCount: Int) {
    if held.count != screenCount { held.resize(to: screenCount) }
  }

  /// Marks the stack whose entries' screen numbers are `screens` (bottom first, -1 for a
  /// screen the table does not know), replacing the marks before: the pop rule for a
  /// whole stack at once. `matches(position, screen)` says whether the entry at
  /// `position`, of screen `screen`, holds the request's values of the keys the screen
  /// declares.
  ///
  /// A leg never pushes a held screen: a command to it pops, or does not apply.
  ///
  /// - Complexity: O(*n*) calls of `matches`, where *n* is the depth of the stack.
  mutating func mark(_ screens: [Int32], matches: (Int, Int32) -> Bool) {
    held.clear()
    heldList.removeAll(keepingCapacity: true)
    poppable.removeAll(keepingCapacity: true)
    top = -1
    let last = screens.count - 1
    for (position, screen) in screens.enumerated() {
      guard screen >= 0 else { continue }
      if position == last { top = screen }
      guard matches(position, screen) else { continue }
      let slot = Int(screen)
      let known = held.contains(slot)
      if !known { heldList.append(screen) }
      if position < last {
        if !known { poppable.append(screen) }
        held[slot] = Int32(position)
      } else {
        held[slot] = -1
      }
    }
    fewHeld = heldList.count <= 4
  }

  /// Sets the generation of the marks' array, for tests that exercise the wrap-around.
  mutating func setGeneration(_ value: UInt32) { held.setGeneration(value) }

  /// Whether an entry of the stack matches `screen`.
  @inline(__always)
  package func isHeld(_ screen: Int32) -> Bool {
    guard fewHeld else { return held.contains(Int(screen)) }
    for candidate in heldList where candidate == screen { return true }
    return false
  }

  /// The stack index a command to `screen` pops back to: -1 when the top matches it,
  /// `nil` when no entry does.
  @inline(__always)
  package func popTo(_ screen: Int32) -> Int32? { held[Int(screen)] }
}

extension RouteGraph {
  /// Lists a leg's possible first steps from a stack marked `marks` in `candidates`, by
  /// command number: the pops back to entries below the top and the pushes from the
  /// top, by its own commands and, unless `implicitAnywhere`, those from anywhere; only
  /// commands `filter` allows. `pops` and `merged` are buffers it uses.
  ///
  /// A pop back to a screen is listed with the one command that
  /// ``popCommand(to:where:)`` chooses among the enabled ones (the cheapest, then the
  /// lowest-numbered): nothing else reaches a held screen, so no search could prefer
  /// another, and the table analysis asks the same function.
  ///
  /// - Complexity: O(*k* + *a* + *p* · log *p*), where *k* is the number of commands from
  ///   the top, *a* of commands from anywhere and *p* of screens held below the top.
  @inline(__always)
  func listFirstSteps(
    _ marks: borrowing StackMarks, implicitAnywhere: Bool, into candidates: inout [LegStep],
    pops: inout [LegStep], merged: inout [LegStep], filter: LegFilter
  ) {
    candidates.removeAll(keepingCapacity: true)
    pops.removeAll(keepingCapacity: true)
    for screen in marks.poppable {
      guard let popTo = marks.popTo(screen), popTo >= 0,
        let command = popCommand(to: screen, where: { filter.allows($0) })
      else { continue }
      pops.append(LegStep(command: command, screen: screen, popTo: popTo))
    }
    // The top's own commands and those from anywhere, merged in command order.
    let own = marks.top >= 0 ? commandsFrom.range(Int(marks.top)) : 0..<0
    var next = own.lowerBound
    var anywhere = 0
    let anywhereEnd = implicitAnywhere ? 0 : fromAnywhere.count
    while next < own.upperBound || anywhere < anywhereEnd {
      let command: Int32
      if anywhere >= anywhereEnd
        || (next < own.upperBound && commandsFrom.items[next] < fromAnywhere[anywhere])
      {
        command = commandsFrom.items[next]
        next += 1
      } else {
        command = fromAnywhere[anywhere]
        anywhere += 1
      }
      let target = destination[Int(command)]
      guard filter.allows(command), !marks.isHeld(target) else { continue }
      candidates.append(LegStep(command: command, screen: target, popTo: -1))
    }
    guard !pops.isEmpty else { return }
    // Merge in the pops, few unless the stack is deep.
    pops.sort { $0.command < $1.command }
    swap(&candidates, &merged)
    candidates.removeAll(keepingCapacity: true)
    var pop = 0
    var push = 0
    while pop < pops.count || push < merged.count {
      if push >= merged.count || (pop < pops.count && pops[pop].command < merged[push].command) {
        candidates.append(pops[pop])
        pop += 1
      } else {
        candidates.append(merged[push])
        push += 1
      }
    }
  }
}

extension RouteGraph {
  /// Whether a leg of at most `steps` steps (1 or 2) from the stack whose screen numbers
  /// are `screens` (bottom first, -1 for a screen the table does not know) may reach
  /// `milestone`, by the first-step rule of
  /// ``listFirstSteps(_:implicitAnywhere:into:pops:merged:filter:)``: a first step pops
  /// back to a screen below the top or pushes a command's destination from the top or
  /// from anywhere; every later step pushes by a command from the screen on top. So a
  /// leg of one step needs the milestone among the screens a first step may reach, and
  /// one of two steps needs one of the milestone's predecessors there.
  ///
  /// A different question from a leg's, on purpose: a bound that needs no marks and no
  /// filter (it ignores parameters and which commands are left out), so that planning
  /// across tabs can skip a tab's search when only a leg of one or two steps could win
  /// and none can exist. It never says no where the search would find such a leg
  /// (`EngineClientTests` checks it against ``RouteTree``); a search would cost what it
  /// saves.
  ///
  /// - Complexity: O(*p* · (*n* + *k*)), where *p* is the number of the milestone's
  ///   predecessors, *n* the depth of the stack and *k* the number of commands from the
  ///   top.
  func mayReach(_ milestone: Int32, within steps: Int32, from screens: [Int32]) -> Bool {
    let below = screens[..<(screens.count - 1)]
    let top = screens[screens.count - 1]
    let afterTop = targetsFrom[top >= 0 ? commandsFrom.range(Int(top)) : 0..<0]
    func isFirstStep(_ screen: Int32) -> Bool {
      firstFromAnywhere[Int(screen)] >= 0 || below.contains(screen) || afterTop.contains(screen)
    }
    if isFirstStep(milestone) { return true }
    guard steps >= 2 else { return false }
    for position in predecessors.range(Int(milestone))
    where isFirstStep(predecessors.items[position]) {
      return true
    }
    return false
  }
}
