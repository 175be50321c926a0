import Routing

/// `routing check TABLE [--root NAME] [--strict]`: problems in a table, one a line.
enum CheckCommand {
  static let name = "check"
  static let spec = OptionSpec(flags: ["strict"], single: ["root"])

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let path = try options.positionals(["TABLE"], command: name)[0]
    let roots = try options.value("root").map { (list) throws(ToolFailure) in
      try screenList(list, option: "root", command: name).map { ScreenName($0) }
    }
    let loaded: (table: RouteTable, screensDeclared: Bool)
    do {
      loaded = try RouteTable.load(console.read(path))
    } catch let error as TableError {
      // A table that does not load is the one diagnostic.
      console.print("error: \(error)")
      console.printError("check: the table does not load")
      return .badInput
    } catch let error as ToolFailure {
      throw error
    } catch {
      throw ToolFailure.badInput("error: \(error)")
    }
    let table = loaded.table
    for root in roots ?? [] where table.screen(named: root) == nil {
      throw ToolFailure.usage("the root '\(root)' is not a screen of the table", command: name)
    }
    let declared = loaded.screensDeclared
    let checker = TableChecker(
      table: table, roots: roots ?? table.screens.prefix(1).map(\.name), screensDeclared: declared)
    let diagnostics = checker.diagnostics()
    for diagnostic in diagnostics { console.print(diagnostic.description) }
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.count - errors
    let rootText = checker.roots.map(\.rawValue).joined(separator: ", ")
    console.printError(
      "check: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        + (rootText.isEmpty ? "" : " (root: \(rootText))"))
    if errors > 0 || (options.has("strict") && warnings > 0) { return .failure }
    return .success
  }
}

extension RouteTable {
  /// A table from a file's bytes, and whether the file declares any screen.
  static func load(_ bytes: [UInt8]) throws(TableError) -> (
    table: RouteTable, screensDeclared: Bool
  ) {
    let file = try RouteTableFile(json: bytes)
    return (try RouteTable(file: file), file.declaresScreens)
  }
}

/// One problem `check` reports.
struct Diagnostic: CustomStringConvertible {
  enum Severity: String {
    case error
    case warning
  }

  var severity: Severity
  var place: String
  var message: String

  /// `warning: screens[3] 'Chat': no command leads to it`.
  var description: String { "\(severity): \(place): \(message)" }
}

/// The checks of `routing check`.
///
/// An error is something the author evidently meant that cannot happen: a screen that
/// commands lead to but that cannot be reached from the root, a command that can never
/// apply. A warning is redundant or suspicious but harmless: a screen nothing leads to
/// (it may be an entry point), a command that only ever pops, a command that is never
/// chosen because an earlier one does the same, an origin listed twice.
///
/// Making a checker numbers the screens and lays the commands out by destination once,
/// so that the checks cost O(*V* + *E*) on a typical table, where *V* is the number of
/// screens and *E* the number of commands plus the length of their origin lists.
struct TableChecker {
  let table: RouteTable
  let roots: [ScreenName]
  /// Whether the file declares its screens, so that `screens[i]` names a place in it.
  let screensDeclared: Bool

  /// Each screen's position in `table.screens`.
  private let screenNumber: [ScreenName: Int]
  /// Each command's destination, as a position in `table.screens`.
  private let destination: [Int]
  /// Each command's origins as positions in `table.screens`, first occurrences in order.
  private let origins: [[Int]]
  /// Each command's origins as a set.
  private let originSets: [Set<Int>]
  /// Each command's cost, read once.
  private let cost: [Int]
  /// The commands from anywhere to each screen.
  private let anywhereTo: [CommandList]
  /// The commands to a screen that list an origin, under `destination * screens + origin`.
  private let listing: [Int: CommandList]
  /// The command that pops back to each screen: the cheapest command to it, the
  /// lowest-numbered among equals; `nil` when no command leads to the screen.
  private let popCommand: [Int?]

