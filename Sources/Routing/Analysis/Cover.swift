/// A test suite made from a table: requests from the root whose routes, together, take
/// every command that a route from the root takes, which ``RouteTable/cover(from:)``
/// finds (<doc:TestingRouteTables>, "Cover").
///
/// Each case is a request from the root's one-entry stack (on a table with tabs, from
/// the tabs' first state with the case's tab selected) to a screen, through at most one
/// breadcrumb, and the route the planner gives for it. Cases are few: each takes a
/// command that no earlier case took, and no case's route is the start of another's of
/// its round. The commands no route from the root takes are listed with the reason.
///
/// ```swift
/// let cover = try table.cover()
/// for testCase in cover.cases {
///   print(testCase.name)  // to Profile: openFolder, openProfile
/// }
/// for uncovered in cover.uncovered {
///   print(uncovered.commandID ?? "", uncovered.reason)  // home it leads to the root Menu, …
/// }
/// ```
///
/// The first round's cases are planned with every guard refusing. On a table whose
/// guards have names, a second round's cases answer them yes by name
/// (``Case/guards``) to take the guarded commands, and each guard with a remedy gets a
/// detour case that answers it no and expects the detour (``Case/detour``):
///
/// ```swift
/// let cover = try table.cover()
/// for testCase in cover.cases where !testCase.guards.isEmpty {
///   print(testCase.name, testCase.guards)
///   // to Account with signedIn: account ["signedIn": true]
///   // to Account without signedIn: detour to Login ["signedIn": false]
/// }
/// print(cover.cases.last?.detour?.remedy ?? "none")  // Login
/// ```
public struct Cover: Hashable, Sendable {
  /// One request of the suite, and the route the planner gives for it.
  public struct Case: Hashable, Sendable {
    /// What the case covers: its request and the commands no earlier case took,
    /// `to Profile via Folder: openFolder, openProfile` (with tabs, the tab first:
    /// `Chats: to Chat`); the guards it answers yes after `with`
    /// (`to Account with signedIn: account`); for a detour case, the guard and the
    /// remedy (`to Account without signedIn: detour to Login`).
    public let name: String
    /// The screen whose one-entry stack the case starts from.
    public let root: ScreenName
    /// On a table with tabs, the tab selected at the start (every tab at its root);
    /// `nil` on a table without tabs.
    public let tab: String?
    /// The request: a destination, at most one breadcrumb, and a value for each
    /// required parameter of a screen the route pushes.
    public let request: Request
    /// How the request answers the table's guards, by name (``RouteGuard/name``), as a
    /// request to the `routing` tool states them (`"guards": {"signedIn": true}`); a
    /// guard it does not name refuses. Empty for a case planned with every guard
    /// refusing; yes for each guard of the route of a case that takes guarded commands;
    /// for a detour case, no for the guard that detours and yes for the other guards of
    /// the route it was made from (<doc:TestingRouteTables>, "Cover").
    public let guards: [String: Bool]
    /// The route's steps: for a detour case, the planner's steps to the remedy. On a
    /// table whose commands present, the command steps of the route the planner gives
    /// with layers (``ModalRoute/commandSteps``: a dismiss is no step).
    public let steps: [Step]
    /// The commands this case takes that no earlier case took, in route order; for a
    /// detour case, usually none.
    public let newCommands: [Int]
    /// The detour the planner answers the request with, from a ``ModalState`` of the
    /// case's start (<doc:LayersAndDetours>): its guard, its remedy and the request it
    /// keeps pending; `nil` for a case that is not a detour case.
    public let detour: Detour?
    /// On a table whose commands present, the state the planner's answer to the
    /// request with layers ends in (from the case's start, guards answering as
    /// ``guards`` says), kept from the plan that made the case so that `routing cover`
    /// writes it without planning again; `nil` on any other table, where ``stack`` is
    /// the end. It takes part in the case's equality: it follows from the request, so two
    /// cases of one table that agree on the rest agree on it.
    package let end: ModalState?

    /// The stack after the route (the case's tab's, on a table with tabs): the root's
    /// entry, then each step's, a pop taking the stack back to its depth. On a table
    /// whose commands present, the base and the layers together, each step starting
    /// at the depth before it. A dismiss is no step, so one that ends the route does not
    /// show here; the state the case ends in, layers and all, is the planner's answer to
    /// its request, as `routing cover` writes it.
    ///
    /// Made from the steps when asked: kept with every case, the stacks were a fifth of
    /// a large table's cover in memory and time (Docs/Performance.md, "Cover at scale").
    ///
    /// - Complexity: O(*s*), where *s* is the number of steps.
    public var stack: [Entry] {
      var stack = [Entry(root)]
      for step in steps {
        // A push or present lands at its depth: below it when a dismiss came before.
        let kept = step.action == .pop ? step.depth : step.depth - 1
        stack.removeSubrange(min(kept, stack.count)...)
        if step.action != .pop { stack.append(step.entry) }
      }
      return stack
    }

    /// The state a case from `root` starts in, as `routing test` runs it: the root's
    /// one-entry stack, or on a table with tabs (`tab` not `nil`) the tabs' first state
    /// with `tab` selected.
    ///
    /// - Complexity: O(*t*), where *t* is the number of tabs.
    package static func start(root: ScreenName, tab: String?, in table: RouteTable)
      -> ModalState
    {
      guard let tab, var tabs = table.initialTabState else {
        return ModalState(stack: [Entry(root)])
      }
      tabs.selected = tab
      return ModalState(tabs: tabs)
    }
  }

  /// A command no case takes, and why.
  public struct Uncovered: Hashable, Sendable {
    /// The command's number.
    public let command: Int
    /// The command's identifier, when it has one.
    public let commandID: String?
    /// Why no route from the root takes it, in `routing check`'s words when it reports
    /// the command: `repeats commands[0] 'openList': it is never chosen`.
    public let reason: String
  }

  /// The screens the cases start from: the root asked for, or each tab's root.
  public let roots: [ScreenName]
  /// The cases, in the order they were chosen: each takes a command no earlier one took.
  public let cases: [Case]
  /// The commands no case takes, in command order.
  public let uncovered: [Uncovered]
  /// How many routes the cases were chosen from (<doc:TestingRouteTables>, "Cover").
  public let candidateCount: Int

  /// The number of commands some case takes.
  ///
  /// - Complexity: O(*n*), where *n* is the number of cases.
  public var coveredCommandCount: Int { cases.reduce(0) { $0 + $1.newCommands.count } }
}

