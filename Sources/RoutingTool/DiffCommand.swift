import Routing
import RoutingJSON

/// `routing diff OLD NEW [--from A,B]... [--json | --format text|json] [--fail-on KINDS]`:
/// what changed in the routes between two versions of a table.
enum DiffCommand {
  static let name = "diff"
  static let spec = OptionSpec(
    flags: ["json"], single: ["format", "fail-on", "limit"], repeated: ["from"])

  /// How many changes the output lists when `--limit` is not given.
  static let defaultLimit = 200

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
    let old = try console.loadTable(paths[0], format: json ? .json : .text)
    let new = try console.loadTable(paths[1], format: json ? .json : .text)
    for (number, stack) in given.enumerated() {
      for screen in stack where old.screen(named: screen) == nil && new.screen(named: screen) == nil
      {
        let list = stack.map(\.rawValue).joined(separator: ",")
        let names = (old.screens + new.screens).map(\.name.rawValue)
        throw ToolFailure.usage(
          "option '--from' (stack \(number + 1), '\(excerpt(list))'): screen '\(excerpt(screen))' is in neither table"
            + didYouMean(screen.rawValue, among: names),
          command: name)
      }
    }
    let limit =
      try options.wholeNumber(
        "limit", atLeast: 0, meaning: "a number of changes, 0 (all) or more", command: name)
      ?? defaultLimit
    let diff = RouteDiff(
      old: old, new: new, starts: given.isEmpty ? nil : given, limit: limit == 0 ? nil : limit)
    if !given.isEmpty, let (number, refusal) = diff.unplannable.first {
      let list = given[number].map(\.rawValue).joined(separator: ",")
      throw ToolFailure.usage(
        "option '--from' (stack \(number + 1), '\(excerpt(list))'): neither table plans from it: "
          + (refusal.old.description == refusal.new.description
            ? refusal.new.description : "old: \(refusal.old); new: \(refusal.new)"),
        command: name)
    }
    if json {
      var bytes = diff.json()
      bytes.byte(0x0A)
      console.write(bytes.bytes)
    } else {
      let lines = diff.lines()
      if !lines.isEmpty { console.write(Array((lines.joined(separator: "\n") + "\n").utf8)) }
    }
    console.printError(diff.summary)
    return diff.counts.contains { failOn.contains($0.0) && $0.1 > 0 } ? .failure : .success
  }

  /// `--json`, or `--format text|json`.
  static func wantsJSON(_ options: Arguments) throws(ToolFailure) -> Bool {
    let format = try OutputFormat.parse(options, allowed: [.text, .json], command: name)
    if options.has("json") && options.value("format") == "text" {
      throw ToolFailure.usage("'--json' and '--format text' disagree", command: name)
    }
    return format == .json || options.has("json")
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
/// planner's with no request parameters, as `routing route` plans them from the start:
/// on a table with tabs inside the start's tab, without the commands it leaves out; a
/// guarded command takes part in none (a file holds a guard's name, not its code). A
/// table that refuses a start as a stack (an entry it does not declare, or, with tabs, a
/// first entry that is the root of no tab or of several) has no route from it; a start
/// that both refuse is left out (``unplannable``). Each start costs one search per table
/// (``RouteTree``), not one per destination.
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
    /// The start's tab in each table with tabs that plans from it.
    var tabs: Sides<String>
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
  /// The changes listed: the first ``limit`` found (every one without a limit), in the
  /// order of their starts, then of their destinations.
  private(set) var changes: [Change] = []
  /// How many changes are listed at most; `nil` for all. Only those are kept, so memory
  /// stays linear in the tables however many routes changed.
  let limit: Int?
  /// How many changes of each kind were found, listed or not.
  private(set) var kindCounts = [Int](repeating: 0, count: Kind.allCases.count)
  /// How many changes each start had, by its position among the starts.
  private var startCounts: [Int] = []
  /// How many changes each destination had, by its number among both tables' screens.
  private var destinationCounts: [Int] = []
  /// The starts and the destinations, for the summary.
  private var startList: [[ScreenName]] = []
  private var destinationNames: [ScreenName] = []
  /// Each start that one table refuses as a stack, and the planner's error.
  private(set) var refused: [(start: [ScreenName], inNew: Bool, error: RoutingError)] = []
  /// Each start that both tables refuse, by its position among the starts, and the
  /// planner's errors; it is not compared.
  private(set) var unplannable: [(Int, (old: RoutingError, new: RoutingError))] = []
  /// Whether either table has a command that costs more than 1: lengths are then costs.
  let hasCosts: Bool

  /// A screen whose depth from a root (``RouteTable/reach(from:)``) differs between the
  /// tables; a depth is `nil` where the table reaches the screen from that root by no
  /// route, or does not hold it.
  struct DepthChange {
    var root: ScreenName
    var screen: ScreenName
    var old: Int?
    var new: Int?
  }

  /// The depth changes from each root both tables start on (each table's first screen,
  /// or each tab's root), root by root, then screens in the old table's order and those
  /// only the new one holds; none when the starts are given.
  private(set) var depthChanges: [DepthChange] = []

  /// One table's side of the comparison: its screens' and commands' numbers shared with
  /// the other table.
  private struct Side {
    let table: RouteTable
    /// Each screen's destination number (its position among both tables' screens).
    let destination: [Int32]
    /// Each command's identity, the same number in both tables.
    let identity: [Int]
    /// Each command's identifier.
    let ids: [String?]

    init(_ table: RouteTable, destinations: [ScreenName: Int32], identities: inout [String: Int]) {
      self.table = table
      destination = table.screens.map { destinations[$0.name]! }
      var identity: [Int] = []
      var ids: [String?] = []
      for command in table.commands {
        // A command that comes to present its screen, or stops, is another step: the
        // routes through it change.
        let key =
          (command.id.map { "id \($0)" }
            ?? "to \(command.destination.rawValue) from \(Set(command.origins.map(\.rawValue)).sorted())")
          + (command.presents ? " presents" : "")
        if identities[key] == nil { identities[key] = identities.count }
        identity.append(identities[key]!)
        ids.append(command.id)
      }
      self.identity = identity
      self.ids = ids
    }

    /// The planner's route from `stack` to every screen, through unguarded commands (the
    /// tool runs no guard, so every guarded command refuses), and the stack's tab; or the
    /// planner's error about the stack.
    func tree(from stack: [Entry]) -> Result<(tree: RouteTree, tab: String?), RoutingError> {
      Result { () throws(RoutingError) in
        try table.plannedRouteTree(from: stack, refusing: table.graph.guardedCommands)
      }
    }

    /// The route of `tree` to `screen`, from `stack`.
    func route(_ tree: RouteTree, to screen: Int32, from stack: [Entry]) -> Route {
      var current = stack
      var steps: [Step] = []
      for step in tree.steps(to: screen) {
        if step.popTo >= 0 {
          current.removeSubrange(Int(step.popTo + 1)...)
        } else {
          current.append(Entry(table.screens[Int(step.screen)].name))
        }
        let action: StepAction =
          step.popTo >= 0
          ? .pop : table.commands[Int(step.command)].presents ? .present : .push
        steps.append(
          Step(
            command: Int(step.command), commandID: ids[Int(step.command)], action: action,
            entry: current[current.count - 1], depth: current.count))
      }
      return Route(steps: steps, stack: current)
    }
  }

  /// Compares the routes from `starts` (by default, each screen both tables hold, alone
  /// on the stack).
  ///
  /// Whether two routes of the same cost go the same way is decided destination by
  /// destination in the order the new table's search reached them: a route is its
  /// previous screen's route and one step, so it is the same when that step is and the
  /// route to the previous screen is.
  ///
  /// - Complexity: O(*S* · (*V* + *E*)) without costs, where *S* is the number of starts,
  ///   *V* the number of screens and *E* the number of command origins, and O(*d*) more
  ///   per change, for routes of *d* steps.
  init(old: RouteTable, new: RouteTable, starts given: [[ScreenName]]?, limit: Int? = nil) {
    self.old = old
    self.new = new
    self.limit = limit
    hasCosts = old.graph.hasCosts || new.graph.hasCosts
    let oldNames = old.screens.map(\.name)
    let newNames = new.screens.map(\.name)
    let inNew = Set(newNames)
    let inOld = Set(oldNames)
    removed = oldNames.filter { !inNew.contains($0) }
    added = newNames.filter { !inOld.contains($0) }
    let names = oldNames + added
    let numbers = Dictionary(uniqueKeysWithValues: zip(names, (0...).lazy.map(Int32.init)))
    var identities: [String: Int] = [:]
    let before = Side(old, destinations: numbers, identities: &identities)
    let after = Side(new, destinations: numbers, identities: &identities)
    // Each destination's screen number in each table, or -1.
    var inBefore = [Int32](repeating: -1, count: names.count)
    var inAfter = [Int32](repeating: -1, count: names.count)
    for (screen, number) in before.destination.enumerated() {
      inBefore[Int(number)] = Int32(screen)
    }
    for (screen, number) in after.destination.enumerated() { inAfter[Int(number)] = Int32(screen) }
    let starts = given ?? oldNames.filter(inNew.contains).map { [$0] }
    startList = starts
    destinationNames = names
    startCounts = [Int](repeating: 0, count: starts.count)
    destinationCounts = [Int](repeating: 0, count: names.count)
    var same = [Bool](repeating: false, count: names.count)
    var oldCosts = [Int](repeating: -1, count: names.count)
    var newCosts = [Int](repeating: -1, count: names.count)
    var compared = 0
    for (position, start) in starts.enumerated() {
      let stack = start.map { Entry($0) }
      let (oldSearch, newSearch) = (before.tree(from: stack), after.tree(from: stack))
      switch (oldSearch, newSearch) {
      case (.failure(let was), .failure(let now)):
        unplannable.append((position, (was, now)))
        continue
      case (.failure(let error), _): refused.append((start, false, error))
      case (_, .failure(let error)): refused.append((start, true, error))
      default: break
      }
      compared += 1
      let oldTree = try? oldSearch.get().tree
      let newTree = try? newSearch.get().tree
      let tabs = Sides(old: try? oldSearch.get().tab, new: try? newSearch.get().tab)
      // Each tree is unwrapped once: reading an optional tree in the loops below copied
      // it, its arrays retained and released, at every pair (`Docs/Performance.md`,
      // "`routing diff` at scale").
      if let newTree {
        for screen in newTree.reached { same[Int(after.destination[Int(screen)])] = false }
        if let oldTree {
          for screen in newTree.reached {
            let number = Int(after.destination[Int(screen)])
            let was = inBefore[number]
            guard was >= 0, let last = newTree.lastStep(to: screen),
              let lastBefore = oldTree.lastStep(to: was),
              (last.popTo >= 0) == (lastBefore.popTo >= 0),
              after.identity[Int(last.command)] == before.identity[Int(lastBefore.command)]
            else { continue }
            let previous = newTree.previous(of: screen)
            let previousBefore = oldTree.previous(of: was)
            same[number] =
              previous < 0
              ? previousBefore < 0
              : previousBefore >= 0
                && after.destination[Int(previous)] == before.destination[Int(previousBefore)]
                && same[Int(after.destination[Int(previous)])]
          }
        }
      }
      // Each destination's cost in each table from this start, or -1.
      for index in oldCosts.indices {
        oldCosts[index] = -1
        newCosts[index] = -1
      }
      if let oldTree {
        for screen in oldTree.reached {
          oldCosts[Int(before.destination[Int(screen)])] = oldTree.cost(to: screen)!
        }
      }
      if let newTree {
        for screen in newTree.reached {
          newCosts[Int(after.destination[Int(screen)])] = newTree.cost(to: screen)!
        }
      }
      let top = numbers[start[start.count - 1]] ?? -1
      for number in names.indices where number != top {
        pairs += 1
        let was = inBefore[number]
        let now = inAfter[number]
        let oldCost = oldCosts[number] < 0 ? nil : oldCosts[number]
        let newCost = newCosts[number] < 0 ? nil : newCosts[number]
        let kind: Kind
        switch (oldCost, newCost) {
        case (nil, nil): continue
        case (.some, nil): kind = .lost
        case (nil, .some): kind = .gained
        case (let was?, let now?) where was < now: kind = .longer
        case (let was?, let now?) where was > now: kind = .shorter
        default:
          if same[number] { continue }
          kind = .changed
        }
        kindCounts[Kind.allCases.firstIndex(of: kind)!] += 1
        startCounts[position] += 1
        destinationCounts[number] += 1
        if let limit, changes.count >= limit { continue }
        changes.append(
          Change(
            kind: kind, start: start, tabs: tabs, destination: names[number],
            old: oldTree.flatMap { oldCost == nil ? nil : before.route($0, to: was, from: stack) },
            new: newTree.flatMap { newCost == nil ? nil : after.route($0, to: now, from: stack) },
            oldCost: oldCost, newCost: newCost))
      }
    }
    self.starts = compared
    // Given stacks ask about those stacks only.
    if given == nil { depthChanges = Self.depthChanges(old: old, new: new, screens: names) }
  }

  /// The depths from the roots both tables start on that differ, for `screens`.
  ///
  /// - Complexity: O(*R* · (*V* + *E*)) for *R* roots.
  private static func depthChanges(old: RouteTable, new: RouteTable, screens: [ScreenName])
    -> [DepthChange]
  {
    // A root shared by two tabs has no reach: that table's depths are left out.
    let before = (try? old.reachFromRoots()) ?? []
    let after = (try? new.reachFromRoots()) ?? []
    var changes: [DepthChange] = []
    for was in before {
      guard let now = after.first(where: { $0.root == was.root }) else { continue }
      let oldDepths = Dictionary(was.depths.map { ($0.screen, $0.depth) }) { first, _ in first }
      let newDepths = Dictionary(now.depths.map { ($0.screen, $0.depth) }) { first, _ in first }
      for screen in screens where oldDepths[screen] != newDepths[screen] {
        changes.append(
          DepthChange(
            root: was.root, screen: screen, old: oldDepths[screen], new: newDepths[screen]))
      }
    }
    return changes
  }

  /// `3 steps` or `cost 5`.
  private func length(_ cost: Int) -> String {
    hasCosts ? "cost \(cost)" : "\(cost) step\(cost == 1 ? "" : "s")"
  }

  /// The text output: when some changes are not listed, the summary first (the counts,
  /// the starts and screens most affected); the screens removed and added, then one line
  /// a listed change, and how many more there are.
  func lines() -> [String] {
    var lines: [String] = []
    if changes.count < changeCount {
      let affected = mostAffected
      lines.append(summary)
      lines.append(
        "most changes from: "
          + affected.starts.map { "\(Self.stack($0.0)) (\($0.1))" }.joined(separator: ", "))
      lines.append(
        "most changes to: "
          + affected.screens.map { "\(excerpt($0.0)) (\($0.1))" }.joined(separator: ", "))
    }
    if !removed.isEmpty {
      lines.append("screens removed: " + removed.map { excerpt($0) }.joined(separator: ", "))
    }
    if !added.isEmpty {
      lines.append("screens added: " + added.map { excerpt($0) }.joined(separator: ", "))
    }
    for (start, inNew, error) in refused {
      lines.append(
        "start \(Self.stack(start)): the \(inNew ? "new" : "old") table plans no route from it: \(error)"
      )
    }
    for change in changes {
      let pair =
        "\(change.kind.rawValue): from \(Self.stack(change.start))\(Self.tab(change.tabs)) to \(excerpt(change.destination))"
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
    if changes.count < changeCount {
      lines.append(
        "… \(changeCount - changes.count) more changes not listed (--limit \(changes.count); --limit 0 lists all)"
      )
    }
    for change in depthChanges {
      lines.append(
        "depth from \(excerpt(change.root)): \(excerpt(change.screen)) "
          + "\(Self.depth(change.old)) → \(Self.depth(change.new))")
    }
    return lines
  }

  /// A depth, or `none` where no route reaches the screen.
  private static func depth(_ depth: Int?) -> String {
    depth.map(String.init) ?? "none"
  }

  /// `Menu > Folder`.
  private static func stack(_ start: [ScreenName]) -> String {
    start.map { excerpt($0) }.joined(separator: " > ")
  }

  /// ` (tab Home)`, ` (tab Home, was Main)` when the tables name the start's tab
  /// differently, or nothing without tabs.
  private static func tab(_ tabs: Sides<String>) -> String {
    switch (tabs.old, tabs.new) {
    case (nil, nil): ""
    case (let was?, let now?) where was != now: " (tab \(excerpt(now)), was \(excerpt(was)))"
    case (let was, let now): " (tab \(excerpt((now ?? was)!)))"
    }
  }

  /// `push Folder by openFolder, push Profile by openProfile`.
  private static func steps(_ route: Route) -> String {
    route.steps.map(\.description).joined(separator: ", ")
  }

  /// The count of each kind of change, in order, listed or not.
  var counts: [(Kind, Int)] {
    Array(zip(Kind.allCases, kindCounts))
  }

  /// How many changes were found, listed or not.
  var changeCount: Int { kindCounts.reduce(0, +) }

  /// The starts and the destinations with the most changes (at most five each, most
  /// first, ties in order), with their counts.
  var mostAffected: (starts: [([ScreenName], Int)], screens: [(ScreenName, Int)]) {
    func top(_ counts: [Int]) -> [Int] {
      counts.indices.filter { counts[$0] > 0 }
        .sorted { (counts[$0], $1) > (counts[$1], $0) }.prefix(5).map { $0 }
    }
    return (
      top(startCounts).map { (startList[$0], startCounts[$0]) },
      top(destinationCounts).map { (destinationNames[$0], destinationCounts[$0]) }
    )
  }

  /// `diff: 1 lost, 0 gained, 2 longer, 0 shorter, 1 changed, of 30 pairs from 6 starts`.
  var summary: String {
    "diff: " + counts.map { "\($1) \($0.rawValue)" }.joined(separator: ", ")
      + ", of \(pairs) pair\(pairs == 1 ? "" : "s") from \(starts) start\(starts == 1 ? "" : "s")"
  }

  /// `{"screens": {"removed": […], "added": […]}, "refused": […], "changes": […],
  /// "summary": {…}}`,
  /// written straight into bytes: a large diff has changes by the hundred thousand.
  func json() -> JSONBytes {
    var json = JSONBytes(capacity: 1_024 + changes.count * 512)
    json.raw(#"{"screens":"#)
    json.value([
      "removed": .array(removed.map { .string($0.rawValue) }),
      "added": .array(added.map { .string($0.rawValue) }),
    ])
    json.raw(#","refused":["#)
    for (position, (start, inNew, error)) in refused.enumerated() {
      json.raw(position == 0 ? #"{"from":"# : #",{"from":"#)
      json.value(.array(start.map { .string($0.rawValue) }))
      json.raw(#","table":"#)
      json.string(inNew ? "new" : "old")
      json.raw(#","kind":"#)
      json.string(error.kind)
      json.raw(#","message":"#)
      json.string(error.description)
      json.raw("}")
    }
    json.raw(#"],"changes":["#)
    for (position, change) in changes.enumerated() {
      json.raw(position == 0 ? #"{"kind":"# : #",{"kind":"#)
      json.string(change.kind.rawValue)
      json.raw(#","from":["#)
      for (index, screen) in change.start.enumerated() {
        if index > 0 { json.raw(",") }
        json.string(screen.rawValue)
      }
      json.raw("]")
      if change.tabs.old != nil || change.tabs.new != nil {
        json.raw(#","tabs":"#)
        json.value(
          .object(
            JSONObject(
              [("old", change.tabs.old), ("new", change.tabs.new)].compactMap { key, tab in
                tab.map { JSONMember(key, .string($0)) }
              })))
      }
      json.raw(#","to":"#)
      json.string(change.destination.rawValue)
      let sides: [(StaticString, Route?, Int?)] = [
        (#","old":{"cost":"#, change.old, change.oldCost),
        (#","new":{"cost":"#, change.new, change.newCost),
      ]
      for case (let key, let route?, let cost?) in sides {
        json.raw(key)
        json.number(cost)
        json.raw(",")
        // The route's members follow the cost, in the side's object.
        json.routeMembers(route)
        json.raw("}")
      }
      json.raw("}")
    }
    json.raw(#"],"depths":["#)
    for (position, change) in depthChanges.enumerated() {
      json.raw(position == 0 ? #"{"root":"# : #",{"root":"#)
      json.string(change.root.rawValue)
      json.raw(#","screen":"#)
      json.string(change.screen.rawValue)
      for (key, depth) in [(#","old":"#, change.old), (#","new":"#, change.new)]
        as [(StaticString, Int?)]
      {
        json.raw(key)
        if let depth { json.number(depth) } else { json.raw("null") }
      }
      json.raw("}")
    }
    json.raw(#"],"summary":{"starts":"#)
    json.number(starts)
    json.raw(#","pairs":"#)
    json.number(pairs)
    if changes.count < changeCount {
      json.raw(#","listed":"#)
      json.number(changes.count)
      let affected = mostAffected
      json.raw(#","mostChangesFrom":"#)
      json.value(
        .array(
          affected.starts.map { start, count in
            .object([
              "from": .array(start.map { .string($0.rawValue) }),
              "changes": .number(JSONNumber(count)),
            ])
          }))
      json.raw(#","mostChangesTo":"#)
      json.value(
        .array(
          affected.screens.map { screen, count in
            .object(["to": .string(screen.rawValue), "changes": .number(JSONNumber(count))])
          }))
    }
    for (kind, count) in counts {
      json.raw(",")
      json.string(kind.rawValue)
      json.raw(":")
      json.number(count)
    }
    json.raw("}}")
    return json
  }
}

/// Something of each table, where it has one.
struct Sides<Value> {
  var old: Value?
  var new: Value?
}
