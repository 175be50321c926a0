extension Planner {
  /// The cheapest leg when commands have costs: the engine's weighted search
  /// (``WeightedSearch``) from the listed first steps, stopped at the milestone. Leaves
  /// the steps in `buffers.leg` and returns whether there is one.
  ///
  /// - Complexity: As ``WeightedSearch/run(_:from:isHeld:filter:until:)``.
  func cheapestLeg(
    to milestone: Int32, filter: LegFilter, _ buffers: inout PlannerScratch
  ) -> Bool {
    let marks = buffers.marks
    var search = WeightedSearch()
    swap(&search, &buffers.weighted)
    defer { swap(&search, &buffers.weighted) }
    guard
      let found = search.run(
        graph, from: buffers.candidates, isHeld: { marks.isHeld($0) }, filter: filter,
        until: milestone)
    else { return false }
    search.appendSteps(of: found, to: &buffers.leg)
    return true
  }
}
