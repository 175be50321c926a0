import Routing
import Testing

/// `diagnostics()` on tables declared in Swift: each kind of problem, matched by kind,
/// with the declaration it is in.
@Suite struct DiagnosticsTests {
  static func table(@RouteTableBuilder _ content: () -> [RouteTableComponent]) throws -> RouteTable
  {
    try RouteTable(defaultFactory: HeadlessScreen.factory, content)
  }

  @Test func findsAnUnreachableScreenAndOneNoCommandLeadsTo() throws {
    let table = try Self.table {
      Screen("Home")
      Screen("List")
      Screen("Help")
      Screen("Archive")
      Command(id: "openList", from: ["Home"], to: "List")
      Command(id: "openArchive", from: ["Help"], to: "Archive")
    }
    let diagnostics = table.diagnostics()
    #expect(diagnostics.map(\.kind) == [.noCommandLeadsToScreen, .unreachableScreen])
    #expect(diagnostics.map(\.screenName) == ["Help", "Archive"])
    #expect(diagnostics.map(\.screenIndex) == [2, 3])
    #expect(diagnostics.map(\.severity) == [.warning, .error])
    #expect(diagnostics.allSatisfy { $0.command == nil && $0.declaredAt != nil })
    #expect(
      diagnostics[1].description.hasSuffix(
        "error: screens[3] 'Archive': unreachable from Home: no chain of commands leads to it"))
    // From Help, Archive is reachable, List is not, and nothing leads to Home.
    #expect(
      table.diagnostics(roots: ["Help"]).map(\.kind) == [
        .noCommandLeadsToScreen, .unreachableScreen,
      ])
    #expect(table.diagnostics(roots: ["Help"]).map(\.screenName) == ["Home", "List"])
    #expect(table.diagnostics(roots: ["Home", "Help"]).isEmpty)
  }

  @Test func findsADeadCommand() throws {
    // Refresh leads from List to List, which declares no parameters: it never pushes,
    // and pops back to List use openList, which comes first.
    let table = try Self.table {
      Screen("Home")
      Screen("List")
      Command(id: "openList", from: ["Home"], to: "List")
      Command(id: "refresh", from: ["List"], to: "List")
    }
    let diagnostics = table.diagnostics()
    #expect(diagnostics.map(\.kind) == [.selfCommandNeverApplies(popsUse: 0)])
    #expect(diagnostics.first?.command == 1)
    #expect(diagnostics.first?.commandID == "refresh")
    #expect(diagnostics.first?.severity == .error)
    #expect(diagnostics.first?.location == "commands[1]")
  }

  @Test func findsASelfCommandThatOnlyPops() throws {
    let table = try Self.table {
      Screen("Home")
      Screen("List")
      Command(id: "stay", from: ["Home"], to: "Home")
      Command(id: "openList", from: ["Home"], to: "List")
    }
    let diagnostics = table.diagnostics()
    #expect(diagnostics.map(\.kind) == [.selfCommandOnlyPops])
    #expect(diagnostics.first?.severity == .warning)
    // The planner does use it: on the stack Home > List, back to Home is a pop by it.
    let route = try table.route(from: [Entry("Home"), Entry("List")], to: "Home")
    #expect(route.steps.map(\.commandID) == ["stay"])
  }

  @Test func findsRepeatedAndCoveredCommands() throws {
    let table = try Self.table {
      Screen("Home")
      Screen("List")
      Screen("Settings")
      Command(id: "openList", from: ["Home", "Settings"], to: "List")
      Command(id: "showList", from: ["Settings", "Home"], to: "List")
      Command(id: "listFromHome", from: ["Home"], to: "List")
      Command(id: "settings", to: "Settings")
      Command(id: "settingsFromHome", from: ["Home", "List", "Home"], to: "Settings")
      Command(id: "listAgain", from: ["Home"], to: "List", cost: 1)
    }
    let kinds = table.diagnostics().map(\.kind)
    #expect(
      kinds == [
        .repeatedCommand(of: 0), .coveredCommand(by: 0), .coveredCommand(by: 3),
        .repeatedOrigin(first: 0), .coveredCommand(by: 0),
      ])
    let origin = try #require(table.diagnostics().first { $0.kind == .repeatedOrigin(first: 0) })
    #expect(origin.location == "commands[4].from[2]")
    #expect(origin.originSlot == 2)
    #expect(origin.commandID == "settingsFromHome")
  }

  @Test func aCheaperLaterCommandIsNotCovered() throws {
    let table = try Self.table {
      Screen("Home")
      Screen("List")
      Command(id: "slow", from: ["Home"], to: "List", cost: 3)
      Command(id: "fast", from: ["Home"], to: "List")
    }
    #expect(table.diagnostics().isEmpty)
  }

  @Test func findsAnOriginThatIsItsOwnDestination() throws {
    let table = try Self.table {
      Screen("Home")
      Screen("List")
      Command(from: ["Home"], to: "List")
      Command(from: ["List", "Home"], to: "Home")
    }
    let diagnostics = table.diagnostics()
    #expect(diagnostics.map(\.kind) == [.originIsDestination])
    #expect(diagnostics.first?.location == "commands[1].from[1]")
  }

  @Test func aScreenWithParametersMayLeadToItself() throws {
    let table = try Self.table {
      Screen("List")
      Screen("Detail", parameters: [.string("id")])
      Command(from: ["List"], to: "Detail")
      Command(from: ["Detail"], to: "Detail")
    }
    #expect(table.diagnostics().isEmpty)
  }

  @Test func aPathCollisionIsRefusedWhenTheTableCompiles() throws {
    // Two screens that would read the same links never make a table to analyse.
    #expect {
      try Self.table {
        Screen("Profile", parameters: [.integer("userId")], path: "profile/:userId")
        Screen("Post", parameters: [.integer("postId")], path: "profile/:postId")
      }
    } throws: { error in
      (error as? TableError)?.kind == .invalidPath
        && (error as? TableError)?.location == "screens[1].path"
    }
  }

  @Test func namesTheDeclaration() throws {
    let line = #line + 4
    let table = try Self.table {
      Screen("Home")
      Command(id: "home", to: "Home")
      Command(id: "again", to: "Home")
    }
    let diagnostic = try #require(table.diagnostics().first)
    #expect(diagnostic.kind == .repeatedCommand(of: 0))
    #expect(diagnostic.declaredAt == DeclarationSite(fileID: #fileID, line: line))
    #expect(
      diagnostic.description
        == "\(#fileID):\(line): warning: commands[1] 'again': repeats commands[0] 'home': it is never chosen"
    )
  }

  @Test func anEmptyTableHasNothingToReport() throws {
    #expect(try Self.table {}.diagnostics().isEmpty)
  }
}