  init(table: RouteTable, roots: [ScreenName], screensDeclared: Bool) {
    self.table = table
    self.roots = roots
    self.screensDeclared = screensDeclared
    let count = table.screens.count
    var screenNumber: [ScreenName: Int] = [:]
    screenNumber.reserveCapacity(count)
    for (position, screen) in table.screens.enumerated() { screenNumber[screen.name] = position }
    func position(_ name: ScreenName) -> Int {
      guard let position = screenNumber[name] else {
        preconditionFailure("compiling a table interns every screen its commands name")
      }
      return position
    }
    var destination: [Int] = []
    var origins: [[Int]] = []
    var originSets: [Set<Int>] = []
    var cost: [Int] = []
    var anywhereTo = [CommandList](repeating: CommandList(), count: count)
    var listing: [Int: CommandList] = [:]
    var popCommand = [Int?](repeating: nil, count: count)
    for (number, command) in table.commands.enumerated() {
      let to = position(command.destination)
      var from: [Int] = []
      var fromSet: Set<Int> = []
      for origin in command.origins {
        let screen = position(origin)
        if fromSet.insert(screen).inserted { from.append(screen) }
      }
      destination.append(to)
      origins.append(from)
      originSets.append(fromSet)
      cost.append(command.cost)
      if from.isEmpty { anywhereTo[to].append(number, cost: command.cost) }
      for origin in from {
        listing[to * count + origin, default: CommandList()].append(number, cost: command.cost)
      }
      // The first of the cheapest: a later command replaces it only when cheaper.
      if popCommand[to].map({ cost[$0] > command.cost }) ?? true { popCommand[to] = number }
    }
    self.screenNumber = screenNumber
    self.destination = destination
    self.origins = origins
    self.originSets = originSets
    self.cost = cost
    self.anywhereTo = anywhereTo
    self.listing = listing
    self.popCommand = popCommand
  }

  func diagnostics() -> [Diagnostic] {
    screenDiagnostics() + commandDiagnostics()
  }

  /// `screens[3] 'Chat'`, or `screen 'Chat'` when the screens come from the commands.
  func place(ofScreen index: Int) -> String {
    let name = table.screens[index].name
    return screensDeclared ? "screens[\(index)] '\(name)'" : "screen '\(name)'"
  }

  /// `commands[5]`, with its id when it has one: `commands[5] 'openChat'`.
  func place(ofCommand number: Int) -> String {
    table.commands[number].id.map { "commands[\(number)] '\($0)'" } ?? "commands[\(number)]"
  }

  /// Screens reachable from the roots: a command applies from its origins, or from every
  /// screen when it has none.
  ///
  /// A breadth-first search over the screens, with each screen's successors laid out
  /// once. The commands from anywhere apply on top of the first screen reached, so
  /// their destinations are reached once, with the roots.
  ///
  /// - Complexity: O(*V* + *E*).
  func reachable() -> Set<ScreenName> {
    var seen = Set(roots)
    guard !roots.isEmpty else { return seen }
    let count = table.screens.count
    var successors = [[Int]](repeating: [], count: count)
    var anywhere: [Int] = []
    for (number, from) in origins.enumerated() {
      if from.isEmpty { anywhere.append(destination[number]) }
      for origin in from { successors[origin].append(destination[number]) }
    }
    var reached = [Bool](repeating: false, count: count)
    var queue: [Int] = []
    queue.reserveCapacity(count)
    func visit(_ screen: Int) {
      guard !reached[screen] else { return }
      reached[screen] = true
      queue.append(screen)
    }
    for root in roots {
      if let screen = screenNumber[root] { visit(screen) }
    }
    for screen in anywhere { visit(screen) }
    var next = 0
    while next < queue.count {
      for screen in successors[queue[next]] { visit(screen) }
      next += 1
    }
    for screen in queue { seen.insert(table.screens[screen].name) }
    return seen
  }

  func screenDiagnostics() -> [Diagnostic] {
    guard !roots.isEmpty else { return [] }
    let reached = reachable()
    let rootSet = Set(roots)
    let rootText = roots.map(\.rawValue).joined(separator: " or ")
    var diagnostics: [Diagnostic] = []
    for (index, screen) in table.screens.enumerated() where !rootSet.contains(screen.name) {
      if popCommand[index] == nil {  // No command leads to it, so none pops back to it.
        diagnostics.append(
          Diagnostic(
            severity: .warning, place: place(ofScreen: index), message: "no command leads to it"))
      } else if !reached.contains(screen.name) {
        diagnostics.append(
          Diagnostic(
            severity: .error, place: place(ofScreen: index),
            message: "unreachable from \(rootText): no chain of commands leads to it"))
      }
    }
    return diagnostics
  }

