import Routing
import Testing

/// The one format every printed route, request and event uses.
@Suite @MainActor struct DescriptionTests {
  static let profile = Entry("Profile", parameters: ["userId": 2])

  @Test func aPushNamesTheEntryAndTheCommand() {
    let step = Step(
      command: 4, commandID: "openProfile", action: .push, entry: Self.profile, depth: 3)
    #expect(step.description == "push Profile(userId: 2) by openProfile")
    #expect(step.commandName == "openProfile")
  }

  @Test func aPopGoesBackToItsEntry() {
    let step = Step(command: 0, commandID: "home", action: .pop, entry: Entry("Menu"), depth: 1)
    #expect(step.description == "back to Menu by home")
  }

  @Test func aCommandWithoutAnIDIsNamedByItsNumber() {
    let push = Step(command: 1, action: .push, entry: Entry("Folder"), depth: 2)
    #expect(push.description == "push Folder by command 1")
    #expect(push.commandName == "command 1")
    let pop = Step(command: 4, action: .pop, entry: Entry("Menu"), depth: 1)
    #expect(pop.description == "back to Menu by command 4")
  }

  @Test func aRouteIsNumberedStepsThenTheStack() {
    let route = Route(
      steps: [
        Step(command: 0, commandID: "home", action: .pop, entry: Entry("Menu"), depth: 1),
        Step(command: 1, action: .push, entry: Entry("Folder"), depth: 2),
      ],
      stack: [Entry("Menu"), Entry("Folder")])
    #expect(
      route.description == """
        1. back to Menu by home
        2. push Folder by command 1
        stack: Menu > Folder
        """)
    let empty = Route(steps: [], stack: [Entry("Menu"), Entry("Folder")])
    #expect(empty.description == "(already there)\nstack: Menu > Folder")
  }

  @Test func aRequestReadsAsAPhrase() {
    #expect(Request(to: "Menu").description == "to Menu")
    #expect(
      Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2]).description
        == "to Profile via Folder with userId: 2")
    #expect(
      Request(
        to: "Message", via: ["Mailboxes", "Folder"], parameters: ["name": "Inbox", "id": 42]
      )
      .description == "to Message via Mailboxes, Folder with id: 42, name: Inbox")
  }

  static func table() throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Folder")
      Screen("Profile", parameters: [.integer("userId")])
      Command(id: "home", to: "Menu")
      Command(from: ["Menu"], to: "Folder")
      Command(id: "openProfile", from: ["Folder"], to: "Profile")
    }
  }

  static func item(_ entry: Entry) -> StackItem {
    StackItem(entry: entry, screen: HeadlessScreen(ScreenContext(entry: entry)))
  }

  @Test func navigationEventsAreOneLineEach() async throws {
    let navigator = Navigator(
      table: try Self.table(), container: StackContainer(root: Self.item(Entry("Menu"))))
    var events: [String] = []
    navigator.addObserver { events.append($0.description) }
    try await navigator.go(to: "Profile", parameters: ["userId": 2])
    try await navigator.go(to: "Menu")
    try await navigator.go(to: "Menu")
    try await navigator.go(to: "Folder")
    _ = await navigator.goBack()
    await #expect(throws: NavigationError.routing(.unknownScreen("Login"))) {
      try await navigator.go(to: "Login")
    }
    #expect(
      events == [
        "will navigate to Profile with userId: 2 in 2 steps",
        "will push Folder by command 1",
        "did push Folder by command 1",
        "will push Profile(userId: 2) by openProfile",
        "did push Profile(userId: 2) by openProfile",
        "did navigate to Profile with userId: 2; stack: Menu > Folder > Profile(userId: 2)",
        "will navigate to Menu in 1 step",
        "will go back to Menu by home",
        "did go back to Menu by home",
        "did navigate to Menu; stack: Menu",
        "will navigate to Menu (already there)",
        "did navigate to Menu; stack: Menu",
        "will navigate to Folder in 1 step",
        "will push Folder by command 1",
        "did push Folder by command 1",
        "did navigate to Folder; stack: Menu > Folder",
        "will go back to Menu",
        "did go back to Menu",
        "did fail to navigate to Login: unknown screen 'Login'",
      ])
    #expect(events.allSatisfy { !$0.contains("\n") && !$0.contains("Routing.") })
  }

  @Test func drillDownEventsNameTheChangeAndThePanes() async throws {
    let container = DrillDownContainer(root: Self.item(Entry("Menu")))
    var events: [String] = []
    container.addObserver { events.append($0.description) }
    let navigator = Navigator(table: try Self.table(), container: container)
    try await navigator.go(to: "Profile", parameters: ["userId": 2])
    #expect(
      events == [
        "will push: left Menu, right Folder",
        "did push: left Menu, right Folder",
        "will push: left Menu > Folder, right Profile(userId: 2)",
        "did push: left Menu > Folder, right Profile(userId: 2)",
      ])
    try await container.perform(.replaceRight(nil))
    #expect(events.last == "did replace: left Menu > Folder, right (placeholder)")
    #expect("\(container.left[0])" == "Menu")
  }
}
