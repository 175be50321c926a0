extension RouteTable {
  /// The problems of the table: screens the app cannot get to from its roots, and
  /// commands the planner never chooses. `routing check` prints these.
  ///
  /// The analysis reads the same compiled graph the planner searches (commands by
  /// origin, by destination and from anywhere) and asks the planner's own rule for the
  /// command a pop back to a screen uses, so it cannot drift from what routes do.
  /// Guards are left out: a command counts as enabled.
  ///
  /// An error is something the author evidently meant that cannot happen:
  ///
  /// - ``Diagnostic/Kind/unreachableScreen``: commands lead to the screen, but no chain
  ///   of commands reaches it from a root (a command from anywhere applies from every
  ///   screen);
  /// - ``Diagnostic/Kind/selfCommandNeverApplies(popsUse:)``: the command leads only
  ///   from a screen that declares no parameters to that screen, so it never pushes (on
  ///   top of that screen the stack is already there), and pops back to the screen use
  ///   another command: the cheapest command to it, the first among equals.
  ///
  /// A warning is redundant or suspicious, but harmless:
  ///
  /// - ``Diagnostic/Kind/noCommandLeadsToScreen``: a screen other than a root that no
  ///   command leads to;
  /// - ``Diagnostic/Kind/selfCommandOnlyPops``: a command from a parameterless screen to
  ///   itself that pops back to the screen do use;
  /// - ``Diagnostic/Kind/repeatedCommand(of:)`` and
  ///   ``Diagnostic/Kind/coveredCommand(by:)``: an earlier command leads to the same
  ///   screen from the same origins, from anywhere or from a superset of them, at no
  ///   higher cost, so the planner always prefers it;
  /// - ``Diagnostic/Kind/repeatedOrigin(first:)`` and
  ///   ``Diagnostic/Kind/originIsDestination``: an origin listed twice in a command, or
  ///   the command's own parameterless destination among other origins.
  ///
  /// The screens' problems come first, in table order, then the commands', in command
  /// order, each command's own before its origins'.
  ///
  /// ```swift
  /// @Test func theTableHasNoProblems() {
  ///   let problems = table.diagnostics(roots: ["Menu"])
  ///   #expect(problems.isEmpty, "\(problems)")
  /// }
  /// ```
  ///
  /// Path patterns that collide (two screens that would read the same links) never get
  /// this far: compiling refuses them with a ``TableError`` of kind
  /// ``TableError/Kind/invalidPath``.
  ///
  /// - Parameter roots: The screens the app starts on; by default the table's first
  ///   screen. Every root must be a screen of the table: a name it does not know is a
  ///   programming error, and traps. An empty list leaves out the screens' checks.
  /// - Returns: The problems, screens' first.
  /// - Complexity: O(*V* + *E*) on a typical table, where *V* is the number of screens
  ///   and *E* the number of commands plus the length of their origin lists. Looking for
  ///   an earlier command that covers one with several origins scans the earlier
  ///   commands to the same screen that list the rarest of its origins.
  public func diagnostics(roots: [ScreenName]? = nil) -> [Diagnostic] {
    let roots = roots ?? screens.prefix(1).map(\.name)
    let analysis = TableAnalysis(table: self)
    return analysis.screenDiagnostics(roots: roots) + analysis.commandDiagnostics()
  }
}

/// The analysis behind ``RouteTable/diagnostics(roots:)``, over the table's compiled
/// graph (``RouteTable/graph``), the one the planner searches.
///
/// It adds one layout to the graph's: each command's distinct origins, ascending by
/// screen number, which it takes from the graph's rows of commands by origin.
struct TableAnalysis {
  let table: RouteTable
  let graph: RouteGraph
  /// Row `c` holds the distinct origins of command `c`, ascending.
  let commandOrigins: CompressedRows

  /// - Complexity: O(*V* + *E*).
  init(table: RouteTable) {
    self.table = table
    let graph = table.graph
    self.graph = graph
    var rows = CompressedRows.Filler(rows: graph.commandCount)
    for command in graph.commandsFrom.items { rows.count(row: command) }
    rows.allocate()
    for screen in 0..<graph.screenCount {
      for command in graph.commandsFrom[screen] {
        rows.append(Int32(screen), to: command)
      }
    }
    commandOrigins = rows.rows
  }