  func commandDiagnostics() -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for (number, command) in table.commands.enumerated() {
      let here = place(ofCommand: number)
      if let earlier = covering(number) {
        let other = place(ofCommand: earlier)
        let message =
          originSets[number] == originSets[earlier]
          ? "repeats \(other): it is never chosen"
          : "is covered by \(other), which leads to \(command.destination) from \(origins[earlier].isEmpty ? "anywhere" : "the same screens") and comes first: it is never chosen"
        diagnostics.append(Diagnostic(severity: .warning, place: here, message: message))
      }
      let declaresNothing = table.screens[destination[number]].parameters.isEmpty
      if declaresNothing && originSets[number] == [destination[number]] {
        diagnostics.append(selfCommandDiagnostic(number))
      } else {
        var seen: [ScreenName: Int] = [:]
        for (slot, origin) in command.origins.enumerated() {
          let originPlace = "commands[\(number)].from[\(slot)]"
          if let first = seen[origin] {
            diagnostics.append(
              Diagnostic(
                severity: .warning, place: originPlace,
                message: "repeats '\(origin)' (from[\(first)])"))
            continue
          }
          seen[origin] = slot
          if declaresNothing && origin == command.destination {
            diagnostics.append(
              Diagnostic(
                severity: .warning, place: originPlace,
                message:
                  "never pushes from '\(origin)': it is the destination, which declares no parameters, so listing it changes nothing (pops back to \(origin) ignore origins)"
              ))
          }
        }
      }
    }
    return diagnostics
  }

  /// The diagnostic for command `number`, which leads only from its destination to
  /// itself, a screen that declares no parameters: on top of that screen the stack is
  /// already there, so the command never pushes. It can still pop back to the screen
  /// (a pop ignores origins), unless pops use another command: the planner pops with
  /// the cheapest command to the screen, the lowest-numbered among equals.
  func selfCommandDiagnostic(_ number: Int) -> Diagnostic {
    let screen = table.commands[number].destination
    let leads = "it leads from \(screen) to \(screen), which declares no parameters"
    guard let pop = popCommand[destination[number]], pop != number else {
      return Diagnostic(
        severity: .warning, place: place(ofCommand: number),
        message: "applies only as a pop back to \(screen): \(leads), so it never pushes")
    }
    let why = cost[pop] < cost[number] ? "costs less" : "comes first"
    return Diagnostic(
      severity: .error, place: place(ofCommand: number),
      message:
        "never applies: \(leads), so it never pushes, and pops back to \(screen) use \(place(ofCommand: pop)), which \(why)"
    )
  }

  /// The first earlier command that leads to the same screen from every origin of
  /// command `number` (or from anywhere) at no higher cost: the planner always prefers
  /// it, so `number` is never chosen.
  ///
  /// Only commands to the same screen are candidates: the first earlier one from
  /// anywhere at no higher cost, found by binary search, and before it those that list
  /// the origin of `number` that the fewest commands to the screen list, from the first
  /// at no higher cost on.
  ///
  /// - Complexity: O(log *k*) when `number` has at most one origin, where *k* is the
  ///   number of commands to the same screen; otherwise O(*c*·*m*) at worst, where *c*
  ///   is the number of those that list the scanned origin and *m* the number of
  ///   origins of `number`, and a typical table stops at the first candidate.
  func covering(_ number: Int) -> Int? {
    let to = destination[number]
    let limit = cost[number]
    let fromAnywhere = anywhereTo[to]
    let first = fromAnywhere.firstPosition(costingAtMost: limit)
    let anywhere =
      first < fromAnywhere.count && fromAnywhere.commands[first] < number
      ? fromAnywhere.commands[first] : nil
    guard !origins[number].isEmpty else { return anywhere }
    // A command that covers `number` lists each of its origins: scan the shortest list.
    let count = table.screens.count
    guard
      let candidates = origins[number].lazy.compactMap({ listing[to * count + $0] })
        .min(by: { $0.count < $1.count })
    else { return anywhere }
    let bound = anywhere ?? number
    for other in candidates.commands[candidates.firstPosition(costingAtMost: limit)...] {
      guard other < bound else { break }
      if cost[other] <= limit && originSets[number].isSubset(of: originSets[other]) {
        return other
      }
    }
    return anywhere
  }
}

/// Command numbers in ascending order, with the least cost of each prefix, so that the
/// first command costing at most a limit is found by binary search.
private struct CommandList {
  private(set) var commands: [Int] = []
  /// `cheapest[i]` is the least cost of `commands[0...i]`: it never increases.
  private var cheapest: [Int] = []

  var count: Int { commands.count }

  mutating func append(_ number: Int, cost: Int) {
    commands.append(number)
    cheapest.append(Swift.min(cheapest.last ?? cost, cost))
  }

  /// The position of the first command that costs at most `limit`, or `count` when none
  /// does.
  ///
  /// - Complexity: O(log *n*), where *n* is `count`.
  func firstPosition(costingAtMost limit: Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if cheapest[middle] <= limit { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
