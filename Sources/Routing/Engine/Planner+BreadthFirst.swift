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
  /// lowest-numbered command to a screen one step nearer the milestone (the
  /// breadth-first order of ``LegOrder``).
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
    var highest: Int32 = 0
    let found = space.withMemory { levels, words, order, frontiers in
      shortestLeg(
        to: milestone, filter, bound, levels, &words, &order, &frontiers, highest: &highest,
        &buffers)
    }
    space.reach(highest)
    return found
  }

  /// ``shortestLeg(to:filter:bound:_:)`` over the search's memory
  /// (``BreadthFirstSpace/withMemory(_:)``); sets `highest` to the highest level or
  /// distance it wrote.
  private func shortestLeg(
    to milestone: Int32, _ filter: LegFilter, _ bound: Int32, _ levels: SearchLevels,
    _ words: inout MutableSpan<LevelWord>, _ order: inout MutableSpan<Int32>,
    _ frontiers: inout MutableSpan<Int32>, highest: inout Int32,
    _ buffers: inout PlannerScratch
  ) -> Bool {
    buffers.entryStep.clear()
    buffers.levelStart.removeAll(keepingCapacity: true)
    buffers.levelStart.append(0)
    // The screens the stack holds are level 0: never pushed; a first-step pop makes a
    // screen level 1.
    for screen in buffers.marks.heldList { levels.setForward(Int(screen), 0, in: &words) }
    // Level 1: the listed first steps, the lowest-numbered to each screen.
    var count = 0
    for (index, candidate) in buffers.candidates.enumerated() {
      let screen = Int(candidate.screen)
      guard levels.forward(screen, in: words) != 1 else { continue }
      levels.setForward(screen, 1, in: &words)
      buffers.entryStep[screen] = Int32(index)
      order[count] = candidate.screen
      count += 1
    }
    buffers.levelStart.append(count)
    buffers.search.work += buffers.candidates.count
    highest = 1
    if forwardLevel(Int(milestone), levels, words, buffers) == 1 {
      buffers.leg.append(firstStep(to: Int(milestone), &buffers))
      return true
    }
    // A screen the stack holds is reached by a first-step pop or not at all.
    if buffers.isHeld(Int(milestone)) { return false }
    levels.setBackward(Int(milestone), 0, in: &words)
    // The frontier starts at `frontier` in `frontiers`, at 0 or at the second half; an
    // expansion lists the screens it reaches in the other half.
    let half = frontiers.count / 2
    var frontier = 0
    frontiers[0] = milestone
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
      highest = forwardDepth + backwardDepth + 1
      if forwardCount <= frontierCount {
        met = expandForward(depth: forwardDepth, filter, levels, &words, &order, &buffers)
        forwardDepth += 1
      } else {
        let next = half - frontier
        let reached = expandBackward(
          depth: backwardDepth, filter, levels, &words, &frontiers,
          from: frontier..<frontier + frontierCount, into: next, &buffers)
        frontier = next
        frontierCount = reached.count
        met = reached.met
        backwardDepth += 1
      }
    }
    readLeg(
      forwardDepth: forwardDepth, backwardDepth: backwardDepth, filter, levels, &words,
      order.span, lastFrontier: frontiers.span.extracting(frontier..<frontier + frontierCount),
      &buffers)
    return true
  }

  /// The forward level of `screen`: -1 when not reached, 0 when the stack holds it and
  /// no first step reaches it.
  @inline(__always)
  private func forwardLevel(
    _ screen: Int, _ levels: SearchLevels, _ words: borrowing MutableSpan<LevelWord>,
    _ buffers: borrowing PlannerScratch
  ) -> Int32 {
    forwardLevel(of: words[screen], screen, levels, buffers)
  }

  /// ``forwardLevel(_:_:_:_:)`` of `screen`, whose word is `word`.
  @inline(__always)
  private func forwardLevel(
    of word: LevelWord, _ screen: Int, _ levels: SearchLevels,
    _ buffers: borrowing PlannerScratch
  ) -> Int32 {
    let level = levels.value(word.forward)
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
  /// The loops read the graph and the screens' words through spans, as the backward
  /// loop does, each row's items taken as one span: these loops are a cold plan's work,
  /// and optional slots or a uniqueness check at each write would run at every command
  /// they look at.
  private func expandForward(
    depth: Int32, _ filter: LegFilter, _ levels: SearchLevels,
    _ words: inout MutableSpan<LevelWord>, _ order: inout MutableSpan<Int32>,
    _ buffers: inout PlannerScratch
  ) -> Bool {
    let level = buffers.levelStart[Int(depth) - 1]..<buffers.levelStart[Int(depth)]
    var count = level.upperBound
    var met = false
    var work = 0
    let stored = levels.stored(depth + 1)
    let base = levels.base
    let implicitAnywhere = buffers.search.implicitAnywhere
    let anyDisabled = filter.anyDisabled
    let disabled = filter.disabled
    let rows = rowFilter(forward: true, filter.tab, filter.guardSaidNo)
    graph.withRows(forward: true) { starts, targets, commands, firstFromAnywhere in
      func expand(_ screen: Int32) {
        work &+= graph.forwardRows.scan(row: Int(screen), over: &words) {
          position, target, word in
          guard word.forward <= base,
            !implicitAnywhere || firstFromAnywhere[target] < 0,
            !anyDisabled || rows.allows(position, commands, disabled)
          else { return }
          let reached = word.backward > base
          word.forward = stored
          order[count] = Int32(target)
          count += 1
          if reached { met = true }
        }
      }
      buffers.search.sink &+= touchRows(
        of: order.span.extracting(level), forward: true, starts, targets,
        anyDisabled ? rows : nil, &words)
      for index in level { expand(order[index]) }
      if depth == 1 && implicitAnywhere {
        for screen in graph.anywhereDestinations where words[Int(screen)].forward <= base {
          expand(screen)
        }
      }
    }
    buffers.search.work += work
    buffers.levelStart.append(count)
    return met
  }

  /// Expands the backward frontier (at distance `depth` from the milestone), listed in
  /// `frontiers[frontier]`, by one into `frontiers` from position `next`; returns how
  /// many screens it lists there and whether one of them is one the forward search
  /// reached (a meeting screen; then they are listed too).
  private func expandBackward(
    depth: Int32, _ filter: LegFilter, _ levels: SearchLevels,
    _ words: inout MutableSpan<LevelWord>, _ frontiers: inout MutableSpan<Int32>,
    from frontier: Range<Int>, into next: Int, _ buffers: inout PlannerScratch
  ) -> (count: Int, met: Bool) {
    var count = 0
    var met = false
    var work = 0
    let stored = levels.stored(depth + 1)
    let base = levels.base
    let implicitAnywhere = buffers.search.implicitAnywhere
    let anyDisabled = filter.anyDisabled
    let disabled = filter.disabled
    let rows = rowFilter(forward: false, filter.tab, filter.guardSaidNo)
    graph.withRows(forward: false) { starts, origins, commands, firstFromAnywhere in
      buffers.search.sink &+= touchRows(
        of: frontiers.span.extracting(frontier), forward: false, starts, origins,
        anyDisabled ? rows : nil, &words)
      for index in frontier {
        work &+= graph.backwardRows.scan(row: Int(frontiers[index]), over: &words) {
          position, origin, word in
          guard word.backward <= base,
            !anyDisabled || rows.allows(position, commands, disabled)
          else { return }
          let reached: Bool
          if word.forward > base {
            // A held screen (level 0) is only ever a first step (a pop); beyond it the
            // backward search cannot go.
            if word.forward == base &+ 1 { return }
            reached = true
          } else {
            reached = implicitAnywhere && firstFromAnywhere[origin] >= 0
          }
          word.backward = stored
          frontiers[next + count] = Int32(origin)
          count += 1
          if reached { met = true }
        }
      }
    }
    buffers.search.work += work
    return (count, met)
  }

  /// The number of screens from which ``touchRows(of:forward:_:_:_:_:)`` also reads the words of
  /// the rows' screens: below it, they stay in the processor's caches.
  static let readAheadScreens = 32_768

  /// Reads the rows (`starts` over `items`: the graph's rows by origin when `forward`,
  /// else its predecessor rows) of `screens` before they are expanded, in tight loops,
  /// and returns a sum of what it read; on a table of at least ``readAheadScreens``
  /// screens, the `words` of the screens the rows name too.
  ///
  /// On a large table a row is two misses of the processor's caches, one for its start
  /// and one for its items, and each screen it names a third; expanding one screen after
  /// another waits for them one by one, with the work of the row between. Read here
  /// first, in loops that do nothing else, the misses overlap (as the compile's name
  /// lookups do: ``ScreenSlots/probe(_:)``), and the expansion finds them in the
  /// caches. The caller keeps the sum (``PlannerScratch/sink``), so that the reads are
  /// not left out. The screens' words are read ahead only on large tables: on a small
  /// one they are in the caches already, and reading them ahead is work for nothing.
  @inline(__always)
  private func touchRows(
    of screens: Span<Int32>, forward: Bool, _ starts: Span<Int32>, _ items: Span<Int32>,
    _ filter: RowFilter?, _ words: inout MutableSpan<LevelWord>
  ) -> Int32 {
    var sum: Int32 = 0
    for index in screens.indices { sum &+= starts[screens[index].index + 1] }
    for index in screens.indices {
      let screen = screens[index].index
      let end = starts[screen + 1].index
      let start = starts[screen].index
      if start < end { sum &+= items[start] }
    }
    if let filter {
      var bits: UInt64 = 0
      for index in screens.indices { bits &+= filter.touch(starts[screens[index].index].index) }
      sum &+= Int32(truncatingIfNeeded: bits)
    }
    guard graph.screenCount >= Self.readAheadScreens else { return sum }
    var read: UInt32 = 0
    for index in screens.indices {
      let screen = Int(screens[index])
      if forward {
        graph.forwardRows.scan(row: screen, over: &words) { _, _, word in read &+= word.forward }
      } else {
        graph.backwardRows.scan(row: screen, over: &words) { _, _, word in read &+= word.forward }
      }
    }
    return sum &+ Int32(truncatingIfNeeded: read)
  }

  /// Reads the leg once the searches have met, by the tie rule in its breadth-first
  /// order (``LegOrder``): the lowest-numbered first step to a screen on a shortest leg,
  /// then each screen's row in order. `order` lists the screens of the forward levels,
  /// `lastFrontier` the screens the backward search reached last.
  private func readLeg(
    forwardDepth: Int32, backwardDepth: Int32, _ filter: LegFilter, _ levels: SearchLevels,
    _ words: inout MutableSpan<LevelWord>, _ order: Span<Int32>, lastFrontier: Span<Int32>,
    _ buffers: inout PlannerScratch
  ) {
    let length = forwardDepth + backwardDepth
    let last = Int(forwardDepth)
    // The lowest-numbered first step to a marked screen.
    var first: LegStep?
    if last == 1 {
      // They met on level 1, in a backward expansion that listed the screens.
      for index in lastFrontier.indices {
        let screen = lastFrontier[index].index
        guard forwardLevel(screen, levels, words, buffers) == 1 else { continue }
        first = LegOrder.earlier(first, firstStep(to: screen, &buffers))
      }
    } else {
      // A screen of level l lies on a shortest leg when its distance to the milestone is
      // length - l: the meeting screens have theirs; mark the screens that lead to marked
      // ones, level by level back to level 1.
      for level in stride(from: last - 1, through: 1, by: -1) {
        let distance = length - Int32(level) - 1
        let screens = order.extracting(buffers.levelStart[level]..<buffers.levelStart[level + 1])
        for index in screens.indices {
          let screen = screens[index].index
          guard levels.backward(screen, in: words) == distance else { continue }
          markPredecessors(
            of: screen, onLevel: Int32(level), length, filter, levels, &words, &first,
            &buffers)
        }
      }
    }
    // Walk: that first step, then the lowest-numbered command to a screen one step
    // nearer the milestone.
    buffers.leg.append(first!)
    var screen = Int(first!.screen)
    var step: Int32 = 1
    while step < length {
      let stored = levels.stored(length - step - 1)
      let found = graph.forwardRows.firstPosition(inRow: screen, over: words) {
        position, target, word in
        word.backward == stored && !buffers.isHeld(target)
          && filter.allows(graph.commandsFrom.items[position])
      }
      if let position = found {
        let target = Int(graph.targetsFrom[position])
        buffers.leg.append(
          LegStep(command: graph.commandsFrom.items[position], screen: Int32(target), popTo: -1))
        screen = target
      }
      step += 1
    }
  }

  /// The ``RowFilter`` of the rows by origin (`forward`) or of the predecessor rows: the
  /// positions that tab `tab` leaves out (none when -1), and those of guarded commands
  /// when `guardSaidNo`.
  @inline(__always)
  private func rowFilter(forward: Bool, _ tab: Int, _ guardSaidNo: Bool) -> RowFilter {
    let tab = tab >= 0 ? limitedPositions.tabs[tab] : .init()
    let guarded = guardSaidNo ? limitedPositions.guarded : .init()
    return RowFilter(
      tab: forward ? tab.forward : tab.backward,
      guarded: forward ? guarded.forward : guarded.backward)
  }

  /// Marks the screens of forward level `level` with a command to `screen`, giving them
  /// their distance to the milestone on a leg of `length` steps; on level 1, keeps in
  /// `first` the lowest-numbered first step to them.
  private func markPredecessors(
    of screen: Int, onLevel level: Int32, _ length: Int32, _ filter: LegFilter,
    _ levels: SearchLevels, _ words: inout MutableSpan<LevelWord>, _ first: inout LegStep?,
    _ buffers: inout PlannerScratch
  ) {
    graph.backwardRows.scan(row: screen, over: &words) { position, origin, word in
      guard levels.value(word.backward) < 0,
        forwardLevel(of: word, origin, levels, buffers) == level,
        filter.allows(graph.predecessorCommands[position])
      else { return }
      word.backward = levels.stored(length - level)
      if level == 1 { first = LegOrder.earlier(first, firstStep(to: origin, &buffers)) }
    }
  }
}

extension RouteGraph {
  /// Calls `body` with spans of the rows by origin (`forward`: their starts, the
  /// destinations and the commands at their positions) or of the predecessor rows (their
  /// starts, the origins and the commands), and of ``firstFromAnywhere``.
  ///
  /// A method of the graph, so that the spans borrow the arrays of the graph it is
  /// called on, for the call, and the graph is not copied (nor each of its arrays
  /// retained) to make them.
  @inline(__always)
  func withRows<Result>(
    forward: Bool, _ body: (Span<Int32>, Span<Int32>, Span<Int32>, Span<Int32>) -> Result
  ) -> Result {
    forward
      ? body(
        commandsFrom.starts.span, targetsFrom.span, commandsFrom.items.span, firstFromAnywhere.span)
      : body(
        predecessors.starts.span, predecessors.items.span, predecessorCommands.span,
        firstFromAnywhere.span)
  }
}

extension Int32 {
  /// This screen number or row position as an index: zero-extended, so that a negative
  /// value (none is stored) reads as one past every span's end, and a span's bounds
  /// check of it need not test for a negative index.
  fileprivate var index: Int { Int(UInt32(bitPattern: self)) }
}