extension RouteTable {
  /// A small suite of requests from the root that together take every command a route
  /// from the root takes (``Cover``): at least every command of the route from the root
  /// to any screen through at most one breadcrumb. The first round's routes are planned
  /// as ``reach(from:)`` counts them: with every guard refusing, as a table loaded from a
  /// file without code refuses, and with a value for each required parameter. On a
  /// table without costs where *V* · (*V* + *E*) passes 5 · 10⁷, the routes through a
  /// breadcrumb are those whose leg after it is one step.
  ///
  /// The candidates are the route from the root to every screen it reaches, and for
  /// every screen `X` so reached, the routes through `X` to the screens one leg further
  /// that take a command no candidate before takes. The cases are chosen from them
  /// greedily: at each turn, the candidate that takes the most commands no chosen case
  /// takes yet (on a tie, the longer route, then the earlier candidate). The choice is
  /// the same for the same table.
  ///
  /// The candidates are routes on one stack. On a table whose commands present, the
  /// planner opens layers where such a route pushes and may dismiss one to go another
  /// way, so each candidate the choice takes is planned at once: its case takes its
  /// ``Cover/Case/steps`` and ``Cover/Case/newCommands`` from the route the planner gives
  /// its request from a ``ModalState`` of the case's start (commands compared by number,
  /// a present as a push), and the next turn counts the commands the planned routes
  /// took. A candidate whose planned route takes no new command makes no case. For each
  /// command its stack route took that no case takes then, cover plans the requests to
  /// the command's destination through its origin and through the screen before the
  /// origin on that route, and each whose planned route takes a new command is a case.
  /// Then each command still uncovered gets the requests to its destination through the
  /// first two of its origins a root reaches, and on a table of at most 32 screens that
  /// still has one, every request from a root to a screen through at most one
  /// breadcrumb is planned: with layers the planner may take a command where no stack
  /// route does. A command is listed as uncovered only when no request cover plans is
  /// answered through it (without a detour, in its case's tab), with the reason.
  ///
  /// Guards are answered by name, never by their code (<doc:TestingRouteTables>,
  /// "Cover"). When some guard has a name (``RouteGuard/name``), a second round plans
  /// the same way with every named guard answering yes (one without a name refuses: no
  /// request can answer it) and chooses cases for the commands the first round left;
  /// each such case's ``Cover/Case/guards`` says yes for the guards of the commands its
  /// route takes, and with those answers the planner gives the same route. Then each
  /// guard with a name and a remedy, in the order those cases first take its commands,
  /// gets one **detour case**: the first of those cases whose request, that guard
  /// answering no and the route's other guards yes, the planner answers from a
  /// ``ModalState`` of the case's start with a detour at that guard (with tabs, one that
  /// stays in the case's tab). Its steps and its ``Cover/Case/detour`` are the
  /// planner's. A guard that no such request detours at (a route around it is there)
  /// gets none. A table without named guards has no second round: its cases are the
  /// first round's, and a command whose guard has no name is uncovered for that reason.
  ///
  /// ```swift
  /// let fromMenu = try table.cover(from: "Menu")
  /// #expect(fromMenu.cases.count == 1)
  /// ```
  ///
  /// - Parameter root: The screen the app starts on; `nil` for the table's first screen,
  ///   or on a table with tabs every tab's root.
  /// - Returns: The cases, and the commands no route from the root takes.
  /// - Throws: ``RoutingError/unknownScreen(_:suggestion:)`` for a root the table does
  ///   not know; on a table with tabs, ``RoutingError/noTabForStack(root:tabs:)`` for a
  ///   root that is not exactly one tab's.
  /// - Complexity: Without costs, O((*V* + *E*) · *d* + *c* · log *c*), where *V* is the
  ///   number of screens, *E* the number of command origins, *d* the greatest depth and
  ///   *c* the number of candidates (at most *V* + *E*), times the number of roots; on a
  ///   table with costs, or one small enough that *V* · (*V* + *E*) is at most 5 · 10⁷,
  ///   O(*V* · (*V* + *E*)) (times log *V* with costs): one search from every screen
  ///   reached. On a table whose commands present, plus a plan for each candidate
  ///   taken, at most two for each command a planned route leaves out and two for each
  ///   root and command uncovered after the choice, the recounts of one queue kept
  ///   across turns, and on a table of at most 32 screens O(*V*²) plans a root. On a
  ///   table with named guards, twice that (the second round), plus, for each guard with
  ///   a remedy, a plan for each second-round case that takes its commands until one
  ///   detours there.
  public func cover(from root: ScreenName? = nil) throws(RoutingError) -> Cover {
    try cover(from: root, exactBudget: CoverFinder.exactBudget)
  }

  /// ``cover(from:)`` with the size above which the routes through a breadcrumb are the
  /// first steps after it rather than every leg from it: 0 takes first steps on any
  /// table without costs, so that tests reach the path large tables take.
  package func cover(from root: ScreenName?, exactBudget: Int) throws(RoutingError) -> Cover {
    var finder = CoverFinder(table: self, refusing: graph.guardedCommands)
    finder.exactBudget = exactBudget
    guard let roots = try finder.addRoots(root) else {
      return Cover(roots: [], cases: [], uncovered: [], candidateCount: 0)
    }
    var covered = [Bool](repeating: false, count: graph.commandCount)
    var cases = finder.chooseCases(covered: &covered)
    // A case's request can answer only a guard with a name; without one, the cover is
    // the one planned with every guard refusing.
    let unnamed = graph.guardedCommands.filter { commands[Int($0)].condition?.name == nil }
    guard unnamed.count < graph.guardedCommands.count else {
      return Cover(
        roots: roots, cases: cases, uncovered: finder.uncovered(covered: covered, roots: roots),
        candidateCount: finder.candidates.count)
    }
    // The second round answers yes for every guard with a name, and its cases take the
    // commands the first left.
    var answering = CoverFinder(table: self, refusing: unnamed)
    answering.exactBudget = exactBudget
    answering.inCandidate = covered
    answering.plannedAway = finder.plannedAway
    _ = try answering.addRoots(root)
    cases += answering.chooseCases(covered: &covered)
    cases += answering.detourCases(covered: &covered)
    return Cover(
      roots: roots, cases: cases, uncovered: answering.uncovered(covered: covered, roots: roots),
      candidateCount: finder.candidates.count + answering.candidates.count)
  }
}

/// The work of ``RouteTable/cover(from:)``: the candidate routes, then the greedy choice.
struct CoverFinder {
  /// A route the cases may be chosen from: from a root to `target`, through `via` when it
  /// is not -1, by the root's tree to `via` and the steps `leg` of ``legSteps`` after it.
  struct Candidate {
    var root: Int32
    var via: Int32
    var target: Int32
    var leg: Range<Int32>
    /// The distinct commands the route takes, in route order: a range of ``members``.
    var members: Range<Int32>
    var stepCount: Int32
  }