  /// The distinct origins of command `number`, ascending; empty for a command from
  /// anywhere.
  func origins(of number: Int) -> ArraySlice<Int32> {
    commandOrigins[number]
  }

  /// The commands whose destination is `screen`, ascending.
  func commands(to screen: Int) -> ArraySlice<Int32> {
    graph.commandsTo[screen]
  }

  /// Which screens the roots reach: a command applies from its origins, or from every
  /// screen when it has none, by position in `table.screens`.
  ///
  /// A breadth-first search over the graph's rows of commands by origin, reading the
  /// destinations laid beside them. The commands from anywhere apply on top of the first
  /// screen reached, so their destinations are reached once, with the roots.
  ///
  /// The same set as the screens the leg engine's trees from the roots' one-entry stacks
  /// reach (``RouteTree``, every command taking part), with the roots: a leg from
  /// `[root]` pushes every screen a chain of commands reaches but the root, which it
  /// holds, and a chain through the root again is no shorter. The diagnostics need the
  /// set only, not the legs, so this walk marks screens rather than build a tree per
  /// root, which on a table with costs is a weighted search; `EngineClientTests` checks
  /// that the two agree.
  ///
  /// - Complexity: O(*V* + *E*).
  func reachable(from roots: [Int32]) -> [Bool] {
    var reached = [Bool](repeating: false, count: graph.screenCount)
    guard !roots.isEmpty else { return reached }
    var queue: [Int32] = []
    queue.reserveCapacity(graph.screenCount)
    func visit(_ screen: Int32) {
      guard !reached[Int(screen)] else { return }
      reached[Int(screen)] = true
      queue.append(screen)
    }
    for root in roots { visit(root) }
    for screen in graph.anywhereDestinations { visit(screen) }
    var next = 0
    while next < queue.count {
      let screen = Int(queue[next])
      next += 1
      for position in graph.commandsFrom.range(screen) { visit(graph.targetsFrom[position]) }
    }
    return reached
  }

  /// The screens' problems: not reached from the roots, or led to by no command.
  ///
  /// - Complexity: O(*V* + *E*).
  func screenDiagnostics(roots: [ScreenName]) -> [Diagnostic] {
    guard !roots.isEmpty else { return [] }
    let numbers = roots.map { root in
      guard let number = table.screenIndex[root] else {
        preconditionFailure("the root '\(root)' is not a screen of the table")
      }
      return number
    }
    let reached = reachable(from: numbers)
    var isRoot = [Bool](repeating: false, count: graph.screenCount)
    for number in numbers { isRoot[Int(number)] = true }
    let rootText = roots.map(\.rawValue).joined(separator: " or ")
    var diagnostics: [Diagnostic] = []
    for (index, screen) in table.screens.enumerated() where !isRoot[index] {
      let kind: Diagnostic.Kind
      let message: String
      if commands(to: index).isEmpty {  // No command leads to it, so none pops back to it.
        kind = .noCommandLeadsToScreen
        message = "no command leads to it"
      } else if !reached[index] {
        kind = .unreachableScreen
        message = "unreachable from \(rootText): no chain of commands leads to it"
      } else {
        continue
      }
      diagnostics.append(
        Diagnostic(
          kind: kind, location: "screens[\(index)]", screenIndex: index, screenName: screen.name,
          command: nil, commandID: nil, originSlot: nil, declaredAt: screen.declaredAt,
          message: message))
    }
    return diagnostics
  }

  /// A problem with command `number`, or with its origin at `slot`.
  func diagnostic(
    _ kind: Diagnostic.Kind, command number: Int, slot: Int? = nil, _ message: String
  ) -> Diagnostic {
    let command = table.commands[number]
    return Diagnostic(
      kind: kind, location: "commands[\(number)]" + (slot.map { ".from[\($0)]" } ?? ""),
      screenIndex: nil, screenName: nil, command: number, commandID: command.id,
      originSlot: slot, declaredAt: command.declaredAt, message: message)
  }

  /// `commands[5]`, with its id when it has one: `commands[5] 'openChat'`.
  func place(ofCommand number: Int) -> String {
    table.commands[number].id.map { "commands[\(number)] '\(excerpt($0))'" }
      ?? "commands[\(number)]"
  }

