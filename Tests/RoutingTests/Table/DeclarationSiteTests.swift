import Routing
import Testing

/// A table declared in Swift names, in its errors, the declaration that is wrong and the
/// file and line that declared it; a table read from a file keeps naming the JSON path.
@Suite struct DeclarationSiteTests {
  static let headless = HeadlessScreen.factory

  /// The error that compiling a table throws, or `nil`.
  ///
  /// The tables are declared in a plain closure, not in `#expect(throws:)`'s: code in a
  /// macro's argument is placed at the macro's line.
  static func failure(_ build: () throws -> RouteTable) -> TableError? {
    do {
      _ = try build()
      return nil
    } catch {
      return error as? TableError
    }
  }

  /// This file and a line of it.
  static func here(_ line: Int) -> DeclarationSite {
    DeclarationSite(fileID: #fileID, line: line)
  }

  @Test func aSiteReadsFileColonLine() {
    let site = DeclarationSite(fileID: "App/Routes.swift", line: 14)
    #expect(site.description == "App/Routes.swift:14")
    #expect(DeclarationSite().fileID == "RoutingTests/DeclarationSiteTests.swift")
    #expect(DeclarationSite().line == #line)
  }

  @Test func screensAndCommandsRecordTheLineThatDeclaresThem() throws {
    let table = try RouteTable(defaultFactory: Self.headless) {
      Screen("Inbox")
      Command(to: "Inbox")
      Command(
        id: "again",
        to: "Inbox")
    }
    let line = #line - 7
    #expect(table.screens[0].declaredAt == Self.here(line + 1))
    #expect(table.commands[0].declaredAt == Self.here(line + 2))
    // A call over several lines is placed at the line it starts on.
    #expect(table.commands[1].declaredAt == Self.here(line + 3))
  }

  @Test func aTypoedOriginNamesTheCommandAndItsLine() {
    let error = Self.failure {
      try RouteTable(defaultFactory: Self.headless) {
        Screen("Mailboxes")
        Screen("Inbox")
        Command(id: "mailboxes", to: "Mailboxes")
        Command(id: "openInbox", from: ["Inbx"], to: "Inbox")
      }
    }
    let line = #line - 3
    #expect(error?.kind == .undeclaredScreen)
    #expect(error?.location == "commands[1].from[0]")
    #expect(error?.commandID == "openInbox")
    #expect(error?.screenName == nil)
    #expect(error?.declaredAt == Self.here(line))
    #expect(
      error?.description
        == "RoutingTests/DeclarationSiteTests.swift:\(line): commands[1] (openInbox).from[0]: "
        + "screen 'Inbx' is not declared; did you mean 'Inbox'?")
  }

