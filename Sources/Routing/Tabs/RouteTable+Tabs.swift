extension RouteTable {
  /// The table's tabs, in order; empty for a table without tabs.
  public var tabs: [Tab] { tabLayout.tabs }

  /// The tab named `name`, if the table declares it.
  ///
  /// - Parameter name: A tab's name.
  /// - Returns: The tab, or `nil`.
  public func tab(named name: String) -> Tab? {
    tabLayout.number(of: name).map { tabLayout.tabs[$0] }
  }

  /// The names of the tabs in which command `number` applies, in tab order: every tab
  /// unless the command is limited to some.
  ///
  /// - Parameter number: A command's number.
  /// - Returns: The tabs' names.
  /// - Complexity: O(*T* · log *E*), where *T* is the number of tabs and *E* the
  ///   number of commands a tab leaves out.
  public func tabs(ofCommand number: Int) -> [String] {
    tabLayout.tabs.indices.filter { !isLeftOut(number, inTab: $0) }.map { tabLayout.tabs[$0].name }
  }

  /// Whether tab `tab` leaves out command `number`.
  func isLeftOut(_ number: Int, inTab tab: Int) -> Bool {
    let excluded = tabLayout.excluded[tab]
    let position = lowerBound(of: Int32(number), in: excluded)
    return position < excluded.count && excluded[position] == Int32(number)
  }

  /// The state every tab starts in: each tab at its root, the first tab selected.
  ///
  /// - Returns: The state, or `nil` for a table without tabs.
  /// - Complexity: O(*T*), where *T* is the number of tabs.
  public var initialTabState: TabState? {
    guard let first = tabLayout.tabs.first else { return nil }
    var stacks: [String: [Entry]] = [:]
    for tab in tabLayout.tabs { stacks[tab.name] = [Entry(tab.root)] }
    return TabState(selected: first.name, stacks: stacks)
  }

  /// Plans the route across tabs from a tab state to a destination, through
  /// breadcrumbs, with request parameters.
  ///
  /// Each leg is the shortest of staying in the selected tab and of selecting another
  /// tab and going on inside it; selecting counts as one step. On a tie, staying wins,
  /// then the tab that comes first, then command numbers as in a single stack. A command
  /// limited to some tabs applies only in those. See <doc:PlanningAcrossTabs>.
  ///
  /// ```swift
  /// let state = TabState(selected: "Home", stacks: ["Home": [Entry("Feed")]])
  /// let route = try table.route(from: state, to: "Results")
  /// // 1. select Search, 2. push Results by command 0
  /// ```
  ///
  /// - Parameters:
  ///   - state: The selected tab and the tabs' stacks; a tab it leaves out stands at its
  ///     root.
  ///   - destination: Where to go.
  ///   - breadcrumbs: Milestones to pass on the way, in order.
  ///   - parameters: Values for every screen the route pushes, and to match entries.
  /// - Returns: The steps (selects and commands) and the state they leave, every tab's
  ///   stack included; no step when the selected tab's top already matches.
  /// - Throws: ``RoutingError/unknownTab(_:suggestion:)`` for a state that names a tab the table
  ///   does not declare (or any tab, when it declares none); otherwise as
  ///   ``route(from:to:via:parameters:)->Route``, ``RoutingError/unreachable(from:to:)``
  ///   naming the selected tab's top when no tab has a leg
  ///   (``RoutingError/refusedByGuard(from:to:_:)`` when a guard stands on the route that
  ///   planning without guards takes). Nothing changes on failure.
  /// - Complexity: At most *T* times the cost of a single-stack route, where *T* is the
  ///   number of tabs: each leg searches the selected tab, then each other tab that could
  ///   still be shorter.
  public func route(
    from state: TabState, to destination: ScreenName, via breadcrumbs: [ScreenName] = [],
    parameters: Parameters = [:]
  ) throws(RoutingError) -> TabRoute {
    try route(Request(to: destination, via: breadcrumbs, parameters: parameters), from: state)
  }

  /// Plans the route across tabs that fulfils a request from a tab state.
  ///
  /// - Parameters:
  ///   - request: Where to go, through which breadcrumbs, with which parameters.
  ///   - state: The selected tab and the tabs' stacks.
  /// - Returns: The steps and the state they leave.
  /// - Throws: ``RoutingError``, as ``route(from:to:via:parameters:)->TabRoute``.
  /// - Complexity: As ``route(from:to:via:parameters:)->TabRoute``.
  public func route(_ request: Request, from state: TabState) throws(RoutingError) -> TabRoute {
    let (selected, stacks) = try resolve(state)
    let plan = try planner.route(
      request, tabs: tabLayout, selected: selected, stacks: consume stacks)
    return TabRoute(steps: plan.steps, state: tabState(plan.selected, plan.stacks, from: state))
  }

  /// Plans a request from a single stack on a table with tabs: inside the tab whose root
  /// the stack starts at, with the commands that tab allows, as
  /// ``Navigator/go(to:via:parameters:)`` does in a ``TabContainer``'s selected tab.
  func routeInTab(_ request: Request, from stack: [Entry]) throws(RoutingError) -> Route {
    let tab = Planner.StackTab(
      number: try tab(ofStack: stack, for: request), name: nil)
    return try planner.route(request, from: stack, inTab: tab)
  }

  /// Plans `request` from `stack` as the stack of tab `name`, with the commands that tab
  /// allows: a route that stays in that tab, as a single stack's route.
  ///
  /// - Throws: ``RoutingError/unknownTab(_:suggestion:)`` for a name the table does not
  ///   declare; otherwise what ``route(_:from:)-(_,[Entry])`` throws, an unknown stack
  ///   screen naming the tab.
  func route(_ request: Request, inTab name: String, from stack: [Entry]) throws(RoutingError)
    -> Route
  {
    guard let number = tabLayout.number(of: name) else {
      throw RoutingError.unknownTab(name, suggestion: nearestTab(to: name))
    }
    return try planner.route(
      request, from: stack, inTab: Planner.StackTab(number: number, name: name))
  }

  /// The number of the tab whose root is the first entry of `stack`, a single stack on a
  /// table with tabs.
  ///
  /// - Throws: ``RoutingError/emptyStack``; for a stack that starts at the root of no
  ///   tab, or of several, what planning `request` (if any) from it reports first (an
  ///   unknown milestone, then an unknown stack screen), else
  ///   ``RoutingError/noTabForStack(root:tabs:)``.
  /// - Complexity: O(*T*), where *T* is the number of tabs.
  func tab(ofStack stack: [Entry], for request: Request?) throws(RoutingError) -> Int {
    guard let first = stack.first else { throw RoutingError.emptyStack }
    let root = screenIndex[first.screen]
    if let root, let tab = tabLayout.roots.firstIndex(of: root),
      !tabLayout.roots[(tab + 1)...].contains(root)
    {
      return tab
    }
    let tabs = tabLayout.roots.indices.filter { tabLayout.roots[$0] == root }
    if let request { _ = try planner.destination(of: request) }
    var numbers: [Int32] = []
    try planner.screenNumbers(of: stack, tab: nil, into: &numbers)
    throw RoutingError.noTabForStack(root: first.screen, tabs: tabs.map { tabLayout.tabs[$0].name })
  }

  /// Checks a single stack as the planner does before a search: every entry a screen
  /// of a table that declares its screens, and, on a table with tabs, the first entry
  /// the root of exactly one tab, whose number it returns (`nil` without tabs).
  ///
  /// - Throws: ``RoutingError/unknownScreenOnStack(_:entry:tab:suggestion:)``, then what
  ///   ``tab(ofStack:for:)`` throws.
  /// - Complexity: O(*n* + *T*), where *n* is the depth of the stack and *T* the number
  ///   of tabs.
  func tab(ofCheckedStack stack: [Entry], for request: Request?) throws(RoutingError) -> Int? {
    var numbers: [Int32] = []
    try planner.screenNumbers(of: stack, tab: nil, into: &numbers)
    return tabLayout.tabs.isEmpty ? nil : try tab(ofStack: stack, for: request)
  }

  /// The selected tab's number and every tab's stack, in tab order.
  ///
  /// The state's tab names are compared with the tabs' (``TabLayout/number(of:)``), not
  /// hashed into its dictionary.
  func resolve(_ state: TabState) throws(RoutingError) -> (Int, [[Entry]]) {
    guard let selected = tabLayout.number(of: state.selected) else {
      throw RoutingError.unknownTab(state.selected, suggestion: nearestTab(to: state.selected))
    }
    var stacks = tabLayout.rootStacks
    for (name, stack) in state.stacks {
      guard let number = tabLayout.number(of: name) else {
        // The first by name, whatever the dictionary's order.
        let unknown = state.stacks.keys.filter { tabLayout.number(of: $0) == nil }.min()!
        throw RoutingError.unknownTab(unknown, suggestion: nearestTab(to: unknown))
      }
      stacks[number] = stack
    }
    return (selected, stacks)
  }

  /// The state of tab `selected` selected and `stacks` in tab order, made from `state`:
  /// when `state` names every tab, only the stacks that changed are written again, in
  /// their places in its dictionary.
  func tabState(_ selected: Int, _ stacks: [[Entry]], from state: TabState) -> TabState {
    var named = state.stacks
    // `state` names known tabs only (``resolve(_:)``): as many names, every tab.
    if named.count == tabLayout.tabs.count {
      for index in named.indices {
        let number = tabLayout.number(of: named.keys[index])!
        // A stack no leg changed is the state's own: the comparison finds the same storage.
        if stacks[number] != named.values[index] { named.values[index] = stacks[number] }
      }
    } else {
      for (number, tab) in tabLayout.tabs.enumerated() { named[tab.name] = stacks[number] }
    }
    return TabState(selected: tabLayout.tabs[selected].name, stacks: named)
  }
}

