// The code of Docs/RouteTables.md, the DocC articles RouteTables.md, HowRoutesArePlanned.md
// and TestingRouteTables.md, and the catalog's landing page.
// It also holds the example of RouteTable(contentsOfFile:), which reads its file from the
// package root without changing the working directory.

import Foundation
import Routing
import Testing

/// The menu of the route-table examples: a screen class with nothing to show.
@MainActor
final class MenuScreen: ScreenController {
  init(_ context: ScreenContext) {}
}

@Suite struct RouteTableExamples {
  @Test func builder() throws {
    // snippet route-tables-builder
    let table = try RouteTable {
      Screen("Menu", factory: { MenuScreen($0) })
      Screen("Profile", parameters: [.integer("userId")], path: "profile") { ProfileScreen($0) }
      Command(id: "home", to: "Menu")
      Command(id: "openProfile", from: ["Menu"], to: "Profile")
    }
    // snippet.end
    #expect(table.screens.map(\.name) == ["Menu", "Profile"])
  }

  @Test func registry() throws {
    // snippet route-tables-registry
    var registry = RouteRegistry()
    registry.register(Screen("Menu", factory: { MenuScreen($0) }))
    registry.register(Command(id: "home", to: "Menu"))
    let table = try registry.compile()
    // snippet.end
    #expect(table.screens.map(\.name) == ["Menu"])
  }

  @Test func file() throws {
    // The documents name the file from the package root, as a user's working directory
    // would be. Changing this process's working directory would change it under every
    // test running at the same time, so the snippets read through this stand-in, which
    // resolves the path against the package root.
    struct RouteTable {
      let table: Routing.RouteTable
      var screens: [Screen] { table.screens }

      init(contentsOfFile path: String) throws {
        table = try Routing.RouteTable(
          contentsOfFile: SnippetTests.packageRoot.appendingPathComponent(path).path)
      }

      func route(from stack: [Entry], to destination: ScreenName, parameters: Parameters) throws
        -> Route
      {
        try table.route(from: stack, to: destination, parameters: parameters)
      }
    }
    // snippet route-tables-file
    do {
      let table = try RouteTable(contentsOfFile: "Docs/Examples/SampleApp.json")
      let route = try table.route(from: [Entry("Menu")], to: "Chat", parameters: ["userId": "2"])
      print(route)
    } catch {
      print(error)  // for example: commands[2].from[1]: screen 'Details' is not declared
    }
    // snippet.end
    // snippet symbol-route-table-contents-of-file
    let table = try RouteTable(contentsOfFile: "Docs/Examples/SampleApp.json")
    // snippet.end
    #expect(table.screens.count == 6)
  }

  @Test func landingPage() throws {
    // snippet landing-page
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Folder", path: "folder")
      Screen("Profile", parameters: [.integer("userId")], path: "profile")
      Command(to: "Menu")
      Command(from: ["Menu"], to: "Folder")
      Command(from: ["Folder"], to: "Profile")
    }
    let route = try table.route(from: [Entry("Menu")], to: "Profile", parameters: ["userId": 2])
    // Menu > Folder > Profile(userId: 2)
    // snippet.end
    #expect(route.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")
  }

  @Test func ties() throws {
    // snippet planning-ties
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Command(from: ["A"], to: "C")  // 0
      Command(from: ["A"], to: "B")  // 1
      Command(from: ["B"], to: "D")  // 2
      Command(from: ["C"], to: "D")  // 3
    }
    let route = try table.route(from: [Entry("A")], to: "D")
    // route.steps.map(\.command) == [0, 3]: [0, 3] comes before [1, 2]
    // snippet.end
    #expect(route.steps.map(\.command) == [0, 3])
  }
}

/// The test shown by the testing article, on the table of the Getting Started guide.
@Suite struct TestingArticleExample {
  // snippet testing-route-tables
  @Test func profileIsTwoStepsFromTheMenu() throws {
    let table = try makeRouteTable()
    let route = try table.route(from: [Entry(.menu)], to: .profile, parameters: ["userId": 2])
    #expect(route.stack.map(\.screen) == [.menu, .folder, .profile])
  }
  // snippet.end
}

/// The app's table of the CI examples: a guarded command and a factory, which a file
/// cannot hold.
enum AppRoutes {
  static let signedIn = RouteGuard("signedIn") { context in
    context.stack.first?.screen == "Home"
  }

  static func table() throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home")
      Screen("Account", parameters: [.integer("userId", required: true)])
      Command(id: "openAccount", from: ["Home"], to: "Account", when: signedIn)
      Command(id: "home", to: "Home")
    }
  }
}

@Suite struct ExportExamples {
  @Test func writesTheTableForTheTool() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("routing-export-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("Routes.json").path
    // snippet export-table-file
    // Writes the app's route table for the `routing` tool; call it from a test.
    func exportRoutes(to path: String) throws {
      let table = try AppRoutes.table()
      try table.exportedJSON().write(toFile: path, atomically: true, encoding: .utf8)
    }
    // snippet.end
    try exportRoutes(to: path)
    let loaded = try RouteTable(contentsOfFile: path)
    #expect(loaded.commands.map { $0.condition?.name } == ["signedIn", nil])
    #expect(loaded.exportedJSON() == (try AppRoutes.table().exportedJSON()))
    // snippet load-table-with-guards
    // The file's "guard": "signedIn" runs the app's guard again.
    let table = try RouteTable(contentsOfFile: path, guards: ["signedIn": AppRoutes.signedIn])
    let route = try table.route(
      from: [Entry("Home")], to: "Account", parameters: ["userId": 2])
    // snippet.end
    #expect(route.steps.count == 1)
    #expect(throws: RoutingError.unreachable(from: "Home", to: "Account")) {
      try loaded.route(from: [Entry("Home")], to: "Account", parameters: ["userId": 2])
    }
  }
}
