import Routing

/// An independent planner for tables of hundreds or thousands of screens, written from the
/// user documentation alone (the DocC articles "How routes are planned" and "Planning
/// across tabs") and sharing no code with the library beyond its public value types.
///
/// A whole-stack search (`ReferencePlanner`) cannot run on large tables, so this one
/// searches screens, on the basis the article gives under "The search": only the first
/// step of a shortest leg can pop, no later step reaches a screen that an entry of the
/// starting stack matches, and commands from anywhere matter only as first steps. A leg
/// therefore visits each screen at most once. The search is one loop for both the step
/// count and costs: open labels are kept in buckets by cost (costs are small whole
/// numbers), and each bucket is settled in the order of its labels' command numbers, so
/// that the first label settled on the milestone is the cheapest leg, ties broken by
/// command numbers read from the first step.
struct ScreenSpaceReference {
  struct Declaration {
    var parameters: [String] = []
    var required: [String] = []
  }

  struct Move {
    var origins: [ScreenName]
    var destination: ScreenName
    /// `false` for a command whose guard says no to every request.
    var enabled = true
    var cost = 1
    /// The tabs the command applies in; empty means every tab.
    var tabs: [String] = []
  }

  /// The screens, by name. On a table that declares no screens, every name its commands
  /// and tabs use, without parameters.
  var screens: [ScreenName: Declaration]
  var commands: [Move]
  /// Whether the table declares its screens: then every stack entry must name one.
  var declaresScreens = true
  /// The kind every screen declares for a key; text unless listed.
  var kinds: [String: ParameterKind] = [:]
  /// The tabs' names and roots, in order.
  var tabs: [(name: String, root: ScreenName)] = []

  /// The commands with an origin, by origin; the commands from anywhere.
  private var byOrigin: [ScreenName: [Int]] = [:]
  private var anywhere: [Int] = []

  init(
    screens: [ScreenName: Declaration], commands: [Move], declaresScreens: Bool = true,
    kinds: [String: ParameterKind] = [:], tabs: [(name: String, root: ScreenName)] = []
  ) {
    self.screens = screens
    self.commands = commands
    self.declaresScreens = declaresScreens
    self.kinds = kinds
    self.tabs = tabs
    for (number, command) in commands.enumerated() {
      if command.origins.isEmpty { anywhere.append(number) }
      for origin in Set(command.origins) { byOrigin[origin, default: []].append(number) }
    }
  }

  // MARK: The rules of one stack

  /// "Matching": same screen, and every key the screen declares and the request holds
  /// held with the same value, typed as the screen declares it.
  func matches(_ entry: Entry, _ screen: ScreenName, _ parameters: Parameters) -> Bool {
    guard entry.screen == screen else { return false }
    for key in screens[screen]?.parameters ?? [] {
      guard let wanted = parameters[key] else { continue }
      guard let typed = wanted.converted(to: kinds[key] ?? .string), entry.parameters[key] == typed
      else { return false }
    }
    return true
  }

  /// The entry a push of `screen` makes: the request values the screen declares, typed.
  func pushed(_ screen: ScreenName, _ parameters: Parameters) -> Entry {
    var values: Parameters = [:]
    for key in screens[screen]?.parameters ?? [] {
      values[key] = parameters[key]?.converted(to: kinds[key] ?? .string)
    }
    return Entry(screen, parameters: values)
  }

  /// One label of the search: the steps so far and the stack they leave.
  private struct Label {
    var cost: Int
    var steps: [Step]
    var stack: [Entry]
    /// The steps' command numbers, which order the labels of one cost.
    var numbers: [Int]

    init(cost: Int, steps: [Step], stack: [Entry], numbers: [Int]? = nil) {
      self.cost = cost
      self.steps = steps
      self.stack = stack
      self.numbers = numbers ?? steps.map(\.command)
    }
  }

  /// A place a leg stands on: an entry of the starting stack popped back to (only as a
  /// first step), or a screen pushed.
  private enum Node: Hashable {
    case entry(Int)
    case screen(ScreenName)
  }