// MARK: - Links into tabs

/// What reading a link into tabs gives: the tab it names, if any, and the reading of
/// the rest.
public struct TabLinkReading: Hashable, Sendable {
  /// The tab the link's first segment names; `nil` when it names none and the route may
  /// select any tab.
  public var tab: String?
  /// The reading of the link after the tab's segment (of the whole link without one).
  public var reading: LinkReading

  /// Creates a reading.
  ///
  /// - Parameters:
  ///   - tab: The tab the link names, or `nil`.
  ///   - reading: The reading of the rest of the link.
  public init(tab: String?, reading: LinkReading) {
    self.tab = tab
    self.reading = reading
  }
}

extension RouteTable {
  /// Reads a deep link into tabs: when its first segment is a tab's path, that tab and
  /// the rest of the link; otherwise the whole link as ``read(_:strict:)`` reads it.
  ///
  /// A link of the tab's segment alone reads as its root. See <doc:PlanningAcrossTabs>.
  ///
  /// ```swift
  /// let reading = try table.readInTabs("myapp://search/Query/Results")
  /// // reading.tab: "Search"; reading.reading.request: to Results via Query
  /// ```
  ///
  /// - Parameters:
  ///   - link: The link, such as `myapp://home/Feed/post/9`.
  ///   - strict: Whether a query item that no screen of the reading declares is an
  ///     error rather than dropped.
  /// - Returns: The tab and the reading.
  /// - Throws: ``LinkError``, as ``read(_:strict:)`` for the rest of the link.
  /// - Complexity: As ``read(_:strict:)``, plus O(*n*) to find the first segment, where
  ///   *n* is the length of the link.
  public func readInTabs(_ link: String, strict: Bool = false) throws(LinkError)
    -> TabLinkReading
  {
    guard let (tab, prefix, rest) = splitTab(link) else {
      return TabLinkReading(tab: nil, reading: try read(link, strict: strict))
    }
    let path =
      rest.isEmpty || rest.first == "?" || rest.first == "#"
      ? try self.link(for: [Entry(tabLayout.tabs[tab].root)]) + rest : rest
    return TabLinkReading(
      tab: tabLayout.tabs[tab].name, reading: try read(String(prefix) + path, strict: strict))
  }

