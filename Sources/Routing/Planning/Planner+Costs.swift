extension RouteTable {
  /// The search of a leg when commands have costs: Dijkstra's algorithm over the same
  /// states as the breadth-first search (a screen on top and the base it stands on),
  /// taking states in order of cost and, among equal costs, of their command numbers
  /// read from the first step. Returns the record that reaches the milestone, or -1.
  ///
  /// As in the breadth-first search, a screen is settled again only from a lower base.
  /// Comparing two paths walks their parent chains, so this search costs
  /// O(*B* · *E* · log(*E*) · *d*), where *d* is the length of the leg: costs are an
  /// extension, and tables without them never come here.
  func cheapestLeg(
    to milestone: Int32, buffers: inout PlannerScratch, disabled: UInt32?
  ) -> Int32 {
    let generation = buffers.generation
    buffers.records.removeAll(keepingCapacity: true)
    buffers.heap.removeAll(keepingCapacity: true)
    for candidate in buffers.candidates {
      buffers.records.append(candidate)
      push(Int32(buffers.records.count - 1), &buffers)
    }
    while let current = popFirst(&buffers) {
      let record = buffers.records[Int(current)]
      let slot = Int(record.screen)
      if buffers.bestStamp[slot] == generation && buffers.best[slot] <= record.base { continue }
      buffers.bestStamp[slot] = generation
      buffers.best[slot] = record.base
      if record.screen == milestone { return current }

      let wildcards =
        takesWildcards(onBase: record.base, &buffers) ? wildcardCommands[...] : []
      let origins = originCommands[Int(originStart[slot])..<Int(originStart[slot + 1])]
      for command in origins + wildcards where isEnabled(command, buffers, disabled) {
        let target = commandDestination[Int(command)]
        guard mayPush(target, onBase: record.base, buffers) else { continue }
        buffers.records.append(
          SearchRecord(
            screen: target, parent: current, command: command, base: record.base, isPop: false,
            cost: record.cost + commandCost[Int(command)]))
        push(Int32(buffers.records.count - 1), &buffers)
      }
    }
    return -1
  }

  /// Whether record `left` comes before record `right`: lower cost, then command numbers
  /// from the first step.
  private func precedes(_ left: Int32, _ right: Int32, _ buffers: inout PlannerScratch) -> Bool {
    let leftCost = buffers.records[Int(left)].cost
    let rightCost = buffers.records[Int(right)].cost
    if leftCost != rightCost { return leftCost < rightCost }
    buffers.leftPath.removeAll(keepingCapacity: true)
    buffers.rightPath.removeAll(keepingCapacity: true)
    var cursor = left
    while cursor >= 0 {
      buffers.leftPath.append(buffers.records[Int(cursor)].command)
      cursor = buffers.records[Int(cursor)].parent
    }
    cursor = right
    while cursor >= 0 {
      buffers.rightPath.append(buffers.records[Int(cursor)].command)
      cursor = buffers.records[Int(cursor)].parent
    }
    return buffers.leftPath.reversed().lexicographicallyPrecedes(buffers.rightPath.reversed())
  }

  private func push(_ record: Int32, _ buffers: inout PlannerScratch) {
    buffers.heap.append(record)
    var child = buffers.heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(buffers.heap[child], buffers.heap[parent], &buffers) else { break }
      buffers.heap.swapAt(child, parent)
      child = parent
    }
  }

  private func popFirst(_ buffers: inout PlannerScratch) -> Int32? {
    guard let last = buffers.heap.popLast() else { return nil }
    guard !buffers.heap.isEmpty else { return last }
    let first = buffers.heap[0]
    buffers.heap[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < buffers.heap.count else { break }
      var smaller = left
      if left + 1 < buffers.heap.count
        && precedes(buffers.heap[left + 1], buffers.heap[left], &buffers)
      {
        smaller = left + 1
      }
      guard precedes(buffers.heap[smaller], buffers.heap[parent], &buffers) else { break }
      buffers.heap.swapAt(smaller, parent)
      parent = smaller
    }
    return first
  }
}
