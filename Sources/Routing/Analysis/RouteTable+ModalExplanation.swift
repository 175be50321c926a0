extension RouteTable {
  /// Why a request from a state with modal layers is answered as it is
  /// (<doc:LayersAndDetours>, "Explanations").
  ///
  /// The request is planned as ``route(_:from:)->ModalRoute`` plans it, the guards asked
  /// once. For each leg that closes layers (by dismisses, or a pop to an entry below them), the
  /// explanation gives the least cost of a leg to the same milestone that keeps each of
  /// them open, or says that none exists. When the route detours, it names the guards that
  /// said no, the first refused command of the route through those with a remedy, and the
  /// remedy. When there is no route, it explains the leg that has none as
  /// ``explanation(from:to:via:parameters:)`` does for a stack, from the whole chain, the
  /// screens reached after closing layers counted with the steps that close them.
  ///
  /// ```swift
  /// let why = try table.explanation(Request(to: "Archive"), from: open)
  /// #expect(why.closings.map(\.keepingOpen) == [[nil]])
  /// print(why)
  /// // the leg to Archive (2 steps) closes layer 1 (Compose):
  /// //   keeping layer 1 (Compose) open: no route to Archive
  /// ```
  ///
  /// - Parameters:
  ///   - request: Where to go, through which breadcrumbs, with which parameters.
  ///   - state: The state to start from, as for ``route(_:from:)->ModalRoute``.
  /// - Returns: The explanation; it says nothing when the route closes no layer and does
  ///   not detour.
  /// - Throws: What ``route(_:from:)->ModalRoute`` throws, except that a request with no
  ///   route is explained instead.
  /// - Complexity: The plans ``route(_:from:)->ModalRoute`` makes, one layered leg search
  ///   for each layer a leg closes, and, when there is no route, a plan for each leg up
  ///   to the failing one and *k* + 1 searches of every screen it reaches, for *k* open
  ///   layers.
  public func explanation(_ request: Request, from state: ModalState) throws(RoutingError)
    -> ModalExplanation
  {
    let (start, tab, layout) = try planningStart(of: state, for: request)
    let account = try planner.account(request, from: start, inTab: tab, layout: layout)
    let failure = account.failure.map { failing in
      explainLeg(
        from: failing.state, to: failing.milestone, parameters: request.parameters,
        filter: legFilter(refusing: failing.refused, inTab: failing.tab), inTab: failing.tab)
    }
    return ModalExplanation(
      closings: account.closings, detour: account.detour, failure: failure,
      hasCosts: graph.hasCosts)
  }

  /// The explanation of a leg from `state` that cannot reach `milestone`: the screens
  /// reached from the whole chain, and from what is left after each way of closing
  /// layers, counted with the steps that close them.
  private func explainLeg(
    from state: ModalState, to milestone: ScreenName, parameters: Parameters, filter: LegFilter,
    inTab tab: Int?
  ) -> RouteExplanation {
    let chain = state.chain
    let layerStarts = state.layerStarts
    let marks = StackMarks(chain, in: self, parameters: parameters)
    var fewest: [Int32: Int] = [:]
    var order: [Int32] = []
    func offer(_ screen: Int32, _ steps: Int) {
      guard screen != marks.top else { return }
      if let known = fewest[screen] {
        if steps < known { fewest[screen] = steps }
      } else {
        fewest[screen] = steps
        order.append(screen)
      }
    }
    let whole = RouteTree(graph: graph, marks: marks, filter: filter)
    for screen in whole.reached { offer(screen, whole.depth(of: screen)!) }
    let closing = planner.closingSteps(of: state, parameters: parameters, filter: filter)
    for (kept, steps) in closing.enumerated() {
      guard let steps else { continue }
      let left = Array(chain[..<layerStarts[kept]])
      if let top = screenIndex[left[left.count - 1].screen] { offer(top, steps) }
      let tree = RouteTree(
        graph: graph, marks: StackMarks(left, in: self, parameters: parameters), filter: filter)
      for screen in tree.reached { offer(screen, steps + tree.depth(of: screen)!) }
    }
    // Fewest steps first; among equals, in the order found.
    let reached = order.enumerated().sorted {
      (fewest[$0.element]!, $0.offset) < (fewest[$1.element]!, $1.offset)
    }.map { (screen: $0.element, steps: fewest[$0.element]!) }
    return explain(
      screenIndex[milestone]!, from: chain, reached: reached, marks, inTab: tab, filter)
  }
}
