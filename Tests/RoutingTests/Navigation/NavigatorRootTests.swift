import Routing
import Testing

/// A screen object that remembers how it was made and which factory made it.
@MainActor
private final class MadeScreen: ScreenController {
  let context: ScreenContext
  let maker: String
  init(_ context: ScreenContext, by maker: String) {
    self.context = context
    self.maker = maker
  }
}

/// Roots made by their factories: the screen's own, else the table's default.
@MainActor
@Suite struct NavigatorRootTests {
  let table: RouteTable

  init() throws {
    let byDefault: ScreenFactory = { MadeScreen($0, by: "default") }
    table = try RouteTable(defaultFactory: byDefault) {
      Screen("Menu") { MadeScreen($0, by: "menu") }
      Screen("Folder", parameters: [.string("name")])
      Screen("Profile", parameters: [.integer("userId")])
      Command(id: "openFolder", from: ["Menu"], to: "Folder")
      Command(id: "openProfile", from: ["Folder"], to: "Profile")
    }
  }

  @Test func theRootIsMadeByItsScreensFactory() async throws {
    let navigator = try Navigator(table: table, root: "Menu")
    #expect(navigator.stack == [Entry("Menu")])
    let root = try #require(navigator.container.items.first?.screen as? MadeScreen)
    #expect(root.maker == "menu")
    #expect(root.context.entry == Entry("Menu"))
    try await navigator.go(to: "Profile", parameters: ["userId": 2])
    #expect(navigator.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")
  }

  @Test func aRootWithoutAFactoryOfItsOwnUsesTheTablesDefault() throws {
    let container = try StackContainer(table: table, root: "Profile", parameters: ["userId": "7"])
    let root = try #require(container.items.first?.screen as? MadeScreen)
    #expect(root.maker == "default")
    // The text "7" is typed as the integer Profile declares, and reaches the factory so.
    #expect(root.context.entry == Entry("Profile", parameters: ["userId": 7]))
  }

  @Test func aRootRefusesAKeyItsScreenDoesNotDeclare() throws {
    let item = try table.makeItem(for: "Folder", parameters: ["name": "Inbox"])
    #expect(item.entry == Entry("Folder", parameters: ["name": "Inbox"]))
    // The rule of every request, for the root's one screen, in every way to make a root.
    let error = RoutingError.undeclaredParameter(key: "userId", suggestion: nil)
    #expect(throws: error) {
      try table.makeItem(for: "Folder", parameters: ["name": "Inbox", "userId": 2])
    }
    #expect(throws: error) {
      try Navigator(table: table, root: "Folder", parameters: ["userId": 2])
    }
    #expect(throws: error) {
      try StackContainer(table: table, root: "Folder", parameters: ["userId": 2])
    }
    #expect(throws: error) {
      try DrillDownContainer(table: table, root: "Folder", parameters: ["userId": 2])
    }
    #expect(throws: RoutingError.undeclaredParameter(key: "userID", suggestion: "userId")) {
      try Navigator(table: table, root: "Profile", parameters: ["userID": 2])
    }
  }

  @Test func aRootWithoutARequiredValueIsAnError() throws {
    let byDefault: ScreenFactory = { MadeScreen($0, by: "default") }
    let strict = try RouteTable(defaultFactory: byDefault) {
      Screen("Profile", parameters: [.integer("userId", required: true)])
      Command(to: "Profile")
    }
    #expect(throws: RoutingError.missingParameter(screen: "Profile", key: "userId")) {
      try Navigator(table: strict, root: "Profile")
    }
    let root = try strict.makeItem(for: "Profile", parameters: ["userId": "3"])
    #expect(root.entry == Entry("Profile", parameters: ["userId": 3]))
  }

  @Test func aDrillDownRootGoesToTheLeftPane() async throws {
    let navigator = try Navigator(table: table, root: "Menu")
    let drillDown = try Navigator(
      table: table, container: DrillDownContainer(table: table, root: "Menu"))
    #expect(drillDown.container.left.map(\.entry) == navigator.stack)
    #expect(drillDown.container.right == nil)
    let other = try DrillDownContainer(table: table, root: "Folder", parameters: ["name": "Inbox"])
    #expect(other.left.map(\.entry) == [Entry("Folder", parameters: ["name": "Inbox"])])
  }

  @Test func anUnknownRootIsAnError() {
    #expect(throws: RoutingError.unknownScreen("Login")) {
      try Navigator(table: table, root: "Login")
    }
  }

  @Test func aRootValueThatDoesNotConvertIsAnError() {
    #expect(throws: RoutingError.invalidParameter(name: "userId", value: "two", expected: .integer))
    {
      try StackContainer(table: table, root: "Profile", parameters: ["userId": "two"])
    }
  }

  @Test func aRootThatNothingMakesIsAnError() throws {
    let bare = try RouteTable {
      Screen("Menu")
      Screen("Folder") { MadeScreen($0, by: "folder") }
      Command(from: ["Menu"], to: "Folder")
    }
    #expect(throws: RoutingError.noFactory("Menu")) { try bare.makeItem(for: "Menu") }
    #expect(RoutingError.noFactory("Menu").kind == "noFactory")
    #expect(
      RoutingError.noFactory("Menu").description
        == "nothing makes screen 'Menu': give the screen or the table a factory")
  }
}
