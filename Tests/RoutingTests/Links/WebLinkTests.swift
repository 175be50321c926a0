import Routing
import RoutingTool
import SampleApp
import Testing

/// Links as the web writes them: fragments, web hosts, and query items no screen
/// declares, through the Swift API, the file format, the tool and the interactive mode.
@Suite struct WebLinkTests {
  static func table(hosts: [String] = ["example.com", "WWW.Example.com"]) throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory, linkHosts: hosts) {
      Screen("Folder", path: "folder")
      Screen("Profile", parameters: [.integer("userId")], path: "profile/:userId")
      Screen("Search", parameters: [.string("term")], path: "search/:term")
      Command(to: "Folder")
      Command(to: "Profile")
      Command(to: "Search")
    }
  }

  @Test func aFragmentIsExposedAndOtherwiseIgnored() throws {
    let table = try Self.table()
    let reading = try table.read("profile/2#top")
    #expect(reading.request == Request(to: "Profile", parameters: ["userId": 2]))
    #expect(reading.fragment == "top")
    #expect(try table.read("profile/2?x=1#a/b?c#d").fragment == "a/b?c#d")
    #expect(try table.read("profile/2#").fragment == "")
    #expect(try table.read("profile/2").fragment == nil)
    // A literal `#` is `%23`.
    #expect(try table.resolve("search/a%23b").parameters == ["term": "a#b"])
    #expect(throws: LinkError(.emptyPath)) { try table.resolve("#profile/2") }
  }

  @Test(arguments: [
    "https://example.com/profile/2",
    "HTTPS://EXAMPLE.COM/profile/2",
    "http://example.com:8080/profile/2",
    "https://user:secret@Example.com:443/profile/2",
    "https://www.example.com/profile/2/",
    "https://example.com/profile/2#top",
  ])
  func aWebLinkNamesADeclaredHost(link: String) throws {
    let table = try Self.table()
    #expect(try table.resolve(link) == Request(to: "Profile", parameters: ["userId": 2]))
  }

  @Test(arguments: [
    ("https://other.org/profile/2", "other.org"),
    ("https://example.com.evil.org/profile/2", "example.com.evil.org"),
    ("http://example.com@evil.org/profile/2", "evil.org"),
    ("https://example.com:x/profile/2", "example.com:x"),
    ("https://?userId=2", ""),
  ])
  func anotherHostIsRefused(link: String, host: String) throws {
    let table = try Self.table()
    #expect(throws: LinkError(.unknownHost(host))) { try table.resolve(link) }
  }

  @Test func otherSchemesReadTheirHostAsTheFirstSegment() throws {
    let table = try Self.table()
    #expect(try table.resolve("myapp://profile/2").destination == "Profile")
    // The host is the first segment, and no pattern reads `example.com`.
    #expect(throws: LinkError(.unknownSegment(index: 0, segment: "example.com"))) {
      try table.resolve("myapp://example.com/profile/2")
    }
  }

  @Test func aTableWithoutHostsRefusesEveryWebLink() throws {
    let table = try Self.table(hosts: [])
    #expect(table.linkHosts.isEmpty)
    #expect(throws: LinkError(.unknownHost("example.com"))) {
      try table.resolve("https://example.com/profile/2")
    }
  }

  @Test func theRegistryAndTheFileDeclareHosts() throws {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.linkHosts = ["Example.com"]
    registry.register(Screen("Folder", path: "folder"))
    registry.register(Command(to: "Folder"))
    let compiled = try registry.compile()
    #expect(compiled.linkHosts == ["example.com"])
    #expect(try compiled.resolve("https://example.com/folder").destination == "Folder")
    let file = try RouteTable(
      json:
        #"{"screens": [{"name": "Folder", "path": "folder"}], "commands": [{"to": "Folder"}], "links": {"hosts": ["example.com"]}}"#
    )
    #expect(try file.resolve("https://EXAMPLE.com/folder").destination == "Folder")
  }

  @Test(arguments: [
    (#""links": {"hosts": ["a/b"]}"#, "links.hosts[0]", TableError.Kind.invalidName),
    (#""links": {"hosts": [""]}"#, "links.hosts[0]", .invalidName),
    (#""links": {"hosts": "a"}"#, "links.hosts", .wrongType),
    (#""links": {"hosts": [1]}"#, "links.hosts[0]", .wrongType),
    (#""links": {"host": ["a"]}"#, "links.host", .unknownKey),
    (#""links": []"#, "links", .wrongType),
  ])
  func badHostDeclarationsAreTableErrors(member: String, location: String, kind: TableError.Kind) {
    let json = #"{"screens": [{"name": "A"}], "commands": [{"to": "A"}], "# + member + "}"
    let error = #expect(throws: TableError.self) { try RouteTable(json: json) }
    #expect(error?.kind == kind)
    #expect(error?.location == location)
  }

  @Test func aQueryItemNoScreenDeclaresIsIgnoredOrRefused() throws {
    let table = try Self.table()
    let link = "folder/profile/2?userId=2&utm_source=mail&utm_campaign=x"
    let reading = try table.read(link)
    #expect(reading.request == Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2]))
    #expect(reading.ignored == ["utm_source", "utm_campaign"])
    #expect(throws: LinkError(.undeclaredParameter("utm_source"))) {
      try table.resolve(link, strict: true)
    }
    // Ignored items are not checked further, but still taken apart.
    #expect(try table.read("folder?userId=abc").ignored == ["userId"])
    #expect(throws: LinkError(.repeatedQueryKey("a"))) { try table.resolve("folder?a=1&a=1") }
    let encoding = #expect(throws: LinkError.self) { try table.resolve("folder?a=%zz") }
    #expect(encoding?.kind.name == "badEncoding")
  }

  @Test func theIssuesLinksNowRead() throws {
    let table = try SampleApp.makeTable()
    #expect(
      try table.resolve("folder/profile?userId=2&utm_source=mail")
        == Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2]))
    #expect(
      try table.resolve("https://example.com/folder/profile?userId=2")
        == Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2]))
    #expect(try table.resolve("chat/2#top").parameters == ["userId": 2])
  }

  @MainActor
  @Test func theNavigatorOpensAWebLink() async throws {
    let table = try Self.table()
    let root = StackItem(entry: Entry("Folder"), screen: table.makeScreen(for: Entry("Folder"))!)
    let navigator = Navigator(table: table, container: StackContainer(root: root))
    try await navigator.open("https://example.com/profile/2?utm_source=mail#top")
    #expect(navigator.stack.last == Entry("Profile", parameters: ["userId": 2]))
    await #expect(throws: LinkNavigationError.link(LinkError(.undeclaredParameter("utm_source")))) {
      try await navigator.open("https://example.com/profile/3?utm_source=mail", strict: true)
    }
  }

  @Test func theToolListsIgnoredItemsAndTheFragment() throws {
    let link = "https://example.com/folder/profile?userId=2&utm_source=mail#top"
    let text = Tool.run(["link", "SampleApp.json", "--from", "Menu", link])
    #expect(text.exitCode == 0)
    #expect(
      Array(Tool.lines(text.output).prefix(3)) == [
        "link: to Profile via Folder with userId: 2", "ignored: utm_source", "fragment: top",
      ])
    let json = Tool.run(["link", "SampleApp.json", "--from", "Menu", link, "--json"])
    let object = try #require(Tool.object(json.output)?["link"] as? [String: Any])
    #expect(object["ignored"] as? [String] == ["utm_source"])
    #expect(object["fragment"] as? String == "top")
    let strict = Tool.run([
      "link", "SampleApp.json", "--from", "Menu", link, "--strict-links", "--json",
    ])
    #expect(strict.exitCode == 2)
    let error = try #require(Tool.object(strict.output)?["error"] as? [String: Any])
    #expect(error["reason"] as? String == "undeclaredParameter")
    let plain = Tool.run([
      "link", "SampleApp.json", "--from", "Menu", "folder/profile?userId=2", "--json",
    ])
    let read = try #require(Tool.object(plain.output)?["link"] as? [String: Any])
    #expect(read["ignored"] as? [String] == [])
    #expect(read["fragment"] == nil)
  }

  @Test func expectationFilesReadWebLinks() {
    let cases = #"""
      {"cases": [
        {"name": "web", "stack": ["Menu"], "link": "https://example.com/chat/3?utm_source=x#top",
         "expect": {"stack": ["Menu", "Connections", {"screen": "Chat", "parameters": {"userId": "3"}}]}},
        {"name": "elsewhere", "stack": ["Menu"], "link": "https://other.org/chat/3",
         "expect": {"error": "invalidLink"}}
      ]}
      """#
    let result = Tool.run(["test", "SampleApp.json", "cases.json"], files: ["cases.json": cases])
    #expect(result.exitCode == 0)
    #expect(Tool.lines(result.output) == ["PASS web", "PASS elsewhere", "2 passed, 0 failed"])
  }

  @MainActor
  @Test func theInteractiveModeListsIgnoredItems() async throws {
    let session = try InteractiveSession()
    #expect(
      await session.respond(
        to: "link https://example.com/folder/profile?userId=2&utm_source=mail#top")
        == [
          "ignored: utm_source (no screen of the link declares it)",
          "1. push Folder by openFolder", "2. push Profile(userId: 2) by openProfile",
          "stack: Menu > Folder > Profile(userId: 2)",
        ])
    #expect(
      await session.respond(to: "link https://other.org/folder") == [
        "error: invalid link: the host 'other.org' is not one of the table's link hosts",
        "stack: Menu > Folder > Profile(userId: 2)",
      ])
  }
}
