/// How far each screen lies from a root: the number of steps of the route the planner
/// gives from the root's one-entry stack, which ``RouteTable/reach(from:)`` finds for
/// every screen at once (<doc:TestingRouteTables>, "Reach").
///
/// Depths are counted as a route is planned with no request: no parameters (a required
/// one counts as given), and every guard refusing, as a table loaded from a file without
/// code refuses. A screen that some route reaches only when guards allow is *gated*; one
/// that no route reaches even then is *unreached*.
///
/// ```swift
/// let reach = try table.reach(from: "Menu")
/// print(reach.depth(of: "Profile") ?? -1)  // 2
/// print(reach.unreached.isEmpty)  // true
/// ```
public struct Reach: Hashable, Sendable {
  /// A screen reached from the root, and the number of steps of its route.
  public struct Depth: Hashable, Sendable {
    /// The screen.
    public let screen: ScreenName
    /// The number of steps of the route from the root; 0 for the root.
    public let depth: Int
  }

  /// A screen that a route reaches only when guards allow, and the guards on that route.
  public struct Gate: Hashable, Sendable {
    /// The screen.
    public let screen: ScreenName
    /// Each guarded command that the route from the root takes (with every guard
    /// allowing), in route order: the guard's name, the command's number and identifier.
    public let guards: [RoutingError.GuardRefusal]

    /// The guards' names, each once, in route order; an unnamed guard as its command,
    /// `commands[3]`.
    public var guardNames: [String] {
      var names: [String] = []
      for gate in guards {
        let name = gate.guardName ?? "commands[\(gate.command)]"
        if !names.contains(name) { names.append(name) }
      }
      return names
    }
  }

  /// The screen the depths are counted from.
  public let root: ScreenName
  /// On a table with tabs, the tab whose root ``root`` is (its routes stay in that tab);
  /// `nil` on a table without tabs.
  public let tab: String?
  /// Every screen reached while guards refuse, the root first, by depth and then in
  /// table order.
  public let depths: [Depth]
  /// The screens no route from the root reaches even with every guard allowing, in table
  /// order.
  public let unreached: [ScreenName]
  /// The screens reached only when some guards allow, in table order.
  public let gated: [Gate]

  /// The depth of `screen`, or `nil` when it is not reached while guards refuse.
  ///
  /// - Complexity: O(*V*), where *V* is the number of screens reached.
  public func depth(of screen: ScreenName) -> Int? {
    depths.first { $0.screen == screen }?.depth
  }

  /// The greatest depth: 0 when only the root is reached.
  public var maximumDepth: Int { depths.last?.depth ?? 0 }

  /// The screens at the greatest depth, in table order.
  ///
  /// - Complexity: O(*V*), where *V* is the number of screens reached.
  public var deepest: [ScreenName] {
    depths.filter { $0.depth == maximumDepth }.map(\.screen)
  }

  /// How many screens lie at each depth, from 0 to ``maximumDepth``.
  ///
  /// - Complexity: O(*V*), where *V* is the number of screens reached.
  public var histogram: [Int] {
    var counts = [Int](repeating: 0, count: maximumDepth + 1)
    for depth in depths { counts[depth.depth] += 1 }
    return counts
  }

  /// The screens deeper than `limit`, with their depths, by depth.
  ///
  /// - Complexity: O(*V*), where *V* is the number of screens reached.
  public func deeper(than limit: Int) -> [Depth] {
    depths.filter { $0.depth > limit }
  }
}

extension RouteTable {
  /// How far each screen lies from `root`: its depth, the screens no route reaches, and
  /// those only guards' permission reaches (``Reach``). On a table with tabs, `root` is a
  /// tab's root and the routes stay in that tab.
  ///
  /// ```swift
  /// for depth in try table.reach(from: "Menu").depths {
  ///   print(depth.depth, depth.screen)  // 0 Menu, 1 Folder, 2 Profile
  /// }
  /// ```
  ///
  /// - Parameter root: The screen the app starts on.
  /// - Returns: The reach from `root`.
  /// - Throws: ``RoutingError/unknownScreen(_:suggestion:)`` for a root the table does
  ///   not know; on a table with tabs, ``RoutingError/noTabForStack(root:tabs:)`` for a
  ///   root that is not exactly one tab's.
  /// - Complexity: O(*V* + *E*): two searches of every leg from the root (one with guards
  ///   refusing, one with every guard allowing), where *V* is the number of screens and
  ///   *E* the number of command origins; O(*V* · log *V*) to order the depths.
  public func reach(from root: ScreenName) throws(RoutingError) -> Reach {
    guard let rootNumber = screenIndex[root] else {
      throw RoutingError.unknownScreen(root, suggestion: nearestScreen(to: root))
    }
    let stack = [Entry(root)]
    var guarded = [Bool](repeating: false, count: graph.commandCount)
    for command in graph.guardedCommands { guarded[Int(command)] = true }
    let (refusing, tab) = try plannedRouteTree(from: stack, refusing: graph.guardedCommands)
    let allowing =
      graph.guardedCommands.isEmpty ? refusing : try plannedRouteTree(from: stack).tree
    var depths = [Reach.Depth(screen: root, depth: 0)]
    var numbered: [(depth: Int, screen: Int32)] = []
    numbered.reserveCapacity(refusing.reached.count)
    for screen in refusing.reached where screen != rootNumber {
      numbered.append((refusing.depth(of: screen)!, screen))
    }
    numbered.sort { ($0.depth, $0.screen) < ($1.depth, $1.screen) }
    depths += numbered.map { Reach.Depth(screen: screens[Int($0.screen)].name, depth: $0.depth) }
    var unreached: [ScreenName] = []
    var gated: [Reach.Gate] = []
    for number in screens.indices where number != Int(rootNumber) {
      let screen = Int32(number)
      if !allowing.isReached(screen) {
        unreached.append(screens[number].name)
      } else if !refusing.isReached(screen) {
        let guards = allowing.steps(to: screen).filter { guarded[Int($0.command)] }.map {
          step in
          let command = Int(step.command)
          return RoutingError.GuardRefusal(
            guardName: commands[command].condition?.name, command: command,
            commandID: commands[command].id)
        }
        gated.append(Reach.Gate(screen: screens[number].name, guards: guards))
      }
    }
    return Reach(root: root, tab: tab, depths: depths, unreached: unreached, gated: gated)
  }

  /// The reach from each screen the app starts on: the table's first screen, or on a
  /// table with tabs each tab's root, in tab order (the roots `routing check` and
  /// `routing stats` use); empty for a table without screens.
  ///
  /// - Throws: What ``reach(from:)`` throws: ``RoutingError/noTabForStack(root:tabs:)``
  ///   for a root that two tabs share.
  /// - Complexity: As ``reach(from:)``, once per root.
  public func reachFromRoots() throws(RoutingError) -> [Reach] {
    let roots = tabs.isEmpty ? screens.prefix(1).map(\.name) : tabs.map(\.root)
    var reaches: [Reach] = []
    for root in roots { reaches.append(try reach(from: root)) }
    return reaches
  }
}
