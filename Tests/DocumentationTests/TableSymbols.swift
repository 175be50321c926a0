// The examples in the doc comments of the model, the table and the planner
// (Sources/Routing/Model, Table and Planning), which DocC shows on each symbol's page.
// SnippetTests checks that each of those examples shows a region below exactly.

import Routing
import Testing

// snippet symbol-screen-name
extension ScreenName {
  static let mailboxes: ScreenName = "Mailboxes"
  static let message: ScreenName = "Message"
}
// snippet.end

// snippet symbol-navigation-command
struct OpenChat: NavigationCommand {
  let origins: [ScreenName] = [.profile, .connections]
  let destination: ScreenName = .chat
  var factory: ScreenFactory? { { ChatScreen($0) } }
}
// snippet.end

@Suite struct ModelSymbolExamples {
  @Test func screenNames() throws {
    let table = try makeMailTable()
    // snippet symbol-screen-name-use
    let route = try table.route(from: [Entry(.mailboxes)], to: .message)
    // snippet.end
    #expect(route.stack.map(\.screen) == [.mailboxes, .folder, .message])
  }

  @Test func entries() {
    // snippet symbol-entry
    let stack = [Entry(.menu), Entry(.profile, parameters: ["userId": 1])]
    // snippet.end
    #expect(stack.stackDescription == "Menu > Profile(userId: 1)")
  }

  @Test func parameters() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen(.menu)
      // snippet symbol-parameter
      Screen(.profile, parameters: [.integer("userId")])
      // snippet.end
      Command(from: [.menu], to: .profile)
    }
    #expect(table.screens.last?.kind(of: "userId") == .integer)
  }
}

@Suite struct TableSymbolExamples {
  @MainActor
  @Test func screen() async throws {
    let table = try RouteTable {
      Screen(.menu, factory: HeadlessScreen.factory)
      // snippet symbol-screen
      Screen(.profile, parameters: [.integer("userId")], path: "profile/:userId") {
        ProfileScreen($0)
      }
      // snippet.end
      Command(from: [.menu], to: .profile)
    }
    #expect(try table.resolve("profile/2") == Request(to: .profile, parameters: ["userId": 2]))
    let navigator = try Navigator(table: table, root: .menu)
    try await navigator.go(to: .profile, parameters: ["userId": 2])
    #expect((navigator.container.items.last?.screen as? ProfileScreen)?.userId == 2)
  }

  @Test func routeGuard() {
    // snippet symbol-route-guard
    // From a Profile, Chat is open only for the same user.
    let sameUser = RouteGuard { context in
      guard let wanted = context.request.parameters["userId"] else { return true }
      guard let top = context.top, top.screen == "Profile" else { return true }
      return top.parameters["userId"] == wanted.converted(to: .integer)
    }
    // snippet.end
    let profile = [Entry(.menu), Entry(.profile, parameters: ["userId": 2])]
    for (userId, allowed) in [("2", true), ("3", false)] {
      let request = Request(to: .chat, parameters: ["userId": .string(userId)])
      #expect(sameUser.allows(GuardContext(request: request, stack: profile)) == allowed)
    }
    let menu = GuardContext(request: Request(to: .chat, parameters: ["userId": 3]), stack: [])
    #expect(sameUser.allows(menu))
  }

