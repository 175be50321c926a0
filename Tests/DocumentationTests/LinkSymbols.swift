// The examples in the doc comments of deep links (Sources/Routing/Links and
// Navigator+Links.swift), which DocC shows on each symbol's page. SnippetTests checks that
// each of those examples shows a region below exactly.

import Routing
import Testing

@Suite struct LinkSymbolExamples {
  /// The table of the examples: Menu, Folder and a Profile that reads its user.
  static func makeLinkTable(profilePath: String, hosts: [String] = []) throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory, linkHosts: hosts) {
      Screen("Menu")
      Screen("Folder", path: "folder")
      Screen("Profile", parameters: [.integer("userId")], path: profilePath)
      Command(to: "Menu")
      Command(from: ["Menu"], to: "Folder")
      Command(from: ["Menu", "Folder"], to: "Profile")
    }
  }

  @Test func resolves() throws {
    let table = try Self.makeLinkTable(profilePath: "profile")
    // snippet symbol-resolve
    // Folder has the path "folder"; Profile declares .integer("userId"), path "profile".
    let request = try table.resolve("folder/profile?userId=2")
    // Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2])
    let route = try table.route(request, from: [Entry("Menu")])
    // Menu > Folder > Profile(userId: 2)
    // snippet.end
    #expect(request == Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2]))
    #expect(route.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")
  }

  @Test func readsAWebLink() throws {
    let table = try Self.makeLinkTable(profilePath: "profile", hosts: ["example.com"])
    // snippet symbol-read
    // Folder has the path "folder"; Profile declares .integer("userId"), path "profile".
    let reading = try table.read("https://example.com/folder/profile?userId=2&utm_source=mail#top")
    // reading.request: Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2])
    // reading.fragment: "top"; reading.ignored: ["utm_source"]
    // snippet.end
    #expect(reading.request == Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2]))
    #expect(reading.fragment == "top")
    #expect(reading.ignored == ["utm_source"])
  }

  @Test func renders() throws {
    let table = try Self.makeLinkTable(profilePath: "profile/:userId")
    // snippet symbol-link
    // Menu has no path; Profile declares .integer("userId"), path "profile/:userId".
    let link = try table.link(for: [Entry("Menu"), Entry("Profile", parameters: ["userId": 2])])
    // "Menu/profile/2"
    let request = try table.resolve(link)
    // Request(to: "Profile", via: ["Menu"], parameters: ["userId": 2])
    // snippet.end
    #expect(link == "Menu/profile/2")
    #expect(request == Request(to: "Profile", via: ["Menu"], parameters: ["userId": 2]))
  }

  @Test func explainsFailures() throws {
    let table = try Self.makeLinkTable(profilePath: "profile/:userId")
    // snippet symbol-link-error
    do {
      let request = try table.resolve("profile/abc")
      // snippet.hide
      Issue.record("the link was read: \(request)")
      // snippet.show
    } catch {
      print(error)  // parameter 'userId': 'abc' is not a valid integer
      if case .invalidParameter(let name, _, _) = error.kind { print(name) }  // userId
      // snippet.hide
      #expect(error.description == "parameter 'userId': 'abc' is not a valid integer")
      #expect(error.kind == .invalidParameter(name: "userId", value: "abc", expected: .integer))
      // snippet.show
    }
    // snippet.end
  }

  @MainActor
  @Test func opens() async throws {
    let table = try Self.makeLinkTable(profilePath: "profile")
    let navigator = try Navigator(table: table, root: "Menu")
    // snippet symbol-navigator-open
    try await navigator.open("myapp://folder/profile?userId=2")
    // Menu > Folder > Profile(userId: 2)
    // snippet.end
    #expect(navigator.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")
  }
}