  /// One root's tree of legs, and what the tree says about each screen.
  struct RootTree {
    var name: ScreenName
    var screen: Int32
    var tab: Int?
    var tree: RouteTree
    /// What the tree's legs leave out: the guarded commands of ``CoverFinder/refusing``
    /// (their guards refuse) and the commands its tab leaves out.
    var filter: LegFilter
    /// Whether the root's entry matches its screen under the values of the tree's cases.
    /// The entry holds no values, so a value for a key the root declares keeps it from
    /// matching: a command back to the root then pushes it again instead of popping
    /// (<doc:HowRoutesArePlanned>, "One step"). A root with such keys has a tree of each
    /// kind, and each case comes from the one its values choose.
    var rootMatches: Bool
    /// The keys a value for which keeps the root's entry from matching: the root's (on
    /// a table with tabs, every tab root's).
    var keys: Set<String>
  }

  /// Above this many units of *V* · (*V* + *E*) the breadcrumb routes are found from the
  /// first steps of each leg (without costs) rather than by a search from every screen.
  static let exactBudget = 50_000_000

  let table: RouteTable
  let graph: RouteGraph
  /// The guarded commands the trees leave out, ascending: every one in the first round,
  /// those whose guard has no name in the second (``RouteTable/cover(from:)``).
  let refusing: [Int32]
  var exactBudget = CoverFinder.exactBudget
  /// The candidates chosen as cases, in order.
  var chosen: [Int] = []
  var trees: [RootTree] = []
  /// The trees candidates were taken from, by number.
  var searched: [Int] = []
  /// The trees candidates were taken from.
  var searchedTrees: [RootTree] { searched.map { trees[$0] } }
  var candidates: [Candidate] = []
  var members: [Int32] = []
  var legSteps: [LegStep] = []
  /// Per command: whether some candidate takes it.
  var inCandidate: [Bool]
  /// Per command, on a table whose commands present: whether a taken candidate's route
  /// takes it but neither the planner's answer to the candidate's request with layers
  /// nor its answers to the other requests tried through it do, and no case takes it
  /// then (``chooseLayeredCases(covered:)``).
  var plannedAway: [Bool]
  /// The keys some screen requires.
  let requiredKeys: Set<String>
  /// Per command: the stamp of the candidate that last listed it, to list it once.
  private var listed: [Int32]
  private var stamp: Int32 = 0

  init(table: RouteTable, refusing: [Int32]) {
    self.table = table
    self.refusing = refusing
    graph = table.graph
    inCandidate = [Bool](repeating: false, count: graph.commandCount)
    plannedAway = inCandidate
    listed = [Int32](repeating: -1, count: graph.commandCount)
    requiredKeys = Set(
      table.screens.flatMap { $0.parameters.filter(\.required).map(\.name) })
  }

  /// Adds the trees and candidates from `root` (`nil` for the table's first screen, or
  /// every tab's root on a table with tabs) and returns the roots the cases start from;
  /// `nil` on a table without screens.
  ///
  /// - Throws: As ``RouteTable/cover(from:)``.
  mutating func addRoots(_ root: ScreenName?) throws(RoutingError) -> [ScreenName]? {
    if table.tabs.isEmpty {
      guard let name = root ?? table.screens.first?.name else { return nil }
      guard table.screenIndex[name] != nil else {
        throw RoutingError.unknownScreen(name, suggestion: table.nearestScreen(to: name))
      }
      addTree(from: name, tab: nil)
      addCandidates(ofTree: 0)
      if rootMayNotMatch(name) {
        addTree(from: name, tab: nil, rootMatches: false)
        addCandidates(ofTree: 1)
      }
      return [name]
    }
    var chosen = Array(table.tabs.indices)
    if let root {
      guard table.screenIndex[root] != nil else {
        throw RoutingError.unknownScreen(root, suggestion: table.nearestScreen(to: root))
      }
      guard let tab = try table.tab(ofCheckedStack: [Entry(root)], for: nil) else {
        preconditionFailure("a table with tabs places every stack in a tab")
      }
      chosen = [tab]
    }
    // Every tab's tree, to see where a route would rather select another tab.
    for (number, tab) in table.tabs.enumerated() { addTree(from: tab.root, tab: number) }
    for number in chosen { addCandidates(ofTree: number) }
    return chosen.map { table.tabs[$0].root }
  }

  /// Whether some case from `name`'s one-entry stack may give a value for a key `name`
  /// declares, so that its entry would not match (``RootTree/rootMatches``).
  func rootMayNotMatch(_ name: ScreenName) -> Bool {
    guard let screen = table.screen(named: name) else { return false }
    return screen.parameters.contains { requiredKeys.contains($0.name) }
  }

  /// Adds the tree of legs from `name`'s one-entry stack (inside tab `tab`), with the
  /// commands of ``refusing`` and those the tab leaves out not taking part; the root's
  /// entry matching its screen or not (``RootTree/rootMatches``).
  ///
  /// - Complexity: O(*V* + *E*), O((*V* + *E*) · log *V*) with costs.
  mutating func addTree(from name: ScreenName, tab: Int?, rootMatches: Bool = true) {
    let filter = table.legFilter(refusing: refusing, inTab: tab)
    let screen = table.screenIndex[name]!
    var marks = StackMarks(screenCount: graph.screenCount)
    marks.mark([screen]) { _, _ in rootMatches }
    let tree = RouteTree(graph: graph, marks: marks, filter: filter)
    let roots = tab == nil ? [name] : table.tabs.map(\.root)
    let keys = Set(roots.flatMap { table.screen(named: $0)?.parameters.map(\.name) ?? [] })
    trees.append(
      RootTree(
        name: name, screen: screen, tab: tab, tree: tree, filter: filter,
        rootMatches: rootMatches, keys: keys))
  }

  /// Adds the candidates of tree `number`: its route to every screen, then the routes
  /// through each screen reached that take commands no candidate takes yet.
  mutating func addCandidates(ofTree number: Int) {
    searched.append(number)
    let root = trees[number]
    for reached in root.tree.reached {
      addCandidate(root: Int32(number), via: -1, target: reached, leg: [], legCost: 0)
    }
    let size =
      root.tree.reached.count * (graph.screenCount + graph.commandCount + graph.originCount)
    if graph.hasCosts || size <= exactBudget {
      addLegsBySearch(root: Int32(number))
    } else {
      addLegsByFirstSteps(root: Int32(number))
    }
  }

