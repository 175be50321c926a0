extension Planner {
  /// The shortest leg when every command costs 1, by a bidirectional breadth-first
  /// search; leaves its steps in `buffers.leg` and returns whether there is one.
  /// It looks for legs of at most `bound` steps: it answers no leg once every leg it
  /// could still find is longer (`Int32.max`: no bound). What it leaves out is
  /// `filter`'s.
  ///
  /// The forward search starts from the first steps (level 1) and pushes only screens
  /// that no entry of the stack matches; the backward search starts from the milestone
  /// and follows commands against their direction. Each expands the smaller frontier by
  /// a whole level, so when the two meet, the leg's length *d* is known and every screen
  /// where they meet lies at the same forward level *a*. The route is then read by the
  /// tie rule: screens of the forward levels that lie on a shortest leg are marked, back
  /// from the meeting screens, by giving them their distance to the milestone; the walk
  /// takes the lowest-numbered first step to a marked screen, then at each step the
  /// lowest-numbered command to a screen one step nearer the milestone.
  ///
  /// Commands from anywhere appear only among the first steps: their destinations are
  /// pushed from the top, so no later step reaches them sooner. When
  /// `buffers.search.implicitAnywhere`, those first steps are not listed: a screen is on
  /// level 1 when ``RouteGraph/firstFromAnywhere`` names a command to it and the stack
  /// does not hold it.
  func shortestLeg(
    to milestone: Int32, filter: LegFilter, bound: Int32, _ buffers: inout PlannerScratch
  ) -> Bool {
    var space = BreadthFirstSpace()
    swap(&space, &buffers.space)
    defer { swap(&space, &buffers.space) }
    space.begin()
    var span: Int32 = 0
    let found = space.withPointers { search in
      shortestLeg(to: milestone, filter, bound, search, span: &span, &buffers)
    }
    space.reach(span)
    return found
  }

  /// ``shortestLeg(to:filter:bound:_:)`` over the search's memory; sets `span` to the
  /// highest level or distance it wrote.
  private func shortestLeg(
    to milestone: Int32, _ filter: LegFilter, _ bound: Int32, _ search: SearchPointers,
    span: inout Int32,
    _ buffers: inout PlannerScratch
  ) -> Bool {
    buffers.entryStep.clear()
    buffers.levelStart.removeAll(keepingCapacity: true)
    buffers.levelStart.append(0)
    // The screens the stack holds are level 0: never pushed; a first-step pop makes a
    // screen level 1.
    for screen in buffers.marks.heldList { search.setForward(Int(screen), 0) }
    // Level 1: the listed first steps, the lowest-numbered to each screen.
    var count = 0
    for (index, candidate) in buffers.candidates.enumerated() {
      let screen = Int(candidate.screen)
      guard search.forward(screen) != 1 else { continue }
      search.setForward(screen, 1)
      buffers.entryStep[screen] = Int32(index)
      search.order[count] = candidate.screen
      count += 1
    }
    buffers.levelStart.append(count)
    buffers.search.work += buffers.candidates.count
    span = 1
    if forwardLevel(Int(milestone), search, buffers) == 1 {
      buffers.leg.append(firstStep(to: Int(milestone), &buffers))
      return true
    }
    // A screen the stack holds is reached by a first-step pop or not at all.
    if buffers.isHeld(Int(milestone)) { return false }
    search.setBackward(Int(milestone), 0)
    var frontier = search.frontier
    var next = search.next
    frontier[0] = milestone
    var frontierCount = 1

    var forwardDepth: Int32 = 1
    var backwardDepth: Int32 = 0
    var met = false
    while !met {
      // Unmet, every leg is longer than both depths together.
      if forwardDepth + backwardDepth >= bound { return false }
      var forwardCount =
        buffers.levelStart[Int(forwardDepth)]
        - buffers.levelStart[Int(forwardDepth) - 1]
      if forwardDepth == 1 && buffers.search.implicitAnywhere {
        forwardCount += graph.anywhereDestinations.count
      }
      if forwardCount == 0 || frontierCount == 0 { return false }
      span = forwardDepth + backwardDepth + 1
      if forwardCount <= frontierCount {
        met = expandForward(depth: forwardDepth, filter, search, &buffers)
        forwardDepth += 1
      } else {
        let reached = expandBackward(
          depth: backwardDepth, filter, search, from: frontier, frontierCount, into: next,
          &buffers)
        swap(&frontier, &next)
        frontierCount = reached.count
        met = reached.met
        backwardDepth += 1
      }
    }
    readLeg(
      forwardDepth: forwardDepth, backwardDepth: backwardDepth, filter, search,
      lastFrontier: UnsafeBufferPointer(start: frontier, count: frontierCount), &buffers)
    return true
  }

  /// The forward level of `screen`: -1 when not reached, 0 when the stack holds it and
  /// no first step reaches it.
  @inline(__always)
  private func forwardLevel(
    _ screen: Int, _ search: SearchPointers, _ buffers: borrowing PlannerScratch
  ) -> Int32 {
    let level = search.forward(screen)
    if level >= 0 { return level }
    // Not written, so the stack does not hold it.
    return buffers.search.implicitAnywhere && graph.firstFromAnywhere[screen] >= 0 ? 1 : -1
  }

  /// The lowest-numbered first step to `screen`, a screen of level 1 (`inout` only so
  /// that the buffers are not copied).
  private func firstStep(to screen: Int, _ buffers: inout PlannerScratch) -> LegStep {
    var best: LegStep?
    if let index = buffers.entryStep[screen] { best = buffers.candidates[Int(index)] }
    if buffers.search.implicitAnywhere && !buffers.isHeld(screen) {
      let command = graph.firstFromAnywhere[screen]
      if command >= 0 && (best == nil || command < best!.command) {
        best = LegStep(command: command, screen: Int32(screen), popTo: -1)
      }
    }
    return best!
  }

  /// Expands the last forward level (`depth`) by one; returns whether a new screen is
  /// one the backward search reached.
  ///
  /// The loops read the graph and the screens' words through pointers, as the backward
  /// loop does: these loops are a cold plan's work, and bounds checks and optional slots
  /// would run at every command they look at.
  private func expandForward(
    depth: Int32, _ filter: LegFilter, _ search: SearchPointers, _ buffers: inout PlannerScratch
  ) -> Bool {
    let level = buffers.levelStart[Int(depth) - 1]..<buffers.levelStart[Int(depth)]
    var count = level.upperBound
    var met = false
    var work = 0
    let stored = search.stored(depth + 1)
    let base = search.base
    let implicitAnywhere = buffers.search.implicitAnywhere
    let anyDisabled = filter.anyDisabled
    let disabled = filter.disabled
    graph.commandsFrom.starts.withUnsafeBufferPointer { starts in
      graph.targetsFrom.withUnsafeBufferPointer { targets in
        graph.commandsFrom.items.withUnsafeBufferPointer { commands in
          withRowFilter(forward: true, filter.tab, filter.guardSaidNo) { rows in
            func expand(_ screen: Int32) {
              let row = Int(starts[Int(screen)])..<Int(starts[Int(screen) + 1])
              work += row.count
              for position in row {
                let target = Int(targets[position])
                let word = search.words[target]
                guard word.forward <= base,
                  !implicitAnywhere || graph.firstFromAnywhere[target] < 0,
                  !anyDisabled || rows.allows(position, commands, disabled)
                else { continue }
                search.words[target].forward = stored
                search.order[count] = Int32(target)
                count += 1
                if word.backward > base { met = true }
              }
            }
            buffers.search.sink &+= touchRows(
              of: search.order, level, starts, targets, anyDisabled ? rows : nil, search)
            for index in level { expand(search.order[index]) }
            if depth == 1 && implicitAnywhere {
              for screen in graph.anywhereDestinations
              where search.words[Int(screen)].forward <= base {
                expand(screen)
              }
            }
          }
        }
      }
    }
    buffers.search.work += work
    buffers.levelStart.append(count)
    return met
  }

  /// Expands the backward frontier (at distance `depth` from the milestone) by one into
  /// `next`; returns how many screens it lists there and whether one of them is one the
  /// forward search reached (a meeting screen; then they are listed too).
  private func expandBackward(
    depth: Int32, _ filter: LegFilter, _ search: SearchPointers,
    from frontier: UnsafeMutablePointer<Int32>, _ frontierCount: Int,
    into next: UnsafeMutablePointer<Int32>, _ buffers: inout PlannerScratch
  ) -> (count: Int, met: Bool) {
    var count = 0
    var met = false
    var work = 0
    let stored = search.stored(depth + 1)
    let base = search.base
    let implicitAnywhere = buffers.search.implicitAnywhere
    let anyDisabled = filter.anyDisabled
    let disabled = filter.disabled
    graph.predecessors.starts.withUnsafeBufferPointer { starts in
      graph.predecessors.items.withUnsafeBufferPointer { origins in
        graph.predecessorCommands.withUnsafeBufferPointer { commands in
          withRowFilter(forward: false, filter.tab, filter.guardSaidNo) { rows in
            buffers.search.sink &+= touchRows(
              of: frontier, 0..<frontierCount, starts, origins, anyDisabled ? rows : nil,
              search)
            for index in 0..<frontierCount {
              let screen = Int(frontier[index])
              let predecessors = Int(starts[screen])..<Int(starts[screen + 1])
              work += predecessors.count
              for position in predecessors {
                let origin = Int(origins[position])
                let word = search.words[origin]
                guard word.backward <= base,
                  !anyDisabled || rows.allows(position, commands, disabled)
                else { continue }
                let reached: Bool
                if word.forward > base {
                  // A held screen (level 0) is only ever a first step (a pop); beyond it the
                  // backward search cannot go.
                  if word.forward == base &+ 1 { continue }
                  reached = true
                } else {
                  reached = implicitAnywhere && graph.firstFromAnywhere[origin] >= 0
                }
                search.words[origin].backward = stored
                next[count] = Int32(origin)
                count += 1
                if reached { met = true }
              }
            }
          }
        }
      }
    }
    buffers.search.work += work
    return (count, met)
  }

  /// The number of screens from which ``touchRows(of:_:_:_:_:)`` also reads the words of
  /// the rows' screens: below it, they stay in the processor's caches.
  static let readAheadScreens = 32_768

  /// Reads the rows (`starts` over `items`) of the screens `screens[range]` before they
  /// are expanded, in tight loops, and returns a sum of what it read; on a table of at
  /// least ``readAheadScreens`` screens, the words of the screens the rows name too.
  ///
  /// On a large table a row is two misses of the processor's caches, one for its start
  /// and one for its items, and each screen it names a third; expanding one screen after
  /// another waits for them one by one, with the work of the row between. Read here
  /// first, in loops that do nothing else, the misses overlap (as the compile's name
  /// lookups do: ``ScreenSlots/probe(_:in:)``), and the expansion finds them in the
  /// caches. The caller keeps the sum (``PlannerScratch/sink``), so that the reads are
  /// not left out. The screens' words are read ahead only on large tables: on a small
  /// one they are in the caches already, and reading them ahead is work for nothing.
  @inline(__always)
  private func touchRows(
    of screens: UnsafeMutablePointer<Int32>, _ range: Range<Int>,
    _ starts: UnsafeBufferPointer<Int32>, _ items: UnsafeBufferPointer<Int32>,
    _ filter: RowFilter?, _ search: SearchPointers
  ) -> Int32 {
    var sum: Int32 = 0
    for index in range { sum &+= starts[Int(screens[index]) + 1] }
    for index in range {
      let screen = Int(screens[index])
      let start = Int(starts[screen])
      if start < Int(starts[screen + 1]) { sum &+= items[start] }
    }
    if let filter {
      var bits: UInt64 = 0
      for index in range { bits &+= filter.touch(Int(starts[Int(screens[index])])) }
      sum &+= Int32(truncatingIfNeeded: bits)
    }
    guard graph.screenCount >= Self.readAheadScreens else { return sum }
    var words: UInt32 = 0
    for index in range {
      let screen = Int(screens[index])
      for position in Int(starts[screen])..<Int(starts[screen + 1]) {
        words &+= search.words[Int(items[position])].forward
      }
    }
    return sum &+ Int32(truncatingIfNeeded: words)
  }

  /// Reads the leg once the searches have met, by the tie rule. `lastFrontier` lists the
  /// screens the backward search reached last.
  private func readLeg(
    forwardDepth: Int32, backwardDepth: Int32, _ filter: LegFilter, _ search: SearchPointers,
    lastFrontier: UnsafeBufferPointer<Int32>, _ buffers: inout PlannerScratch
  ) {
    let length = forwardDepth + backwardDepth
    let last = Int(forwardDepth)
    // The lowest-numbered first step to a marked screen.
    var first: LegStep?
    if last == 1 {
      // They met on level 1, in a backward expansion that listed the screens.
      for screen in lastFrontier where forwardLevel(Int(screen), search, buffers) == 1 {
        first = LegOrder.earlier(first, firstStep(to: Int(screen), &buffers))
      }
    } else {
      // A screen of level l lies on a shortest leg when its distance to the milestone is
      // length - l: the meeting screens have theirs; mark the screens that lead to marked
      // ones, level by level back to level 1.
      for level in stride(from: last - 1, through: 1, by: -1) {
        let distance = length - Int32(level) - 1
        for index in buffers.levelStart[level]..<buffers.levelStart[level + 1] {
          let screen = Int(search.order[index])
          guard search.backward(screen) == distance else { continue }
          markPredecessors(
            of: screen, onLevel: Int32(level), length, filter, search, &first, &buffers)
        }
      }
    }
    // Walk: that first step, then the lowest-numbered command to a screen one step
    // nearer the milestone.
    buffers.leg.append(first!)
    var screen = Int(first!.screen)
    var step: Int32 = 1
    while step < length {
      for position in graph.commandsFrom.range(screen) {
        let command = graph.commandsFrom.items[position]
        let target = Int(graph.targetsFrom[position])
        guard search.backward(target) == length - step - 1, !buffers.isHeld(target),
          filter.allows(command)
        else { continue }
        buffers.leg.append(LegStep(command: command, screen: Int32(target), popTo: -1))
        screen = target
        break
      }
      step += 1
    }
  }

  /// Calls `body` with the ``RowFilter`` of the rows by origin (`forward`) or of the
  /// predecessor rows: the positions that tab `tab` leaves out (none when -1), and those
  /// of guarded commands when `guardSaidNo`.
  @inline(__always)
  private func withRowFilter(
    forward: Bool, _ tab: Int, _ guardSaidNo: Bool, _ body: (RowFilter) -> Void
  ) {
    let tab = tab >= 0 ? limitedPositions.tabs[tab] : .init()
    let guarded = guardSaidNo ? limitedPositions.guarded : .init()
    (forward ? tab.forward : tab.backward).withUnsafeBufferPointer { tab in
      (forward ? guarded.forward : guarded.backward).withUnsafeBufferPointer { guarded in
        body(RowFilter(tab: tab, guarded: guarded))
      }
    }
  }

  /// Marks the screens of forward level `level` with a command to `screen`, giving them
  /// their distance to the milestone on a leg of `length` steps; on level 1, keeps in
  /// `first` the lowest-numbered first step to them.
  private func markPredecessors(
    of screen: Int, onLevel level: Int32, _ length: Int32, _ filter: LegFilter,
    _ search: SearchPointers, _ first: inout LegStep?, _ buffers: inout PlannerScratch
  ) {
    for position in graph.predecessors.range(screen) {
      let origin = Int(graph.predecessors.items[position])
      guard search.backward(origin) < 0, forwardLevel(origin, search, buffers) == level,
        filter.allows(graph.predecessorCommands[position])
      else { continue }
      search.setBackward(origin, length - level)
      if level == 1 { first = LegOrder.earlier(first, firstStep(to: origin, &buffers)) }
    }
  }
}