  /// The cheapest (without costs: shortest) leg from `stack` to a top matching
  /// `milestone` with the commands `allowed` lets through, ties broken by command numbers;
  /// `nil` when there is none. The caller handles a top that matches already.
  func leg(
    from stack: [Entry], to milestone: ScreenName, _ parameters: Parameters,
    allowed: (Int) -> Bool
  ) -> (cost: Int, steps: [Step], stack: [Entry])? {
    let top = stack[stack.count - 1]
    // The screens some entry of the starting stack matches: no step after the first
    // reaches them.
    var held: Set<ScreenName> = []
    for entry in stack where matches(entry, entry.screen, parameters) { held.insert(entry.screen) }

    var buckets: [Int: [(Node, Label)]] = [:]
    func open(_ node: Node, _ label: Label) {
      buckets[label.cost, default: []].append((node, label))
    }

    // First steps ("One step", in command order): a pop back to the topmost entry below
    // the top that matches the destination, or a push from the top.
    for number in commands.indices where allowed(number) {
      let command = commands[number]
      let target = command.destination
      if matches(top, target, parameters) { continue }
      if let below = stack.indices.dropLast().last(where: {
        matches(stack[$0], target, parameters)
      }) {
        let after = Array(stack[...below])
        let step = Step(command: number, action: .pop, entry: after[below], depth: after.count)
        open(.entry(below), Label(cost: command.cost, steps: [step], stack: after))
      } else if command.origins.isEmpty || command.origins.contains(top.screen) {
        let entry = pushed(target, parameters)
        let step = Step(command: number, action: .push, entry: entry, depth: stack.count + 1)
        open(.screen(target), Label(cost: command.cost, steps: [step], stack: stack + [entry]))
      }
    }

    var settled: Set<Node> = []
    var cost = 0
    while !buckets.isEmpty {
      guard let bucket = buckets.removeValue(forKey: cost) else {
        cost += 1
        continue
      }
      for (node, label) in bucket.sorted(by: {
        $0.1.numbers.lexicographicallyPrecedes($1.1.numbers)
      })
      where settled.insert(node).inserted {
        let now = label.stack[label.stack.count - 1]
        if matches(now, milestone, parameters) { return (label.cost, label.steps, label.stack) }
        // Later steps: pushes by commands with an origin, to screens no entry of the
        // starting stack matches and no label has settled on.
        for number in byOrigin[now.screen] ?? [] where allowed(number) {
          let command = commands[number]
          let target = command.destination
          guard !held.contains(target), !settled.contains(.screen(target)) else { continue }
          let entry = pushed(target, parameters)
          let step = Step(
            command: number, action: .push, entry: entry, depth: label.stack.count + 1)
          open(
            .screen(target),
            Label(
              cost: label.cost + command.cost, steps: label.steps + [step],
              stack: label.stack + [entry], numbers: label.numbers + [number]))
        }
      }
      cost += 1
    }
    return nil
  }

  // MARK: Requests

  func unknownMilestone(_ milestones: [ScreenName]) -> RoutingError? {
    milestones.first { screens[$0] == nil }.map { .unknownScreen($0) }
  }

  func unknownEntry(on stack: [Entry], tab: String?) -> RoutingError? {
    guard declaresScreens,
      let index = stack.indices.first(where: { screens[stack[$0].screen] == nil })
    else { return nil }
    return .unknownScreenOnStack(stack[index].screen, entry: index, tab: tab)
  }

  /// "Request keys", then "Required parameters", on a found route's pushed screens. An
  /// undeclared key's suggestion is left to the caller (`nil` here): other suites check
  /// the suggestion rule.
  func checked(
    pushed: [ScreenName], milestones: [ScreenName], _ parameters: Parameters
  ) -> RoutingError? {
    var keys: Set<String> = []
    for screen in milestones + pushed { keys.formUnion(screens[screen]!.parameters) }
    if let key = parameters.keys.sorted().first(where: { !keys.contains($0) }) {
      return .undeclaredParameter(key: key, suggestion: nil)
    }
    for screen in pushed {
      let declaration = screens[screen]!
      for key in declaration.parameters
      where declaration.required.contains(key) && parameters[key] == nil {
        return .missingParameter(screen: screen, key: key)
      }
    }
    return nil
  }