  /// The screens of the stack after the root's route to `screen`, bottom first.
  ///
  /// - Complexity: O(*d*), where *d* is the depth of `screen`.
  func chain(of screen: Int32, in root: RootTree) -> [Int32] {
    var screens: [Int32] = [screen]
    var cursor = root.tree.previous(of: screen)
    while cursor >= 0 {
      screens.append(cursor)
      cursor = root.tree.previous(of: cursor)
    }
    screens.append(root.screen)
    return screens.reversed()
  }

  /// For every screen `X` the root reaches, the legs the planner plans from the stack
  /// after the route to `X` to every screen, by one search each: a candidate for each
  /// screen whose leg takes a command no candidate takes yet.
  private mutating func addLegsBySearch(root: Int32) {
    let tree = trees[Int(root)]
    var marks = StackMarks(screenCount: graph.screenCount)
    for via in tree.tree.reached {
      marks.mark(chain(of: via, in: tree)) { position, _ in position > 0 || tree.rootMatches }
      let legs = RouteTree(graph: graph, marks: marks, filter: tree.filter)
      // The route to `via` may take a command of its own that no route to `via` alone
      // lists: when the root does not match, going back to it is only a breadcrumb's leg.
      var viaTakesNew = tree.tree.anyStep(to: via, where: { !inCandidate[Int($0.command)] })
      // Every step counts, not only the last: a leg to a screen on the way may be left out
      // (another tab reaches it sooner), and a pop back to the root is no request's leg.
      for target in legs.reached where target != tree.screen || !tree.rootMatches {
        guard viaTakesNew || legs.anyStep(to: target, where: { !inCandidate[Int($0.command)] })
        else { continue }
        if addCandidate(
          root: root, via: via, target: target, leg: legs.steps(to: target),
          legCost: legs.cost(to: target)!)
        {
          viaTakesNew = false
        }
      }
    }
  }

  /// For every screen `X` the root reaches, the one-step legs from the stack after the
  /// route to `X` (without costs, a screen a first step reaches is one step away, by the
  /// first step to it in command order): a candidate for each that takes a command no
  /// candidate takes yet.
  private mutating func addLegsByFirstSteps(root: Int32) {
    let tree = trees[Int(root)]
    var marks = StackMarks(screenCount: graph.screenCount)
    var first: [LegStep] = []
    var pops: [LegStep] = []
    var merged: [LegStep] = []
    var seen = [Int32](repeating: -1, count: graph.screenCount)
    for via in tree.tree.reached {
      marks.mark(chain(of: via, in: tree)) { position, _ in position > 0 || tree.rootMatches }
      graph.listFirstSteps(
        marks, implicitAnywhere: false, into: &first, pops: &pops, merged: &merged,
        filter: tree.filter)
      var viaTakesNew = tree.tree.anyStep(to: via, where: { !inCandidate[Int($0.command)] })
      for step in first where seen[Int(step.screen)] != via {
        seen[Int(step.screen)] = via
        guard step.screen != tree.screen || !tree.rootMatches,
          viaTakesNew || !inCandidate[Int(step.command)]
        else { continue }
        if addCandidate(root: root, via: via, target: step.screen, leg: [step], legCost: 1) {
          viaTakesNew = false
        }
      }
    }
  }

  /// Whether a route to `screen` that costs `cost` in tree `root`'s tab stays in it: no
  /// other tab, at its root, is cheaper by more than the select (a tie stays, since a
  /// command comes before a select).
  private func staysInTab(_ screen: Int32, cost: Int, root: RootTree) -> Bool {
    guard root.tab != nil else { return true }
    for other in trees where other.tab != root.tab {
      let elsewhere = other.screen == screen ? 0 : other.tree.cost(to: screen)
      if let elsewhere, elsewhere + 1 < cost { return false }
    }
    return true
  }

  /// Adds the route from root `root` to `target`, through `via` and then the steps `leg`
  /// (costing `legCost`) when `via` is not -1; leaves it out when the planner would plan
  /// another route for its request: through another tab, or under values that the
  /// tree's root entry does not match as the tree assumed (``RootTree/rootMatches``; on
  /// a table with tabs, any value for a key a tab's root declares). Also left out: a
  /// route that needs one value for screens declaring its key with kinds no one value
  /// converts to (``requiredValues(along:)``). Returns whether it added the route.
  @discardableResult
  private mutating func addCandidate(
    root: Int32, via: Int32, target: Int32, leg: [LegStep], legCost: Int
  ) -> Bool {
    let tree = trees[Int(root)]
    let milestone = via >= 0 ? via : target
    guard staysInTab(milestone, cost: tree.tree.cost(to: milestone)!, root: tree),
      via < 0 || staysInTab(target, cost: legCost, root: tree)
    else { return false }
    let path = tree.tree.steps(to: milestone) + leg
    guard let values = requiredValues(along: path) else { return false }
    let matchesRoot = !values.keys.contains { tree.keys.contains($0) }
    guard matchesRoot == tree.rootMatches else { return false }
    stamp += 1
    let start = Int32(members.count)
    for step in path where listed[Int(step.command)] != stamp {
      listed[Int(step.command)] = stamp
      members.append(step.command)
      inCandidate[Int(step.command)] = true
    }
    let legStart = Int32(legSteps.count)
    legSteps += leg
    candidates.append(
      Candidate(
        root: root, via: via, target: target, leg: legStart..<Int32(legSteps.count),
        members: start..<Int32(members.count), stepCount: Int32(path.count)))
    return true
  }

  /// Chooses the cases greedily among the candidates, for the commands `covered` does not
  /// mark yet, and marks those they take. On a table whose commands present, each case is
  /// the planner's answer with layers (``chooseLayeredCases(covered:)``).
  mutating func chooseCases(covered: inout [Bool]) -> [Cover.Case] {
    guard !table.hasPresentingCommands else { return chooseLayeredCases(covered: &covered) }
    var cases: [Cover.Case] = []
    chosen = greedyChoice(covered: covered)
    for index in chosen {
      let candidate = candidates[index]
      let newCommands = members(of: candidate).filter { !covered[Int($0)] }.map { Int($0) }
      for command in newCommands { covered[command] = true }
      let root = trees[Int(candidate.root)]
      let path = self.path(of: candidate)
      guard let values = requiredValues(along: path) else {
        preconditionFailure("a candidate's values were found when it was added")
      }
      let guards = answers(along: path)
      let request = request(to: candidate, values: values)
      cases.append(
        Cover.Case(
          name: name(of: request, from: root, guards: guards, newCommands: newCommands),
          root: root.name, tab: tabName(of: root), request: request, guards: guards,
          steps: steps(path, from: root, values: values), newCommands: newCommands,
          detour: nil, end: nil))
    }
    return cases
  }

