import Routing
import SampleApp
import Testing

/// `RouteTable.exportedJSON()`: Swift tables as route-table files, guards by name, and
/// the round trip export → load → export.
@Suite struct ExportTests {
  static let signedIn = RouteGuard("signedIn") { _ in true }

  static func table() throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home")
      Screen(
        "Account", parameters: [.integer("userId", required: true), .string("tab")],
        path: "account/:userId", restorationIdentifier: "account")
      Screen("Help \"quoted\"", parameters: [Parameter("page"), .boolean("wide")])
      Command(id: "openAccount", from: ["Home"], to: "Account", when: signedIn)
      Command(from: ["Account", "Home", "Account"], to: "Help \"quoted\"", cost: 3)
      Command(to: "Home", when: RouteGuard { _ in true })
    }
  }

  static let exported = """
    {
      "screens": [
        {"name": "Home"},
        {"name": "Account", "parameters": [{"name": "userId", "type": "integer", "required": true}, "tab"], "path": "account/:userId", "restorationIdentifier": "account"},
        {"name": "Help \\"quoted\\"", "parameters": ["page", {"name": "wide", "type": "boolean"}]}
      ],
      "commands": [
        {"id": "openAccount", "from": ["Home"], "to": "Account", "guard": "signedIn"},
        {"from": ["Account", "Home", "Account"], "to": "Help \\"quoted\\"", "cost": 3},
        {"to": "Home", "guard": "guard"}
      ]
    }

    """

  @Test func writesEveryDeclarationOneALine() throws {
    #expect(try Self.table().exportedJSON() == Self.exported)
  }

  @Test func loadingAndExportingAgainGivesTheSameText() throws {
    let loaded = try RouteTable(json: Self.exported)
    #expect(loaded.exportedJSON() == Self.exported)
    #expect(loaded.commands.map { $0.condition?.name } == ["signedIn", nil, "guard"])
    let empty = try RouteTable(json: #"{"commands": []}"#)
    #expect(empty.exportedJSON() == "{\n  \"screens\": [],\n  \"commands\": []\n}\n")
    #expect(try RouteTable(json: empty.exportedJSON()).exportedJSON() == empty.exportedJSON())
    let hosts = try RouteTable(
      json: #"{"commands": [{"to": "A"}], "links": {"hosts": ["Example.com"]}}"#)
    #expect(hosts.exportedJSON().hasSuffix("],\n  \"links\": {\"hosts\": [\"example.com\"]}\n}\n"))
    #expect(try RouteTable(json: hosts.exportedJSON()).exportedJSON() == hosts.exportedJSON())
  }

  /// A guarded command read from a file refuses every request: nothing routes through
  /// it as if it had no guard.
  @Test func aGuardReadFromAFileRefuses() throws {
    let loaded = try RouteTable(json: Self.exported)
    #expect(throws: RoutingError.unreachable(from: "Home", to: "Account")) {
      try loaded.route(from: [Entry("Home")], to: "Account", parameters: ["userId": 1])
    }
    // The Swift table, whose guard says yes, routes.
    let route = try Self.table().route(
      from: [Entry("Home")], to: "Account", parameters: ["userId": 1])
    #expect(route.steps.count == 1)
  }

  /// Guards given by name run: each command gets the guard its file names back, under
  /// that name, and the table exports to the same text.
  @Test func guardsGivenByNameRun() throws {
    let refuses = RouteGuard { _ in false }
    let guards = ["signedIn": Self.signedIn, "guard": refuses, "unused": refuses]
    let loaded = try RouteTable(json: Self.exported, guards: guards)
    let route = try loaded.route(from: [Entry("Home")], to: "Account", parameters: ["userId": 1])
    #expect(route.steps.map(\.command) == [0])
    // `Home`'s command refuses: from Account, Home is not reached.
    #expect(throws: RoutingError.unreachable(from: "Account", to: "Home")) {
      try loaded.route(from: [Entry("Account", parameters: ["userId": 1])], to: "Home")
    }
    #expect(loaded.commands.map { $0.condition?.name } == ["signedIn", nil, "guard"])
    #expect(loaded.exportedJSON() == Self.exported)
    let bytes = try RouteTable(json: Array(Self.exported.utf8), guards: guards)
    #expect(bytes.exportedJSON() == Self.exported)
  }

  /// A guard name the given guards lack is an error at the command's `guard`, with the
  /// nearest name; an empty dictionary gives no guard at all.
  @Test func aGuardNotGivenIsALocatedError() {
    #expect(
      throws: TableError(
        .unknownGuard, at: "commands[0].guard",
        "the guard 'signedIn' is not among the guards given; did you mean 'signedln'?",
        suggestion: "signedln")
    ) {
      try RouteTable(json: Self.exported, guards: ["signedln": Self.signedIn])
    }
    #expect(
      throws: TableError(
        .unknownGuard, at: "commands[0].guard",
        "the guard 'signedIn' is not among the guards given")
    ) {
      try RouteTable(json: Self.exported, guards: [:])
    }
  }

  @Test(arguments: [
    (#"{"commands": [{"to": "A", "guard": 1}]}"#, TableError.Kind.wrongType, "commands[0].guard"),
    (#"{"commands": [{"to": "A", "gaurd": "x"}]}"#, .unknownKey, "commands[0].gaurd"),
  ])
  func aBadGuardIsATableError(text: String, kind: TableError.Kind, location: String) {
    let error = RouteTableFileTests.failure(Array(text.utf8))
    #expect(error?.kind == kind)
    #expect(error?.location == location)
    #expect(error == TreeTableReference.load(Array(text.utf8)).failure)
  }

  /// Seeded random registries: the exported file loads into a table with the same
  /// screens and commands, which exports to the same text.
  @Test(arguments: [false, true])
  func randomTablesSurviveTheRoundTrip(declareScreens: Bool) throws {
    for seed in 0..<UInt64(TestScale.isFull ? 40 : 3) {
      let (_, registry) = LargeTableFileTests.generate(
        screens: 60, commands: 400, seed: seed, declareScreens: declareScreens)
      let plain = try registry.compile()
      // Some commands guarded, named and not.
      var random = SeededGenerator(seed: seed)
      var guarded = RouteRegistry(defaultFactory: HeadlessScreen.factory)
      if declareScreens { plain.screens.forEach { guarded.register($0) } }
      for command in plain.commands {
        let condition: RouteGuard? =
          switch Int.random(in: 0..<8, using: &random) {
          case 0: RouteGuard { _ in true }
          case 1: RouteGuard("g\(Int.random(in: 0..<3, using: &random))") { _ in true }
          default: nil
          }
        guarded.register(
          Command(
            id: command.id, from: command.origins, to: command.destination, cost: command.cost,
            when: condition))
      }
      let compiled = try guarded.compile()
      let text = compiled.exportedJSON()
      let loaded = try RouteTable(json: text)
      #expect(loaded.exportedJSON() == text)
      #expect(loaded.screens.map(\.name) == compiled.screens.map(\.name))
      #expect(loaded.screens.map(\.parameters) == compiled.screens.map(\.parameters))
      #expect(loaded.screens.map(\.path) == compiled.screens.map(\.path))
      #expect(loaded.commands.map(\.origins) == compiled.commands.map(\.origins))
      #expect(loaded.commands.map(\.destination) == compiled.commands.map(\.destination))
      #expect(loaded.commands.map(\.id) == compiled.commands.map(\.id))
      #expect(loaded.commands.map(\.cost) == compiled.commands.map(\.cost))
      #expect(
        loaded.commands.map { $0.condition?.name }
          == compiled.commands.map { $0.condition.map { $0.name ?? "guard" } })
      #expect(compiled.commands.contains { $0.condition != nil })
      // The same analysis, at the same places (a Swift table's also name its lines).
      let roots = compiled.screens.prefix(1).map(\.name)
      let found = loaded.diagnostics(roots: roots)
      let expected = compiled.diagnostics(roots: roots)
      #expect(found.map(\.kind) == expected.map(\.kind))
      #expect(found.map(\.location) == expected.map(\.location))
    }
  }

  /// Tabs, and the tabs a command is limited to, survive the round trip: the loaded
  /// table exports the same text and plans the same routes across tabs.
  @Test func tabsSurviveTheRoundTrip() throws {
    let table = try SampleApp.makeTabbedTable()
    let text = table.exportedJSON()
    #expect(text.contains("\n  \"tabs\": [\n    {\"name\": "))
    let loaded = try RouteTable(json: text)
    #expect(loaded.exportedJSON() == text)
    #expect(loaded.tabs == table.tabs)
    #expect(
      loaded.commands.indices.map(loaded.tabs(ofCommand:))
        == table.commands.indices.map(table.tabs(ofCommand:)))
    var routed = 0
    for tab in table.tabs {
      let state = TabState(selected: tab.name)
      for screen in table.screens.map(\.name) {
        let expected = try? table.route(from: state, to: screen, parameters: ["userId": 2])
        let actual = try? loaded.route(from: state, to: screen, parameters: ["userId": 2])
        #expect(actual?.steps == expected?.steps, "\(tab.name) to \(screen)")
        if expected?.steps.contains(where: { if case .select = $0 { true } else { false } }) == true
        {
          routed += 1
        }
      }
    }
    // Some of the routes select another tab.
    #expect(routed > 0)
  }
}

extension Result {
  /// The error, when this is a failure.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
