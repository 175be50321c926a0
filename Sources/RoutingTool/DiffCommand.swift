import Routing

/// `routing diff OLD NEW [--from A,B]... [--json | --format text|json] [--fail-on KINDS]`:
/// what changed in the routes between two versions of a table.
enum DiffCommand {
  static let name = "diff"
  static let spec = OptionSpec(flags: ["json"], single: ["format", "fail-on"], repeated: ["from"])

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let paths = try options.positionals(["OLD", "NEW"], command: name)
    let json = try wantsJSON(options)
    let failOn = try failingKinds(options.value("fail-on"))
    let given = try options.all("from").map { (list) throws(ToolFailure) in
      try screenList(list, option: "from", command: name).map { ScreenName($0) }
    }
    if paths[0] == "-" && paths[1] == "-" {
      throw ToolFailure.usage("OLD and NEW cannot both come from standard input", command: name)
    }
    let old = try console.loadTable(paths[0])
    let new = try console.loadTable(paths[1])
    for (number, stack) in given.enumerated() {
      for screen in stack where old.screen(named: screen) == nil && new.screen(named: screen) == nil
      {
        let list = stack.map(\.rawValue).joined(separator: ",")
        throw ToolFailure.usage(
          "option '--from' (stack \(number + 1), '\(excerpt(list))'): screen '\(excerpt(screen))' is in neither table",
          command: name)
      }
    }
    let diff = RouteDiff(old: old, new: new, starts: given.isEmpty ? nil : given)
    if json {
      console.print(diff.json().serialized())
    } else {
      for line in diff.lines() { console.print(line) }
    }
    console.printError(diff.summary)
    return diff.changes.contains { failOn.contains($0.kind) } ? .failure : .success
  }

  /// `--json`, or `--format text|json`.
  static func wantsJSON(_ options: Arguments) throws(ToolFailure) -> Bool {
    switch options.value("format") {
    case nil: return options.has("json")
    case "json": return true
    case "text" where !options.has("json"): return false
    case "text": throw ToolFailure.usage("'--json' and '--format text' disagree", command: name)
    case let other?:
      throw ToolFailure.usage(
        "unknown format '\(excerpt(other))': use 'text' or 'json'", command: name)
    }
  }

  /// The kinds of change that fail the run: `lost` always, and those `--fail-on` lists.
  static func failingKinds(_ list: String?) throws(ToolFailure) -> Set<RouteDiff.Kind> {
    var kinds: Set<RouteDiff.Kind> = [.lost]
    for item in list.map({ $0.split(separator: ",", omittingEmptySubsequences: false) }) ?? [] {
      if item == "any" {
        kinds.formUnion(RouteDiff.Kind.allCases)
      } else if let kind = RouteDiff.Kind(rawValue: String(item)) {
        kinds.insert(kind)
      } else {
        throw ToolFailure.usage(
          "option '--fail-on': unknown kind '\(excerpt(item))': use lost, gained, longer, shorter, changed or any",
          command: name)
      }
    }
    return kinds
  }
}

/// The routes of two tables compared, pair by pair of a start stack and a destination.
///
/// Screens are matched by name and commands by identifier, or, for a command without
/// one, by its destination and origins. The starts are the one-entry stacks of the
/// screens both tables hold, in the old table's order, unless given; the destinations
/// are the screens of either table but the start's top, the old table's first, then the
/// new one's. A route to a screen only one table holds is lost or gained. Routes are the
/// planner's with no request parameters, every guard saying yes (a file holds none);
/// each start costs one search per table (``RouteTree``), not one per destination.
struct RouteDiff {
  /// What happened to a route.
  enum Kind: String, CaseIterable {
    /// The old table has a route, the new one none.
    case lost
    /// The new table has a route, the old one none.
    case gained
    /// Both have one, the new one costs more (more steps, when commands cost 1).
    case longer
    /// Both have one, the new one costs less.
    case shorter
    /// Both have one of the same cost, by other steps.
    case changed
  }

  /// One route that changed; a route is `nil` where a table has none.
  struct Change {
    var kind: Kind
    var start: [ScreenName]
    var destination: ScreenName
    var old: Route?
    var new: Route?
    var oldCost: Int?
    var newCost: Int?
  }

