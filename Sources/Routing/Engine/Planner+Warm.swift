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
  /// search's answer (the breadth-first order of ``LegOrder``). Otherwise the field is
  /// set aside. When no first step leads to the
  /// milestone in the larger graph, none does in this request's. Either answer stands
  /// only when the field was intact throughout (``PlanCache/isIntact(_:)``); otherwise
  /// the field is set aside too.
  ///
  /// - Complexity: O(*c* + *d* · *k*), where *c* is the number of first steps, *d* the
  ///   length of the leg and *k* the most commands a screen on it starts.
  func warmLeg(
    to milestone: Int32, along field: CachedField, _ filter: LegFilter,
    _ buffers: inout PlannerScratch
  ) -> Bool? {
    let unreachable = Int32(DistanceField.unreachable)
    var best: LegStep?
    var remaining = Int32.max
    for candidate in buffers.candidates {
      let distance = Int32(cache.distance(Int(candidate.screen), in: field))
      if distance != unreachable && distance < remaining {
        best = candidate
        remaining = distance
      }
    }
    // The first steps from anywhere, left implicit: the field knows their best.
    if buffers.search.implicitAnywhere, let (step, distance) = field.bestFromAnywhere,
      distance < remaining || (distance == remaining && step.command < best!.command)
    {
      guard !buffers.isHeld(Int(step.screen)) else { return nil }
      best = step
      remaining = distance
    }
    guard let first = best else { return cache.isIntact(field) ? false : nil }
    buffers.leg.append(first)
    let walked = walk(from: first.screen, remaining, along: field, into: &buffers) {
      (buffers, command, target) -> Bool in
      guard !buffers.isHeld(Int(target)), filter.allows(command) else {
        return false
      }
      buffers.leg.append(LegStep(command: command, screen: target, popTo: -1))
      return true
    }
    guard walked && cache.isIntact(field) else {
      buffers.leg.removeAll(keepingCapacity: true)
      return nil
    }
    return true
  }

  /// The route from the one-entry stack `[entry]` to `destination` along the
  /// destination's cached field, for a request without breadcrumbs on a table without
  /// guards or costs; `nil` when the field is not cached or cannot vouch for the cold
  /// search's answer, or when the table does not know the entry's screen (then the
  /// search answers).
  ///
  /// The walk of ``warmLeg(to:along:_:_:)`` with nothing to set up: no search buffers,
  /// since the only screen such a stack can hold is its top's, and no first steps but
  /// the top's commands and the field's best from anywhere.
  ///
  /// - Throws: ``RoutingError/unreachable(from:to:)`` when the field says no route
  ///   exists, ``RoutingError/invalidParameter(name:value:expected:)`` as
  ///   ``newEntry(of:parameters:)`` does, once the walk has vouched for the route.
  /// - Complexity: O(*d* · *k*), where *d* is the length of the route and *k* the most
  ///   commands a screen on it starts.
  func warmRoute(
    from entry: Entry, to destination: Int32, parameters: Parameters
  ) throws(RoutingError) -> Route? {
    // The field first: without one, the search looks the entry's name up itself.
    guard let field = cache.cachedField(to: destination),
      let top = screenIndex[entry.screen]
    else { return nil }
    let topHeld = self.entry(entry, matchesParametersOf: top, under: parameters)
    if top == destination && topHeld { return Route(steps: [], stack: [entry]) }
    let unreachable = Int32(DistanceField.unreachable)
    // The first step: the top's lowest-numbered command of least distance, or the
    // field's best from anywhere (``LegOrder``, breadth-first order: first steps in
    // command order; a one-entry stack has no pops).
    var first = LegStep(command: -1, screen: -1, popTo: -1)
    var remaining = Int32.max
    let commands = graph.commandsFrom.items
    let targets = graph.targetsFrom
    for position in graph.commandsFrom.range(Int(top)) {
      let target = targets[position]
      let distance = Int32(cache.distance(Int(target), in: field))
      if distance != unreachable && distance < remaining && !(topHeld && target == top) {
        first = LegStep(command: commands[position], screen: target, popTo: -1)
        remaining = distance
      }
    }
    if let (step, distance) = field.bestFromAnywhere,
      distance < remaining || (distance == remaining && step.command < first.command)
    {
      guard !(topHeld && step.screen == top) else { return nil }
      first = step
      remaining = distance
    }
    // No command leads to the milestone from the top in the larger graph: none does in
    // this request's.
    guard first.command >= 0 else {
      guard cache.isIntact(field) else { return nil }
      throw RoutingError.unreachable(from: entry.screen, to: screenNames[Int(destination)])
    }
    // The walk builds the route as it goes, its arrays sized once for the `remaining`
    // steps it takes when it vouches; a route it does not vouch for is dropped, and the
    // search answers. A pushed entry that a parameter does not convert for is noted,
    // not thrown: the error stands only for a route the walk vouched for.
    // Not `Array(unsafeUninitializedCapacity:)`: its buffer's class metadata is looked up
    // in the runtime on every call, which costs more than the rest of a warm plan;
    // `reserveCapacity` reads a cached one. Reserved here rather than in an initializer,
    // which the compiler made a call.
    var route = RouteUnderWay()
    route.stack.reserveCapacity(Int(remaining) + 2)
    route.steps.reserveCapacity(Int(remaining) + 1)
    route.stack.append(entry)
    let avoided = topHeld ? top : -1
    // Two walks, one for each way of making entries, rather than one that asks at every
    // step: an entry made from its name alone then goes into the stack and its step
    // without a branch in between, and its name is retained for both at once.
    let walked =
      parameters.isEmpty
      ? walkRoute(from: first, remaining, along: field, avoiding: avoided, into: &route) {
        screen, _ in Entry(screenNames[Int(screen)])
      }
      : walkRoute(from: first, remaining, along: field, avoiding: avoided, into: &route) {
        screen, route in newEntry(of: screen, parameters: parameters, noting: &route.failed)
      }
    guard walked && cache.isIntact(field) else { return nil }
    // The first screen a value did not convert for throws its error again, now that the
    // route stands.
    if route.failed >= 0 {
      _ = try newEntry(of: route.failed, parameters: parameters)
      preconditionFailure("a value that did not convert converted on the second try")
    }
    return route.finish()
  }

  /// Pushes `first` onto `route`, then walks `field` from it (``walk(from:_:along:into:_:)``)
  /// pushing each step, its entry made by `newEntry`; `false` when the walk steps onto
  /// screen `avoided` (the top the stack holds, or -1) or does not reach the milestone.
  @inline(__always)
  private func walkRoute(
    from first: LegStep, _ remaining: Int32, along field: CachedField, avoiding avoided: Int32,
    into route: inout RouteUnderWay, making newEntry: (Int32, inout RouteUnderWay) -> Entry
  ) -> Bool {
    let entry = newEntry(first.screen, &route)
    route.push(entry, by: first.command, id: commandID(first.command))
    return walk(from: first.screen, remaining, along: field, into: &route) {
      (route, command, target) -> Bool in
      guard target != avoided else { return false }
      let entry = newEntry(target, &route)
      route.push(entry, by: command, id: commandID(command))
      return true
    }
  }

  /// The identifier of command `command`, when the table has any.
  @inline(__always)
  private func commandID(_ command: Int32) -> String? {
    anyCommandID ? commands.id(of: Int(command)) : nil
  }

  /// The entry ``newEntry(of:parameters:)`` makes for `screen`, or, when a value does
  /// not convert, the entry made from the name alone, the screen kept in `failed` unless
  /// it holds one already (-1: none).
  private func newEntry(
    of screen: Int32, parameters: Parameters, noting failed: inout Int32
  ) -> Entry {
    do {
      return try newEntry(of: screen, parameters: parameters)
    } catch {
      if failed < 0 { failed = screen }
      return Entry(screenNames[Int(screen)])
    }
  }

  /// A route that ``warmRoute(from:to:parameters:)`` builds along its walk: the stack
  /// and steps so far, and the first pushed screen a value did not convert for, if any.
  private struct RouteUnderWay {
    var stack: [Entry] = []
    var steps: [Step] = []
    /// The first pushed screen a value did not convert for, or -1: a number rather than
    /// the error, so that the route under way is dropped without asking which error
    /// case it holds.
    var failed: Int32 = -1

    /// Pushes `entry` by command `command`, whose identifier is `id`.
    ///
    /// The entry and identifier are taken, not borrowed: the step then holds them without
    /// retaining them again.
    @inline(__always)
    mutating func push(_ entry: consuming Entry, by command: Int32, id: consuming String?) {
      stack.append(copy entry)
      steps.append(
        Step(command: Int(command), commandID: id, action: .push, entry: entry, depth: stack.count))
    }

    /// The route.
    ///
    /// The arrays are swapped out rather than read: read, they are copied (retained)
    /// into the route and released again when the route under way goes.
    mutating func finish() -> Route {
      var finishedSteps: [Step] = []
      var finishedStack: [Entry] = []
      swap(&finishedSteps, &steps)
      swap(&finishedStack, &stack)
      return Route(steps: finishedSteps, stack: finishedStack)
    }
  }

  /// Walks a distance field from `screen`, `remaining` steps from its milestone: at each
  /// screen, the lowest-numbered command to a screen one step nearer (later steps in row
  /// order, ``LegOrder``). Hands each to
  /// `take` (with `state`, its command and destination) and stops, returning `false`, as
  /// soon as `take` refuses one or a screen has none (a field read while a build
  /// overwrote it).
  ///
  /// The state is passed in rather than captured: a closure capturing the caller's
  /// variables makes each of their accesses a dynamic exclusivity check, in a loop that
  /// is most of a warm plan.
  @inline(__always)
  private func walk<State>(
    from screen: Int32, _ remaining: Int32, along field: CachedField, into state: inout State,
    _ take: (inout State, Int32, Int32) -> Bool
  ) -> Bool {
    let starts = graph.commandsFrom.starts
    let commands = graph.commandsFrom.items
    let targets = graph.targetsFrom
    var screen = Int(screen)
    var remaining = remaining
    while remaining > 0 {
      remaining -= 1
      var position = Int(starts[screen])
      let end = Int(starts[screen + 1])
      while position < end,
        Int32(cache.distance(Int(targets[position]), in: field)) != remaining
      {
        position += 1
      }
      guard position < end, take(&state, commands[position], targets[position]) else {
        return false
      }
      screen = Int(targets[position])
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
