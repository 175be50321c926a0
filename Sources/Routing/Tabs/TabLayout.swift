/// A table's tabs, compiled: their declarations, roots and link segments, and the
/// commands each tab leaves out.
///
/// A table without tabs has an empty layout and plans exactly as before.
struct TabLayout: Sendable {
  /// The tabs, in order: the order breaks ties between equally short routes.
  let tabs: [Tab]
  /// Each tab's root screen number.
  let roots: [Int32]
  /// Each tab's stack at its root, the stack of a tab a state does not name.
  let rootStacks: [[Entry]]
  /// For each tab, the numbers of the commands limited to other tabs, ascending.
  let excluded: [[Int32]]
  /// Tab numbers by name.
  let index: [String: Int]
  /// Tab numbers by link segment, as written and percent-encoded.
  let segments: [String: Int]

  /// The number of the tab named `name`, or `nil`.
  ///
  /// A table has few tabs: up to eight, their names are compared in turn, which costs
  /// less than hashing the name once.
  ///
  /// - Complexity: O(1) on average.
  func number(of name: String) -> Int? {
    guard tabs.count <= 8 else { return index[name] }
    return tabs.firstIndex { $0.name == name }
  }

  /// No tab.
  static let none = TabLayout(tabs: [], roots: [], excluded: [], index: [:], segments: [:])

  private init(
    tabs: [Tab], roots: [Int32], excluded: [[Int32]], index: [String: Int],
    segments: [String: Int]
  ) {
    self.tabs = tabs
    self.roots = roots
    self.rootStacks = tabs.map { [Entry($0.root)] }
    self.excluded = excluded
    self.index = index
    self.segments = segments
  }

  /// Compiles the declared tabs and the commands' limits.
  ///
  /// - Parameters:
  ///   - tabs: The declared tabs, in order.
  ///   - limits: The commands limited to some tabs: the command's number and the names
  ///     of the tabs it applies in.
  ///   - names: The table's screens; a root is interned like a command's destination.
  /// - Throws: ``TableError``: ``TableError/Kind/invalidTab`` for an empty or repeated
  ///   tab name, a path that is not one non-empty segment or is repeated, a limit that
  ///   names no tab or an unknown one, or limits without tabs; what interning a root
  ///   throws.
  /// - Complexity: O(*T* · *E*), where *T* is the number of tabs and *E* the number of
  ///   limited commands.
  init(
    tabs: [Tab], limits: [(command: Int, tabs: [String])], names: inout ScreenNames
  ) throws(TableError) {
    var index: [String: Int] = [:]
    var segments: [String: Int] = [:]
    var roots: [Int32] = []
    for (number, tab) in tabs.enumerated() {
      guard !tab.name.isEmpty, ScreenName(tab.name).problem == nil else {
        throw TableError(.invalidTab, at: "tabs[\(number)].name", "invalid tab name")
      }
      guard index.updateValue(number, forKey: tab.name) == nil else {
        throw TableError(
          .invalidTab, at: "tabs[\(number)].name",
          "duplicate tab '\(excerpt(tab.name))' (first at tabs[\(index[tab.name]!)])")
      }
      roots.append(try names.intern(tab.root, at: "tabs[\(number)].root"))
      guard let path = tab.path else { continue }
      guard !path.isEmpty, !path.contains("/"), !path.hasPrefix(":") else {
        throw TableError(
          .invalidTab, at: "tabs[\(number)].path",
          "a tab's path is one literal segment, not '\(excerpt(path))'")
      }
      guard segments.updateValue(number, forKey: path) == nil else {
        throw TableError(
          .invalidTab, at: "tabs[\(number)].path",
          "tabs[\(segments[path]!)] already has path '\(excerpt(path))'")
      }
      segments[PercentEncoding.encode(path)] = number
    }
    var excluded = [[Int32]](repeating: [], count: tabs.count)
    for (command, names) in limits {
      guard !tabs.isEmpty else {
        throw TableError(
          .invalidTab, at: "commands[\(command)].tabs", "the table declares no tabs")
      }
      guard !names.isEmpty else {
        throw TableError(
          .invalidTab, at: "commands[\(command)].tabs",
          "an empty list: leave 'tabs' out for a command that applies in every tab")
      }
      var allowed = [Bool](repeating: false, count: tabs.count)
      for (position, name) in names.enumerated() {
        guard let tab = index[name] else {
          throw TableError(
            .invalidTab, at: "commands[\(command)].tabs[\(position)]",
            "unknown tab '\(excerpt(name))'")
        }
        allowed[tab] = true
      }
      for tab in 0..<tabs.count where !allowed[tab] { excluded[tab].append(Int32(command)) }
    }
    self.init(tabs: tabs, roots: roots, excluded: excluded, index: index, segments: segments)
  }

  /// Whether the table has tabs.
  var isEmpty: Bool { tabs.isEmpty }
}