  /// Splits a link whose first path segment is a tab's path into the tab's number, what
  /// comes before the segment (a scheme and a web host) and what follows it, without
  /// the `/` after it; `nil` when the first segment is no tab's.
  private func splitTab(_ link: String) -> (Int, Substring, Substring)? {
    guard !tabLayout.segments.isEmpty else { return nil }
    var start = link.startIndex
    let first = link.firstIndex(where: { "/?#:".contains($0) }) ?? link.endIndex
    if link[first...].hasPrefix("://") {
      start = link.index(first, offsetBy: 3)
      let name = link[..<first].lowercased()
      if name == "http" || name == "https" {
        // The host is a domain, not a segment.
        start = link[start...].firstIndex(where: { "/?#".contains($0) }) ?? link.endIndex
      }
    }
    let prefix = link[..<start]
    while start < link.endIndex && link[start] == "/" { start = link.index(after: start) }
    let end = link[start...].firstIndex(where: { "/?#".contains($0) }) ?? link.endIndex
    guard let tab = tabLayout.segments[String(link[start..<end])] else { return nil }
    let rest =
      end < link.endIndex && link[end] == "/" ? link[link.index(after: end)...] : link[end...]
    return (tab, prefix.isEmpty || prefix.hasSuffix("/") ? prefix : prefix + "/", rest)
  }

