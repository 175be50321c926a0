import Routing
import Testing

/// `RouteTable.explanation(from:to:via:parameters:)`: why a request has no route.
@Suite struct RouteExplanationTests {
  /// Archive is reached only from Vault, which nothing leads to, or by a command from
  /// anywhere whose guard always says no.
  static func table() throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home")
      Screen("List")
      Screen("Detail", parameters: [.integer("id")])
      Screen("Vault")
      Screen("Archive")
      Command(id: "openList", from: ["Home"], to: "List")
      Command(id: "openDetail", from: ["List"], to: "Detail")
      Command(id: "openArchive", from: ["Vault", "Vault"], to: "Archive")
      Command(id: "archiveNow", to: "Archive", when: RouteGuard { _ in false })
    }
  }

  @Test func explainsEachCommandIntoTheMilestone() throws {
    let explanation = try #require(
      try Self.table().explanation(from: [Entry("Home")], to: "Archive"))
    #expect(explanation.from == "Home")
    #expect(explanation.milestone == "Archive")
    #expect(explanation.stack == [Entry("Home")])
    #expect(
      explanation.reachable.map { "\($0.screen) \($0.steps)" } == ["List 1", "Detail 2"])
    #expect(
      explanation.commands.map(\.reason) == [.originsNotReached(onStack: []), .guardRefused])
    #expect(explanation.commands.map(\.origins) == [["Vault"], []])
    #expect(explanation.commands.map(\.commandID) == ["openArchive", "archiveNow"])
    // The command from anywhere puts every screen one command short: the top is nearest.
    #expect(explanation.nearest.map { "\($0.screen) \($0.steps) \($0.remaining)" } == "Home 0 1")
    #expect(
      explanation.description == """
        no route from Home to Archive
        reachable from Home (2 screens): List (1 step), Detail (2 steps)
        commands to Archive:
          commands[2] 'openArchive' from Vault: none of its origins is reached
          commands[3] 'archiveNow' from anywhere: its guard said no for this request
        nearest: Home, the top and 1 command short of Archive
        """)
  }

  @Test func namesAnOriginOnTheStackThatNothingPopsBackTo() throws {
    let explanation = try #require(
      try Self.table().explanation(from: [Entry("Vault"), Entry("Home")], to: "Archive"))
    #expect(explanation.commands.first?.reason == .originsNotReached(onStack: ["Vault"]))
    #expect(
      explanation.description.contains(
        "commands[2] 'openArchive' from Vault: none of its origins is reached (Vault is on the stack, where only a pop gets back, and no command leads there)"
      ))
  }

  @Test func explainsTheLegThatFails() throws {
    let table = try Self.table()
    let explanation = try #require(
      try table.explanation(
        from: [Entry("Home")], to: "Detail", via: ["List", "Archive"], parameters: ["id": 3]))
    // The first leg pushed List; the second, from there, cannot reach Archive.
    #expect(explanation.stack == [Entry("Home"), Entry("List")])
    #expect(explanation.from == "List")
    #expect(explanation.reachable.map(\.screen) == ["Detail"])
    #expect(explanation.nearest?.screen == "List")
    #expect(throws: RoutingError.unreachable(from: "List", to: "Archive")) {
      try unrefused { () throws(RoutingError) in
        try table.route(from: [Entry("Home")], to: "Detail", via: ["List", "Archive"])
      }
    }
  }

  @Test func nearestFollowsChainsWithoutGuardsOrStack() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("A")
      Screen("B")
      Screen("C")
      Screen("D")
      Command(from: ["A"], to: "B")
      Command(from: ["B"], to: "C", when: RouteGuard { _ in false })
      Command(from: ["C"], to: "D")
    }
    let explanation = try #require(try table.explanation(from: [Entry("A")], to: "D"))
    #expect(explanation.reachable.map(\.screen) == ["B"])
    #expect(explanation.nearest.map { "\($0.screen) \($0.steps) \($0.remaining)" } == "B 1 2")
    #expect(
      explanation.description.hasSuffix("nearest: B, 1 step from A and 2 commands short of D"))
    let none = try #require(try table.explanation(from: [Entry("D")], to: "A"))
    #expect(none.reachable.isEmpty && none.commands.isEmpty && none.nearest == nil)
    #expect(
      none.description == """
        no route from D to A
        reachable from D: no screen
        commands to A: none
        nearest: no reached screen has a chain of commands to A
        """)
  }

  @Test func isNilWhenEveryLegHasARoute() throws {
    let table = try Self.table()
    #expect(try table.explanation(from: [Entry("Home")], to: "Detail") == nil)
    #expect(try table.explanation(from: [Entry("Home")], to: "Home") == nil)
    #expect(try table.explanation(from: [Entry("List"), Entry("Home")], to: "List") == nil)
  }

  @Test func refusesWhatPlanningRefuses() throws {
    let table = try Self.table()
    #expect(throws: RoutingError.emptyStack) { try table.explanation(from: [], to: "List") }
    #expect(throws: RoutingError.unknownScreen("Nowhere")) {
      try table.explanation(from: [Entry("Home")], to: "List", via: ["Nowhere"])
    }
    #expect(throws: RoutingError.unknownScreen("Nowhere")) {
      try table.explanation(from: [Entry("Home")], to: "Nowhere")
    }
    #expect(throws: RoutingError.invalidParameter(name: "id", value: "x", expected: .integer)) {
      try table.explanation(
        from: [Entry("Home")], to: "Archive", via: ["Detail"], parameters: ["id": "x"])
    }
  }

  @Test func listsTwentyScreensAtMost() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      for number in 0..<30 { Screen(ScreenName("S\(number)")) }
      Screen("Goal")
      for number in 1..<30 { Command(from: ["S0"], to: ScreenName("S\(number)")) }
    }
    let explanation = try #require(try table.explanation(from: [Entry("S0")], to: "Goal"))
    #expect(explanation.reachable.count == 29)
    #expect(explanation.description.contains("S20 (1 step), and 9 more\n"))
  }
}
