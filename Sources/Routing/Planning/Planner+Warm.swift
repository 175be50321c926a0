extension Planner {
  /// The leg along a cached distance field, or `nil` when the field cannot vouch for
  /// the cold search's answer (then the caller searches cold). Leaves the steps in
  /// `buffers.leg`; `false` means no leg.
  ///
  /// The field holds each screen's distance to the milestone over every command with
  /// origins, guards and stacks aside. The caller uses it only without costs, so every
  /// leg of this request is, after its first step, a path of that graph, and no shorter
  /// than the field says. The walk takes the first step, by command number, of least
  /// 1 + distance, then at each screen the lowest-numbered command one step nearer: the
  /// first of the shortest paths of the larger graph, in the order that breaks ties.
  /// When it pushes no screen the stack holds and takes no command whose guard said no,
  /// it is a leg of this request, as short as any, and the first of them: the cold
  /// search's answer. Otherwise the field is set aside. When no first step leads to the
  /// milestone in the larger graph, none does in this request's.
  ///
  /// - Complexity: O(*c* + *d* · *k*), where *c* is the number of first steps, *d* the
  ///   length of the leg and *k* the most commands a screen on it starts.
  func warmLeg(
    to milestone: Int32, along distanceField: DistanceField, _ anyDisabled: Bool,
    _ buffers: inout PlannerScratch
  ) -> Bool? {
    let field = distanceField.distances
    let unreachable = Int32(DistanceField.unreachable)
    var best: LegStep?
    var remaining = Int32.max
    for candidate in buffers.candidates {
      let distance = Int32(field[Int(candidate.screen)])
      if distance != unreachable && distance < remaining {
        best = candidate
        remaining = distance
      }
    }
    // The first steps from anywhere, left implicit: the field knows their best.
    if buffers.implicitAnywhere, let (step, distance) = distanceField.bestFromAnywhere,
      distance < remaining || (distance == remaining && step.command < best!.command)
    {
      guard !buffers.isHeld(Int(step.screen)) else { return nil }
      best = step
      remaining = distance
    }
    guard let first = best else { return false }
    buffers.leg.append(first)
    var screen = Int(first.screen)
    let starts = graph.commandsFrom.starts
    let commands = graph.commandsFrom.items
    let targets = graph.targetsFrom
    while remaining > 0 {
      remaining -= 1
      var next = -1
      for position in Int(starts[screen])..<Int(starts[screen + 1]) {
        let command = commands[position]
        let target = targets[position]
        guard Int32(field[Int(target)]) == remaining else { continue }
        guard !buffers.isHeld(Int(target)), isEnabled(command, anyDisabled, buffers)
        else {
          buffers.leg.removeAll(keepingCapacity: true)
          return nil
        }
        buffers.leg.append(LegStep(command: command, screen: target, popTo: -1))
        next = Int(target)
        break
      }
      screen = next
    }
    return true
  }

  /// Every screen's distance to `milestone` by commands with origins, guards and stacks
  /// aside, by a backward breadth-first search; `nil` when some distance does not fit
  /// in a byte.
  ///
  /// - Complexity: O(*V* + *E*).
  func distanceField(to milestone: Int32) -> DistanceField? {
    let unreachable = DistanceField.unreachable
    var field = [UInt8](repeating: unreachable, count: graph.screenCount)
    var queue: [Int32] = [milestone]
    field[Int(milestone)] = 0
    var next = 0
    while next < queue.count {
      let screen = Int(queue[next])
      next += 1
      guard field[screen] < unreachable - 1 else { return nil }
      let distance = field[screen] + 1
      for position in graph.predecessors.range(screen) {
        let origin = Int(graph.predecessors.items[position])
        guard field[origin] == unreachable else { continue }
        field[origin] = distance
        queue.append(Int32(origin))
      }
    }
    var best: (step: LegStep, distance: Int32)?
    for screen in graph.anywhereDestinations {
      let distance = Int32(field[Int(screen)])
      let command = graph.firstFromAnywhere[Int(screen)]
      guard distance != Int32(unreachable) else { continue }
      if best == nil || distance < best!.distance
        || (distance == best!.distance && command < best!.step.command)
      {
        best = (LegStep(command: command, screen: screen, popTo: -1), distance)
      }
    }
    return DistanceField(distances: field, bestFromAnywhere: best)
  }
}