  /// The cases on a table whose commands present. The candidates are stack routes, but
  /// the planner opens layers and may dismiss one to go another way, so a candidate's
  /// route is not always the one its request gets: each candidate the greedy choice
  /// takes is planned at once, and its case takes its steps and new commands from the
  /// planner's answer (from the case's start, guards answering as the case says, by
  /// name), commands compared by number; the next choice counts what the answers took.
  /// A candidate whose answer takes no new command, is a detour or selects another tab
  /// makes no case. For each command its route took that no case takes then, other
  /// requests go through it (``retryRequests(for:in:from:)``), each planned the same
  /// way; a command none of them takes either is marked in ``plannedAway``. The choice
  /// goes on until no candidate takes a command no case takes; then come the requests
  /// through the origins of the commands left (``casesThroughOrigins(covered:)``) and,
  /// on a small table, every request (``casesBySweep(covered:)``).
  ///
  /// - Complexity: The greedy choice's (``greedyChoice(covered:)``), with one queue for
  ///   every turn, plus a plan for each candidate taken and at most two for each command
  ///   a candidate's answer leaves out, plus those of the commands left.
  private mutating func chooseLayeredCases(covered: inout [Bool]) -> [Cover.Case] {
    var cases: [Cover.Case] = []
    // A command's other requests are tried once: a second candidate that misses it
    // would try the same screens' requests, or others no better founded.
    var retried = [Bool](repeating: false, count: graph.commandCount)
    var queue = GreedyQueue(candidates: candidates)
    chosen = []
    while let index = queue.next(covered: covered, members: { members(of: candidates[$0]) }) {
      let candidate = candidates[index]
      let root = trees[Int(candidate.root)]
      let path = self.path(of: candidate)
      guard let values = requiredValues(along: path) else {
        preconditionFailure("a candidate's values were found when it was added")
      }
      let request = request(to: candidate, values: values)
      if let testCase = layeredCase(
        request, guards: answers(along: path), from: root, covered: &covered)
      {
        chosen.append(index)
        cases.append(testCase)
      }
      for position in path.indices {
        let command = Int(path[position].command)
        guard !covered[command], !retried[command] else { continue }
        retried[command] = true
        for retry in retryRequests(for: position, in: path, from: root)
        where retry.request != request {
          guard
            let testCase = layeredCase(
              retry.request, guards: retry.guards, from: root, covered: &covered)
          else { continue }
          cases.append(testCase)
          if covered[command] { break }
        }
      }
      for command in members(of: candidate) where !covered[Int(command)] {
        plannedAway[Int(command)] = true
      }
    }
    cases += casesThroughOrigins(covered: &covered)
    cases += casesBySweep(covered: &covered)
    return cases
  }

  /// Up to this many screens, a table whose commands present that still has uncovered
  /// commands after the choice gets every request through at most one breadcrumb
  /// planned (``casesBySweep(covered:)``): *V*² plans of a small table are cheap, and
  /// those of a large one are not.
  static let sweepScreens = 32

  /// On a table of at most ``sweepScreens`` screens, while a command this round does
  /// not refuse is uncovered: from each root, every request to a screen through at most
  /// one breadcrumb, without values and with a value for every key some screen
  /// requires, planned with layers and every guard with a name this round does not
  /// refuse answering yes. An answer that takes a new command is a case, planned again
  /// with yes only for the guards of the commands it takes, or with every such guard
  /// yes when that answer takes no new command
  /// (``layeredCase(_:guards:from:covered:)``); values are kept only for a route that
  /// pushes a screen requiring one, as a case gives values.
  ///
  /// With layers the planner may take a command where no stack route does (a pop back
  /// through a command that leads there, a push in a layer where the stack pops):
  /// neither the candidates nor the requests through a command's origins find those.
  ///
  /// - Complexity: O(*R* · *V*²) plans at most, for *R* roots.
  private func casesBySweep(covered: inout [Bool]) -> [Cover.Case] {
    guard graph.screenCount <= Self.sweepScreens else { return [] }
    let refused = Set(refusing)
    let open = { (covered: [Bool]) in
      (0..<graph.commandCount).contains { !covered[$0] && !refused.contains(Int32($0)) }
    }
    guard open(covered) else { return [] }
    var guards: [String: Bool] = [:]
    for command in graph.guardedCommands where !refused.contains(command) {
      if let name = table.commands[Int(command)].condition?.name { guards[name] = true }
    }
    var values: Parameters = [:]
    for screen in table.screens {
      for parameter in screen.parameters where parameter.required && values[parameter.name] == nil {
        values[parameter.name] = Self.sampleValue(of: parameter.kind)
      }
    }
    let pushesRequired = { (route: ModalRoute) in
      route.commandSteps.contains { step in
        step.action != .pop
          && table.screen(named: step.entry.screen)?.parameters.contains(where: \.required) == true
      }
    }
    var cases: [Cover.Case] = []
    var rootsSwept: Set<ScreenName> = []
    let screens = table.screens.map(\.name)
    for number in searched where rootsSwept.insert(trees[number].name).inserted {
      let root = trees[number]
      for destination in screens {
        for via in [nil] + screens.map(Optional.some) where via != destination {
          for parameters in values.isEmpty ? [[:]] : [[:], values] {
            guard open(covered) else { return cases }
            let request = Request(
              to: destination, via: via.map { [$0] } ?? [], parameters: parameters)
            guard let route = plan(request, guards: guards, from: root), route.detour == nil,
              route.commandSteps.contains(where: { !covered[$0.command] }),
              parameters.isEmpty || pushesRequired(route)
            else { continue }
            var answered: [String: Bool] = [:]
            for step in route.commandSteps {
              if let name = table.commands[step.command].condition?.name { answered[name] = true }
            }
            // Refusing the guards the route does not take, the planner may detour at
            // one on a cheaper way instead: then the case answers yes to every guard.
            if let testCase =
              layeredCase(request, guards: answered, from: root, covered: &covered)
              ?? layeredCase(request, guards: guards, from: root, covered: &covered)
            {
              cases.append(testCase)
            }
          }
        }
      }
    }
    return cases
  }

