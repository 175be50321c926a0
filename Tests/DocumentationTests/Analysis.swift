// The code of the DocC article TestingRouteTables.md ("Check a table in a Swift test",
// "Explain a missing route", "Reach", "Cover"), which the doc comments of Diagnostic,
// Reach, Cover, RouteTable.cover(from:), RouteTable.restoredEntries(from:),
// RouteTable.diagnostics(roots:) and RouteTable.explanation(from:to:via:parameters:) show
// too.

import Routing
import Testing

@Suite struct AnalysisExamples {
  let table: RouteTable

  init() throws {
    table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Folder")
      Screen("Profile", parameters: [.integer("userId")])
      Command(to: "Menu")
      Command(from: ["Menu"], to: "Folder")
      Command(from: ["Folder"], to: "Profile")
    }
  }

  @Test func reach() throws {
    // snippet reach-depth
    let reach = try table.reach(from: "Menu")
    print(reach.depth(of: "Profile") ?? -1)  // 2
    print(reach.unreached.isEmpty)  // true
    // snippet.end
    #expect(reach.depth(of: "Profile") == 2)
    #expect(reach.unreached.isEmpty)
    var lines: [String] = []
    // snippet reach-depths
    for depth in try table.reach(from: "Menu").depths {
      print(depth.depth, depth.screen)  // 0 Menu, 1 Folder, 2 Profile
    }
    // snippet.end
    for depth in reach.depths { lines.append("\(depth.depth) \(depth.screen)") }
    #expect(lines == ["0 Menu", "1 Folder", "2 Profile"])
  }

  @Test func cover() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Folder")
      Screen("Profile", parameters: [.integer("userId")])
      Command(id: "home", to: "Menu")
      Command(id: "openFolder", from: ["Menu"], to: "Folder")
      Command(id: "openProfile", from: ["Folder"], to: "Profile")
    }
    var names: [String] = []
    var reasons: [String] = []
    // snippet cover-cases
    let cover = try table.cover()
    for testCase in cover.cases {
      print(testCase.name)  // to Profile: openFolder, openProfile
    }
    for uncovered in cover.uncovered {
      print(uncovered.commandID ?? "", uncovered.reason)  // home it leads to the root Menu, …
    }
    // snippet.end
    for testCase in cover.cases { names.append(testCase.name) }
    for uncovered in cover.uncovered { reasons.append(uncovered.reason) }
    #expect(names == ["to Profile: openFolder, openProfile"])
    #expect(cover.uncovered.map(\.commandID) == ["home"])
    #expect(reasons.first?.hasPrefix("it leads to the root Menu, ") == true)
    // snippet cover-from
    let fromMenu = try table.cover(from: "Menu")
    #expect(fromMenu.cases.count == 1)
    // snippet.end
  }

  @Test func coverDetours() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Inbox")
      Screen("Settings")
      Screen("Account")
      Screen("Login")
      Command(id: "settings", to: "Settings")
      Command(
        id: "account", from: ["Settings"], to: "Account",
        when: RouteGuard("signedIn", remedy: "Login") { _ in false })
      Command(id: "signIn", to: "Login")
    }
    var lines: [String] = []
    // snippet cover-detours
    let cover = try table.cover()
    for testCase in cover.cases where !testCase.guards.isEmpty {
      print(testCase.name, testCase.guards)
      // to Account with signedIn: account ["signedIn": true]
      // to Account without signedIn: detour to Login ["signedIn": false]
    }
    print(cover.cases.last?.detour?.remedy ?? "none")  // Login
    // snippet.end
    for testCase in cover.cases where !testCase.guards.isEmpty {
      lines.append("\(testCase.name) \(testCase.guards)")
    }
    #expect(
      lines == [
        #"to Account with signedIn: account ["signedIn": true]"#,
        #"to Account without signedIn: detour to Login ["signedIn": false]"#,
      ])
    #expect(cover.cases.last?.detour?.remedy == "Login")
  }

  @Test func restoredEntries() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu", restorationIdentifier: "menu")
      Command(to: "Menu")
    }
    // snippet restored-entries
    let saved = NavigationSnapshot(entries: [SavedEntry(identifier: "menu")])
    print(try table.restoredEntries(from: saved).stackDescription)  // Menu
    // snippet.end
    #expect(try table.restoredEntries(from: saved) == [Entry("Menu")])
  }

  // snippet testing-diagnostics
  @Test func theTableHasNoProblems() {
    let problems = table.diagnostics(roots: ["Menu"])
    #expect(problems.isEmpty, "\(problems)")
  }
  // snippet.end

  @Test func matchingKinds() throws {
    // snippet testing-diagnostic-kinds
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home")
      Screen("List")
      Screen("Archive")
      Command(id: "openList", from: ["Home"], to: "List")
      Command(id: "showList", from: ["Home"], to: "List")
      Command(id: "openArchive", from: ["Archive"], to: "Archive")
    }
    let problems = table.diagnostics(roots: ["Home"])
    #expect(
      problems.map(\.kind) == [
        .unreachableScreen, .repeatedCommand(of: 0), .selfCommandOnlyPops,
      ])
    // snippet.end
    #expect(problems.map(\.location) == ["screens[2]", "commands[1]", "commands[2]"])
    #expect(problems.map(\.severity) == [.error, .warning, .warning])
    #expect(problems[1].commandID == "showList")
  }

  @Test func printing() throws {
    let table = try RouteTable(
      json: #"{"commands": [{"from": ["A"], "to": "B"}, {"from": ["A"], "to": "B"}]}"#)
    let problems = table.diagnostics()
    #expect(
      problems.map(\.description) == [
        "warning: commands[1]: repeats commands[0]: it is never chosen"
      ])
  }

  @Test func explainingAMissingRoute() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home")
      Screen("List")
      Screen("Archive")
      Command(id: "openList", from: ["Home"], to: "List")
      Command(id: "openArchive", from: ["Archive"], to: "Archive")
    }
    // snippet testing-explanation
    let explanation = try table.explanation(from: [Entry("Home")], to: "Archive")
    #expect(explanation?.reachable.map(\.screen) == ["List"])
    #expect(explanation?.commands.map(\.reason) == [.originsNotReached(onStack: [])])
    print(explanation!)
    // no route from Home to Archive
    // reachable from Home (1 screen): List (1 step)
    // commands to Archive:
    //   commands[1] 'openArchive' from Archive: none of its origins is reached
    // nearest: no reached screen has a chain of commands to Archive
    // snippet.end
    #expect(
      explanation?.description == """
        no route from Home to Archive
        reachable from Home (1 screen): List (1 step)
        commands to Archive:
          commands[1] 'openArchive' from Archive: none of its origins is reached
        nearest: no reached screen has a chain of commands to Archive
        """)
  }
}
