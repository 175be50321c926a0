/// Plans routes over a table's compiled graph: the rules of <doc:HowRoutesArePlanned>.
///
/// A request is planned leg by leg (each breadcrumb, then the destination). A leg is
/// found by one of three searches, all with the same answer: a walk along a cached
/// distance field when one provably gives the cold search's route, a bidirectional
/// breadth-first search when every command costs 1, and Dijkstra's algorithm otherwise.
/// Each searches screens, not stacks: a shortest leg never pushes a screen that
/// matches an entry of the stack it starts from, so each screen is visited once.
///
/// A final class, not a struct: a table hands its planner to every plan, and a struct
/// holding the graph's two dozen arrays cost as many retains and releases per plan.
final class Planner: Sendable {
  /// The compiled graph.
  let graph: RouteGraph
  /// The screens, in table order; their parameters decide matching.
  let screens: [Screen]
  /// The commands' declarations, for their identifiers.
  let commands: RouteTable.Commands
  /// Screens by name.
  let screenIndex: ScreenIndex
  /// Each screen's name, in table order: what a step reads without copying a ``Screen``.
  let screenNames: [ScreenName]
  /// Whether each screen declares parameters; an entry of one that does not matches on
  /// its name alone and a push of it creates an entry without parameters.
  let declaresParameters: [Bool]
  /// Whether the table declares its screens: then a stack may hold those only.
  let declaresScreens: Bool
  /// Whether some command has an identifier.
  let anyCommandID: Bool
  /// Whether some screen declares a required parameter: without one, a request without
  /// parameters needs no check along its route.
  let anyRequiredParameter: Bool
  /// The kind of each parameter key that the table's screens declare with one kind only:
  /// a request's values for those keys are typed once, as the request enters
  /// (``typedOnce(_:)``).
  let keyKinds: [String: ParameterKind]
  /// Whether some guard has a remedy, so that a failed request may answer with a detour
  /// (<doc:LayersAndDetours>).
  let hasRemedies: Bool
  /// Search buffers kept between plans.
  let scratch: ScratchPool
  /// Distance fields of milestones planned before.
  let cache: PlanCache
  /// The positions of the graph's rows whose command a tab or a guard may leave out.
  let limitedPositions: LimitedPositions

  /// A planner for `graph`, whose tabs leave out the commands `excluded` (in tab order).
  convenience init(
    graph: RouteGraph, screens: [Screen], commands: RouteTable.Commands, screenIndex: ScreenIndex,
    declaresScreens: Bool, excluded: [[Int32]]
  ) {
    self.init(
      graph: graph, screens: screens, commands: commands, screenIndex: screenIndex,
      declaresScreens: declaresScreens,
      cache: Self.cache(limit: RouteTable.defaultPlanCacheLimit, graph),
      limitedPositions: LimitedPositions(graph: graph, excluded: excluded))
  }

  private init(
    graph: RouteGraph, screens: [Screen], commands: RouteTable.Commands, screenIndex: ScreenIndex,
    declaresScreens: Bool, cache: PlanCache, limitedPositions: LimitedPositions
  ) {
    self.graph = graph
    self.screens = screens
    self.commands = commands
    self.screenIndex = screenIndex
    self.declaresScreens = declaresScreens
    self.screenNames = screenIndex.names
    self.declaresParameters = screens.map { !$0.parameters.isEmpty }
    self.anyCommandID = !commands.details.ids.isEmpty
    self.anyRequiredParameter = screens.contains { $0.parameters.contains(where: \.required) }
    self.keyKinds = Self.keyKinds(of: screens)
    self.hasRemedies = graph.guards.contains { $0.remedy != nil }
    self.scratch = ScratchPool()
    self.cache = cache
    self.limitedPositions = limitedPositions
  }

  /// The keys that `screens` declare with one kind only, and that kind.
  private static func keyKinds(of screens: [Screen]) -> [String: ParameterKind] {
    var kinds: [String: ParameterKind?] = [:]
    for screen in screens {
      for parameter in screen.parameters {
        if let known = kinds[parameter.name] {
          if known != parameter.kind { kinds[parameter.name] = .some(nil) }
        } else {
          kinds[parameter.name] = parameter.kind
        }
      }
    }
    return kinds.compactMapValues { $0 }
  }

  /// `parameters` with each value converted, once, to the kind the table declares for its
  /// key, where the screens declare it with one kind; the others as they are (each
  /// screen converts them to its own kind), and so is a value that does not convert, so
  /// that matching and pushing report it as before (<doc:HowRoutesArePlanned>,
  /// "Matching"). The matches and pushes of the plan then find their values typed.
  ///
  /// - Complexity: O(*k*) for *k* keys, plus the conversions; no copy when every value
  ///   has its kind already, or the table declares no parameter.
  func typedOnce(_ parameters: Parameters) -> Parameters {
    guard !parameters.isEmpty, !keyKinds.isEmpty else { return parameters }
    var typed = parameters
    for (key, value) in parameters {
      guard let kind = keyKinds[key], value.kind != kind,
        let converted = value.converted(to: kind)
      else { continue }
      typed[key] = converted
    }
    return typed
  }

