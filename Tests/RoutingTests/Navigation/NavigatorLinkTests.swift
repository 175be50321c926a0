import Routing
import SampleApp
import Testing

@MainActor
@Suite struct NavigatorLinkTests {
  func makeNavigator() throws -> Navigator<StackContainer> {
    let table = try SampleApp.makeTable()
    let root = StackItem(entry: Entry(.menu), screen: table.makeScreen(for: Entry(.menu))!)
    return Navigator(table: table, container: StackContainer(root: root))
  }

  @Test func seedLinkFromMenuGoesThroughFolderToProfile() async throws {
    let navigator = try makeNavigator()
    let route = try await navigator.open("folder/profile?userId=2")
    #expect(route.steps.map(\.commandID) == ["openFolder", "openProfile"])
    #expect(
      navigator.stack == [Entry(.menu), Entry(.folder), Entry(.profile, parameters: ["userId": 2])])
    let profile = navigator.container.items.last!.screen as! SampleScreen
    #expect(profile.entry.parameters["userId"] == .integer(2))
  }

  @Test func linksObeyGuards() async throws {
    let navigator = try makeNavigator()
    try await navigator.open("myapp://folder/profile?userId=2")
    let same = try await navigator.open("chat/2")
    #expect(same.steps.map(\.commandID) == ["chatWithProfile"])
    try await navigator.open("folder/profile?userId=2")
    let other = try await navigator.open("/chat/3")
    #expect(other.steps.map(\.commandID) == ["home", "openConnections", "openChat"])
  }

  @Test(arguments: [
    "https://other.org/profile?userId=2", "chat/abc", "folder//profile", "nowhere",
    "profile?userId=1&userId=2",
    "chat/%zz",
  ])
  func badLinksChangeNothing(_ link: String) async throws {
    let navigator = try makeNavigator()
    try await navigator.go(to: .chat, parameters: ["userId": 4])
    let before = navigator.container.items.map(\.screen)
    await #expect {
      try await navigator.open(link)
    } throws: { error in
      guard case .link = error as? LinkNavigationError else { return false }
      return true
    }
    let after = navigator.container.items.map(\.screen)
    #expect(before.count == after.count && zip(before, after).allSatisfy { $0 === $1 })
  }

  @Test func unplannableLinkIsARoutingError() async throws {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Screen("Home"))
    registry.register(Screen("Login", path: "login"))
    registry.register(Command(from: ["Login"], to: "Home"))
    let table = try registry.compile()
    let root = StackItem(entry: Entry("Home"), screen: table.makeScreen(for: Entry("Home"))!)
    let navigator = Navigator(table: table, container: StackContainer(root: root))
    await #expect(throws: LinkNavigationError.routing(.unreachable(from: "Home", to: "Login"))) {
      try await navigator.open("login")
    }
    #expect(navigator.stack == [Entry("Home")])
  }
}

@Suite struct DeepLinksPageTests {
  /// The guard example of Docs/DeepLinks.md, on the sample app.
  @Test func chatLinksFromAnotherUsersProfileGoThroughConnections() throws {
    let table = try SampleApp.makeTable()
    let stack = [Entry(.menu), Entry(.folder), Entry(.profile, parameters: ["userId": 1])]
    let other = try table.route(try table.resolve("chat/2"), from: stack)
    #expect(other.steps.map(\.commandID) == ["home", "openConnections", "openChat"])
    let same = try table.route(try table.resolve("chat/1"), from: stack)
    #expect(same.steps.map(\.commandID) == ["chatWithProfile"])
  }
}
