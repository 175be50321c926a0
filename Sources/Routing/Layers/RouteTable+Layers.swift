extension RouteTable {
  /// Whether any command presents its destination in a layer of its own. A table
  /// without one plans every route from a stack as it did before layers, so a caller
  /// (the `routing` tool) can keep a stack's route where no layer can open.
  ///
  /// - Complexity: O(1).
  public var hasPresentingCommands: Bool { commands.anyPresents }

  /// Whether some guard has a remedy (``RouteGuard/remedy``), so that planning from a
  /// ``ModalState`` may answer with a detour where planning from a plain stack fails.
  ///
  /// - Complexity: O(1).
  public var hasGuardRemedies: Bool { planner.hasRemedies }

  /// Plans the route from a state with modal layers open to a destination, through
  /// breadcrumbs, with request parameters (<doc:LayersAndDetours>).
  ///
  /// Commands apply to the top of the chain (the base stack, then every layer). A
  /// command back to an entry below the top pops to it and closes every layer above it
  /// in one step; a presenting command opens a layer; a dismiss closes the top layer
  /// without a command. Each leg is the shortest; among equally short legs, steps compare
  /// from the first, a command before a dismiss and commands by number. Planning changes
  /// nothing: it returns the steps and the state they leave.
  ///
  /// ```swift
  /// let state = ModalState(stack: [Entry("Inbox")], layers: [[Entry("Compose")]])
  /// let again = try table.route(from: state, to: "Archive")
  /// print(again)
  /// // 1. dismiss
  /// // 2. push Archive by archive
  /// // state: Inbox > Archive
  /// ```
  ///
  /// - Parameters:
  ///   - state: The state to start from: a base stack of at least one entry and the
  ///     open layers, none of them empty. On a table with tabs, a state over a stack
  ///     (``ModalState/init(stack:layers:)``) has a tab's stack for its base, and the
  ///     route stays in that tab; a state over tabs (``ModalState/init(tabs:layers:)``)
  ///     may close every layer and select another tab: a select is possible only with no
  ///     layer open, and among equally short legs comes after commands and dismisses, in
  ///     tab order.
  ///   - destination: Where to go.
  ///   - breadcrumbs: Milestones to pass on the way, in order.
  ///   - parameters: Values applied to every screen the route pushes or presents, and
  ///     used to match existing entries, as in ``route(from:to:via:parameters:)->Route``.
  /// - Returns: The steps and the state they leave; no step when the top already matches
  ///   `destination`.
  /// - Throws: What ``route(from:to:via:parameters:)->Route`` throws (an unknown entry
  ///   counted along the base and then every layer), and
  ///   ``RoutingError/emptyLayer(_:)`` for an empty layer.
  ///   Over tabs, ``RoutingError/unknownTab(_:suggestion:)`` for a tab the table does
  ///   not declare.
  /// - Complexity: For *k* open layers, *k* + 1 leg searches a leg, each as in
  ///   ``route(from:to:via:parameters:)->Route``, plus O(*n*) for a chain of *n* entries;
  ///   over *T* tabs, *T* - 1 leg searches more a leg, plus O(*m* · *n*) for *m* entries in
  ///   the layers.
  public func route(
    from state: ModalState, to destination: ScreenName, via breadcrumbs: [ScreenName] = [],
    parameters: Parameters = [:]
  ) throws(RoutingError) -> ModalRoute {
    try route(Request(to: destination, via: breadcrumbs, parameters: parameters), from: state)
  }

  /// Plans the route that fulfils a request from a state with modal layers open.
  ///
  /// - Parameters:
  ///   - request: Where to go, through which breadcrumbs, with which parameters.
  ///   - state: The state to start from.
  /// - Returns: The steps and the state they leave.
  /// - Throws: ``RoutingError``, as ``route(from:to:via:parameters:)->ModalRoute`` does.
  /// - Complexity: As ``route(from:to:via:parameters:)->ModalRoute``.
  public func route(_ request: Request, from state: ModalState) throws(RoutingError)
    -> ModalRoute
  {
    let (start, tab, layout) = try planningStart(of: state, for: request)
    return try planner.route(request, from: start, inTab: tab, layout: layout)
  }

  /// The state a request from `state` is planned from, in the table's terms, the tab
  /// its base is the stack of, and the tabs when a leg may select another.
  ///
  /// - Throws: ``RoutingError/unknownTab(_:suggestion:)`` for a state over tabs on a
  ///   table without tabs, and a state's errors as ``route(_:from:)->ModalRoute`` says.
  /// - Complexity: O(*T* + *n*), for *T* tabs and *n* entries in the tabs' stacks.
  func planningStart(of state: ModalState, for request: Request) throws(RoutingError) -> (
    ModalState, Planner.StackTab?, TabLayout?
  ) {
    guard !tabLayout.tabs.isEmpty else {
      if let tabs = state.tabs {
        throw RoutingError.unknownTab(tabs.selected, suggestion: nil)
      }
      return (state, nil, nil)
    }
    if let tabs = state.tabs {
      // Every tab named, in the table's terms, each without a stack at its root.
      let (selected, stacks) = try resolve(tabs)
      var named = TabState(selected: tabLayout.tabs[selected].name)
      for (number, tab) in tabLayout.tabs.enumerated() { named.stacks[tab.name] = stacks[number] }
      let tab = Planner.StackTab(number: selected, name: named.selected)
      return (ModalState(tabs: named, layers: state.layers), tab, tabLayout)
    }
    let tab = Planner.StackTab(number: try tab(ofStack: state.stack, for: request), name: nil)
    return (state, tab, nil)
  }
}
