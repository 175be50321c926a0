/// One tab of a tab bar: a name, the screen at the bottom of its stack, and optionally
/// the link segment that names it (see <doc:PlanningAcrossTabs>).
///
/// A table that declares tabs plans across them: selecting a tab is one more step of
/// the shortest route.
///
/// ```swift
/// var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
/// registry.register(Tab("Home", root: "Feed", path: "home"))
/// registry.register(Tab("Search", root: "Query", path: "search"))
/// registry.register(Command(from: ["Query"], to: "Results"))
/// let table = try registry.compile()
/// ```
public struct Tab: Hashable, Sendable, CustomStringConvertible {
  /// The tab's name, unique in its table.
  public let name: String
  /// The screen at the bottom of the tab's stack.
  public let root: ScreenName
  /// The first segment of the links that open inside this tab, if any.
  public let path: String?

  /// Declares a tab.
  ///
  /// - Parameters:
  ///   - name: The tab's name, unique in its table.
  ///   - root: The screen at the bottom of its stack.
  ///   - path: The link segment that names it; none by default.
  public init(_ name: String, root: ScreenName, path: String? = nil) {
    self.name = name
    self.root = root
    self.path = path
  }

  /// The tab's name.
  public var description: String { name }
}
