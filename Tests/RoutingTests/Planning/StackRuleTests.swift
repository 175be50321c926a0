import Routing
import Testing

/// The two rules on the stack a request starts from, through the Swift API: an entry
/// must name a screen of a table that declares its screens, and a single stack on a
/// table with tabs is the stack of the tab whose root it starts at. The tool's entry
/// points are `StackRuleToolTests`.
@MainActor
@Suite struct StackRuleTests {
  /// The commands of ``open``, with their screens declared: the two tables differ only
  /// in what a stack may hold.
  static let declared = try! RouteTable(defaultFactory: HeadlessScreen.factory) {
    Screen("Menu")
    Screen("Folder")
    Command(to: "Menu")
    Command(from: ["Menu"], to: "Folder")
  }

  /// Takes its screens from its commands.
  static let open = try! RouteTable(defaultFactory: HeadlessScreen.factory) {
    Command(to: "Menu")
    Command(from: ["Menu"], to: "Folder")
  }

  /// Home (root Feed) and Search (root Query); `feedAuthor` leads from Feed to Author
  /// in Search only, so Home goes through Post.
  static let tabbed = try! tabTable(
    [Tab("Home", root: "Feed"), Tab("Search", root: "Query")],
    screens: ["Feed", "Query", "Post", "Author"],
    [
      Command(id: "feedAuthor", from: ["Feed"], to: "Author", tabs: ["Search"]),
      Command(id: "openPost", from: ["Feed", "Query"], to: "Post"),
      Command(id: "postAuthor", from: ["Post"], to: "Author"),
    ])

  static func tabTable(_ tabs: [Tab], screens: [ScreenName] = [], _ commands: [Command]) throws
    -> RouteTable
  {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    for tab in tabs { registry.register(tab) }
    for screen in screens { registry.register(Screen(screen)) }
    for command in commands { registry.register(command) }
    return try registry.compile()
  }

  static func item(_ screen: ScreenName) -> StackItem {
    StackItem(entry: Entry(screen), screen: HeadlessScreen(ScreenContext(entry: Entry(screen))))
  }

  // MARK: Screens on a stack

  @Test(arguments: [
    (["Nope"], "Folder", 0),
    (["Menu", "Nope"], "Folder", 1),
    // The top already matches: the request fails all the same.
    (["Menu", "Nope", "Folder"], "Folder", 1),
    // A pop would not even reach it.
    (["Menu", "Folder", "Nope"], "Menu", 2),
  ])
  func anUndeclaredScreenOnTheStackFails(names: [String], to: String, entry: Int) {
    let stack = names.map { Entry(ScreenName($0)) }
    let error = RoutingError.unknownScreenOnStack("Nope", entry: entry, tab: nil)
    #expect(throws: error) { try Self.declared.route(from: stack, to: ScreenName(to)) }
    #expect(throws: error) { try Self.declared.explanation(from: stack, to: ScreenName(to)) }
    #expect(error.kind == "unknownScreen")
    #expect(error.description == "unknown screen 'Nope' at stack entry \(entry)")
  }