  /// Whether command `number` applies in tab `tab` (an index of `tabs`).
  func allows(_ number: Int, in tab: Int) -> Bool {
    commands[number].enabled
      && (commands[number].tabs.isEmpty || commands[number].tabs.contains(tabs[tab].name))
  }

  /// A route from one stack. On a table with tabs, the stack is the stack of the tab whose
  /// root is its first entry, and the route stays in that tab ("A single stack").
  func route(
    from stack: [Entry], to destination: ScreenName, via breadcrumbs: [ScreenName],
    _ parameters: Parameters
  ) -> Result<Route, RoutingError> {
    let milestones = breadcrumbs + [destination]
    if let error = unknownMilestone(milestones) ?? unknownEntry(on: stack, tab: nil) {
      return .failure(error)
    }
    var allowed: (Int) -> Bool = { commands[$0].enabled }
    if !tabs.isEmpty {
      let owners = tabs.indices.filter { tabs[$0].root == stack[0].screen }
      guard owners.count == 1 else {
        return .failure(.noTabForStack(root: stack[0].screen, tabs: owners.map { tabs[$0].name }))
      }
      allowed = { allows($0, in: owners[0]) }
    }
    var current = stack
    var steps: [Step] = []
    if !matches(stack[stack.count - 1], destination, parameters) {
      for milestone in milestones where !matches(current[current.count - 1], milestone, parameters)
      {
        guard let found = leg(from: current, to: milestone, parameters, allowed: allowed) else {
          return .failure(.unreachable(from: current[current.count - 1].screen, to: milestone))
        }
        steps += found.steps
        current = found.stack
      }
    }
    let pushes = steps.filter { $0.action == .push }.map(\.screen)
    if let error = checked(pushed: pushes, milestones: milestones, parameters) {
      return .failure(error)
    }
    return .success(Route(steps: steps, stack: current))
  }

  /// A route across tabs from `stacks` (one per tab, in tab order) with tab `selected`
  /// selected ("The rules"): each leg's candidates are the leg inside the selected tab,
  /// then for each other tab in order a select (costing 1) and the leg inside it; the
  /// cheapest wins, the earlier candidate on a tie.
  func route(
    selected: Int, stacks: [[Entry]], to destination: ScreenName, via breadcrumbs: [ScreenName],
    _ parameters: Parameters
  ) -> Result<(steps: [TabStep], selected: Int, stacks: [[Entry]]), RoutingError> {
    let milestones = breadcrumbs + [destination]
    if let error = unknownMilestone(milestones) { return .failure(error) }
    for (tab, stack) in stacks.enumerated() {
      if let error = unknownEntry(on: stack, tab: tabs[tab].name) { return .failure(error) }
    }
    var selected = selected
    var stacks = stacks
    var steps: [TabStep] = []
    var pushes: [ScreenName] = []
    func top(_ tab: Int) -> Entry { stacks[tab][stacks[tab].count - 1] }
    if !matches(top(selected), destination, parameters) {
      for milestone in milestones where !matches(top(selected), milestone, parameters) {
        var best: (cost: Int, tab: Int, steps: [Step], stack: [Entry])?
        for tab in [selected] + tabs.indices.filter({ $0 != selected }) {
          let select = tab == selected ? 0 : 1
          let found: (cost: Int, steps: [Step], stack: [Entry])?
          if tab != selected && matches(top(tab), milestone, parameters) {
            found = (0, [], stacks[tab])
          } else {
            found = leg(from: stacks[tab], to: milestone, parameters) { allows($0, in: tab) }
          }
          if let found, best == nil || found.cost + select < best!.cost {
            best = (found.cost + select, tab, found.steps, found.stack)
          }
        }
        guard let best else {
          return .failure(.unreachable(from: top(selected).screen, to: milestone))
        }
        if best.tab != selected { steps.append(.select(tabs[best.tab].name)) }
        steps += best.steps.map { .command($0) }
        pushes += best.steps.filter { $0.action == .push }.map(\.screen)
        selected = best.tab
        stacks[best.tab] = best.stack
      }
    }
    if let error = checked(pushed: pushes, milestones: milestones, parameters) {
      return .failure(error)
    }
    return .success((steps, selected, stacks))
  }
}
