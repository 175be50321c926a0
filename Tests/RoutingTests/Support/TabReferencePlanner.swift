import Routing

/// A deliberately simple planner across tabs, after `Docs/Tabs.md` word by word: a
/// breadth-first search over whole tab states (the selected tab and every stack),
/// trying from each state the commands in number order, then selecting each other tab
/// in tab order; with costs, Dijkstra's search over the same states, a select costing
/// 1. The real planner must agree with it on every table and request.
///
/// A leg may select once, anywhere: commands before a select are allowed too, and the
/// search must find that they never help. Two selects in one leg are left out, since
/// the product of every tab's stacks is too large to search: a leg that selects twice
/// is never shortest (dropping everything before its last select leaves a shorter leg
/// to the same selected stack).
struct TabReferencePlanner {
  struct State: Hashable {
    var selected: Int
    var stacks: [[Entry]]
    /// Whether the leg has selected a tab.
    var hasSelected = false
  }

  /// The single-stack rules: matching, one step, the checks on a found route.
  var stacks: ReferencePlanner
  /// The tabs' names, in order.
  var tabs: [String]
  /// The tabs each command applies in, by number; empty means every tab.
  var limits: [[String]]

  func allows(_ command: Int, in tab: Int) -> Bool {
    limits[command].isEmpty || limits[command].contains(tabs[tab])
  }

  func top(_ state: State) -> Entry {
    state.stacks[state.selected][state.stacks[state.selected].count - 1]
  }

  /// Whether some tab reaches `milestone` from its own stack by its own commands: when
  /// none does, no leg does, and the whole-state search would only list every state.
  func someTabReaches(_ start: State, _ milestone: ScreenName, _ parameters: Parameters) -> Bool {
    tabs.indices.contains { tab in
      var inside = stacks
      for number in inside.commands.indices where !allows(number, in: tab) {
        inside.commands[number].enabled = false
      }
      let stack = start.stacks[tab]
      return stacks.matches(stack[stack.count - 1], milestone, parameters)
        || inside.leg(from: stack, to: milestone, parameters) != nil
    }
  }

  /// The moves from `current`, in the order they are tried: the commands the selected
  /// tab allows, in number order, then (once a leg) a select of each other tab, in order.
  func moves(from current: State, _ parameters: Parameters) -> [(TabStep, State)] {
    var moves: [(TabStep, State)] = []
    let stack = current.stacks[current.selected]
    for number in stacks.commands.indices
    where stacks.commands[number].enabled && allows(number, in: current.selected) {
      guard let (action, after) = stacks.apply(number, to: stack, parameters) else { continue }
      var state = current
      state.stacks[current.selected] = after
      let step = Step(
        command: number, action: action, entry: after[after.count - 1], depth: after.count)
      moves.append((.command(step), state))
    }
    for tab in tabs.indices where tab != current.selected && !current.hasSelected {
      var state = current
      state.selected = tab
      state.hasSelected = true
      moves.append((.select(tabs[tab]), state))
    }
    return moves
  }

  /// The shortest leg from `start` to a selected top matching `milestone`, the first of
  /// them in the order moves are tried; with costs, the cheapest.
  func leg(from start: State, to milestone: ScreenName, _ parameters: Parameters)
    -> ([TabStep], State)?
  {
    guard someTabReaches(start, milestone, parameters) else { return nil }
    if stacks.commands.contains(where: { $0.cost != 1 }) {
      return cheapestLeg(from: start, to: milestone, parameters)
    }
    var seen: Set<State> = [start]
    var frontier: [(State, [TabStep])] = [(start, [])]
    while !frontier.isEmpty {
      var next: [(State, [TabStep])] = []
      for (current, path) in frontier {
        for (step, state) in moves(from: current, parameters) {
          if stacks.matches(top(state), milestone, parameters) { return (path + [step], state) }
          if seen.insert(state).inserted { next.append((state, path + [step])) }
        }
      }
      frontier = next
    }
    return nil
  }

  /// With costs: the cheapest leg, a select costing 1, found by always settling the
  /// cheapest open state, and of those the one whose path comes first in the order moves
  /// are tried (commands by number before selects, selects by tab), step by step.
  func cheapestLeg(from start: State, to milestone: ScreenName, _ parameters: Parameters)
    -> ([TabStep], State)?
  {
    func rank(_ step: TabStep) -> Int {
      switch step {
      case .command(let inner): inner.command
      case .select(let tab): stacks.commands.count + tabs.firstIndex(of: tab)!
      }
    }
    var settled: Set<State> = []
    var open: [(cost: Int, path: [TabStep], state: State)] = [(0, [], start)]
    while !open.isEmpty {
      let best = open.indices.min { a, b in
        open[a].cost != open[b].cost
          ? open[a].cost < open[b].cost
          : open[a].path.map(rank).lexicographicallyPrecedes(open[b].path.map(rank))
      }!
      let (cost, path, current) = open.remove(at: best)
      guard settled.insert(current).inserted else { continue }
      if !path.isEmpty && stacks.matches(top(current), milestone, parameters) {
        return (path, current)
      }
      for (step, state) in moves(from: current, parameters) where !settled.contains(state) {
        let price: Int
        switch step {
        case .command(let inner): price = stacks.commands[inner.command].cost
        case .select: price = 1
        }
        open.append((cost + price, path + [step], state))
      }
    }
    return nil
  }

  func route(
    from start: State, to destination: ScreenName, via breadcrumbs: [ScreenName],
    _ parameters: Parameters
  ) -> Result<([TabStep], State), RoutingError> {
    for name in breadcrumbs + [destination] where stacks.declared(name) == nil {
      return .failure(.unknownScreen(name, suggestion: stacks.nearest(name)))
    }
    for (tab, stack) in zip(tabs, start.stacks) {
      if let error = stacks.unknownScreen(on: stack, tab: tab) { return .failure(error) }
    }
    var current = start
    var steps: [TabStep] = []
    if !stacks.matches(top(start), destination, parameters) {
      for milestone in breadcrumbs + [destination] {
        if stacks.matches(top(current), milestone, parameters) { continue }
        guard let (leg, after) = leg(from: current, to: milestone, parameters) else {
          return .failure(.unreachable(from: top(current).screen, to: milestone))
        }
        steps += leg
        current = after
        current.hasSelected = false
      }
    }
    let commandSteps = steps.compactMap { step -> Step? in
      if case .command(let inner) = step { inner } else { nil }
    }
    return stacks.checked(
      Route(steps: commandSteps, stack: []), to: destination, via: breadcrumbs, parameters
    ).map { _ in (steps, current) }
  }
}