  let old: RouteTable
  let new: RouteTable
  /// The screens only the old table holds, and only the new one.
  let removed: [ScreenName]
  let added: [ScreenName]
  /// The number of starts, and of pairs of a start and a destination compared.
  private(set) var starts = 0
  private(set) var pairs = 0
  private(set) var changes: [Change] = []
  /// Whether either table has a command that costs more than 1: lengths are then costs.
  let hasCosts: Bool

  /// Compares the routes from `starts` (by default, each screen both tables hold, alone
  /// on the stack).
  ///
  /// - Complexity: O(*S* · (*V* + *E*) + *S* · *V* · *d*) without costs, where *S* is the
  ///   number of starts, *V* the number of screens, *E* the number of command origins
  ///   and *d* the length of the longest route.
  init(old: RouteTable, new: RouteTable, starts given: [[ScreenName]]?) {
    self.old = old
    self.new = new
    hasCosts = old.commands.contains { $0.cost != 1 } || new.commands.contains { $0.cost != 1 }
    let oldNames = old.screens.map(\.name)
    let newNames = new.screens.map(\.name)
    let inNew = Set(newNames)
    let inOld = Set(oldNames)
    removed = oldNames.filter { !inNew.contains($0) }
    added = newNames.filter { !inOld.contains($0) }
    let destinations = oldNames + added
    let starts = given ?? oldNames.filter(inNew.contains).map { [$0] }
    self.starts = starts.count
    // Commands by identity, the same number in both tables.
    var identities: [String: Int] = [:]
    let oldIdentity = Self.identities(of: old, &identities)
    let newIdentity = Self.identities(of: new, &identities)
    let oldIndex = Dictionary(uniqueKeysWithValues: zip(oldNames, 0...))
    let newIndex = Dictionary(uniqueKeysWithValues: zip(newNames, 0...))
    for start in starts {
      let stack = start.map { Entry($0) }
      let oldTree = old.routeTree(from: stack)
      let newTree = new.routeTree(from: stack)
      for destination in destinations where destination != start[start.count - 1] {
        pairs += 1
        let oldScreen = oldIndex[destination].map(Int32.init)
        let newScreen = newIndex[destination].map(Int32.init)
        let oldCost = oldScreen.flatMap { oldTree.cost(to: $0) }
        let newCost = newScreen.flatMap { newTree.cost(to: $0) }
        let kind: Kind
        switch (oldCost, newCost) {
        case (nil, nil): continue
        case (.some, nil): kind = .lost
        case (nil, .some): kind = .gained
        case (let was?, let now?) where was < now: kind = .longer
        case (let was?, let now?) where was > now: kind = .shorter
        default:
          let oldSteps = oldTree.steps(to: oldScreen!)
          let newSteps = newTree.steps(to: newScreen!)
          let same = oldSteps.elementsEqual(newSteps) { was, now in
            (was.popTo >= 0) == (now.popTo >= 0)
              && oldIdentity[Int(was.command)] == newIdentity[Int(now.command)]
              && oldNames[Int(was.screen)] == newNames[Int(now.screen)]
          }
          if same { continue }
          kind = .changed
        }
        changes.append(
          Change(
            kind: kind, start: start, destination: destination,
            old: oldScreen.flatMap { Self.route(oldTree, to: $0, from: stack, in: old) },
            new: newScreen.flatMap { Self.route(newTree, to: $0, from: stack, in: new) },
            oldCost: oldCost, newCost: newCost))
      }
    }
  }

  /// Each command's identity: its identifier, or its destination and origins.
  private static func identities(of table: RouteTable, _ known: inout [String: Int]) -> [Int] {
    table.commands.map { command in
      let key =
        command.id.map { "id \($0)" }
        ?? "to \(command.destination.rawValue) from \(Set(command.origins.map(\.rawValue)).sorted())"
      if let number = known[key] { return number }
      known[key] = known.count
      return known.count - 1
    }
  }

