extension Planner {
  /// The shortest leg when every command costs 1, by a bidirectional breadth-first
  /// search; leaves its steps in `buffers.leg` and returns whether there is one.
  ///
  /// The forward search starts from the first steps (level 1) and pushes only screens
  /// that no entry of the stack matches; the backward search starts from the milestone
  /// and follows commands against their direction. Each expands the smaller frontier by
  /// a whole level, so when the two meet, the leg's length *d* is known and every screen
  /// that meets lies at the same forward level *a*. The route is then read by the tie
  /// rule: screens of the forward levels that lie on a shortest leg are marked, back
  /// from the meeting screens; the walk takes at each step the lowest-numbered command
  /// to a marked screen of the next level, then, past level *a*, to a screen one step
  /// nearer the milestone.
  ///
  /// Commands from anywhere appear only among the first steps: their destinations are
  /// pushed from the top, so no later step reaches them sooner.
  func shortestLeg(
    to milestone: Int32, anyDisabled: Bool, _ buffers: inout PlannerScratch
  ) -> Bool {
    buffers.forward.clear()
    buffers.backward.clear()
    buffers.order.removeAll(keepingCapacity: true)
    buffers.levelStart.removeAll(keepingCapacity: true)
    buffers.levelStart.append(0)
    // Level 1: the first steps, the lowest-numbered command to each screen first.
    for candidate in buffers.candidates where !buffers.forward.contains(Int(candidate.screen)) {
      if candidate.screen == milestone {
        buffers.leg.append(candidate)
        return true
      }
      buffers.forward[Int(candidate.screen)] = 1
      buffers.order.append(candidate.screen)
    }
    buffers.levelStart.append(buffers.order.count)
    // A screen the stack holds is reached by a first-step pop or not at all.
    if buffers.held.contains(Int(milestone)) { return false }
    buffers.backward[Int(milestone)] = 0
    buffers.backFrontier.removeAll(keepingCapacity: true)
    buffers.backFrontier.append(milestone)

    var forwardDepth: Int32 = 1
    var backwardDepth: Int32 = 0
    var met = false
    while !met {
      let forwardCount =
        buffers.levelStart[buffers.levelStart.count - 1]
        - buffers.levelStart[buffers.levelStart.count - 2]
      if forwardCount == 0 || buffers.backFrontier.isEmpty { return false }
      if forwardCount <= buffers.backFrontier.count {
        met = expandForward(depth: forwardDepth, anyDisabled, &buffers)
        forwardDepth += 1
      } else {
        met = expandBackward(depth: backwardDepth, anyDisabled, &buffers)
        backwardDepth += 1
      }
    }
    readLeg(forwardDepth: forwardDepth, backwardDepth: backwardDepth, anyDisabled, &buffers)
    return true
  }

  /// Expands the last forward level (`depth`) by one; returns whether a new screen is
  /// one the backward search reached.
  private func expandForward(
    depth: Int32, _ anyDisabled: Bool, _ buffers: inout PlannerScratch
  ) -> Bool {
    let level =
      buffers.levelStart[
        buffers.levelStart.count - 2]..<buffers.levelStart[
        buffers.levelStart.count - 1]
    var met = false
    for index in level {
      let screen = Int(buffers.order[index])
      for position in graph.commandsFrom.range(screen) {
        let command = graph.commandsFrom.items[position]
        let target = Int(graph.destination[Int(command)])
        guard !buffers.forward.contains(target), !buffers.held.contains(target),
          isEnabled(command, anyDisabled, buffers)
        else { continue }
        buffers.forward[target] = depth + 1
        buffers.order.append(Int32(target))
        if buffers.backward.contains(target) { met = true }
      }
    }
    buffers.levelStart.append(buffers.order.count)
    return met
  }

  /// Expands the backward frontier (at distance `depth` from the milestone) by one;
  /// returns whether a new screen is one the forward search reached.
  private func expandBackward(
    depth: Int32, _ anyDisabled: Bool, _ buffers: inout PlannerScratch
  ) -> Bool {
    var met = false
    buffers.backNext.removeAll(keepingCapacity: true)
    for screen in buffers.backFrontier {
      for position in graph.commandsTo.range(Int(screen)) {
        let command = graph.commandsTo.items[position]
        guard isEnabled(command, anyDisabled, buffers) else { continue }
        for originPosition in graph.origins.range(Int(command)) {
          let origin = Int(graph.origins.items[originPosition])
          guard !buffers.backward.contains(origin) else { continue }
          let reached = buffers.forward.contains(origin)
          // A held screen is only ever a first step (a pop); beyond it the backward
          // search cannot go.
          if buffers.held.contains(origin) && !reached { continue }
          buffers.backward[origin] = depth + 1
          if reached {
            met = true
          } else {
            buffers.backNext.append(Int32(origin))
          }
        }
      }
    }
    swap(&buffers.backFrontier, &buffers.backNext)
    return met
  }

  /// Reads the leg once the searches have met, by the tie rule.
  private func readLeg(
    forwardDepth: Int32, backwardDepth: Int32, _ anyDisabled: Bool,
    _ buffers: inout PlannerScratch
  ) {
    let length = forwardDepth + backwardDepth
    let last = Int(forwardDepth)
    // Mark the meeting screens, then the screens that lead to marked ones, level by
    // level back to level 1.
    buffers.marked.clear()
    for index in buffers.levelStart[last - 1]..<buffers.levelStart[last] {
      let screen = Int(buffers.order[index])
      if buffers.backward[screen] == backwardDepth { buffers.marked[screen] = true }
    }
    var level = last - 1
    while level >= 1 {
      for index in buffers.levelStart[level]..<buffers.levelStart[level + 1] {
        let screen = Int(buffers.order[index])
        guard buffers.marked.contains(screen) else { continue }
        for position in graph.commandsTo.range(screen) {
          let command = graph.commandsTo.items[position]
          guard isEnabled(command, anyDisabled, buffers) else { continue }
          for originPosition in graph.origins.range(Int(command)) {
            let origin = Int(graph.origins.items[originPosition])
            if buffers.forward[origin] == Int32(level) { buffers.marked[origin] = true }
          }
        }
      }
      level -= 1
    }
    // Walk: the lowest-numbered first step to a marked screen, then the lowest-numbered
    // command to a marked screen of the next level, then nearer the milestone.
    let first = buffers.candidates.first { buffers.marked.contains(Int($0.screen)) }!
    buffers.leg.append(first)
    var screen = Int(first.screen)
    var step: Int32 = 1
    while step < length {
      for position in graph.commandsFrom.range(screen) {
        let command = graph.commandsFrom.items[position]
        let target = Int(graph.destination[Int(command)])
        let onLeg =
          step < forwardDepth
          ? buffers.forward[target] == step + 1 && buffers.marked.contains(target)
          : buffers.backward[target] == length - step - 1 && !buffers.held.contains(target)
        guard onLeg, isEnabled(command, anyDisabled, buffers) else { continue }
        buffers.leg.append(LegStep(command: command, screen: Int32(target), popTo: -1))
        screen = target
        break
      }
      step += 1
    }
  }
}