  /// The cases for the commands no case takes after the choice, each from the requests
  /// to its destination through the first two of its origins that a root reaches (the
  /// root, for a command from anywhere), in command order, planned with layers as
  /// ``layeredCase(_:guards:from:covered:)`` plans, its guard answering yes when it has
  /// a name this round does not refuse.
  ///
  /// A command no candidate's route takes can still be the planner's with layers: in a
  /// layer it may push where the stack would pop back, and a route that would select
  /// another tab on one stack may stay in its own.
  ///
  /// - Complexity: At most two plans for each root and each such command.
  private func casesThroughOrigins(covered: inout [Bool]) -> [Cover.Case] {
    var cases: [Cover.Case] = []
    let refused = Set(refusing)
    for command in 0..<graph.commandCount
    where !covered[command] && !refused.contains(Int32(command)) {
      let guards = table.commands[command].condition?.name.map { [$0: true] } ?? [:]
      let destination = graph.destination[command]
      for number in searched where trees[number].filter.allows(Int32(command)) {
        let root = trees[number]
        var origins: [Int32] = []
        if graph.isFromAnywhere(Int32(command)) {
          origins = [root.screen]
        } else {
          for position in graph.predecessors.range(Int(destination))
          where graph.predecessorCommands[position] == Int32(command) && origins.count < 2 {
            let origin = graph.predecessors.items[position]
            if origin == root.screen || root.tree.cost(to: origin) != nil {
              origins.append(origin)
            }
          }
        }
        for origin in origins where !covered[command] {
          let pushes = [origin, destination].map {
            LegStep(command: Int32(command), screen: $0, popTo: -1)
          }
          guard let values = requiredValues(along: pushes) else { continue }
          let request = Request(
            to: table.screens[Int(destination)].name,
            via: origin == destination ? [] : [table.screens[Int(origin)].name],
            parameters: values)
          if let testCase = layeredCase(request, guards: guards, from: root, covered: &covered) {
            cases.append(testCase)
          }
        }
      }
    }
    return cases
  }

  /// The requests that go through the command of step `position` of the route `path`
  /// from `root` another way than the request whose answer left it out: to its
  /// destination through its origin, then through the screen before the origin on
  /// `path` (so that the planner's route to the breadcrumb is not the one that
  /// dismissed), each with the values and guards the steps up to it need. A breadcrumb
  /// that is the destination is left out.
  ///
  /// - Complexity: O(*s* · *p*), for *s* steps of at most *p* parameters.
  private func retryRequests(for position: Int, in path: [LegStep], from root: RootTree)
    -> [(request: Request, guards: [String: Bool])]
  {
    let prefix = path[...position]
    guard let values = requiredValues(along: Array(prefix)) else { return [] }
    let guards = answers(along: prefix)
    let screenBefore = { (index: Int) in index < 0 ? root.screen : path[index].screen }
    let destination = path[position].screen
    var vias = [screenBefore(position - 1)]
    if position > 0 { vias.append(screenBefore(position - 2)) }
    return vias.filter { $0 != destination }.map { via in
      let request = Request(
        to: table.screens[Int(destination)].name, via: [table.screens[Int(via)].name],
        parameters: values)
      return (request, guards)
    }
  }

  /// The case the planner's answer to `request` from `root`'s start makes, with layers
  /// and guards answering as `guards` says: its steps, the commands it takes that
  /// `covered` does not mark (which it then marks) and the state it ends in. `nil` when
  /// the answer takes no new command, is a detour or selects another tab.
  ///
  /// - Complexity: A plan.
  private func layeredCase(
    _ request: Request, guards: [String: Bool], from root: RootTree, covered: inout [Bool]
  ) -> Cover.Case? {
    guard let route = plan(request, guards: guards, from: root), route.detour == nil,
      route.state.tabs?.selected == tabName(of: root)
    else { return nil }
    let steps = route.commandSteps
    var newCommands: [Int] = []
    for step in steps where !covered[step.command] {
      covered[step.command] = true
      newCommands.append(step.command)
    }
    guard !newCommands.isEmpty else { return nil }
    return Cover.Case(
      name: name(of: request, from: root, guards: guards, newCommands: newCommands),
      root: root.name, tab: tabName(of: root), request: request, guards: guards,
      steps: steps, newCommands: newCommands, detour: nil, end: route.state)
  }

  /// The route the planner gives `request` from the start of a case from `root`, with
  /// layers, every guard answering as `guards` says by name and no when it is not there;
  /// `nil` when the planner throws.
  private func plan(_ request: Request, guards: [String: Bool], from root: RootTree)
    -> ModalRoute?
  {
    let start = Cover.Case.start(root: root.name, tab: tabName(of: root), in: table)
    return try? RouteGuard.answeringEveryGuard(guards) { () throws(RoutingError) in
      try table.route(request, from: start)
    }
  }

  /// The name of `root`'s tab, or `nil` on a table without tabs.
  private func tabName(of root: RootTree) -> String? {
    root.tab.map { table.tabLayout.tabs[$0].name }
  }

  /// The steps of `candidate`'s route, from its root.
  private func path(of candidate: Candidate) -> [LegStep] {
    trees[Int(candidate.root)].tree.steps(to: candidate.via >= 0 ? candidate.via : candidate.target)
      + legSteps[range(candidate.leg)]
  }

  /// `candidate`'s request, with `values`.
  private func request(to candidate: Candidate, values: Parameters) -> Request {
    Request(
      to: table.screens[Int(candidate.target)].name,
      via: candidate.via >= 0 ? [table.screens[Int(candidate.via)].name] : [],
      parameters: values)
  }

  /// Yes for the guard of each guarded command the steps `path` take, by name: what a
  /// request needs for the planner to take them, every other guard refusing. The route
  /// is the one planned with every named guard answering yes, and one that other
  /// guards' commands do not take part in stays the best there is.
  private func answers(along path: some Sequence<LegStep>) -> [String: Bool] {
    var answers: [String: Bool] = [:]
    for step in path {
      if let name = table.commands[Int(step.command)].condition?.name { answers[name] = true }
    }
    return answers
  }

