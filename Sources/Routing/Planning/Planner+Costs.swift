extension Planner {
  /// The cheapest leg when commands have costs: Dijkstra's algorithm over screens,
  /// taking reached screens in order of cost and, among equal costs, of their command
  /// numbers read from the first step. Leaves the steps in `buffers.leg` and returns
  /// whether there is one.
  ///
  /// As without costs, a cheapest leg pushes no screen that the stack holds, so each
  /// screen is settled once. Comparing two equally cheap ways walks their parent
  /// chains, so a leg costs O(*E* · log(*E*) · *d*), where *d* is its number of steps:
  /// costs are an extension, and tables without them never come here.
  func cheapestLeg(
    to milestone: Int32, anyDisabled: Bool, _ buffers: inout PlannerScratch
  ) -> Bool {
    buffers.forward.clear()
    buffers.cheapest.clear()
    buffers.records.removeAll(keepingCapacity: true)
    buffers.heap.removeAll(keepingCapacity: true)
    // The rows the loop reads, taken out of the graph once: reading them through `graph`
    // copies the whole graph at each access in a debug build.
    let costs = graph.cost
    let rows = graph.commandsFrom
    let destinations = graph.destination
    for candidate in buffers.candidates {
      offer(
        SearchRecord(step: candidate, parent: -1, cost: Int(costs[Int(candidate.command)])),
        &buffers)
    }
    while let current = popFirst(&buffers) {
      let record = buffers.records[Int(current)]
      let slot = Int(record.step.screen)
      guard !buffers.forward.contains(slot) else { continue }
      buffers.forward[slot] = 1
      if record.step.screen == milestone {
        var cursor = current
        while cursor >= 0 {
          buffers.leg.append(buffers.records[Int(cursor)].step)
          cursor = buffers.records[Int(cursor)].parent
        }
        buffers.leg.reverse()
        return true
      }
      for position in rows.range(slot) {
        let command = rows.items[position]
        let target = destinations[Int(command)]
        guard !buffers.forward.contains(Int(target)), !buffers.isHeld(Int(target)),
          isEnabled(command, anyDisabled, buffers)
        else { continue }
        offer(
          SearchRecord(
            step: LegStep(command: command, screen: target, popTo: -1), parent: current,
            cost: record.cost + Int(costs[Int(command)])),
          &buffers)
      }
    }
    return false
  }

  /// Queues a record unless its screen was already offered for less.
  private func offer(_ record: SearchRecord, _ buffers: inout PlannerScratch) {
    let slot = Int(record.step.screen)
    if let known = buffers.cheapest[slot], known < record.cost { return }
    buffers.cheapest[slot] = record.cost
    buffers.records.append(record)
    push(Int32(buffers.records.count - 1), &buffers)
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
      buffers.leftPath.append(buffers.records[Int(cursor)].step.command)
      cursor = buffers.records[Int(cursor)].parent
    }
    cursor = right
    while cursor >= 0 {
      buffers.rightPath.append(buffers.records[Int(cursor)].step.command)
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
