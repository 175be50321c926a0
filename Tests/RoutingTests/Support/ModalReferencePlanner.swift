import Routing

/// A deliberately simple planner for states with modal layers, following the DocC
/// article "Layers and detours" word by word: a search over whole states (the chain of
/// entries and where each layer starts), commands tried in number order and then a
/// dismiss. It shares nothing with the library but its public value types.
struct ModalReferencePlanner {
  struct Declaration {
    var name: ScreenName
    var parameters: [String]
    var required: [String] = []
  }

  struct Move {
    var origins: [ScreenName]
    var destination: ScreenName
    var enabled: Bool
    var cost = 1
    var presents = false
    /// The remedy of the guard that disables the move, if it has one.
    var remedy: ScreenName? = nil
    /// The tabs (by number) in which the move may be taken; `nil` for every tab.
    var tabs: [Int]? = nil
  }

  /// A whole state: the chain, bottom first, the index where each layer starts, and,
  /// with tabs, the selected tab and every tab's stack (the selected one's is the
  /// chain's base, and its place here is not read).
  struct State: Hashable {
    var chain: [Entry]
    var starts: [Int]
    var selected = 0
    var stacks: [[Entry]] = []

    func modal(_ tabNames: [String]) -> ModalState {
      let base = starts.first ?? chain.count
      let layers = starts.indices.map { number in
        Array(
          chain[starts[number]..<(number + 1 < starts.count ? starts[number + 1] : chain.count)])
      }
      guard !tabNames.isEmpty else {
        return ModalState(stack: Array(chain[..<base]), layers: layers)
      }
      var tabs = TabState(selected: tabNames[selected])
      for (number, name) in tabNames.enumerated() {
        tabs.stacks[name] = number == selected ? Array(chain[..<base]) : stacks[number]
      }
      return ModalState(tabs: tabs, layers: layers)
    }
  }

  var screens: [Declaration]
  var commands: [Move]
  /// The kind every screen declares for a key; text unless listed.
  var kinds: [String: ParameterKind] = [:]
  /// The tabs' names, in tab order; none for a table without tabs.
  var tabNames: [String] = []

  func declared(_ screen: ScreenName) -> [String]? {
    screens.first { $0.name == screen }?.parameters
  }

  func matches(_ entry: Entry, _ screen: ScreenName, _ parameters: Parameters) -> Bool {
    guard entry.screen == screen else { return false }
    for key in declared(screen) ?? [] {
      guard let wanted = parameters[key] else { continue }
      guard let typed = wanted.converted(to: kinds[key] ?? .string), entry.parameters[key] == typed
      else { return false }
    }
    return true
  }

  /// Applies command `number` (the article's "One step", with layers); `nil` when it
  /// does not apply.
  func apply(_ number: Int, to state: State, _ parameters: Parameters) -> (StepAction, State)? {
    let command = commands[number]
    let chain = state.chain
    let target = command.destination
    if matches(chain[chain.count - 1], target, parameters) { return nil }
    if let below = chain.indices.dropLast().last(where: { matches(chain[$0], target, parameters) })
    {
      return (
        .pop,
        State(
          chain: Array(chain[...below]), starts: state.starts.filter { $0 <= below },
          selected: state.selected, stacks: state.stacks)
      )
    }
    guard command.origins.isEmpty || command.origins.contains(chain[chain.count - 1].screen) else {
      return nil
    }
    var values: Parameters = [:]
    for key in declared(target) ?? [] {
      values[key] = parameters[key]?.converted(to: kinds[key] ?? .string)
    }
    let after = chain + [Entry(target, parameters: values)]
    return command.presents
      ? (
        .present,
        State(
          chain: after, starts: state.starts + [chain.count], selected: state.selected,
          stacks: state.stacks)
      )
      : (
        .push,
        State(chain: after, starts: state.starts, selected: state.selected, stacks: state.stacks)
      )
  }

  /// Every move from `state`, in the order ties prefer them: commands by number, then a
  /// dismiss; each with its cost and its step.
  func moves(from state: State, _ parameters: Parameters) -> [(Int, ModalStep, State)] {
    var moves: [(Int, ModalStep, State)] = []
    for number in commands.indices where commands[number].enabled {
      if let tabs = commands[number].tabs, !tabs.contains(state.selected) { continue }
      guard let (action, after) = apply(number, to: state, parameters) else { continue }
      let step = Step(
        command: number, action: action, entry: after.chain[after.chain.count - 1],
        depth: after.chain.count)
      moves.append((commands[number].cost, .command(step), after))
    }
    if let last = state.starts.last {
      var after = state
      after.chain = Array(state.chain[..<last])
      after.starts.removeLast()
      moves.append((1, .dismiss, after))
    } else {
      // Layers cover the tab bar: a select only with none open.
      for tab in tabNames.indices where tab != state.selected {
        var after = state
        after.stacks[state.selected] = state.chain
        after.chain = state.stacks[tab]
        after.selected = tab
        moves.append((1, .select(tabNames[tab]), after))
      }
    }
    return moves
  }