  @MainActor
  @Test func customCommand() async throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen(.menu)
      Screen(.connections)
      Screen(.profile, parameters: [.integer("userId")])
      Screen(.chat, parameters: [.integer("userId")])
      Command(from: [.menu], to: .connections)
      OpenChat()
    }
    let navigator = try Navigator(table: table, root: .menu)
    try await navigator.go(to: .chat, parameters: ["userId": 2])
    #expect(navigator.stack.stackDescription == "Menu > Connections > Chat(userId: 2)")
    #expect((navigator.container.items.last?.screen as? ChatScreen)?.userId == 2)
  }

  @Test func commands() throws {
    let sameUser = RouteGuard { context in
      context.top?.parameters["userId"] == context.request.parameters["userId"]
    }
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen(.menu)
      Screen(.profile, parameters: [.integer("userId")])
      Screen(.chat, parameters: [.integer("userId")])
      // snippet symbol-command
      Command(to: .menu)  // from anywhere
      Command(id: "openProfile", from: [.menu, .chat], to: .profile)
      Command(from: [.profile], to: .chat, when: sameUser)  // guarded
      // snippet.end
    }
    let chat = [Entry(.menu), Entry(.chat, parameters: ["userId": 2])]
    #expect(try table.route(from: chat, to: .menu).steps.count == 1)
    #expect(try table.route(from: chat, to: .profile).steps.map(\.commandID) == ["openProfile"])
    let profile = [Entry(.menu), Entry(.profile, parameters: ["userId": 2])]
    #expect(try table.route(from: profile, to: .chat, parameters: ["userId": 2]).steps.count == 1)
    #expect(throws: RoutingError.unreachable(from: .profile, to: .chat)) {
      try table.route(from: profile, to: .chat, parameters: ["userId": 3])
    }
  }

  @MainActor
  @Test func viewModels() async throws {
    let navigator = try Navigator(table: try makeRouteTable(), root: .menu)
    // snippet symbol-view-model
    struct ContactCardModel: ViewModel {
      static let destination: ScreenName = "ContactCard"
      let name: String
    }
    try await navigator.go(to: ContactCardModel(name: "Ada"))
    // snippet.end
    let card = navigator.container.items.last?.screen as? HeadlessScreen
    #expect(card?.entry.screen == .contactCard)
    #expect((card?.viewModel as? ContactCardModel)?.name == "Ada")
  }

  @Test func registry() throws {
    // snippet symbol-route-registry
    var registry = RouteRegistry()
    registry.register(Screen(.menu, factory: HeadlessScreen.factory))
    registry.register(
      Screen(.profile, parameters: [.integer("userId")], factory: HeadlessScreen.factory))
    registry.register(Command(to: .menu))
    registry.register(Command(from: [.menu], to: .profile))
    let table = try registry.compile()
    // snippet.end
    #expect(table.screens.map(\.name) == [.menu, .profile])
    #expect(try table.route(from: [Entry(.menu)], to: .profile).steps.count == 1)
  }

  @Test func builder() throws {
    // snippet symbol-route-table-builder
    let table = try RouteTable {
      Screen(.menu, factory: HeadlessScreen.factory)
      Screen(.profile, parameters: [.integer("userId")], factory: HeadlessScreen.factory)
      Command(to: .menu)
      Command(from: [.menu], to: .profile)
    }
    // snippet.end
    #expect(table.screens.map(\.name) == [.menu, .profile])
    #expect(try table.route(from: [Entry(.menu)], to: .profile).steps.count == 1)
  }

  @Test func tableError() {
    var registry = RouteRegistry()
    registry.register(Screen("Inbox"))
    registry.register(Screen("Message"))
    registry.register(Command(id: "inbox", to: "Inbox"))
    registry.register(Command(id: "openMessage", from: ["Inbox"], to: "Message"))
    // The declaration of the example's message, as if in App/Routes.swift.
    registry.register(
      Command(id: "openInbox", from: ["Inbx"], to: "Inbox", fileID: "App/Routes.swift", line: 14))
    // snippet symbol-table-error
    do {
      let table = try registry.compile()
      // snippet.hide
      Issue.record("the table compiled: \(table.screens.map(\.name))")
      // snippet.show
    } catch {
      print(error)
      // App/Routes.swift:14: commands[2] (openInbox).from[0]: screen 'Inbx' is not declared; did you mean 'Inbox'?
      // snippet.hide
      #expect(
        error.description
          == "App/Routes.swift:14: commands[2] (openInbox).from[0]: screen 'Inbx' is not declared; did you mean 'Inbox'?"
      )
      // snippet.show
    }
    // snippet.end
  }

  @Test func routeTable() throws {
    let table = try makeRouteTable()
    // snippet symbol-route-table
    let route = try table.route(from: [Entry(.menu)], to: .profile, parameters: ["userId": 2])
    print(route.stack.stackDescription)  // Menu > Folder > Profile(userId: 2)
    // snippet.end
    #expect(route.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")
  }

  @Test func typedParameters() throws {
    let table = try makeRouteTable()
    // snippet symbol-route-table-parameters
    let values = try table.parameters(["userId": "2"], for: .profile)  // ["userId": 2]
    // snippet.end
    #expect(values == ["userId": 2])
  }
}

@Suite struct PlanningSymbolExamples {
  @Test func route() throws {
    let table = try makeRouteTable()
    // snippet symbol-route
    let route = try table.route(
      from: [Entry(.menu)], to: .profile, via: [.folder], parameters: ["userId": 2])
    for step in route.steps { print(step) }
    // snippet.end
    #expect(route.steps.map(\.commandID) == ["openFolder", "openProfile"])
  }

  @Test func routingError() throws {
    // Chat cannot be reached from the menu: nothing leads to it.
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen(.menu)
      Screen(.chat)
      Command(from: [.chat], to: .menu)
    }
    let stack = [Entry(.menu)]
    // snippet symbol-routing-error
    do {
      let route = try table.route(from: stack, to: .chat)
      // snippet.hide
      Issue.record("planned \(route)")
      // snippet.show
    } catch .unreachable(let from, let to) {
      print("no way from \(from) to \(to)")
      // snippet.hide
      #expect(from == .menu && to == .chat)
      // snippet.show
    } catch {
      print(error)
      // snippet.hide
      Issue.record(error)
      // snippet.show
    }
    // snippet.end
  }
}