  /// The detour cases, after the second round's cases are chosen: for each guard with a
  /// name and a remedy, in the order the chosen cases first take its commands, the first
  /// chosen case taking one whose request, that guard answering no and the other guards
  /// of its route yes, the planner answers with a detour at that guard. The case is the
  /// planner's answer: its steps, dismisses left out, and its detour (with tabs, a
  /// detour that selects another tab makes no case).
  ///
  /// - Complexity: For each guard with a remedy, a plan for each chosen case that takes
  ///   its commands, until one detours there.
  mutating func detourCases(covered: inout [Bool]) -> [Cover.Case] {
    var cases: [Cover.Case] = []
    var done: Set<String> = []
    for index in chosen {
      let candidate = candidates[index]
      let root = trees[Int(candidate.root)]
      let path = self.path(of: candidate)
      guard let values = requiredValues(along: path) else { continue }
      let guards = answers(along: path)
      let request = request(to: candidate, values: values)
      var seen: Set<String> = []
      for step in path {
        guard let condition = table.commands[Int(step.command)].condition,
          let guardName = condition.name, seen.insert(guardName).inserted,
          !done.contains(guardName), let remedy = condition.remedy
        else { continue }
        var asked = guards
        asked[guardName] = false
        guard let route = plan(request, guards: asked, from: root),
          let detour = route.detour, detour.guardName == guardName, detour.remedy == remedy,
          route.state.tabs?.selected == tabName(of: root)
        else { continue }
        let steps = route.commandSteps
        var newCommands: [Int] = []
        for step in steps where !covered[step.command] {
          covered[step.command] = true
          newCommands.append(step.command)
        }
        done.insert(guardName)
        cases.append(
          Cover.Case(
            name: name(
              of: request, from: root, guards: asked, newCommands: newCommands, detour: detour),
            root: root.name, tab: tabName(of: root), request: request, guards: asked,
            steps: steps, newCommands: newCommands, detour: detour,
            end: table.hasPresentingCommands ? route.state : nil))
      }
    }
    return cases
  }

  /// The distinct commands `candidate` takes, in route order.
  func members(of candidate: Candidate) -> ArraySlice<Int32> {
    members[Int(candidate.members.lowerBound)..<Int(candidate.members.upperBound)]
  }

  /// The greedy choice: at each turn the candidate that takes the most commands no
  /// chosen one takes, nor `covered` marks (on a tie, the longer route, then the earlier
  /// candidate), until none takes a new command.
  ///
  /// - Complexity: O(*m* + *c* · log *c*) for *c* candidates of *m* commands in all, plus
  ///   the recounts (``GreedyQueue``).
  func greedyChoice(covered: [Bool]) -> [Int] {
    var covered = covered
    var queue = GreedyQueue(candidates: candidates)
    var chosen: [Int] = []
    while let index = queue.next(covered: covered, members: { members(of: candidates[$0]) }) {
      for command in members(of: candidates[index]) { covered[Int(command)] = true }
      chosen.append(index)
    }
    return chosen
  }

  private func range(_ range: Range<Int32>) -> Range<Int> {
    Int(range.lowerBound)..<Int(range.upperBound)
  }

  /// The route of the steps `path` from `root`, each pushed entry holding the values of
  /// `values` its screen declares.
  private func steps(_ path: [LegStep], from root: RootTree, values: Parameters) -> [Step] {
    var stack = [Entry(root.name)]
    var steps: [Step] = []
    steps.reserveCapacity(path.count)
    for step in path {
      let screen = table.screens[Int(step.screen)]
      let entry: Entry
      let action: StepAction
      if step.popTo >= 0 {
        stack.removeSubrange(Int(step.popTo + 1)...)
        entry = stack[stack.count - 1]
        action = .pop
      } else {
        var held: Parameters = [:]
        for parameter in screen.parameters {
          if let value = values[parameter.name] {
            held[parameter.name] = value.converted(to: parameter.kind) ?? value
          }
        }
        entry = Entry(screen.name, parameters: held)
        stack.append(entry)
        action = .push
      }
      steps.append(
        Step(
          command: Int(step.command), commandID: table.commands.id(of: Int(step.command)),
          action: action, entry: entry, depth: stack.count))
    }
    return steps
  }

  /// A value for every required parameter of a screen the steps `path` push, which
  /// every screen they push converts to the kind it declares the key with: `1`, `true`
  /// or `1.5` by the kind when the screens agree on it, `value` for text; for keys
  /// declared with several kinds, `1` (an integer, a decimal or text) or `true` (a
  /// boolean or text). `nil` when no value fits every kind (a boolean and a number).
  ///
  /// - Complexity: O(*s* · *p*), for *s* steps of at most *p* parameters.
  func requiredValues(along path: [LegStep]) -> Parameters? {
    var kinds: [String: Set<ParameterKind>] = [:]
    var required: [String] = []
    for step in path where step.popTo < 0 {
      for parameter in table.screens[Int(step.screen)].parameters {
        if parameter.required && !required.contains(parameter.name) {
          required.append(parameter.name)
        }
        kinds[parameter.name, default: []].insert(parameter.kind)
      }
    }
    var values: Parameters = [:]
    for name in required {
      let declared = kinds[name]!
      let fitting =
        declared.count == 1
        ? Self.sampleValue(of: declared.first!)
        : [ParameterValue.integer(1), .boolean(true)].first { value in
          declared.allSatisfy { value.converted(to: $0) != nil }
        }
      guard let fitting else { return nil }
      values[name] = fitting
    }
    return values
  }

  /// The value a case gives a required parameter of kind `kind`.
  static func sampleValue(of kind: ParameterKind) -> ParameterValue {
    switch kind {
    case .string: .string("value")
    case .integer: .integer(1)
    case .boolean: .boolean(true)
    case .decimal: .decimal(1.5)
    }
  }

  /// `to Profile via Folder: openFolder, openProfile`, at most four commands named, the
  /// tab first on a table with tabs, the guards answered after `with`
  /// (`to Account with signedIn: account`); for a detour case, the guard answered no and
  /// the remedy instead (`to Account without signedIn: detour to Login`).
  private func name(
    of request: Request, from root: RootTree, guards: [String: Bool], newCommands: [Int],
    detour: Detour? = nil
  ) -> String {
    var text = tabName(of: root).map { "\($0): " } ?? ""
    text += "to \(request.destination)"
    for breadcrumb in request.breadcrumbs { text += " via \(breadcrumb)" }
    if let detour {
      return text + " without \(detour.guardName ?? "guard"): detour to \(detour.remedy)"
    }
    if !guards.isEmpty { text += " with " + guards.keys.sorted().joined(separator: ", ") }
    let named = newCommands.prefix(4).map { number in
      table.commands.id(of: number) ?? "commands[\(number)]"
    }
    text += ": " + named.joined(separator: ", ")
    if newCommands.count > 4 { text += " and \(newCommands.count - 4) more" }
    return text
  }

