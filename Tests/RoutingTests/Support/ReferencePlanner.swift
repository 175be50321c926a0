import Routing

/// A deliberately simple planner that follows the rules of the DocC article "How routes
/// are planned" (Sources/Routing/Routing.docc/HowRoutesArePlanned.md) word by word: a
/// breadth-first search over whole stacks, commands tried in number order. The real
/// planner must agree with it on every table and request.
struct ReferencePlanner {
  struct Declaration {
    var name: ScreenName
    var parameters: [String]
    /// The keys of `parameters` declared required.
    var required: [String] = []
  }

  struct Move {
    var origins: [ScreenName]
    var destination: ScreenName
    var enabled: Bool
    var cost = 1
  }

  var screens: [Declaration]
  var commands: [Move]
  /// The kind every screen declares for a key; text unless listed.
  var kinds: [String: ParameterKind] = [:]
  /// Whether the table declares its screens: then a stack holds only those of
  /// `screens`; otherwise any name may stand on it.
  var declaresScreens = true

  /// The declared screen closest to an unknown name, as the real planner suggests it.
  func nearest(_ name: ScreenName) -> ScreenName? {
    suggestion(for: name.rawValue, among: screens.map(\.name.rawValue)).map { ScreenName($0) }
  }

  func declared(_ screen: ScreenName) -> [String]? {
    screens.first { $0.name == screen }?.parameters
  }

  /// The failure for the first entry of `stack` that names no screen of a table
  /// declaring its screens; `tab` names the tab whose stack it is.
  func unknownScreen(on stack: [Entry], tab: String?) -> RoutingError? {
    guard declaresScreens,
      let entry = stack.indices.first(where: { declared(stack[$0].screen) == nil })
    else { return nil }
    return .unknownScreenOnStack(
      stack[entry].screen, entry: entry, tab: tab, suggestion: nearest(stack[entry].screen))
  }

  func matches(_ entry: Entry, _ screen: ScreenName, _ parameters: Parameters) -> Bool {
    guard entry.screen == screen else { return false }
    for key in declared(screen) ?? [] {
      guard let wanted = parameters[key] else { continue }
      // Compared as the screen holds it: typed by its declaration.
      guard let typed = wanted.converted(to: kinds[key] ?? .string), entry.parameters[key] == typed
      else { return false }
    }
    return true
  }

  /// Applies one command ("How routes are planned", "One step"); `nil` when it does not
  /// apply.
  func apply(_ number: Int, to stack: [Entry], _ parameters: Parameters) -> (StepAction, [Entry])? {
    let command = commands[number]
    let target = command.destination
    if matches(stack[stack.count - 1], target, parameters) { return nil }
    if let below = stack.indices.dropLast().last(where: { matches(stack[$0], target, parameters) })
    {
      return (.pop, Array(stack[...below]))
    }
    guard command.origins.isEmpty || command.origins.contains(stack[stack.count - 1].screen) else {
      return nil
    }
    var values: Parameters = [:]
    for key in declared(target) ?? [] {
      values[key] = parameters[key]?.converted(to: kinds[key] ?? .string)
    }
    return (.push, stack + [Entry(target, parameters: values)])
  }

  /// With costs: the cheapest leg, ties broken by command numbers from the first step,
  /// found by always settling the cheapest (then lexicographically first) open stack.
  func cheapestLeg(
    from stack: [Entry], to milestone: ScreenName, _ parameters: Parameters
  ) -> ([Step], [Entry])? {
    var settled: Set<[Entry]> = []
    var open: [(cost: Int, path: [Step], stack: [Entry])] = [(0, [], stack)]
    while !open.isEmpty {
      let best = open.indices.min { a, b in
        open[a].cost != open[b].cost
          ? open[a].cost < open[b].cost
          : open[a].path.map(\.command).lexicographicallyPrecedes(open[b].path.map(\.command))
      }!
      let (cost, path, current) = open.remove(at: best)
      guard settled.insert(current).inserted else { continue }
      if !path.isEmpty && matches(current[current.count - 1], milestone, parameters) {
        return (path, current)
      }
      for number in commands.indices where commands[number].enabled {
        guard let (action, after) = apply(number, to: current, parameters),
          !settled.contains(after)
        else { continue }
        let step = Step(
          command: number, action: action, entry: after[after.count - 1], depth: after.count)
        open.append((cost + commands[number].cost, path + [step], after))
      }
    }
    return nil
  }

  func leg(
    from stack: [Entry], to milestone: ScreenName, _ parameters: Parameters
  ) -> ([Step], [Entry])? {
    if commands.contains(where: { $0.cost != 1 }) {
      return cheapestLeg(from: stack, to: milestone, parameters)
    }
    var seen: Set<[Entry]> = [stack]
    var frontier: [([Entry], [Step])] = [(stack, [])]
    while !frontier.isEmpty {
      var next: [([Entry], [Step])] = []
      for (current, steps) in frontier {
        for number in commands.indices where commands[number].enabled {
          guard let (action, after) = apply(number, to: current, parameters) else { continue }
          let step = Step(
            command: number, action: action, entry: after[after.count - 1], depth: after.count)
          let path = steps + [step]
          if matches(after[after.count - 1], milestone, parameters) { return (path, after) }
          if seen.insert(after).inserted { next.append((after, path)) }
        }
      }
      frontier = next
    }
    return nil
  }

  func route(
    from stack: [Entry], to destination: ScreenName, via breadcrumbs: [ScreenName],
    _ parameters: Parameters
  ) -> Result<Route, RoutingError> {
    for name in breadcrumbs + [destination] where declared(name) == nil {
      return .failure(.unknownScreen(name, suggestion: nearest(name)))
    }
    if let error = unknownScreen(on: stack, tab: nil) { return .failure(error) }
    if matches(stack[stack.count - 1], destination, parameters) {
      return checked(Route(steps: [], stack: stack), to: destination, via: breadcrumbs, parameters)
    }
    var current = stack
    var steps: [Step] = []
    for milestone in breadcrumbs + [destination] {
      if matches(current[current.count - 1], milestone, parameters) { continue }
      guard let (leg, after) = leg(from: current, to: milestone, parameters) else {
        return .failure(.unreachable(from: current[current.count - 1].screen, to: milestone))
      }
      steps += leg
      current = after
    }
    return checked(
      Route(steps: steps, stack: current), to: destination, via: breadcrumbs, parameters)
  }

  /// The rules on a found route's request ("Required parameters", "Request keys"): every
  /// key declared by the destination, a breadcrumb or a pushed screen (else the smallest
  /// undeclared key, with the closest of those screens' keys in that order), then every
  /// required key of each pushed screen given.
  func checked(
    _ route: Route, to destination: ScreenName, via breadcrumbs: [ScreenName],
    _ parameters: Parameters
  ) -> Result<Route, RoutingError> {
    let pushed = route.steps.filter { $0.action == .push }.map(\.screen)
    var keys: [String] = []
    for screen in [destination] + breadcrumbs + pushed {
      for key in declared(screen)! where !keys.contains(key) { keys.append(key) }
    }
    if let key = parameters.keys.sorted().first(where: { !keys.contains($0) }) {
      return .failure(.undeclaredParameter(key: key, suggestion: suggestion(for: key, among: keys)))
    }
    for screen in pushed {
      let declaration = screens.first { $0.name == screen }!
      for key in declaration.parameters
      where declaration.required.contains(key) && parameters[key] == nil {
        return .failure(.missingParameter(screen: screen, key: key))
      }
    }
    return .success(route)
  }
}
