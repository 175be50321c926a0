// The code of the Getting Started guide (Sources/Routing/Routing.docc/GettingStarted.md):
// the six-screen app, its table and its test. SnippetTests checks that the guide shows
// each region below exactly.

// snippet getting-started-names
import Routing
// snippet.hide
import Testing

// snippet.show

extension ScreenName {
  static let menu: ScreenName = "Menu"
  static let folder: ScreenName = "Folder"
  static let connections: ScreenName = "Connections"
  static let profile: ScreenName = "Profile"
  static let chat: ScreenName = "Chat"
  static let contactCard: ScreenName = "ContactCard"
}
// snippet.end

// snippet getting-started-profile-screen
@MainActor
final class ProfileScreen: ScreenController {
  let userId: Int
  private(set) var isFollowing = false

  init(_ context: ScreenContext) {
    // The table declares userId as an integer, so the value arrives typed.
    userId = context.entry.parameters["userId"]?.integerValue ?? 0
  }

  var title: String? { "User \(userId)" }

  func follow() {
    isFollowing = true
  }
}
// snippet.end

// snippet getting-started-chat-screen
@MainActor
final class ChatScreen: ScreenController {
  let userId: Int
  var draft = ""

  init(_ context: ScreenContext) {
    userId = context.entry.parameters["userId"]?.integerValue ?? 0
  }
}
// snippet.end

// snippet getting-started-table
func makeRouteTable() throws -> RouteTable {
  try RouteTable(defaultFactory: HeadlessScreen.factory) {
    Screen(.menu)
    Screen(.folder)
    Screen(.connections)
    Screen(.profile, parameters: [.integer("userId")]) { ProfileScreen($0) }
    Screen(.chat, parameters: [.integer("userId")]) { ChatScreen($0) }
    Screen(.contactCard, parameters: [.integer("userId")])
    Command(id: "home", to: .menu)
    Command(id: "openFolder", from: [.menu], to: .folder)
    Command(id: "openConnections", from: [.menu], to: .connections)
    Command(id: "openProfile", from: [.folder, .connections], to: .profile)
    Command(id: "openChat", from: [.profile, .connections], to: .chat)
    Command(id: "openContactCard", from: [.profile], to: .contactCard)
  }
}
// snippet.end

@Suite struct GettingStartedGuide {
  @Test func plansARoute() throws {
    // snippet getting-started-route
    let table = try makeRouteTable()
    let route = try table.route(from: [Entry(.menu)], to: .chat, parameters: ["userId": 2])
    print(route)
    // 1. push Connections by openConnections
    // 2. push Chat(userId: 2) by openChat
    // stack: Menu > Connections > Chat(userId: 2)
    // snippet.hide
    #expect(
      route.description == """
        1. push Connections by openConnections
        2. push Chat(userId: 2) by openChat
        stack: Menu > Connections > Chat(userId: 2)
        """)
    // snippet.end
  }

  @Test func explainsFailures() throws {
    let table = try makeRouteTable()
    // snippet getting-started-errors
    do {
      _ = try table.route(from: [Entry(.menu)], to: "Login")
    } catch .unreachable(let from, let to) {
      print("no way from \(from) to \(to)")
    } catch {
      print(error)  // unknown screen 'Login'
    }
    // snippet.end
    #expect(throws: RoutingError.unknownScreen("Login")) {
      try table.route(from: [Entry(.menu)], to: "Login")
    }
    #expect(RoutingError.unknownScreen("Login").description == "unknown screen 'Login'")
  }

  @MainActor
  @Test func navigates() async throws {
    // snippet getting-started-navigate
    let navigator = try Navigator(table: try makeRouteTable(), root: .menu)
    try await navigator.go(to: .profile, via: [.connections], parameters: ["userId": 2])
    print(navigator.stack.stackDescription)  // Menu > Connections > Profile(userId: 2)
    // snippet.hide
    #expect(navigator.stack.stackDescription == "Menu > Connections > Profile(userId: 2)")
    // snippet.show

    let profile = navigator.container.items.last?.screen as? ProfileScreen
    profile?.follow()
    print(profile?.userId ?? 0)  // 2

    try await navigator.go(to: .chat, parameters: ["userId": 2])
    await navigator.goBack()  // the back button: Chat leaves
    print(navigator.stack.stackDescription)  // Menu > Connections > Profile(userId: 2)
    // snippet.hide
    #expect(profile?.isFollowing == true)
    #expect(profile?.userId == 2)
    #expect(navigator.stack.stackDescription == "Menu > Connections > Profile(userId: 2)")
    // snippet.show

    let back = try await navigator.go(to: .menu)  // back to the root: one pop
    // snippet.end
    #expect(back.steps.map(\.action) == [.pop])
    #expect(navigator.stack == [Entry(.menu)])
  }

  @MainActor
  @Test func observes() async throws {
    let navigator = try Navigator(table: try makeRouteTable(), root: .menu)
    var seen: [String] = []
    // snippet getting-started-observe
    let token = navigator.addObserver { event in
      print(event)
    }
    // snippet.hide
    navigator.addObserver { seen.append("\($0)") }
    // snippet.show
    try await navigator.go(to: .folder)
    // will navigate to Folder in 1 step
    // will push Folder by openFolder
    // did push Folder by openFolder
    // did navigate to Folder; stack: Menu > Folder
    navigator.removeObserver(token)  // no more events for it
    // snippet.end
    #expect(
      seen == [
        "will navigate to Folder in 1 step", "will push Folder by openFolder",
        "did push Folder by openFolder", "did navigate to Folder; stack: Menu > Folder",
      ])
  }
}

// snippet getting-started-test
@MainActor
@Suite struct NavigationTests {
  @Test func profileOpensFromTheMenuThroughTheFolder() async throws {
    let navigator = try Navigator(table: try makeRouteTable(), root: .menu)
    try await navigator.go(to: .profile, parameters: ["userId": 2])
    #expect(navigator.stack.map(\.screen) == [.menu, .folder, .profile])
    let profile = try #require(navigator.container.items.last?.screen as? ProfileScreen)
    #expect(profile.userId == 2)
  }

  @Test func goingBackUncoversTheFolder() async throws {
    let navigator = try Navigator(table: try makeRouteTable(), root: .menu)
    try await navigator.go(to: .profile, parameters: ["userId": 2])
    let uncovered = await navigator.goBack()
    #expect(uncovered == Entry(.folder))
  }
}
// snippet.end
