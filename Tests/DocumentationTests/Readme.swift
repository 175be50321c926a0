// The code of README.md.

import Routing
import Testing

@MainActor
@Suite struct ReadmeExamples {
  @Test func plansAndNavigates() async throws {
    // snippet readme-table
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Folder")
      Screen("Profile", parameters: [.integer("userId")])
      Command(id: "home", to: "Menu")  // from anywhere
      Command(id: "openFolder", from: ["Menu"], to: "Folder")
      Command(id: "openProfile", from: ["Folder"], to: "Profile")
    }
    let route = try table.route(from: [Entry("Menu")], to: "Profile", parameters: ["userId": 2])
    print(route.stack.stackDescription)  // Menu > Folder > Profile(userId: 2)
    // snippet.end
    #expect(route.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")

    // snippet readme-navigator
    let navigator = try Navigator(table: table, root: "Menu")
    try await navigator.go(to: "Profile", via: ["Folder"], parameters: ["userId": 2])
    // snippet.end
    #expect(navigator.stack == route.stack)
  }
}