  /// This planner with an empty cache of its own, holding at most `limit` bytes.
  func withCache(limit: Int) -> Planner {
    Planner(
      graph: graph, screens: screens, commands: commands, screenIndex: screenIndex,
      declaresScreens: declaresScreens, cache: Self.cache(limit: limit, graph),
      limitedPositions: limitedPositions)
  }

  /// An empty cache for `graph`; building a field costs a backward search of it.
  ///
  /// The cost is in units of cold search (commands looked at), each a jump to a screen
  /// found by a random command, often out of the caches; a build reads the same rows mostly
  /// in order, and so costs much less a unit (`Docs/Performance.md` has the figures).
  private static func cache(limit: Int, _ graph: RouteGraph) -> PlanCache {
    PlanCache(
      limit: limit, screenCount: graph.screenCount,
      buildCost: (graph.screenCount + graph.commandCount + graph.originCount) / 16)
  }

  /// Plans the route that fulfils `request` from `stack` and checks the request's keys
  /// along it (``checkParameters(of:along:)``); see ``RouteTable/route(_:from:)``. A route
  /// that fails where a guard stood in the way names that guard
  /// (``namingRefusingGuard(_:of:from:replan:)``).
  ///
  /// - Parameter tab: The tab the stack is in, on a table with tabs: the route stays in
  ///   it, with the commands it allows (<doc:PlanningAcrossTabs>); `nil` for a table
  ///   without tabs.
  func route(_ request: Request, from stack: [Entry], inTab tab: StackTab? = nil)
    throws(RoutingError) -> Route
  {
    do throws(RoutingError) {
      let route = try plan(request, from: stack, inTab: tab, heedingGuards: true)
      try checkParameters(of: request, along: route)
      return route
    } catch {
      // Without guards there is none to name: the error goes out as it came, before the
      // replan's closure is made and the error copied into the call.
      guard !graph.guardedCommands.isEmpty else { throw error }
      throw namingRefusingGuard(error, of: request, from: stack) { () throws(RoutingError) in
        try plan(request, from: stack, inTab: tab, heedingGuards: false).steps
      }
    }
  }

  /// The route of ``route(_:from:inTab:)``, its keys not checked yet.
  ///
  /// - Parameter heedingGuards: Whether commands whose guard says no are left out;
  ///   `false` only to find which guard stood in the way of a route that failed.
  private func plan(
    _ request: Request, from stack: [Entry], inTab tab: StackTab?, heedingGuards: Bool
  ) throws(RoutingError) -> Route {
    guard !stack.isEmpty else { throw RoutingError.emptyStack }
    let destination = try destination(of: request)
    let parameters =
      request.parameters.isEmpty ? request.parameters : typedOnce(request.parameters)
    // The common warm request walks its field without taking search buffers.
    if stack.count == 1 && request.breadcrumbs.isEmpty && graph.guardedCommands.isEmpty
      && !graph.hasCosts && tab == nil,
      let route = try warmRoute(from: stack[0], to: destination, parameters: parameters)
    {
      return route
    }
    return try scratch.withScratch { (buffers) throws(RoutingError) -> Route in
      // Each name of the stack is looked up once; the legs keep the numbers up to date.
      try screenNumbers(of: stack, tab: tab?.name, into: &buffers.stackScreens)
      if topMatches(stack, destination, parameters, buffers) {
        return Route(steps: [], stack: stack)
      }
      let filter = legFilter(
        for: request, from: stack, inTab: tab, heedingGuards: heedingGuards, &buffers)
      var current = stack
      var steps: [Step] = []
      var next = 0
      while next <= request.breadcrumbs.count {
        let milestone =
          next < request.breadcrumbs.count ? screenIndex[request.breadcrumbs[next]]! : destination
        next += 1
        if topMatches(current, milestone, parameters, buffers) { continue }
        let found = leg(
          from: current, to: milestone, parameters: parameters, filter: filter, bound: .max,
          &buffers)
        guard found else {
          throw RoutingError.unreachable(
            from: current[current.count - 1].screen, to: screenNames[Int(milestone)])
        }
        try takeLeg(into: &steps, as: { $0 }, on: &current, parameters: parameters, &buffers)
      }
      return Route(steps: steps, stack: current)
    }
  }

