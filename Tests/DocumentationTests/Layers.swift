// The code of the DocC article LayersAndDetours.md and the doc comments of
// Sources/Routing/Layers: a mail app whose compose sheet and picker are presented.

import Routing
import Synchronization
import Testing

@Suite struct LayerExamples {
  @Test func plansOverLayers() throws {
    // snippet layers-table
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Inbox")
      Screen("Archive")
      Screen("Compose")
      Screen("Recipients")
      Screen("Picker")
      Command(id: "archive", from: ["Inbox"], to: "Archive")
      Command(id: "compose", from: ["Inbox"], to: "Compose", presents: true)
      Command(id: "recipients", from: ["Compose"], to: "Recipients")
      Command(id: "attach", from: ["Compose"], to: "Picker", presents: true)
    }
    let open = ModalState(stack: [Entry("Inbox")], layers: [[Entry("Compose")]])
    let route = try table.route(from: open, to: "Archive")
    // 1. dismiss
    // 2. push Archive by archive
    // state: Inbox > Archive
    // snippet.end
    #expect(route.description == "1. dismiss\n2. push Archive by archive\nstate: Inbox > Archive")

    // snippet layers-explanation
    let why = try table.explanation(Request(to: "Archive"), from: open)
    #expect(why.closings.map(\.keepingOpen) == [[nil]])
    print(why)
    // the leg to Archive (2 steps) closes layer 1 (Compose):
    //   keeping layer 1 (Compose) open: no route to Archive
    // snippet.end
    #expect(
      why.description
        == "the leg to Archive (2 steps) closes layer 1 (Compose):\n"
        + "  keeping layer 1 (Compose) open: no route to Archive")

    // snippet layers-in-layer
    // From Inbox with Compose open: recipients is a command of the top layer.
    let inLayer = try table.route(from: open, to: "Recipients")
    // 1. push Recipients by recipients
    // state: Inbox | Compose > Recipients
    // snippet.end
    #expect(
      inLayer.description
        == "1. push Recipients by recipients\nstate: Inbox | Compose > Recipients")

    // snippet layers-deep
    let deep = try table.route(from: ModalState(stack: [Entry("Inbox")]), to: "Picker")
    // 1. present Compose by compose
    // 2. present Picker by attach
    // state: Inbox | Compose | Picker
    // snippet.end
    #expect(
      deep.description
        == "1. present Compose by compose\n2. present Picker by attach\nstate: Inbox | Compose | Picker"
    )
    #expect(deep.state.layers == [[Entry("Compose")], [Entry("Picker")]])
    do {
      let route = deep
      // snippet layers-apply
      var state = ModalState(stack: [Entry("Inbox")])
      for step in route.steps { state.apply(step) }  // state == route.state
      // snippet.end
      #expect(state == route.state)
    }

    // snippet layers-state
    let state = ModalState(stack: [Entry("Inbox")], layers: [[Entry("Compose")]])
    let again = try table.route(from: state, to: "Archive")
    print(again)
    // 1. dismiss
    // 2. push Archive by archive
    // state: Inbox > Archive
    // snippet.end
    #expect(again == route)
  }

  /// Whether the user has signed in, as an app would keep it.
  final class Session: Sendable {
    private let signedIn: Atomic<Bool>

    init(isSignedIn: Bool = false) {
      signedIn = Atomic(isSignedIn)
    }

    var isSignedIn: Bool { signedIn.load(ordering: .relaxed) }

    func signIn() {
      signedIn.store(true, ordering: .relaxed)
    }
  }

  /// A settings cover whose account screen needs a signed-in user.
  static func accountTable(_ session: Session) throws -> RouteTable {
    // snippet detour-guard
    let signedIn = RouteGuard("signedIn", remedy: "Login") { _ in session.isSignedIn }
    // snippet.end
    return try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Inbox")
      Screen("Settings")
      Screen("Account")
      Screen("Login")
      Command(id: "settings", to: "Settings", presents: true)
      Command(id: "account", from: ["Settings"], to: "Account", when: signedIn)
      Command(id: "signIn", to: "Login", presents: true)
    }
  }

  @Test func detoursToTheRemedyAndResumes() throws {
    let table = try Self.accountTable(Session())
    // snippet detour-route
    let route = try table.route(Request(to: "Account"), from: ModalState(stack: [Entry("Inbox")]))
    if let detour = route.detour {
      print(detour.remedy)  // Login
      print(detour.pending.destination)  // Account
    }
    // snippet.end
    let detour = try #require(route.detour)
    #expect(
      detour == Detour(guardName: "signedIn", remedy: "Login", pending: Request(to: "Account")))
    #expect(
      route.description
        == "1. present Settings by settings\n2. present Login by signIn\nstate: Inbox | Settings | Login\ndetour: signedIn → Login, then to Account"
    )
    let signedInTable = try Self.accountTable(Session(isSignedIn: true))
    // snippet detour-resume
    let resumed = try signedInTable.route(detour.pending, from: route.state)
    // 1. back to Settings by settings
    // 2. push Account by account
    // state: Inbox | Settings > Account
    // snippet.end
    #expect(
      resumed.description
        == "1. back to Settings by settings\n2. push Account by account\nstate: Inbox | Settings > Account"
    )
    #expect(resumed.detour == nil)
  }

  @MainActor
  @Test func navigatesWithLayersAndResumes() async throws {
    let session = Session()
    let table = try Self.accountTable(session)
    let inbox = StackItem(
      entry: Entry("Inbox"), screen: HeadlessScreen(ScreenContext(entry: Entry("Inbox"))))
    // snippet layers-presenter
    let presenter = ModalPresenter(base: StackContainer(root: inbox))
    let navigator = Navigator(table: table, container: presenter)
    try await navigator.go(to: "Settings")
    print(presenter.state)  // Inbox | Settings
    // snippet.end
    #expect(presenter.state.description == "Inbox | Settings")
    // snippet layers-navigator-detour
    let route = try await navigator.go(withLayers: Request(to: "Account"))
    if let detour = route.detour {
      print("sign in first: \(detour.remedy)")  // Login
    }
    // snippet.end
    #expect(route.detour?.remedy == "Login")
    #expect(presenter.state.description == "Inbox | Settings | Login")
    // snippet layers-resume
    session.signIn()
    try await navigator.resume()  // closes Login on the way to Account
    // snippet.end
    #expect(presenter.state.description == "Inbox | Settings > Account")
  }

  @Test func selectsOnlyWithTheLayersClosed() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Tab("Mail", root: "Inbox")
      Tab("Contacts", root: "People")
      Screen("Inbox")
      Screen("Compose")
      Screen("People")
      Command(id: "compose", to: "Compose", presents: true)
    }
    // snippet layers-tabs
    let state = ModalState(
      tabs: TabState(selected: "Mail", stacks: ["Mail": [Entry("Inbox")]]),
      layers: [[Entry("Compose")]])
    // snippet.end
    // snippet layers-tabs-route
    let route = try table.route(from: state, to: "People")
    // 1. dismiss
    // 2. select Contacts
    // state: [Contacts: People | Mail: Inbox]
    // snippet.end
    #expect(
      route.description == "1. dismiss\n2. select Contacts\nstate: [Contacts: People | Mail: Inbox]"
    )
  }
}