  /// The commands no case takes, each with the reason no route from the roots takes it.
  func uncovered(covered: [Bool], roots: [ScreenName]) -> [Cover.Uncovered] {
    let missing = (0..<graph.commandCount).filter { !covered[$0] }
    guard !missing.isEmpty else { return [] }
    var checkSays: [Int: String] = [:]
    for diagnostic in table.diagnostics(roots: roots)
    where diagnostic.originSlot == nil && diagnostic.command != nil {
      checkSays[diagnostic.command!] = checkSays[diagnostic.command!] ?? diagnostic.message
    }
    let rootText = roots.map(\.rawValue).joined(separator: ", ")
    let searchedTrees = self.searchedTrees
    let guarded = Set(refusing.map(Int.init))
    let originReached = originsReached()
    let backCommands = backCommands()
    return missing.map { number in
      let command = table.commands[number]
      let reason: String
      if let said = checkSays[number] {
        reason = said
      } else if plannedAway[number] {
        reason =
          "a route from \(rootText) on one stack takes it, but the planner, with layers, answers that route's request another way, and so it does the other requests cover plans through it, so no case takes it"
      } else if guarded.contains(number) {
        reason =
          "its guard has no name for a case to answer it by: cover plans it refusing, as a table loaded from a file does"
      } else if !searchedTrees.contains(where: { $0.filter.allows(Int32(number)) }) {
        reason = "every tab leaves it out"
      } else if !originReached[number] {
        reason = "no origin of it is reached from \(rootText)"
      } else if searchedTrees.allSatisfy({
        !$0.filter.allows(Int32(number)) || $0.screen == graph.destination[number]
      }) {
        let target = table.screens[Int(graph.destination[number])].name
        reason =
          table.tabs.isEmpty
          ? "it leads to the root \(target), and no route from it through at most one breadcrumb goes back there on the way elsewhere"
          : "it leads to \(target), the root of every tab it runs in, and no route there through at most one breadcrumb goes back to it on the way elsewhere"
      } else if !table.tabs.isEmpty {
        reason =
          "no route from \(rootText) that stays in its tab takes it: cases stay in their tab, and a route there selects another"
      } else if let popsBy = backCommands[number].map(Int.init) {
        let target = table.screens[Int(graph.destination[number])].name
        let id = table.commands.id(of: popsBy).map { " '\($0)'" } ?? ""
        reason =
          "wherever it applies, \(target) is already on the stack, and the way back to it is commands[\(popsBy)]\(id)"
      } else {
        reason =
          "no route from \(rootText) through at most one breadcrumb takes it: the planner chooses other commands"
      }
      return Cover.Uncovered(command: number, commandID: command.id, reason: reason)
    }
  }

  /// Per command: whether its destination is on the stack of every root's route to
  /// each origin of it that the root reaches (so it never pushes, and pops back there use
  /// the command ``RouteGraph/popCommand(to:where:)`` chooses): that command, or `nil`
  /// when some reached origin does not hold it, none is reached, or it is from anywhere.
  ///
  /// - Complexity: O(*R* · *E* · *d*) for *R* roots and depth *d*.
  private func backCommands() -> [Int32?] {
    var back = [Int32?](repeating: nil, count: graph.commandCount)
    var pushes = [Bool](repeating: false, count: graph.commandCount)
    for root in searchedTrees {
      for screen in [root.screen] + root.tree.reached {
        for command in graph.commandsFrom[Int(screen)]
        where root.filter.allows(command) && !pushes[Int(command)] {
          let target = graph.destination[Int(command)]
          var cursor = screen
          while cursor >= 0 && cursor != target { cursor = root.tree.previous(of: cursor) }
          let held = cursor == target || (root.rootMatches && root.screen == target)
          if held, let pop = graph.popCommand(to: target, where: { root.filter.allows($0) }) {
            back[Int(command)] = back[Int(command)] ?? pop
          } else {
            pushes[Int(command)] = true
            back[Int(command)] = nil
          }
        }
      }
    }
    for command in graph.fromAnywhere { back[Int(command)] = nil }
    return back
  }

  /// Per command: whether a root's tree reaches one of its origins (any screen, for a
  /// command from anywhere) in a tab where it may take part.
  ///
  /// - Complexity: O(*R* · (*V* + *E*)) for *R* roots.
  private func originsReached() -> [Bool] {
    var reached = [Bool](repeating: false, count: graph.commandCount)
    for root in searchedTrees {
      for command in graph.fromAnywhere where root.filter.allows(command) {
        reached[Int(command)] = true
      }
      for screen in [root.screen] + root.tree.reached {
        for command in graph.commandsFrom[Int(screen)] where root.filter.allows(command) {
          reached[Int(command)] = true
        }
      }
    }
    return reached
  }
}

/// The greedy choice's queue of candidates, best first: the most commands not yet
/// covered, on a tie the longer route, then the earlier candidate. A count only falls as
/// commands are covered, so a candidate is counted again when it comes first, and put
/// back when it fell; one queue serves every turn of a choice, however the commands
/// come to be covered between turns.
struct GreedyQueue {
  /// Per candidate: its count when it was last counted, at least the truth.
  private var gain: [Int32]
  private let steps: [Int32]
  private var heap = IndexHeap()

  /// Every candidate, counted as taking all its commands: a count above the truth
  /// (commands already covered) is counted again when it comes first.
  ///
  /// - Complexity: O(*c* · log *c*) for *c* candidates.
  init(candidates: [CoverFinder.Candidate]) {
    gain = candidates.map { Int32($0.members.count) }
    steps = candidates.map(\.stepCount)
    for index in candidates.indices { push(Int32(index)) }
  }

  /// The candidate that takes the most commands `covered` does not mark, taken out of
  /// the queue, `members` giving a candidate's commands; `nil` when none takes one.
  ///
  /// - Complexity: O(log *c*) a pop, plus O(*k*) for each of the *k* commands counted.
  mutating func next(covered: [Bool], members: (Int) -> ArraySlice<Int32>) -> Int? {
    while let top = pop() {
      let index = Int(top)
      let fresh = Int32(members(index).count(where: { !covered[Int($0)] }))
      guard fresh > 0 else { continue }
      if fresh < gain[index] {
        gain[index] = fresh
        push(top)
        continue
      }
      return index
    }
    return nil
  }

  private mutating func push(_ index: Int32) {
    let (gain, steps) = (self.gain, self.steps)
    heap.push(index) { Self.precedes($0, $1, gain: gain, steps: steps) }
  }

  private mutating func pop() -> Int32? {
    let (gain, steps) = (self.gain, self.steps)
    return heap.pop { Self.precedes($0, $1, gain: gain, steps: steps) }
  }

  private static func precedes(_ left: Int32, _ right: Int32, gain: [Int32], steps: [Int32])
    -> Bool
  {
    let (l, r) = (Int(left), Int(right))
    if gain[l] != gain[r] { return gain[l] > gain[r] }
    if steps[l] != steps[r] { return steps[l] > steps[r] }
    return l < r
  }
}