  @Test func aRegistryNamesTheCommandAndItsLine() {
    var registry = RouteRegistry(defaultFactory: Self.headless)
    registry.register(Screen("Inbox"))
    registry.register(Command(to: "Inbox"))
    registry.register(Command(id: "compose", from: ["Inbox"], to: "Compose", cost: 2))
    let line = #line - 1
    let error = #expect(throws: TableError.self) { try registry.compile() }
    #expect(error?.declaredAt == Self.here(line))
    #expect(
      error?.description
        == "\(#fileID):\(line): commands[1] (compose).to: screen 'Compose' is not declared")
  }

  @Test func aCommandWithoutAnIdentifierIsNamedByItsNumberAndLine() {
    var registry = RouteRegistry(defaultFactory: Self.headless)
    registry.register(Command(to: "Inbox", cost: 0))
    let line = #line - 1
    let error = #expect(throws: TableError.self) { try registry.compile() }
    #expect(error?.commandID == nil)
    #expect(
      error?.description
        == "\(#fileID):\(line): commands[0].cost: cost 0 is not a positive integer of at most "
        + "\(RouteTable.maximumCost)")
  }

  @Test func aDuplicateScreenNamesItselfAndItsLine() {
    let error = Self.failure {
      try RouteTable(defaultFactory: Self.headless) {
        Screen("Inbox")
        Screen("Inbox", path: "inbox")
        Command(to: "Inbox")
      }
    }
    let line = #line - 4
    #expect(error?.kind == .duplicateScreen)
    #expect(error?.screenName == "Inbox")
    #expect(error?.commandID == nil)
    #expect(
      error?.description
        == "\(#fileID):\(line): screens[1] (Inbox).name: duplicate screen 'Inbox' "
        + "(first at screens[0])")
  }

  @Test func anInvalidParameterNamesTheScreenAndItsLine() {
    var registry = RouteRegistry(defaultFactory: Self.headless)
    registry.register(Screen("Profile", parameters: [.integer("userId"), .string("userId")]))
    let line = #line - 1
    let error = #expect(throws: TableError.self) { try registry.compile() }
    #expect(
      error?.description
        == "\(#fileID):\(line): screens[0] (Profile).parameters[1]: "
        + "parameter 'userId' is declared twice")
  }

  @Test func anInvalidPathNamesTheScreenAndItsLine() {
    let error = Self.failure {
      try RouteTable(defaultFactory: Self.headless) {
        Screen("Menu")
        Screen("Profile", parameters: [.integer("userId")], path: "profile/:id")
      }
    }
    let line = #line - 3
    #expect(error?.kind == .invalidPath)
    #expect(error?.location == "screens[1].path")
    #expect(error?.screenName == "Profile")
    #expect(error?.declaredAt == Self.here(line))
  }

  @Test func anInvalidScreenNameIsNotPrinted() {
    let error = Self.failure {
      try RouteTable(defaultFactory: Self.headless) { Screen("Bad\u{7}Name") }
    }
    let line = #line - 2
    #expect(error?.screenName == nil)
    #expect(error?.declaredAt == Self.here(line))
    #expect(error?.description.hasPrefix("\(#fileID):\(line): screens[0].name: ") == true)
  }

  /// A command type of an app's own: it may say where it was declared, or not.
  struct OpenChat: NavigationCommand {
    let destination: ScreenName = "Chat"
    let id: String? = "openChat"
    let origins: [ScreenName] = ["Profil"]
    let declaredAt: DeclarationSite?

    init(fileID: String = #fileID, line: Int = #line) {
      declaredAt = DeclarationSite(fileID: fileID, line: line)
    }
  }

  /// A command type that knows nothing of declaration sites.
  struct Legacy: NavigationCommand {
    let destination: ScreenName = "Chat"
    let id: String? = "legacy"
  }

  @Test func aCustomCommandMaySayWhereItWasDeclared() {
    let error = Self.failure {
      try RouteTable(defaultFactory: Self.headless) {
        Screen("Profile")
        Screen("Chat")
        OpenChat()
      }
    }
    let line = #line - 3
    #expect(
      error?.description
        == "\(#fileID):\(line): commands[0] (openChat).from[0]: screen 'Profil' is not declared; did you mean 'Profile'?"
    )
  }

  @Test func aCustomCommandWithoutASiteIsNamedByItsIdentifier() {
    #expect(Legacy().declaredAt == nil)
    let error = Self.failure {
      try RouteTable(defaultFactory: Self.headless) {
        Screen("Profile")
        Legacy()
      }
    }
    #expect(error?.declaredAt == nil)
    #expect(error?.description == "commands[0] (legacy).to: screen 'Chat' is not declared")
  }

  @Test func aTableReadFromAFileKeepsItsMessages() throws {
    let json = """
      {"screens": [{"name": "Mailboxes"}, {"name": "Inbox"}],
       "commands": [{"id": "mailboxes", "to": "Mailboxes"},
                    {"id": "openInbox", "from": ["Inbx"], "to": "Inbox"}]}
      """
    let error = #expect(throws: TableError.self) { try RouteTable(json: json) }
    #expect(error?.commandID == nil)
    #expect(error?.declaredAt == nil)
    #expect(
      error?.description
        == "commands[1].from[0]: screen 'Inbx' is not declared; did you mean 'Inbox'?")

    let screens = #expect(throws: TableError.self) {
      try RouteTable(json: #"{"screens": [{"name": "A"}, {"name": "A"}], "commands": []}"#)
    }
    #expect(screens?.screenName == nil)
    #expect(screens?.description == "screens[1].name: duplicate screen 'A' (first at screens[0])")

    let table = try RouteTable(json: #"{"screens": [{"name": "A"}], "commands": [{"to": "A"}]}"#)
    #expect(table.screens[0].declaredAt == nil)
    #expect(table.commands[0].declaredAt == nil)
  }

  @Test func aTableWithoutDeclaredScreensTakesThemWithoutASite() throws {
    let table = try RouteTable(defaultFactory: Self.headless) { Command(to: "Inbox") }
    #expect(table.screens[0].declaredAt == nil)
  }

  @Test(arguments: [
    (TableError(.invalidCost, at: "", "whole"), "whole"),
    (
      TableError(
        .invalidCost, at: "", "whole", declaredAt: DeclarationSite(fileID: "A/B.swift", line: 3)),
      "A/B.swift:3: whole"
    ),
    (
      TableError(.invalidPath, at: "screens[4].path", "bad", screenName: "P"),
      "screens[4] (P).path: bad"
    ),
    (
      TableError(.duplicateID, at: "commands[12]", "bad", commandID: "go"), "commands[12] (go): bad"
    ),
    (TableError(.duplicateID, at: "", "bad", commandID: "go"), "(go): bad"),
  ])
  func descriptionsPutEachPartInItsPlace(error: TableError, description: String) {
    #expect(error.description == description)
  }
}