  /// The commands' problems, in command order.
  ///
  /// - Complexity: O(*E*) on a typical table; see ``coveringCommands()``.
  func commandDiagnostics() -> [Diagnostic] {
    let covering = coveringCommands()
    var diagnostics: [Diagnostic] = []
    for number in 0..<graph.commandCount {
      let destination = graph.destination[number]
      let origins = origins(of: number)
      let name = table.screens[Int(destination)].name
      let earlier = Int(covering[number])
      if earlier >= 0 {
        let other = place(ofCommand: earlier)
        let earlierOrigins = self.origins(of: earlier)
        if origins.elementsEqual(earlierOrigins) {
          diagnostics.append(
            diagnostic(
              .repeatedCommand(of: earlier), command: number,
              "repeats \(other): it is never chosen"))
        } else {
          diagnostics.append(
            diagnostic(
              .coveredCommand(by: earlier), command: number,
              "is covered by \(other), which leads to \(excerpt(name)) from \(earlierOrigins.isEmpty ? "anywhere" : "the same screens") and comes first: it is never chosen"
            ))
        }
      }
      let declaresNothing = table.screens[Int(destination)].parameters.isEmpty
      if declaresNothing && origins.count == 1 && origins.first == destination {
        diagnostics.append(selfCommandDiagnostic(number))
        continue
      }
      // Origins are looked at one by one only when one repeats or is the destination; the
      // declared list is kept apart only for the commands that repeat one, since making
      // it for every command would allocate an array a command.
      let repeated = table.commands.details.repeatedOrigins[number]
      guard repeated != nil || (declaresNothing && origins.contains(destination))
      else { continue }
      let declared = repeated ?? table.commands.origins(of: number)
      var seen: [ScreenName: Int] = [:]
      for (slot, origin) in declared.enumerated() {
        if let first = seen[origin] {
          diagnostics.append(
            diagnostic(
              .repeatedOrigin(first: first), command: number, slot: slot,
              "repeats '\(excerpt(origin))' (from[\(first)])"))
          continue
        }
        seen[origin] = slot
        if declaresNothing && origin == name {
          diagnostics.append(
            diagnostic(
              .originIsDestination, command: number, slot: slot,
              "never pushes from '\(excerpt(origin))': it is the destination, which declares no parameters, so listing it changes nothing (pops back to \(excerpt(origin)) ignore origins)"
            ))
        }
      }
    }
    return diagnostics
  }

  /// The problem of command `number`, which leads only from its destination to itself,
  /// a screen that declares no parameters: on top of that screen the stack is already
  /// there, so the command never pushes. It can still pop back to the screen (a pop
  /// ignores origins), unless pops use another command, as
  /// ``RouteGraph/popCommand(to:where:)`` decides, the function the planner asks.
  func selfCommandDiagnostic(_ number: Int) -> Diagnostic {
    let destination = graph.destination[number]
    let screen = table.screens[Int(destination)].name
    let leads =
      "it leads from \(excerpt(screen)) to \(excerpt(screen)), which declares no parameters"
    guard let pop = graph.popCommand(to: destination).map(Int.init), pop != number else {
      return diagnostic(
        .selfCommandOnlyPops, command: number,
        "applies only as a pop back to \(excerpt(screen)): \(leads), so it never pushes")
    }
    let why = graph.cost[pop] < graph.cost[number] ? "costs less" : "comes first"
    return diagnostic(
      .selfCommandNeverApplies(popsUse: pop), command: number,
      "never applies: \(leads), so it never pushes, and pops back to \(excerpt(screen)) use \(place(ofCommand: pop)), which \(why)"
    )
  }

