import Routing
import RoutingStorage
import Testing

extension ScreenName {
  fileprivate static let menu: ScreenName = "Menu"
  fileprivate static let folder: ScreenName = "Folder"
  fileprivate static let connections: ScreenName = "Connections"
  fileprivate static let chat: ScreenName = "Chat"
  fileprivate static let profile: ScreenName = "Profile"
}

/// The seed sample's rule rebuilt with guards: from a Profile, Chat opens only for the
/// same user; another user's chat goes through Connections.
@Suite struct GuardTests {
  /// Says no when the request names no user, or when the navigation starts on a Profile
  /// of another user than the request's. The request may carry the user as text (a file,
  /// a link) or as a number.
  static let sameUser = RouteGuard { context in
    guard let wanted = context.request.parameters["userId"] else { return false }
    guard let top = context.top, top.screen == .profile else { return true }
    return top.parameters["userId"] == wanted.converted(to: .integer)
  }

  /// Says no when the request names no user: a chat is always with someone.
  static let namesUser = RouteGuard { context in
    context.request.parameters["userId"] != nil
  }

  static func sampleTable() throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen(.menu)
      Screen(.folder)
      Screen(.connections)
      Screen(.chat, parameters: [.integer("userId")])
      Screen(.profile, parameters: [.integer("userId")])
      Command(to: .menu)  // 0
      Command(from: [.menu], to: .folder)  // 1
      Command(from: [.folder], to: .profile)  // 2
      Command(from: [.menu, .profile], to: .connections)  // 3
      Command(id: "chatFromProfile", from: [.profile], to: .chat, when: sameUser)  // 4
      Command(from: [.connections], to: .chat, when: namesUser)  // 5
    }
  }

  static let profileOfOne = [
    Entry(.menu), Entry(.folder), Entry(.profile, parameters: ["userId": 1]),
  ]

  @Test(arguments: [ParameterValue.integer(1), .string("1")])
  func sameUserChatsFromTheProfile(user: ParameterValue) throws {
    let table = try Self.sampleTable()
    let route = try table.route(from: Self.profileOfOne, to: .chat, parameters: ["userId": user])
    #expect(route.steps.map(\.command) == [4])
    #expect(
      route.stack.stackDescription == "Menu > Folder > Profile(userId: 1) > Chat(userId: 1)")
  }

  @Test(arguments: [ParameterValue.integer(2), .string("2")])
  func anotherUsersChatGoesThroughConnections(user: ParameterValue) throws {
    let table = try Self.sampleTable()
    let route = try table.route(from: Self.profileOfOne, to: .chat, parameters: ["userId": user])
    #expect(route.steps.map(\.command) == [3, 5])
    #expect(
      route.stack.stackDescription
        == "Menu > Folder > Profile(userId: 1) > Connections > Chat(userId: 2)")
  }

  @Test func withoutTheGuardTheProfileOpensAnyChat() throws {
    // The same table with guards that always agree: the direct command wins, which is
    // what makes the guarded case above meaningful.
    let always = RouteGuard { _ in true }
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen(.menu)
      Screen(.folder)
      Screen(.connections)
      Screen(.chat, parameters: [.integer("userId")])
      Screen(.profile, parameters: [.integer("userId")])
      Command(to: .menu)
      Command(from: [.menu], to: .folder)
      Command(from: [.folder], to: .profile)
      Command(from: [.menu, .profile], to: .connections)
      Command(from: [.profile], to: .chat, when: always)
      Command(from: [.connections], to: .chat, when: always)
    }
    let route = try table.route(from: Self.profileOfOne, to: .chat, parameters: ["userId": 2])
    #expect(route.steps.map(\.command) == [4])
  }

  @Test func aGuardThatSaysNoMakesTheDestinationUnreachable() throws {
    let table = try Self.sampleTable()
    let stack = [Entry(.menu)]
    #expect(throws: RoutingError.unreachable(from: .menu, to: .chat)) {
      try unrefused { () throws(RoutingError) in try table.route(from: stack, to: .chat) }
    }
    // With a user named, the same request has a route: the guard made the difference.
    let route = try table.route(from: stack, to: .chat, parameters: ["userId": 3])
    #expect(route.stack.stackDescription == "Menu > Connections > Chat(userId: 3)")
  }

  @Test func anUnreachableLegIsReportedWhereItFails() throws {
    let table = try Self.sampleTable()
    // The first leg (to Folder) succeeds; the second fails from Folder.
    #expect(throws: RoutingError.unreachable(from: .folder, to: .chat)) {
      try unrefused { () throws(RoutingError) in
        try table.route(from: [Entry(.menu)], to: .chat, via: [.folder])
      }
    }
  }

  @Test func guardsRunOncePerRequestWithTheRequestAndStartingStack() throws {
    let seen = Locked<[GuardContext]>([])
    let recording = RouteGuard { context in
      seen.withLock { $0.append(context) }
      return true
    }
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen(.menu)
      Screen(.folder)
      Screen(.profile, parameters: [.integer("userId")])
      Command(from: [.menu], to: .folder, when: recording)
      Command(from: [.folder], to: .profile)
    }
    let stack = [Entry(.menu)]
    // Two legs, several searches: the guard still runs once.
    _ = try table.route(from: stack, to: .profile, via: [.folder], parameters: ["userId": 7])
    let contexts = seen.withLock { $0 }
    #expect(contexts.count == 1)
    #expect(contexts.first?.stack == stack)
    #expect(
      contexts.first?.request == Request(to: .profile, via: [.folder], parameters: ["userId": 7]))
  }

  @Test func aLinkIsPlannedUnderTheSameGuards() throws {
    let table = try Self.sampleTable()
    // Chat has no path, so the link reads its name; the query's user arrives typed.
    let request = try table.resolve("Chat?userId=2")
    #expect(request == Request(to: .chat, parameters: ["userId": 2]))
    let route = try table.route(request, from: Self.profileOfOne)
    #expect(route.steps.map(\.command) == [3, 5])
  }
}