  /// Renders a tab state as the link that leads to it: the selected tab's path segment,
  /// when it has one, then the link of its stack (``link(for:)-([Entry])``). Reading it back with
  /// ``readInTabs(_:strict:)`` names the tab and gives the stack's screens as
  /// milestones.
  ///
  /// - Parameter state: The state; only the selected tab's stack is rendered.
  /// - Returns: A link such as `home/Feed/post/9`.
  /// - Throws: ``LinkError/Kind/unknownTab(_:suggestion:)`` for a selected tab the table does not
  ///   declare; otherwise as ``link(for:)-([Entry])``.
  /// - Complexity: As ``link(for:)-([Entry])``.
  public func link(for state: TabState) throws(LinkError) -> String {
    guard let tab = tabLayout.number(of: state.selected) else {
      throw LinkError(.unknownTab(state.selected, suggestion: nearestTab(to: state.selected)))
    }
    let stack = try link(for: state.stacks[state.selected] ?? [Entry(tabLayout.tabs[tab].root)])
    guard let path = tabLayout.tabs[tab].path else { return stack }
    return PercentEncoding.encode(path) + "/" + stack
  }

  /// Plans the route a link into tabs stands for: with a tab, that tab is selected first
  /// (unless it is) and the rest of the link is planned inside it; without one, the
  /// request is planned across tabs as ``route(_:from:)-(_,TabState)`` plans it.
  ///
  /// - Parameters:
  ///   - reading: What ``readInTabs(_:strict:)`` read.
  ///   - state: The selected tab and the tabs' stacks.
  /// - Returns: The steps and the state they leave.
  /// - Throws: ``RoutingError``, as ``route(_:from:)-(_,TabState)``.
  /// - Complexity: As ``route(_:from:)-(_,TabState)``.
  public func route(_ reading: TabLinkReading, from state: TabState) throws(RoutingError)
    -> TabRoute
  {
    guard let tab = reading.tab else { return try route(reading.reading.request, from: state) }
    var (_, stacks) = try resolve(state)
    guard let number = tabLayout.number(of: tab) else {
      throw RoutingError.unknownTab(tab, suggestion: nearestTab(to: tab))
    }
    // Inside the tab, as its single stack: the other tabs stay as they are.
    let inside = try planner.route(
      reading.reading.request, from: stacks[number],
      inTab: Planner.StackTab(number: number, name: tab))
    stacks[number] = inside.stack
    let steps = inside.steps.map(TabStep.command)
    return TabRoute(
      steps: tab == state.selected ? steps : [.select(tab)] + steps,
      state: tabState(number, stacks, from: state))
  }
}