  /// The cheapest leg (fewest steps without costs), ties broken by the steps read from
  /// the first, a command before a dismiss before a select: always settling the
  /// cheapest, then lexicographically first, open state. With `keeping`, only states in
  /// which the layer of that number (from 0) is still open: an explanation's "keeping
  /// it open".
  func leg(
    from state: State, to milestone: ScreenName, _ parameters: Parameters, keeping: Int? = nil
  ) -> (
    [ModalStep], State
  )? {
    // A command by its number, then a dismiss, then a select in tab order.
    func key(_ step: ModalStep) -> Int {
      switch step {
      case .command(let inner): inner.command
      case .dismiss: Int.max - 100
      case .select(let tab): Int.max - 99 + tabNames.firstIndex(of: tab)!
      }
    }
    var settled: Set<State> = []
    // The open states in a binary heap ordered by cost, then by the path's keys read from
    // the first: always settling the cheapest, then lexicographically first.
    typealias Open = (cost: Int, keys: [Int], path: [ModalStep], state: State)
    func precedes(_ a: Open, _ b: Open) -> Bool {
      a.cost != b.cost ? a.cost < b.cost : a.keys.lexicographicallyPrecedes(b.keys)
    }
    var heap: [Open] = [(0, [], [], state)]
    func push(_ item: Open) {
      heap.append(item)
      var child = heap.count - 1
      while child > 0, precedes(heap[child], heap[(child - 1) / 2]) {
        heap.swapAt(child, (child - 1) / 2)
        child = (child - 1) / 2
      }
    }
    func pop() -> Open {
      heap.swapAt(0, heap.count - 1)
      let top = heap.removeLast()
      var parent = 0
      while true {
        var first = parent
        for child in [2 * parent + 1, 2 * parent + 2]
        where child < heap.count && precedes(heap[child], heap[first]) {
          first = child
        }
        guard first != parent else { break }
        heap.swapAt(parent, first)
        parent = first
      }
      return top
    }
    while !heap.isEmpty {
      let (cost, keys, path, current) = pop()
      guard settled.insert(current).inserted else { continue }
      if !path.isEmpty && matches(current.chain[current.chain.count - 1], milestone, parameters) {
        return (path, current)
      }
      for (moveCost, step, after) in moves(from: current, parameters)
      where !settled.contains(after) && after.starts.count > (keeping ?? -1) {
        push((cost + moveCost, keys + [key(step)], path + [step], after))
      }
    }
    return nil
  }

  /// The cost of `steps`: each command's, and 1 a dismiss or a select.
  func cost(of steps: [ModalStep]) -> Int {
    steps.reduce(0) { $0 + ($1.commandStep.map { commands[$0.command].cost } ?? 1) }
  }

  func route(
    from start: ModalState, to destination: ScreenName, via breadcrumbs: [ScreenName],
    _ parameters: Parameters
  ) -> Result<ModalRoute, RoutingError> {
    legs(from: start, to: destination, via: breadcrumbs, parameters).flatMap { planned in
      checked(
        ModalRoute(steps: planned.steps, state: planned.state.modal(tabNames)), to: destination,
        via: breadcrumbs, parameters)
    }
  }

  /// The legs to every milestone, one after the other: the steps, the state they leave,
  /// and how many steps have been taken when each leg ends.
  func legs(
    from start: ModalState, to destination: ScreenName, via breadcrumbs: [ScreenName],
    _ parameters: Parameters
  ) -> Result<(steps: [ModalStep], state: State, ends: [Int]), RoutingError> {
    var current = Self.state(start, tabNames)
    if matches(current.chain[current.chain.count - 1], destination, parameters) {
      return .success(([], current, Array(repeating: 0, count: breadcrumbs.count + 1)))
    }
    var steps: [ModalStep] = []
    var ends: [Int] = []
    for milestone in breadcrumbs + [destination] {
      defer { ends.append(steps.count) }
      if matches(current.chain[current.chain.count - 1], milestone, parameters) { continue }
      guard let (leg, after) = leg(from: current, to: milestone, parameters) else {
        return .failure(
          .unreachable(from: current.chain[current.chain.count - 1].screen, to: milestone))
      }
      steps += leg
      current = after
    }
    return .success((steps, current, ends))
  }

