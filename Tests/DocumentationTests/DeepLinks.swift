// The code of Docs/DeepLinks.md and the DocC article DeepLinksAndGuards.md.

import Routing
import Testing

@Suite struct DeepLinkExamples {
  @Test func readsAndRendersALink() throws {
    // snippet deep-links-overview
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Folder", path: "folder")
      Screen("Connections")
      Screen("Chat", parameters: [.integer("userId")], path: "chat/:userId")
      Screen("Profile", parameters: [.integer("userId"), .string("tab")], path: "profile")
      Command(to: "Menu")
      Command(from: ["Menu"], to: "Folder")
      Command(from: ["Folder"], to: "Profile")
      Command(from: ["Menu", "Profile"], to: "Connections")
      Command(from: ["Profile", "Connections"], to: "Chat")
    }

    let request = try table.resolve("folder/profile?userId=2")
    // Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2])
    let route = try table.route(request, from: [Entry("Menu")])
    // Menu > Folder > Profile(userId: 2)

    let link = try table.link(for: route.stack)  // "Menu/folder/profile?userId=2"
    // snippet.end
    #expect(request == Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2]))
    #expect(route.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")
    #expect(link == "Menu/folder/profile?userId=2")
  }

  @Test func readsWebLinks() throws {
    // snippet deep-links-web
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.linkHosts = ["example.com"]
    registry.register(Screen("Folder", path: "folder"))
    registry.register(Screen("Chat", parameters: [.integer("userId")], path: "chat/:userId"))
    registry.register(Command(to: "Folder"))
    registry.register(Command(from: ["Folder"], to: "Chat"))
    let table = try registry.compile()

    let reading = try table.read("https://Example.com:443/folder/chat/2?utm_source=mail#top")
    // reading.request: Request(to: "Chat", via: ["Folder"], parameters: ["userId": 2])
    // reading.ignored: ["utm_source"], reading.fragment: "top"
    let strict = Result { () throws(LinkError) in
      try table.resolve("folder/chat/2?utm_source=mail", strict: true)
    }
    // failure: undeclaredParameter("utm_source")
    // snippet.end
    #expect(reading.request == Request(to: "Chat", via: ["Folder"], parameters: ["userId": 2]))
    #expect(reading.ignored == ["utm_source"] && reading.fragment == "top")
    #expect(strict == .failure(LinkError(.undeclaredParameter("utm_source"))))
    #expect(throws: LinkError(.unknownHost("example.org"))) {
      try table.resolve("https://example.org/folder")
    }
    #expect(try table.resolve("myapp://folder/chat/2#top").destination == "Chat")
  }

  @Test func patterns() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      // snippet deep-links-patterns
      Screen("Folder", path: "folder")
      Screen("Profile", parameters: [.integer("userId")], path: "profile")
      Screen("Chat", parameters: [.integer("userId")], path: "chat/:userId")
      // snippet.end
      Command(from: ["Menu"], to: "Folder")
      Command(from: ["Folder"], to: "Profile")
      Command(from: ["Profile"], to: "Chat")
    }
    #expect(try table.resolve("chat/3") == Request(to: "Chat", parameters: ["userId": 3]))
  }

  @MainActor
  @Test func opensALink() async throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Folder", path: "folder")
      Screen("Profile", parameters: [.integer("userId")], path: "profile")
      Command(from: ["Menu"], to: "Folder")
      Command(from: ["Folder"], to: "Profile")
    }
    let navigator = try Navigator(table: table, root: "Menu")
    // snippet deep-links-open
    let request = try table.resolve("myapp://folder/profile?userId=2")
    // to Profile, via Folder, userId 2
    try await navigator.open("folder/profile?userId=2")  // resolve and navigate
    // snippet.end
    #expect(request == Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2]))
    #expect(navigator.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")
  }

  @Test func guards() throws {
    // snippet deep-links-guard
    let sameUser = RouteGuard { context in
      guard let wanted = context.request.parameters["userId"] else { return true }
      guard let top = context.top, top.screen == "Profile" else { return true }
      return top.parameters["userId"] == wanted.converted(to: .integer)
    }
    // snippet.end
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Connections")
      Screen("Profile", parameters: [.integer("userId")])
      Screen("Chat", parameters: [.integer("userId")])
      Command(id: "home", to: "Menu")
      Command(id: "openConnections", from: ["Menu"], to: "Connections")
      Command(id: "openChat", from: ["Connections"], to: "Chat")
      // snippet deep-links-guarded-command
      // From a Profile, Chat opens only for the same user; another user's chat goes
      // through Connections. The guard sees the stack the navigation starts from, so it
      // decides only when that stack's top is a Profile.
      let sameUser = RouteGuard { context in
        guard let wanted = context.request.parameters["userId"] else { return true }
        guard let top = context.top, top.screen == "Profile" else { return true }
        return top.parameters["userId"] == wanted.converted(to: .integer)
      }
      Command(id: "chatWithProfile", from: ["Profile"], to: "Chat", when: sameUser)
      // snippet.end
    }
    let profile = [Entry("Menu"), Entry("Profile", parameters: ["userId": 2])]
    let same = try table.route(from: profile, to: "Chat", parameters: ["userId": 2])
    #expect(same.steps.map(\.commandID) == ["chatWithProfile"])
    let other = try table.route(from: profile, to: "Chat", parameters: ["userId": 3])
    #expect(other.steps.map(\.commandID) == ["home", "openConnections", "openChat"])
    let stack = [Entry("Profile", parameters: ["userId": 2])]
    #expect(sameUser.allows(GuardContext(request: Request(to: "Chat"), stack: stack)))
  }
}
