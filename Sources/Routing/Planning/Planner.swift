extension RouteTable {
  /// Plans the route from a stack to a destination, through breadcrumbs, with request
  /// parameters.
  ///
  /// The route is the shortest one: each leg (to each breadcrumb,
  /// then to the destination) is the shortest sequence of applicable commands, ties
  /// broken by command numbers read from the first step; a destination already below
  /// the top is popped back to rather than pushed again. Planning touches no UI and
  /// changes nothing: it only returns the steps and the stack they leave.
  ///
  /// ```swift
  /// let route = try table.route(
  ///   from: [Entry(.menu)], to: .profile, via: [.folder], parameters: ["userId": 2])
  /// for step in route.steps { print(step) }
  /// ```
  ///
  /// - Parameters:
  ///   - stack: The stack to start from, bottom first; it must not be empty.
  ///   - destination: Where to go.
  ///   - breadcrumbs: Milestones to pass on the way, in order.
  ///   - parameters: Values applied to every screen the route pushes (each screen takes
  ///     those it declares) and used to match existing entries.
  /// - Returns: The steps and the resulting stack; no step when the top of `stack`
  ///   already matches `destination`.
  /// - Throws: ``RoutingError/unknownScreen(_:)`` for a destination or breadcrumb that
  ///   the table does not know, ``RoutingError/invalidParameter(name:value:expected:)``
  ///   for a value that does not convert to the kind declared by a screen the route
  ///   creates (an existing entry whose screen declares a kind the value does not convert
  ///   to simply does not match),
  ///   ``RoutingError/unreachable(from:to:)`` for a leg without a route, and
  ///   ``RoutingError/emptyStack``.
  /// - Complexity: O(*L* · *B* · (*V* + *E*) + *n*) at most, where *L* is the number of
  ///   legs, *B* the number of distinct screens the leg could pop back to plus one,
  ///   *V* the number of screens, *E* the number of command origins and *n* the depth of
  ///   the stack. A search visits only what it reaches before it finds the milestone, and
  ///   *B* is 1 unless the stack holds screens the route may pop back to. With costs
  ///   (some command costing more than 1) a leg is a Dijkstra search instead, at most
  ///   O(*B* · *E* · log(*E*) · *d*), where *d* is the number of steps of the leg.
  public func route(
    from stack: [Entry], to destination: ScreenName, via breadcrumbs: [ScreenName] = [],
    parameters: Parameters = [:]
  ) throws(RoutingError) -> Route {
    try route(Request(to: destination, via: breadcrumbs, parameters: parameters), from: stack)
  }

  /// Plans the route that fulfils a request from a stack.
  ///
  /// - Parameters:
  ///   - request: Where to go, through which breadcrumbs, with which parameters.
  ///   - stack: The stack to start from, bottom first; it must not be empty.
  /// - Returns: The steps and the resulting stack.
  /// - Throws: ``RoutingError``, as ``route(from:to:via:parameters:)`` does.
  /// - Complexity: As ``route(from:to:via:parameters:)``.
  public func route(_ request: Request, from stack: [Entry]) throws(RoutingError) -> Route {
    guard !stack.isEmpty else { throw RoutingError.emptyStack }
    var milestones: [Int32] = []
    milestones.reserveCapacity(request.breadcrumbs.count + 1)
    for name in request.breadcrumbs + [request.destination] {
      guard let number = screenIndex[name] else { throw RoutingError.unknownScreen(name) }
      milestones.append(number)
    }
    let parameters = request.parameters
    if entry(stack[stack.count - 1], matches: milestones[milestones.count - 1], under: parameters) {
      return Route(steps: [], stack: stack)
    }
    return try scratch.withScratch { (buffers) throws(RoutingError) -> Route in
      buffers.prepare(screens: screens.count, commands: commands.count, depth: 0)
      let requestGeneration = buffers.advanceRequest()
      var anyDisabled = false
      if !guardedCommands.isEmpty {
        let context = GuardContext(request: request, stack: stack)
        for number in guardedCommands
        where !(commands[Int(number)].condition?.allows(context) ?? true) {
          buffers.disabledStamp[Int(number)] = requestGeneration
          anyDisabled = true
        }
      }
      var current = stack
      var steps: [Step] = []
      for milestone in milestones {
        if entry(current[current.count - 1], matches: milestone, under: parameters) { continue }
        let leg = searchLeg(
          from: current, to: milestone, parameters: parameters, buffers: &buffers,
          disabled: anyDisabled ? requestGeneration : nil)
        guard let leg else {
          throw RoutingError.unreachable(
            from: current[current.count - 1].screen, to: screens[Int(milestone)].name)
        }
        for record in leg {
          let command = Int(record.command)
          if record.isPop {
            current.removeSubrange(Int(record.base + 1)...)
          } else {
            current.append(try newEntry(of: record.screen, parameters: parameters))
          }
          steps.append(
            Step(
              command: command, commandID: commands[command].id,
              action: record.isPop ? .pop : .push, entry: current[current.count - 1],
              depth: current.count))
        }
      }
      return Route(steps: steps, stack: current)
    }
  }

  /// Whether `entry` matches screen `screen` under `parameters`.
  /// A request value that does not convert to the kind the screen declares matches no
  /// entry.
  func entry(_ entry: Entry, matches screen: Int32, under parameters: Parameters) -> Bool {
    let declaration = screens[Int(screen)]
    guard entry.screen == declaration.name else { return false }
    for parameter in declaration.parameters {
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
  func newEntry(of screen: Int32, parameters: Parameters) throws(RoutingError) -> Entry {
    let declaration = screens[Int(screen)]
    var values: Parameters = [:]
    for parameter in declaration.parameters {
      guard let value = parameters[parameter.name] else { continue }
      guard let typed = value.converted(to: parameter.kind) else {
        throw RoutingError.invalidParameter(
          name: parameter.name, value: value.description, expected: parameter.kind)
      }
      values[parameter.name] = typed
    }
    return Entry(declaration.name, parameters: values)
  }

  /// The shortest leg from `stack` to a top matching `milestone`, as search records in
  /// step order, or `nil` when there is none. The caller has checked that the top does
  /// not match already.
  ///
  /// A breadth-first search over screens. Its first step may pop back to an entry below
  /// the top; every later step pushes a screen that matches no entry of the stack the
  /// leg stands on (its base) and none pushed before, since pushing such a screen would
  /// pop instead, and a pop after the first step never shortens a leg. A screen is
  /// expanded again only when reached from a lower base, which lets it push more.
  func searchLeg(
    from stack: [Entry], to milestone: Int32, parameters: Parameters,
    buffers: inout PlannerScratch, disabled: UInt32?
  ) -> [SearchRecord]? {
    prepareLeg(
      from: stack, parameters: parameters, buffers: &buffers, disabled: disabled,
      everyPopCommand: hasCosts)
    let found: Int32
    if hasCosts {
      found = cheapestLeg(to: milestone, buffers: &buffers, disabled: disabled)
    } else {
      found = breadthFirstLeg(to: milestone, buffers: &buffers, disabled: disabled)
    }
    guard found >= 0 else { return nil }
    var path: [SearchRecord] = []
    var cursor = found
    while cursor >= 0 {
      let record = buffers.records[Int(cursor)]
      path.append(record)
      cursor = record.parent
    }
    return path.reversed()
  }

  /// Whether a leg standing on `base` may push `target` and gain something: the target
  /// matches no entry of the base at or below its index (it would be popped to), and was
  /// not reached before from the same or a lower base (which can push at least as much).
  @inline(__always)
  func mayPush(_ target: Int32, onBase base: Int32, _ buffers: borrowing PlannerScratch) -> Bool {
    let slot = Int(target)
    let generation = buffers.generation
    if buffers.lowStamp[slot] == generation && buffers.low[slot] <= base { return false }
    return !(buffers.bestStamp[slot] == generation && buffers.best[slot] <= base)
  }

  /// Whether the screen being expanded is the first on `base` to try the commands from
  /// anywhere, marking the base as done: a later screen on the same base would reach
  /// their destinations no sooner.
  @inline(__always)
  func takesWildcards(onBase base: Int32, _ buffers: inout PlannerScratch) -> Bool {
    guard buffers.wildcardStamp[Int(base)] != buffers.generation else { return false }
    buffers.wildcardStamp[Int(base)] = buffers.generation
    return true
  }

  /// Whether a command takes part in the current request.
  @inline(__always)
  func isEnabled(_ command: Int32, _ buffers: borrowing PlannerScratch, _ disabled: UInt32?) -> Bool
  {
    guard let disabled else { return true }
    return buffers.disabledStamp[Int(command)] != disabled
  }

  /// Starts a leg: stamps which screens the stack holds (lowest index, and topmost
  /// below the top) and lists the possible first steps in `buffers.candidates`, sorted
  /// by command number. Without costs one command per pop target is enough (the
  /// lowest); with costs every command to it is a candidate.
  func prepareLeg(
    from stack: [Entry], parameters: Parameters, buffers: inout PlannerScratch,
    disabled: UInt32?, everyPopCommand: Bool
  ) {
    buffers.prepare(screens: screens.count, commands: commands.count, depth: stack.count)
    buffers.advance()
    let generation = buffers.generation
    let top = stack.count - 1

    // Which screens the stack already holds, lowest and topmost-below-top.
    buffers.poppedScreens.removeAll(keepingCapacity: true)
    for (position, entry) in stack.enumerated() {
      guard let screen = screenIndex[entry.screen],
        self.entry(entry, matches: screen, under: parameters)
      else { continue }
      let slot = Int(screen)
      if buffers.lowStamp[slot] != generation {
        buffers.lowStamp[slot] = generation
        buffers.low[slot] = Int32(position)
      }
      if position < top {
        if buffers.popStamp[slot] != generation { buffers.poppedScreens.append(screen) }
        buffers.popStamp[slot] = generation
        buffers.popIndex[slot] = Int32(position)
      }
    }

    // First steps: pops back to entries below the top, pushes from the top.
    buffers.candidates.removeAll(keepingCapacity: true)
    for screen in buffers.poppedScreens {
      let slot = Int(screen)
      for position in Int(destinationStart[slot])..<Int(destinationStart[slot + 1]) {
        let command = destinationCommands[position]
        guard isEnabled(command, buffers, disabled) else { continue }
        buffers.candidates.append(
          SearchRecord(
            screen: screen, parent: -1, command: command, base: buffers.popIndex[slot],
            isPop: true, cost: commandCost[Int(command)]))
        if !everyPopCommand { break }
      }
    }
    // Pushes from the top: its own commands and those from anywhere. A screen the stack
    // holds would be popped to (listed above) or is already on top.
    let base = Int32(top)
    let fromTop = screenIndex[stack[top].screen].map { start in
      originCommands[Int(originStart[Int(start)])..<Int(originStart[Int(start) + 1])]
    }
    for command in (fromTop ?? [])[...] + wildcardCommands[...] {
      let target = commandDestination[Int(command)]
      guard isEnabled(command, buffers, disabled), buffers.lowStamp[Int(target)] != generation
      else { continue }
      buffers.candidates.append(
        SearchRecord(
          screen: target, parent: -1, command: command, base: base, isPop: false,
          cost: commandCost[Int(command)]))
    }
    buffers.wildcardStamp[top] = generation
    buffers.candidates.sort { $0.command < $1.command }
  }

  /// The breadth-first search of a leg without costs; returns the record that reaches
  /// the milestone, or -1.
  func breadthFirstLeg(
    to milestone: Int32, buffers: inout PlannerScratch, disabled: UInt32?
  ) -> Int32 {
    let generation = buffers.generation
    buffers.records.removeAll(keepingCapacity: true)
    var found: Int32 = -1
    for candidate in buffers.candidates {
      let slot = Int(candidate.screen)
      if buffers.bestStamp[slot] == generation && buffers.best[slot] <= candidate.base { continue }
      buffers.bestStamp[slot] = generation
      buffers.best[slot] = candidate.base
      buffers.records.append(candidate)
      if candidate.screen == milestone {
        found = Int32(buffers.records.count - 1)
        break
      }
    }

    var next = 0
    while found < 0 && next < buffers.records.count {
      let parent = buffers.records[next]
      let current = Int32(next)
      next += 1
      let slot = Int(parent.screen)
      var origin = Int(originStart[slot])
      let originEnd = Int(originStart[slot + 1])
      var wildcard = 0
      let wildcardEnd = takesWildcards(onBase: parent.base, &buffers) ? wildcardCommands.count : 0
      // Merge the screen's commands with those from anywhere, in command order.
      while origin < originEnd || wildcard < wildcardEnd {
        let command: Int32
        if wildcard >= wildcardEnd
          || (origin < originEnd && originCommands[origin] < wildcardCommands[wildcard])
        {
          command = originCommands[origin]
          origin += 1
        } else {
          command = wildcardCommands[wildcard]
          wildcard += 1
        }
        guard isEnabled(command, buffers, disabled) else { continue }
        let target = commandDestination[Int(command)]
        guard mayPush(target, onBase: parent.base, buffers) else { continue }
        let targetSlot = Int(target)
        buffers.bestStamp[targetSlot] = generation
        buffers.best[targetSlot] = parent.base
        buffers.records.append(
          SearchRecord(
            screen: target, parent: current, command: command, base: parent.base, isPop: false,
            cost: parent.cost + 1))
        if target == milestone {
          found = Int32(buffers.records.count - 1)
          break
        }
      }
    }
    return found
  }
}
