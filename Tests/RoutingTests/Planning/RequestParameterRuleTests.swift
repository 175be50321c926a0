import Routing
import Testing

/// Required parameters and request keys through the Swift API: `table.route` and
/// `navigator.go` (the tool's entry points are in `RequestParameterToolTests`).
@MainActor @Suite struct RequestParameterRuleTests {
  let table: RouteTable

  init() throws {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Screen("Home"))
    registry.register(Screen("Folder", parameters: [.string("tab")]))
    registry.register(
      Screen("User", parameters: [.integer("userId", required: true)], path: "user/:userId"))
    registry.register(Screen("Island"))
    registry.register(Command(from: ["Home"], to: "Folder"))
    registry.register(Command(from: ["Folder"], to: "User"))
    table = try registry.compile()
  }

  @Test func anUndeclaredKeyFailsWithTheClosestDeclaredOne() {
    #expect(throws: RoutingError.undeclaredParameter(key: "userID", suggestion: "userId")) {
      try table.route(from: [Entry("Home")], to: "User", parameters: ["userID": 9])
    }
    #expect(throws: RoutingError.undeclaredParameter(key: "colour", suggestion: nil)) {
      try table.route(from: [Entry("Home")], to: "Folder", parameters: ["colour": "red"])
    }
    // Two letters swapped are one edit.
    #expect(throws: RoutingError.undeclaredParameter(key: "usreId", suggestion: "userId")) {
      try table.route(from: [Entry("Home")], to: "User", parameters: ["usreId": 9])
    }
  }

  @Test func keysOfTheDestinationBreadcrumbsAndPushedScreensAreDeclared() throws {
    // `tab` is Folder's: a screen the route pushes.
    let pushed = try table.route(
      from: [Entry("Home")], to: "User", parameters: ["userId": 2, "tab": "all"])
    #expect(pushed.stack.map(\.screen) == ["Home", "Folder", "User"])
    // Folder is a breadcrumb already on the stack, not pushed: its key still counts.
    let breadcrumb = try table.route(
      from: [Entry("Home"), Entry("Folder", parameters: ["tab": "all"])], to: "Folder",
      via: ["Folder"], parameters: ["tab": "all"])
    #expect(breadcrumb.steps.isEmpty)
    // From User, Folder is popped back to, not pushed: `userId` is no key of the route.
    #expect(throws: RoutingError.undeclaredParameter(key: "userId", suggestion: nil)) {
      try table.route(
        from: [Entry("Home"), Entry("Folder"), Entry("User", parameters: ["userId": 1])],
        to: "Folder", parameters: ["userId": 1])
    }
  }

  @Test func unknownScreensAndUnreachableMilestonesAreReportedFirst() {
    #expect(throws: RoutingError.unknownScreen("Settings")) {
      try table.route(from: [Entry("Home")], to: "Settings", parameters: ["userID": 1])
    }
    #expect(throws: RoutingError.unreachable(from: "Home", to: "Island")) {
      try table.route(from: [Entry("Home")], to: "Island", parameters: ["userID": 1])
    }
  }

  @Test func aPushWithoutARequiredValueFails() throws {
    #expect(throws: RoutingError.missingParameter(screen: "User", key: "userId")) {
      try table.route(from: [Entry("Home")], to: "User")
    }
    // An undeclared key explains a missing value better: it is reported first.
    #expect(throws: RoutingError.undeclaredParameter(key: "userID", suggestion: "userId")) {
      try table.route(from: [Entry("Home")], to: "User", parameters: ["userID": 1])
    }
    // Popping back to a screen pushes nothing: no value is needed.
    let back = try table.route(
      from: [
        Entry("Home"), Entry("Folder"), Entry("User", parameters: ["userId": 1]), Entry("Folder"),
      ],
      to: "User")
    #expect(back.steps.map(\.action) == [.pop])
  }

  @Test func aLinkThatCapturesTheKeySuppliesIt() throws {
    let request = try table.resolve("user/4")
    let route = try table.route(request, from: [Entry("Home")])
    #expect(route.stack.last == Entry("User", parameters: ["userId": 4]))
  }

  @Test func theNavigatorFailsAndChangesNothing() async throws {
    let navigator = try Navigator(table: table, root: "Home")
    await #expect(throws: NavigationError.routing(.missingParameter(screen: "User", key: "userId")))
    {
      try await navigator.go(to: "User")
    }
    await #expect(
      throws: NavigationError.routing(.undeclaredParameter(key: "userID", suggestion: "userId"))
    ) {
      try await navigator.go(to: "User", parameters: ["userID": 9])
    }
    #expect(navigator.stack == [Entry("Home")])
    try await navigator.go(to: "User", parameters: ["userId": 9])
    #expect(navigator.stack.last == Entry("User", parameters: ["userId": 9]))
  }
}