  /// Prepares `buffers` for a request's legs from `stack` and makes what they leave out
  /// (``legFilter(refusing:inTab:marking:)``): the commands whose guard says no (when
  /// `heedingGuards`) and, in tab `tab`, the commands the tab leaves out.
  func legFilter(
    for request: Request, from stack: [Entry], inTab tab: StackTab?, heedingGuards: Bool,
    _ buffers: inout PlannerScratch
  ) -> LegFilter {
    buffers.prepare(screens: graph.screenCount, commands: graph.commandCount)
    let refused = heedingGuards ? refusedCommands(request, from: stack) : []
    return legFilter(refusing: refused, inTab: tab?.number, marking: &buffers.disabled)
  }

  /// Applies the leg in `buffers.leg` to `current`, whose screen numbers
  /// `buffers.stackScreens` holds, keeping both up to date, and appends its steps, each
  /// made an element of `steps` by `element`.
  func takeLeg<Element>(
    into steps: inout [Element], as element: (Step) -> Element, on current: inout [Entry],
    parameters: Parameters, _ buffers: inout PlannerScratch
  ) throws(RoutingError) {
    steps.reserveCapacity(steps.count + buffers.leg.count)
    current.reserveCapacity(current.count + buffers.leg.count)
    for step in buffers.leg {
      if step.popTo >= 0 {
        buffers.stackScreens.removeSubrange(Int(step.popTo + 1)...)
      } else {
        buffers.stackScreens.append(step.screen)
      }
      steps.append(element(try apply(step, parameters: parameters, to: &current)))
    }
  }

  /// Replaces `numbers` with the screen number of each entry of `stack`, bottom first;
  /// -1 for a screen the table does not know, which only a table that declares no
  /// screens accepts.
  ///
  /// - Parameter tab: The tab whose stack it is, for the error; `nil` for a single stack.
  /// - Throws: ``RoutingError/unknownScreenOnStack(_:entry:tab:suggestion:)`` for the first entry
  ///   naming a screen that a table declaring its screens does not declare.
  /// - Complexity: O(*n*) on average, where *n* is the depth of the stack.
  func screenNumbers(of stack: [Entry], tab: String?, into numbers: inout [Int32])
    throws(RoutingError)
  {
    numbers.removeAll(keepingCapacity: true)
    for (position, entry) in stack.enumerated() {
      guard let number = screenIndex[entry.screen] else {
        guard !declaresScreens else {
          throw RoutingError.unknownScreenOnStack(
            entry.screen, entry: position, tab: tab, suggestion: nearestScreen(to: entry.screen))
        }
        numbers.append(-1)
        continue
      }
      numbers.append(number)
    }
  }

  /// The destination's screen number, once every milestone is known to be a screen.
  ///
  /// - Throws: ``RoutingError/unknownScreen(_:suggestion:)`` for the first breadcrumb, then the
  ///   destination, that the table does not know.
  func destination(of request: Request) throws(RoutingError) -> Int32 {
    // Most requests have no breadcrumbs: the loop is skipped without taking the array.
    if !request.breadcrumbs.isEmpty {
      for name in request.breadcrumbs where screenIndex[name] == nil {
        throw RoutingError.unknownScreen(name, suggestion: nearestScreen(to: name))
      }
    }
    guard let destination = screenIndex[request.destination] else {
      throw RoutingError.unknownScreen(
        request.destination, suggestion: nearestScreen(to: request.destination))
    }
    return destination
  }

  /// Applies `step` to `stack` (a pop back to an entry, or a push of a new one) and
  /// returns it as a route's step.
  @inline(__always)
  func apply(
    _ step: LegStep, parameters: Parameters, to stack: inout [Entry]
  ) throws(RoutingError) -> Step {
    if step.popTo >= 0 {
      stack.removeSubrange(Int(step.popTo + 1)...)
    } else {
      stack.append(try newEntry(of: step.screen, parameters: parameters))
    }
    let command = Int(step.command)
    return Step(
      command: command, commandID: anyCommandID ? commands.id(of: command) : nil,
      action: step.popTo >= 0 ? .pop : .push, entry: stack[stack.count - 1],
      depth: stack.count)
  }

  /// Whether the top of `stack`, whose screen numbers `buffers.stackScreens` holds,
  /// matches `screen` under `parameters`.
  func topMatches(
    _ stack: [Entry], _ screen: Int32, _ parameters: Parameters, _ buffers: borrowing PlannerScratch
  ) -> Bool {
    buffers.stackScreens[buffers.stackScreens.count - 1] == screen
      && entry(stack[stack.count - 1], matchesParametersOf: screen, under: parameters)
  }