  /// The answer with detours, as the article's "Guards with a remedy" states it: the
  /// route without disabled moves; when there is none, the route with the remedied ones
  /// enabled, cut before its first remedied move and followed by the leg to that move's
  /// remedy (disabled moves left out), the rest of the request pending.
  /// This planner with the disabled moves that have a remedy enabled, its legs for the
  /// request, and the index of their first step by such a move; `nil` when there is no
  /// such route or it takes none.
  func detourCut(
    from start: ModalState, to destination: ScreenName, via breadcrumbs: [ScreenName],
    _ parameters: Parameters
  ) -> (
    widened: ModalReferencePlanner, wide: (steps: [ModalStep], state: State, ends: [Int]),
    cut: Int
  )? {
    var widened = self
    for number in commands.indices where !commands[number].enabled && commands[number].remedy != nil
    {
      widened.commands[number].enabled = true
    }
    guard
      case .success(let wide) = widened.legs(
        from: start, to: destination, via: breadcrumbs, parameters),
      let cut = wide.steps.firstIndex(where: { step in
        step.commandStep.map { !commands[$0.command].enabled } ?? false
      })
    else { return nil }
    return (widened, wide, cut)
  }

  func answer(
    from start: ModalState, to destination: ScreenName, via breadcrumbs: [ScreenName],
    _ parameters: Parameters
  ) -> Result<ModalRoute, RoutingError> {
    let first = route(from: start, to: destination, via: breadcrumbs, parameters)
    guard case .failure(.unreachable) = first,
      let (widened, wide, cut) = detourCut(
        from: start, to: destination, via: breadcrumbs, parameters)
    else { return first }
    let remedy = commands[wide.steps[cut].commandStep!.command].remedy!
    // Replays the steps before the cut, each as the move that makes it.
    var there = Self.state(start, tabNames)
    for step in wide.steps[..<cut] {
      there = widened.moves(from: there, parameters).first { $0.1 == step }!.2
    }
    let toRemedy: [ModalStep]
    let after: State
    switch legs(from: there.modal(tabNames), to: remedy, via: [], parameters) {
    case .success(let leg):
      (toRemedy, after) = (leg.steps, leg.state)
    case .failure:
      return .failure(.unreachable(from: there.chain[there.chain.count - 1].screen, to: remedy))
    }
    let pendingFrom = wide.ends.firstIndex { $0 > cut } ?? breadcrumbs.count
    let detour = Detour(
      guardName: "no", remedy: remedy,
      pending: Request(
        to: destination, via: Array(breadcrumbs[min(pendingFrom, breadcrumbs.count)...]),
        parameters: parameters))
    return checked(
      ModalRoute(
        steps: Array(wide.steps[..<cut]) + toRemedy, state: after.modal(tabNames), detour: detour),
      to: destination, via: breadcrumbs, parameters)
  }

  /// The rules on a found route's request, as `ReferencePlanner.checked` states them,
  /// with presented screens counted as pushed.
  func checked(
    _ route: ModalRoute, to destination: ScreenName, via breadcrumbs: [ScreenName],
    _ parameters: Parameters
  ) -> Result<ModalRoute, RoutingError> {
    let created = route.commandSteps.filter { $0.action != .pop }.map(\.screen)
    var keys: [String] = []
    for screen in [destination] + breadcrumbs + created {
      for key in declared(screen)! where !keys.contains(key) { keys.append(key) }
    }
    if let key = parameters.keys.sorted().first(where: { !keys.contains($0) }) {
      return .failure(.undeclaredParameter(key: key, suggestion: suggestion(for: key, among: keys)))
    }
    for screen in created {
      let declaration = screens.first { $0.name == screen }!
      for key in declaration.parameters
      where declaration.required.contains(key) && parameters[key] == nil {
        return .failure(.missingParameter(screen: screen, key: key))
      }
    }
    return .success(route)
  }

  /// The whole state `start` stands for.
  static func state(_ start: ModalState, _ tabNames: [String]) -> State {
    var starts: [Int] = []
    var count = start.stack.count
    for layer in start.layers {
      starts.append(count)
      count += layer.count
    }
    var state = State(chain: start.chain, starts: starts)
    if let tabs = start.tabs {
      state.selected = tabNames.firstIndex(of: tabs.selected)!
      state.stacks = tabNames.map { tabs.stacks[$0] ?? [] }
    }
    return state
  }
}
