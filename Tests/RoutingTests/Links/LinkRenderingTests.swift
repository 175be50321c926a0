import Routing
import Testing

/// Stacks rendered as links, and read back.
@Suite struct LinkRenderingTests {
  static func roundTrip(_ stack: [Entry], in table: RouteTable) throws -> String {
    let link = try table.link(for: stack)
    let request = try table.resolve(link)
    #expect(request.destination == stack[stack.count - 1].screen, "\(link)")
    #expect(request.breadcrumbs == stack.dropLast().map(\.screen), "\(link)")
    // The cases hold declared parameters only, and one value per key.
    var held: Parameters = [:]
    for entry in stack { held.merge(entry.parameters) { first, _ in first } }
    #expect(request.parameters == held, "\(link)")
    return link
  }

  @Test func theSeedStackRoundTripsAndPlansBackToItself() throws {
    let table = try LinkTables.sample()
    let stack = [Entry("Menu"), Entry("Folder"), Entry("Profile", parameters: ["userId": 2])]
    #expect(try Self.roundTrip(stack, in: table) == "Menu/folder/profile?userId=2")
    // The bottom of the stack is the first milestone: from anywhere, the link leads to
    // exactly this stack.
    let request = try table.resolve(table.link(for: stack))
    #expect(try table.route(request, from: [Entry("Menu")]).stack == stack)
    #expect(
      try table.route(request, from: [Entry("Menu"), Entry("Connections")]).stack == stack)
  }

  @Test(
    arguments: [
      ([Entry("Menu")], "Menu"),
      ([Entry("Chat", parameters: ["userId": 5])], "chat/5"),
      (
        [Entry("Menu"), Entry("Connections"), Entry("Chat", parameters: ["userId": -5])],
        "Menu/Connections/chat/-5"
      ),
      // Captures and query keys that need encoding; keys sorted.
      (
        [Entry("Search", parameters: ["term": "café/au lait", "q": "a&b=c+d"])],
        "search/caf%C3%A9%2Fau%20lait?q=a%26b%3Dc%2Bd"
      ),
      ([Entry("Contact Card", parameters: ["compact": false])], "Contact%20Card?compact=false"),
      (
        [Entry("Profile", parameters: ["userId": 1, "tab": "posts"])],
        "profile?tab=posts&userId=1"
      ),
      // A capture and a query item for one key: the capture gives it, once.
      (
        [Entry("Chat", parameters: ["userId": 3]), Entry("Profile", parameters: ["userId": 3])],
        "chat/3/profile"
      ),
    ] as [([Entry], String)])
  func stacksRoundTrip(stack: [Entry], link: String) throws {
    let table = try LinkTables.sample()
    #expect(try Self.roundTrip(stack, in: table) == link)
  }

  @Test func undeclaredParametersAreNotRendered() throws {
    let table = try LinkTables.sample()
    let stack = [
      Entry("Menu", parameters: ["secret": "x"]), Entry("Chat", parameters: ["userId": 1]),
    ]
    #expect(try table.link(for: stack) == "Menu/chat/1")
  }

  @Test func valuesAreComparedAsTheirScreensHoldThem() throws {
    let table = try LinkTables.sample()
    // Text that spells the declared integer renders and reads back as that integer.
    let link = try table.link(for: [Entry("Chat", parameters: ["userId": "7"])])
    #expect(link == "chat/7")
    #expect(try table.resolve(link).parameters == ["userId": 7])
  }

  @Test(
    arguments: [
      ([], .emptyStack, "empty"),
      ([Entry("Menu"), Entry("Nowhere")], .unknownScreen("Nowhere", entry: 1), "entry 1"),
      ([Entry("Menu"), Entry("Chat")], .missingValue(key: "userId", entry: 1), "':userId'"),
      (
        [Entry("Search", parameters: ["term": ""])], .missingValue(key: "term", entry: 0),
        "entry 0"
      ),
      (
        [Entry("Chat", parameters: ["userId": "abc"])],
        .invalidParameter(name: "userId", value: "abc", expected: .integer), "'abc'"
      ),
      (
        [Entry("Chat", parameters: ["userId": 1]), Entry("Profile", parameters: ["userId": 2])],
        .conflictingValues(key: "userId", first: "1", second: "2"), "'1' and '2'"
      ),
      (
        Array(repeating: Entry("Menu"), count: 65), .tooManySegments(count: 65), "65 segments"
      ),
      (
        [Entry("Search", parameters: ["term": .string(String(repeating: "/", count: 1_400))])],
        .tooLong(bytes: 4_207), "4207 bytes"
      ),
    ] as [([Entry], LinkError.Kind, String)])
  func stacksWithoutALink(stack: [Entry], kind: LinkError.Kind, message: String) throws {
    let table = try LinkTables.sample()
    let error = #expect(throws: LinkError.self) { try table.link(for: stack) }
    #expect(error?.kind == kind)
    #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
  }

  @Test(
    arguments: [
      // Page(slug: settings) renders profile/settings, which is Settings' own link.
      ([Entry("ProfileList"), Entry("Page", parameters: ["slug": "settings"])], ["Settings"]),
      // M then NO renders m/n/o, which reads as MN then O (the longer first screen).
      ([Entry("M"), Entry("NO")], ["MN", "O"]),
      // The same with a query key that only M declares: still a misreading, not an
      // undeclared parameter of the screens misread.
      ([Entry("M", parameters: ["k": "v"]), Entry("NO")], ["MN", "O"]),
      // XP(p: y) renders x/y, which X then Y reads with a literal where XP captures.
      ([Entry("XP", parameters: ["p": "y"])], ["X", "Y"]),
    ] as [([Entry], [ScreenName])])
  func stacksWhoseLinkReadsAsOtherScreens(stack: [Entry], reading: [ScreenName]) throws {
    let table = try LinkTables.competing()
    let error = #expect(throws: LinkError.self) { try table.link(for: stack) }
    guard case .misread(let link, let read) = error?.kind else {
      Issue.record("expected misread, got \(String(describing: error))")
      return
    }
    #expect(read == reading)
    // The path alone reads as those screens (with the query, M's key would be
    // undeclared for them).
    let request = try table.resolve(String(link.prefix { $0 != "?" }))
    #expect(request.breadcrumbs + [request.destination] == reading)
  }

  @Test func aMistypedScreenOrTabToRenderNamesTheNearestOne() throws {
    let table = try LinkTables.sample()
    let error = #expect(throws: LinkError.self) {
      try table.link(for: [Entry("Menu"), Entry("Chatt", parameters: ["userId": 1])])
    }
    #expect(error?.kind == .unknownScreen("Chatt", entry: 1, suggestion: "Chat"))
    #expect(error?.suggestion == "Chat")
    #expect(
      error?.description == "entry 1: screen 'Chatt' is not in the table; did you mean 'Chat'?")
    let unrelated = #expect(throws: LinkError.self) { try table.link(for: [Entry("Zzzzzzzz")]) }
    #expect(unrelated?.suggestion == nil)
    #expect(unrelated?.description == "entry 0: screen 'Zzzzzzzz' is not in the table")
  }

  @Test func aMistypedTabToRenderNamesTheNearestOne() throws {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Tab("Home", root: "Feed", path: "home"))
    registry.register(Tab("Search", root: "Query", path: "search"))
    let table = try registry.compile()
    let error = #expect(throws: LinkError.self) {
      try table.link(for: TabState(selected: "Serch"))
    }
    #expect(error?.kind == .unknownTab("Serch", suggestion: "Search"))
    #expect(
      error?.description
        == "unknown tab 'Serch': no link leads to its stack; did you mean 'Search'?")
  }
}
