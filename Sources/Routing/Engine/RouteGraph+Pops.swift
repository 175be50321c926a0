extension RouteGraph {
  /// The command that a pop back to `screen` uses: the cheapest command whose
  /// destination is `screen`, the lowest-numbered among equals, leaving out those
  /// `isEnabled` refuses; `nil` when no such command remains.
  ///
  /// A pop ignores origins: any command to a screen can pop back to it. This is the one
  /// statement of the rule: the planner's first steps
  /// (``Planner/listFirstSteps(_:_:)``) and the table analysis
  /// (``RouteTable/diagnostics(roots:)``) both ask it.
  ///
  /// - Parameters:
  ///   - screen: A screen number.
  ///   - isEnabled: Whether a command takes part (a request's guards); every command
  ///     does by default.
  /// - Returns: The command's number.
  /// - Complexity: O(*k*) at most, where *k* is the number of commands to `screen`;
  ///   without costs, it stops at the first enabled one.
  package func popCommand(
    to screen: Int32, where isEnabled: (Int32) -> Bool = { _ in true }
  ) -> Int32? {
    var chosen: Int32?
    var chosenCost = Int32.max
    // The row is ascending, so a strictly lower cost is needed to replace an earlier one.
    for position in commandsTo.range(Int(screen)) {
      let command = commandsTo.items[position]
      guard isEnabled(command) else { continue }
      guard hasCosts else { return command }
      let cost = self.cost[Int(command)]
      if cost < chosenCost {
        chosen = command
        chosenCost = cost
      }
    }
    return chosen
  }
}