  /// The route of `tree` to `screen`, or `nil` when it reaches no such screen.
  private static func route(
    _ tree: RouteTree, to screen: Int32, from stack: [Entry], in table: RouteTable
  ) -> Route? {
    guard tree.isReached(screen) else { return nil }
    var current = stack
    var steps: [Step] = []
    for step in tree.steps(to: screen) {
      if step.popTo >= 0 {
        current.removeSubrange(Int(step.popTo + 1)...)
      } else {
        current.append(Entry(table.screens[Int(step.screen)].name))
      }
      steps.append(
        Step(
          command: Int(step.command), commandID: table.commands[Int(step.command)].id,
          action: step.popTo >= 0 ? .pop : .push, entry: current[current.count - 1],
          depth: current.count))
    }
    return Route(steps: steps, stack: current)
  }

  /// `3 steps` or `cost 5`.
  private func length(_ cost: Int) -> String {
    hasCosts ? "cost \(cost)" : "\(cost) step\(cost == 1 ? "" : "s")"
  }

  /// The text output: the screens removed and added, then one line a change.
  func lines() -> [String] {
    var lines: [String] = []
    if !removed.isEmpty {
      lines.append("screens removed: " + removed.map { excerpt($0) }.joined(separator: ", "))
    }
    if !added.isEmpty {
      lines.append("screens added: " + added.map { excerpt($0) }.joined(separator: ", "))
    }
    for change in changes {
      let pair =
        "\(change.kind.rawValue): from \(change.start.map { excerpt($0) }.joined(separator: " > ")) to \(excerpt(change.destination))"
      let was = change.old.map { Self.steps($0) } ?? ""
      let now = change.new.map { Self.steps($0) } ?? ""
      switch change.kind {
      case .lost:
        let gone = change.new == nil && new.screen(named: change.destination) == nil
        lines.append("\(pair): was \(was)" + (gone ? " (not in the new table)" : ""))
      case .gained:
        let fresh = old.screen(named: change.destination) == nil
        lines.append("\(pair): \(now)" + (fresh ? " (not in the old table)" : ""))
      case .longer, .shorter:
        lines.append(
          "\(pair): \(length(change.newCost!)), was \(change.oldCost!): \(now); was \(was)")
      case .changed:
        lines.append("\(pair): \(length(change.newCost!)): \(now); was \(was)")
      }
    }
    return lines
  }

  /// `push Folder by openFolder, push Profile by openProfile`.
  private static func steps(_ route: Route) -> String {
    route.steps.map(\.description).joined(separator: ", ")
  }

  /// The count of each kind of change, in order.
  private var counts: [(Kind, Int)] {
    Kind.allCases.map { kind in (kind, changes.filter { $0.kind == kind }.count) }
  }

  /// `diff: 1 lost, 0 gained, 2 longer, 0 shorter, 1 changed, of 30 pairs from 6 starts`.
  var summary: String {
    "diff: " + counts.map { "\($1) \($0.rawValue)" }.joined(separator: ", ")
      + ", of \(pairs) pair\(pairs == 1 ? "" : "s") from \(starts) start\(starts == 1 ? "" : "s")"
  }

  /// `{"screens": {"removed": […], "added": […]}, "changes": […], "summary": {…}}`.
  func json() -> JSONValue {
    let changes: [JSONValue] = changes.map { change in
      var object: JSONObject = [
        "kind": .string(change.kind.rawValue),
        "from": .array(change.start.map { .string($0.rawValue) }),
        "to": .string(change.destination.rawValue),
      ]
      for (key, route, cost) in [
        ("old", change.old, change.oldCost), ("new", change.new, change.newCost),
      ] {
        guard let route, let cost, case .object(var side) = RouteJSON.json(route) else {
          continue
        }
        side.members.insert(JSONMember("cost", .number(JSONNumber(cost))), at: 0)
        object.append(key, .object(side))
      }
      return .object(object)
    }
    var summary: JSONObject = [
      "starts": .number(JSONNumber(starts)), "pairs": .number(JSONNumber(pairs)),
    ]
    for (kind, count) in counts { summary.append(kind.rawValue, .number(JSONNumber(count))) }
    return [
      "screens": [
        "removed": .array(removed.map { .string($0.rawValue) }),
        "added": .array(added.map { .string($0.rawValue) }),
      ],
      "changes": .array(changes),
      "summary": .object(summary),
    ]
  }
}