  /// For each command, the first earlier command that leads to the same screen from
  /// every one of its origins (or from anywhere) at no higher cost, or -1: the planner
  /// always prefers that one, so the command is never chosen.
  ///
  /// Not a search, and not one for the leg engine: a claim about every stack and every
  /// request, where a tree of legs (``RouteTree``) speaks for one stack, and can show
  /// that a command is taken but never that it never is. The claim follows from the
  /// engine's rules: wherever the command could push, the earlier one applies too, at no
  /// higher cost and with a lower number, so ``LegOrder`` puts the leg that takes it
  /// first; a pop back to the screen takes the cheapest, lowest-numbered command to it
  /// (``RouteGraph/popCommand(to:where:)``), never this one. `EngineClientTests` checks
  /// that no tree of legs takes a command this finds covered.
  ///
  /// The commands to each screen are taken in order, keeping, for the screen, those
  /// from anywhere and those that list each origin. A command's candidates are then the
  /// first earlier one from anywhere at no higher cost, found by binary search, and
  /// before it those that list the origin of the command that the fewest earlier
  /// commands list, from the first at no higher cost on.
  ///
  /// - Complexity: O(*E* log *E*) when commands have at most one origin; otherwise
  ///   O(*c*·*m*) more per command at worst, where *c* is the number of earlier commands
  ///   to its screen that list the scanned origin and *m* its number of origins, and a
  ///   typical table stops at the first candidate.
  func coveringCommands() -> [Int32] {
    var covering = [Int32](repeating: -1, count: graph.commandCount)
    var fromAnywhere = CommandList()
    // The earlier commands to the current screen that list origin `o` are
    // `listing[listOf[o]]` when `listOf[o] >= 0`. The lists are reused from screen to
    // screen: no hashing, and no allocation once they have grown.
    var listOf = [Int32](repeating: -1, count: graph.screenCount)
    var listing: [CommandList] = []
    var listed: [Int32] = []
    for screen in 0..<graph.screenCount {
      fromAnywhere.removeAll()
      for origin in listed { listOf[Int(origin)] = -1 }
      listed.removeAll(keepingCapacity: true)
      for command in commands(to: screen) {
        let number = Int(command)
        let limit = graph.cost[number]
        let origins = origins(of: number)
        let first = fromAnywhere.firstPosition(costingAtMost: limit)
        let anywhere = first < fromAnywhere.count ? fromAnywhere.commands[first] : -1
        covering[number] = anywhere
        if origins.isEmpty {
          fromAnywhere.append(command, cost: limit)
          continue
        }
        // A command that covers this one lists each of its origins: scan the shortest
        // list of earlier ones, none when an origin has none.
        var shortest = -1
        for origin in origins {
          let list = Int(listOf[Int(origin)])
          if list < 0 {
            shortest = -1
            break
          }
          if shortest < 0 || listing[list].count < listing[shortest].count { shortest = list }
        }
        if shortest >= 0 {
          let bound = anywhere >= 0 ? anywhere : command
          var position = listing[shortest].firstPosition(costingAtMost: limit)
          while position < listing[shortest].count {
            let other = listing[shortest].commands[position]
            guard other < bound else { break }
            if graph.cost[Int(other)] <= limit
              && Self.isSubset(origins, of: self.origins(of: Int(other)))
            {
              covering[number] = other
              break
            }
            position += 1
          }
        }
        for origin in origins {
          var list = Int(listOf[Int(origin)])
          if list < 0 {
            list = listed.count
            listOf[Int(origin)] = Int32(list)
            listed.append(origin)
            if list == listing.count {
              listing.append(CommandList())
            } else {
              listing[list].removeAll()
            }
          }
          listing[list].append(command, cost: limit)
        }
      }
    }
    return covering
  }

  /// Whether every item of the ascending list `small` is in the ascending list `large`.
  ///
  /// - Complexity: O(*s* + *l*), the lengths of the lists.
  static func isSubset(_ small: ArraySlice<Int32>, of large: ArraySlice<Int32>) -> Bool {
    guard small.count <= large.count else { return false }
    var position = large.startIndex
    for item in small {
      while position < large.endIndex && large[position] < item { position += 1 }
      guard position < large.endIndex && large[position] == item else { return false }
      position += 1
    }
    return true
  }
}

/// Command numbers in ascending order, with the least cost of each prefix, so that the
/// first command costing at most a limit is found by binary search.
struct CommandList {
  private(set) var commands: [Int32] = []
  /// `cheapest[i]` is the least cost of `commands[0...i]`: it never increases.
  private var cheapest: [Int32] = []

  var count: Int { commands.count }

  mutating func append(_ number: Int32, cost: Int32) {
    commands.append(number)
    cheapest.append(Swift.min(cheapest.last ?? cost, cost))
  }

  mutating func removeAll() {
    commands.removeAll(keepingCapacity: true)
    cheapest.removeAll(keepingCapacity: true)
  }

  /// The position of the first command that costs at most `limit`, or `count` when none
  /// does.
  ///
  /// - Complexity: O(log *n*), where *n* is `count`.
  func firstPosition(costingAtMost limit: Int32) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if cheapest[middle] <= limit { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