  /// Finds the leg from `stack` to a top matching `milestone` and leaves its steps in
  /// `buffers.leg`; returns `false` when there is none. The caller has checked that
  /// the top does not match already. With a `popFloor` above 0, the leg keeps every
  /// entry from that index up: a command that would pop below it does not apply.
  func leg(
    from stack: [Entry], to milestone: Int32, parameters: Parameters, filter: LegFilter,
    bound: Int32, popFloor: Int = 0,
    _ buffers: inout PlannerScratch
  ) -> Bool {
    buffers.leg.removeAll(keepingCapacity: true)
    markStack(stack, parameters: parameters, &buffers)
    if popFloor > 0 { buffers.marks.forbidPops(below: popFloor) }
    if graph.hasCosts {
      buffers.search = LegSearch()
      listFirstSteps(filter, &buffers)
      return cheapestLeg(to: milestone, filter: filter, &buffers)
    }
    // Without guards saying no, the first steps by commands from anywhere stay implicit
    // (``RouteGraph/firstFromAnywhere``): a table may have thousands of them.
    buffers.search = LegSearch(
      implicitAnywhere: !filter.anyDisabled && !graph.fromAnywhere.isEmpty)
    listFirstSteps(filter, &buffers)
    if let field = cache.field(to: milestone, building: distanceField) {
      if let found = warmLeg(to: milestone, along: field, filter, &buffers) { return found }
    }
    let found = shortestLeg(to: milestone, filter: filter, bound: bound, &buffers)
    cache.earn(buffers.search.work, toward: milestone)
    return found
  }
}

// MARK: - The stack a leg starts from

extension Planner {
  /// Whether `entry` matches screen `screen` under `parameters` (<doc:HowRoutesArePlanned>,
  /// "Matching"). A request value that does not convert to the kind the screen declares
  /// matches no entry.
  func entry(_ entry: Entry, matches screen: Int32, under parameters: Parameters) -> Bool {
    entry.screen == screenNames[Int(screen)]
      && self.entry(entry, matchesParametersOf: screen, under: parameters)
  }

  /// Whether `entry`, an entry of screen `screen`, holds the request's values of the
  /// keys the screen declares.
  func entry(
    _ entry: Entry, matchesParametersOf screen: Int32, under parameters: Parameters
  ) -> Bool {
    guard !parameters.isEmpty, declaresParameters[Int(screen)] else { return true }
    for parameter in screens[Int(screen)].parameters {
      guard let wanted = parameters[parameter.name] else { continue }
      guard let typed = wanted.converted(to: parameter.kind),
        entry.parameters[parameter.name] == typed
      else { return false }
    }
    return true
  }

  /// The entry a push of `screen` creates: the request values the screen declares,
  /// converted to their declared kinds.
  ///
  /// - Throws: ``RoutingError/invalidParameter(name:value:expected:)`` for the first
  ///   declared parameter, in declaration order, whose request value does not convert:
  ///   a value is checked only against the screens a route creates.
  ///
  /// Inlined for the common entry without parameters, which a warm plan makes for every
  /// screen it pushes: the call would be a large part of that plan.
  @inline(__always)
  func newEntry(of screen: Int32, parameters: Parameters) throws(RoutingError) -> Entry {
    // The request's parameters first: without any, the screen's flag is not read.
    guard !parameters.isEmpty, declaresParameters[Int(screen)] else {
      return Entry(screenNames[Int(screen)])
    }
    return try newEntry(declaring: screen, parameters: parameters)
  }

  /// ``newEntry(of:parameters:)`` for a screen that declares parameters.
  private func newEntry(declaring screen: Int32, parameters: Parameters) throws(RoutingError)
    -> Entry
  {
    var values: Parameters = [:]
    for parameter in screens[Int(screen)].parameters {
      guard let value = parameters[parameter.name] else { continue }
      guard let typed = value.converted(to: parameter.kind) else {
        throw RoutingError.invalidParameter(
          name: parameter.name, value: value.description, expected: parameter.kind)
      }
      values[parameter.name] = typed
    }
    return Entry(screenNames[Int(screen)], parameters: values)
  }

  /// Marks `stack`, whose screen numbers `buffers.stackScreens` holds, in
  /// `buffers.marks` under `parameters`: the pop rule of ``StackMarks/mark(_:matches:)``.
  func markStack(_ stack: [Entry], parameters: Parameters, _ buffers: inout PlannerScratch) {
    buffers.marks.mark(buffers.stackScreens) { position, screen in
      entry(stack[position], matchesParametersOf: screen, under: parameters)
    }
  }

  /// Lists a leg's possible first steps in `buffers.candidates`, by command number
  /// (``RouteGraph/listFirstSteps(_:implicitAnywhere:into:pops:merged:filter:)``), those
  /// from anywhere only unless `buffers.search.implicitAnywhere`.
  func listFirstSteps(_ filter: LegFilter, _ buffers: inout PlannerScratch) {
    graph.listFirstSteps(
      buffers.marks, implicitAnywhere: buffers.search.implicitAnywhere, into: &buffers.candidates,
      pops: &buffers.pops, merged: &buffers.merged, filter: filter)
  }
}