  @Test func anUnknownMilestoneIsReportedFirst() {
    #expect(throws: RoutingError.unknownScreen("Nowhere")) {
      try Self.declared.route(from: [Entry("Nope")], to: "Nowhere")
    }
    #expect(throws: RoutingError.unknownScreen("Nowhere")) {
      try Self.declared.route(from: [Entry("Nope")], to: "Menu", via: ["Nowhere"])
    }
  }

  @Test func aTableWithoutDeclaredScreensTakesAnyName() throws {
    #expect(Self.declared.declaresScreens)
    #expect(!Self.open.declaresScreens)
    let route = try Self.open.route(from: [Entry("Login")], to: "Folder")
    #expect(route.stack.stackDescription == "Login > Menu > Folder")
  }

  @Test func everyTabStackIsChecked() {
    // Search is not selected; its stack is checked all the same, in tab order.
    let state = TabState(
      selected: "Home",
      stacks: ["Home": [Entry("Feed")], "Search": [Entry("Query"), Entry("Nope")]])
    let error = RoutingError.unknownScreenOnStack("Nope", entry: 1, tab: "Search")
    #expect(throws: error) { try Self.tabbed.route(from: state, to: "Post") }
    #expect(error.description == "unknown screen 'Nope' at entry 1 of tab 'Search'")
  }

  @Test func aNavigatorRefusesAContainerHoldingAnUndeclaredScreen() async {
    let items = [Self.item("Menu"), Self.item("Nope")]
    let container = StackContainer(items: items)
    let navigator = Navigator(table: Self.declared, container: container)
    await #expect(
      throws: NavigationError.routing(.unknownScreenOnStack("Nope", entry: 1, tab: nil))
    ) {
      try await navigator.go(to: "Folder")
    }
    #expect(container.items == items)
  }

  // MARK: A single stack on a table with tabs

  @Test func aSingleStackStaysInTheTabItStartsIn() throws {
    // In Home, feedAuthor takes no part: through Post.
    let home = try Self.tabbed.route(from: [Entry("Feed")], to: "Author")
    #expect(home.steps.map(\.commandID) == ["openPost", "postAuthor"])
    #expect(home.stack.stackDescription == "Feed > Post > Author")
    // The same as a tab state with Home selected, kept in Home.
    let state = TabState(selected: "Home", stacks: ["Home": [Entry("Feed")]])
    let across = try Self.tabbed.route(from: state, to: "Author")
    #expect(across.state.stack == home.stack)
  }

  @Test func aNavigatorOnAPlainContainerPlansAsTheTable() async throws {
    let container = StackContainer(items: [Self.item("Feed")])
    let navigator = Navigator(table: Self.tabbed, container: container)
    let route = try await navigator.go(to: "Author")
    #expect(route.steps.map(\.commandID) == ["openPost", "postAuthor"])
  }

  @Test func aStackThatStartsAtNoTabsRootFails() {
    let error = RoutingError.noTabForStack(root: "Post", tabs: [])
    #expect(throws: error) { try Self.tabbed.route(from: [Entry("Post")], to: "Author") }
    #expect(throws: error) { try Self.tabbed.explanation(from: [Entry("Post")], to: "Author") }
    #expect(error.kind == "noTabForStack")
    #expect(
      error.description
        == "the table has tabs and 'Post', the stack's first entry, is no tab's root: start the stack at a tab's root, or give a tab state"
    )
  }

  @Test func aRootOfSeveralTabsFails() throws {
    let table = try Self.tabTable(
      [Tab("A", root: "Start"), Tab("B", root: "Start")],
      [Command(from: ["Start"], to: "End", tabs: ["B"])])
    let error = RoutingError.noTabForStack(root: "Start", tabs: ["A", "B"])
    #expect(throws: error) { try table.route(from: [Entry("Start")], to: "End") }
    #expect(
      error.description
        == "'Start', the stack's first entry, is the root of tabs 'A', 'B': give a tab state to say which"
    )
  }

  @Test func theStacksOwnErrorsComeFirst() {
    // An unknown milestone, then an unknown screen on the stack, then the tab.
    #expect(throws: RoutingError.unknownScreen("Nowhere")) {
      try Self.tabbed.route(from: [Entry("Post")], to: "Nowhere")
    }
    #expect(throws: RoutingError.unknownScreenOnStack("Nope", entry: 0, tab: nil)) {
      try Self.tabbed.route(from: [Entry("Nope")], to: "Author")
    }
    // On a tab's stack, the entry is still counted on the stack given.
    #expect(throws: RoutingError.unknownScreenOnStack("Nope", entry: 1, tab: nil)) {
      try Self.tabbed.route(from: [Entry("Feed"), Entry("Nope")], to: "Author")
    }
  }

  @Test func theExplanationNamesTheTabThatLeavesACommandOut() throws {
    let table = try Self.tabTable(
      [Tab("Home", root: "Feed"), Tab("Search", root: "Query")],
      [Command(id: "feedAuthor", from: ["Feed"], to: "Author", tabs: ["Search"])])
    #expect(throws: RoutingError.unreachable(from: "Feed", to: "Author")) {
      try table.route(from: [Entry("Feed")], to: "Author")
    }
    let explanation = try #require(try table.explanation(from: [Entry("Feed")], to: "Author"))
    #expect(explanation.commands.map(\.reason) == [.leftOutOfTab(tab: "Home")])
    #expect(explanation.description.contains("it applies in other tabs than 'Home'"))
  }
}
