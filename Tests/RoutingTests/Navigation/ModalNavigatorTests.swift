import Foundation
import Synchronization
import Testing

@testable import Routing

/// A navigator over a ``ModalPresenter``: presents and dismisses run on the presenter,
/// detours wait for `resume()`, and failures change nothing.
@MainActor
@Suite struct ModalNavigatorTests {
  /// Whether the user has signed in; the table's `signedIn` guard reads it.
  final class Session: Sendable {
    let signedIn = Atomic<Bool>(false)
  }

  /// The shared layer file's table `modal`, its `signedIn` guard reading `session`.
  static func navigator(_ session: Session) throws -> Navigator<ModalPresenter<StackContainer>> {
    let table = try RouteTable(
      json: try DetourTests.modalTableText(),
      guards: [
        "signedIn": RouteGuard("signedIn") { _ in session.signedIn.load(ordering: .relaxed) }
      ])
    let root = StackItem(
      entry: Entry("Inbox"), screen: HeadlessScreen(ScreenContext(entry: Entry("Inbox"))))
    return Navigator(table: table, container: ModalPresenter(base: StackContainer(root: root)))
  }

  /// Every event as a line.
  static func record(_ navigator: Navigator<ModalPresenter<StackContainer>>) -> () -> [String] {
    let lines = Mutex<[String]>([])
    navigator.addObserver { event in lines.withLock { $0.append("\(event)") } }
    return { lines.withLock { $0 } }
  }

  @Test func presentsAndPushesOntoLayersWithEvents() async throws {
    let navigator = try Self.navigator(Session())
    let events = Self.record(navigator)
    let route = try await navigator.go(
      withLayers: Request(to: "Photo", parameters: ["photoId": "9"]))
    #expect(
      route.steps.map(\.description) == [
        "present Compose by compose", "present Picker by attach", "push Photo(photoId: 9) by photo",
      ])
    #expect(navigator.container.state == route.state)
    #expect(navigator.container.state.description == "Inbox | Compose | Picker > Photo(photoId: 9)")
    #expect(navigator.container.base.entries == [Entry("Inbox")])
    #expect(
      events() == [
        "will navigate to Photo with photoId: 9 in 3 steps",
        "will present Compose by compose", "did present Compose by compose",
        "will present Picker by attach", "did present Picker by attach",
        "will push Photo(photoId: 9) by photo", "did push Photo(photoId: 9) by photo",
        "did navigate to Photo with photoId: 9; stack: Inbox > Compose > Picker > Photo(photoId: 9)",
      ])
    // A command back to Compose (closing Picker's layer) ties with a dismiss and comes
    // first; then a dismiss and a push on the base.
    let archive = try await navigator.go(withLayers: Request(to: "Archive"))
    #expect(
      archive.steps.map(\.description) == [
        "back to Compose by compose", "dismiss", "push Archive by archive",
      ])
    #expect(navigator.container.state.description == "Inbox > Archive")
    #expect(
      events().suffix(7) == [
        "will go back to Compose by compose", "did go back to Compose by compose",
        "will dismiss Compose", "did dismiss Compose",
        "will push Archive by archive", "did push Archive by archive",
        "did navigate to Archive; stack: Inbox > Archive",
      ])
  }

  /// The plain `go(to:)` and links plan with the layers too.
  @Test func plainRequestsAndLinksPlanWithLayers() async throws {
    let navigator = try Self.navigator(Session())
    let route = try await navigator.go(to: "Compose")
    #expect(route.steps.map(\.action) == [.present])
    #expect(navigator.container.layers.count == 1)
    try await navigator.open("myapp://Account")
    #expect(navigator.pendingDetour?.remedy == "Login")
    // Settings is presented from anywhere: over Compose.
    #expect(navigator.container.state.description == "Inbox | Compose | Settings | Login")
  }

  @Test func aDetourWaitsAndResumeClosesTheRemedy() async throws {
    let session = Session()
    let navigator = try Self.navigator(session)
    let events = Self.record(navigator)
    let detour = try await navigator.go(withLayers: Request(to: "Account"))
    #expect(detour.detour?.remedy == "Login")
    #expect(navigator.pendingDetour == detour.detour)
    #expect(navigator.container.state.description == "Inbox | Settings | Login")
    #expect(events().last == "did detour to Account to Login: the guard signedIn refused")
    session.signedIn.store(true, ordering: .relaxed)
    let resumed = try #require(try await navigator.resume())
    #expect(
      resumed.steps.map(\.description) == [
        "back to Settings by settings", "push Account by account",
      ])
    #expect(navigator.container.state.description == "Inbox | Settings > Account")
    #expect(navigator.pendingDetour == nil)
    #expect(try await navigator.resume() == nil)
  }

  /// Resuming while the guard still refuses fails with `unreachable` and drops the
  /// request; nothing changes.
  @Test func resumeNeverDetoursTwice() async throws {
    let navigator = try Self.navigator(Session())
    try await navigator.go(withLayers: Request(to: "Account"))
    let before = navigator.container.items.map(\.identity)
    await #expect(throws: NavigationError.routing(.unreachable(from: "Login", to: "Account"))) {
      try await navigator.resume()
    }
    #expect(navigator.container.items.map(\.identity) == before)
    #expect(navigator.pendingDetour == nil)
  }

  @Test func aNewNavigationReplacesTheDetourAndCancelDropsIt() async throws {
    let navigator = try Self.navigator(Session())
    try await navigator.go(withLayers: Request(to: "Account"))
    #expect(navigator.pendingDetour != nil)
    // A request that fails leaves the waiting one.
    await #expect(throws: NavigationError.self) {
      try await navigator.go(withLayers: Request(to: "Orphan"))
    }
    #expect(navigator.pendingDetour != nil)
    try await navigator.go(withLayers: Request(to: "Archive"))
    #expect(navigator.pendingDetour == nil)
    try await navigator.go(withLayers: Request(to: "Account"))
    navigator.cancelDetour()
    #expect(try await navigator.resume() == nil)
    // Restoring a snapshot is a new navigation too.
    try await navigator.go(withLayers: Request(to: "Account"))
    try await navigator.restore(NavigationSnapshot(entries: []))
    #expect(navigator.pendingDetour == nil)
  }

  /// A factory that hands back a shown object is refused before the first step.
  @Test func aRefusedScreenChangesNothing() async throws {
    let shared = HeadlessScreen(ScreenContext(entry: Entry("Picker")))
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Inbox")
      Screen("Compose")
      Screen("Picker")
      Command(id: "compose", from: ["Inbox"], to: "Compose", presents: true)
      Command(
        id: "attach", from: ["Compose"], to: "Picker", factory: { _ in shared }, presents: true)
    }
    let root = StackItem(entry: Entry("Inbox"), screen: shared)
    let navigator = Navigator(
      table: table, container: ModalPresenter(base: StackContainer(root: root)))
    await #expect(throws: NavigationError.alreadyShown(Entry("Picker"))) {
      try await navigator.go(withLayers: Request(to: "Picker"))
    }
    #expect(navigator.container.layers.isEmpty)
    #expect(navigator.container.items.map { $0.identity } == [root.identity])
  }

  /// An observer that changes the container mid-route stops the route before its next
  /// step; the steps before it stand.
  @Test func anOutsideChangeStopsTheRoute() async throws {
    let navigator = try Self.navigator(Session())
    let base = navigator.container.base
    let extra = StackItem(
      entry: Entry("Archive"), screen: HeadlessScreen(ScreenContext(entry: Entry("Archive"))))
    navigator.addObserver { event in
      if case .didPresent(let entry, _) = event, entry.screen == "Compose" {
        base.replaceItems(with: base.items + [extra])
      }
    }
    await #expect(throws: NavigationError.containerChanged(beforeStep: 1)) {
      try await navigator.go(withLayers: Request(to: "Photo", parameters: ["photoId": "1"]))
    }
    #expect(navigator.container.state.description == "Inbox > Archive | Compose")
  }

  /// Over a drill-down, a pushed screen goes to its panes, a layer leaves them as they
  /// are (its back control and swipe rule included), and going back closes the layer
  /// before the drill-down's own pop.
  @Test func aDrillDownKeepsItsPanesUnderLayers() async throws {
    let table = try RouteTable(json: try DetourTests.modalTableText())
    let inbox = StackItem(
      entry: Entry("Inbox"), screen: HeadlessScreen(ScreenContext(entry: Entry("Inbox"))))
    let presenter = ModalPresenter(base: DrillDownContainer(root: inbox))
    let navigator = Navigator(table: table, container: presenter)
    try await navigator.go(withLayers: Request(to: "Message", parameters: ["id": "1"]))
    #expect(presenter.base.right?.entry == Entry("Message", parameters: ["id": "1"]))
    let swipe = presenter.base.canSwipeBack
    let control = presenter.base.backControl(in: .right)
    try await navigator.go(withLayers: Request(to: "Compose"))
    #expect(presenter.state.description == "Inbox > Message(id: 1) | Compose")
    #expect(presenter.base.right?.entry == Entry("Message", parameters: ["id": "1"]))
    #expect(presenter.base.canSwipeBack == swipe)
    #expect(presenter.base.backControl(in: .right) == control)
    #expect(await navigator.goBack() == Entry("Message", parameters: ["id": "1"]))
    #expect(presenter.layers.isEmpty)
    #expect(await navigator.goBack() == Entry("Inbox"))
    #expect(presenter.base.right == nil)
  }

  /// Over tabs, a route closes the layers and selects another tab, as planning from
  /// tabs with layers does.
  @Test func overTabsARouteClosesTheLayersAndSelects() async throws {
    let text = try LayerToolTests.tableText("modalTabs")
    let table = try RouteTable(json: text)
    let presenter = ModalPresenter(base: try TabContainer(table: table))
    let navigator = Navigator(table: table, container: presenter)
    try await navigator.go(withLayers: Request(to: "Compose"))
    #expect(presenter.state.description == "[Mail: Inbox | Contacts: People] | Compose")
    let route = try await navigator.go(withLayers: Request(to: "People"))
    #expect(route.steps == [.dismiss, .select("Contacts")])
    #expect(presenter.base.selected == "Contacts")
    #expect(presenter.layers.isEmpty)
    #expect(presenter.state == route.state)
  }

  @Test func thePresenterKeepsItsRules() async throws {
    let root = StackItem(
      entry: Entry("A"), screen: HeadlessScreen(ScreenContext(entry: Entry("A"))))
    let presenter = ModalPresenter(base: StackContainer(root: root))
    await #expect(throws: NavigationError.noOpenLayer) { try await presenter.dismiss() }
    await #expect(throws: NavigationError.alreadyShown(Entry("A"))) {
      try await presenter.present(root)
    }
    let b = StackItem(entry: Entry("B"), screen: HeadlessScreen(ScreenContext(entry: Entry("B"))))
    let c = StackItem(entry: Entry("C"), screen: HeadlessScreen(ScreenContext(entry: Entry("C"))))
    let d = StackItem(entry: Entry("D"), screen: HeadlessScreen(ScreenContext(entry: Entry("D"))))
    try await presenter.present(b)
    try await presenter.push(c)
    try await presenter.present(d)
    #expect(presenter.state.description == "A | B > C | D")
    #expect(presenter.depth == 4 && presenter.top == d)
    try await presenter.pop(toCount: 2)
    #expect(presenter.state.description == "A | B")
    await #expect(throws: NavigationError.invalidDepth(3, depth: 2)) {
      try await presenter.pop(toCount: 3)
    }
    try await presenter.present(c)
    try await presenter.pop(toCount: 1)
    #expect(presenter.state.description == "A" && presenter.layers.isEmpty)
  }
}

/// Saving and restoring a presenter's layers.
@MainActor
@Suite struct ModalRestorationTests {
  static func table() throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Inbox", restorationIdentifier: "inbox")
      Screen("Compose", restorationIdentifier: "compose")
      Screen("Recipients")
      Screen("Picker")
      Screen("Photo", parameters: [Parameter("photoId", .integer)], restorationIdentifier: "photo")
      Command(id: "compose", from: ["Inbox"], to: "Compose", presents: true)
      Command(id: "recipients", from: ["Compose"], to: "Recipients")
      Command(id: "attach", from: ["Compose", "Recipients"], to: "Picker", presents: true)
      Command(id: "photo", from: ["Compose"], to: "Photo", presents: true)
    }
  }

  static func navigator(_ table: RouteTable) -> Navigator<ModalPresenter<StackContainer>> {
    let root = StackItem(
      entry: Entry("Inbox"), screen: HeadlessScreen(ScreenContext(entry: Entry("Inbox"))))
    return Navigator(table: table, container: ModalPresenter(base: StackContainer(root: root)))
  }

  /// Layers are saved after the base, their restorable entries only, and a layer whose
  /// first entry is not restorable is left out with every layer above it.
  @Test func savesLayersAfterTheBaseAndRestoresThem() async throws {
    let table = try Self.table()
    let navigator = Self.navigator(table)
    try await navigator.go(withLayers: Request(to: "Recipients"))
    var snapshot = await navigator.snapshot()
    #expect(snapshot.entries == [SavedEntry(identifier: "inbox")])
    #expect(snapshot.layers == [[SavedEntry(identifier: "compose")]])
    try await navigator.go(withLayers: Request(to: "Picker"))
    // Picker is not restorable: its layer is left out.
    #expect(await navigator.snapshot().layers == [[SavedEntry(identifier: "compose")]])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let text = try encoder.encode(snapshot)
    #expect(
      String(decoding: text, as: UTF8.self).contains(
        #""layers":[[{"identifier":"compose","parameters":{}}]]"#))
    snapshot = try JSONDecoder().decode(NavigationSnapshot.self, from: text)
    let fresh = Self.navigator(table)
    try await fresh.restore(snapshot)
    #expect(fresh.container.state.description == "Inbox | Compose")
    // The restored state plans on.
    try await fresh.go(withLayers: Request(to: "Photo", parameters: ["photoId": 3]))
    #expect(fresh.container.state.description == "Inbox | Compose | Photo(photoId: 3)")
    let saved = await fresh.snapshot()
    #expect(
      saved.layers == [
        [SavedEntry(identifier: "compose")],
        [SavedEntry(identifier: "photo", parameters: ["photoId": "3"])],
      ])
  }

  /// A bad entry in a layer is an error at its place, and nothing changes, base
  /// included.
  @Test func aBadLayerChangesNothing() async throws {
    let table = try Self.table()
    let navigator = Self.navigator(table)
    try await navigator.go(withLayers: Request(to: "Compose"))
    let before = navigator.container.items.map(\.identity)
    let snapshot = NavigationSnapshot(
      entries: [SavedEntry(identifier: "inbox")],
      layers: [
        [SavedEntry(identifier: "compose")],
        [SavedEntry(identifier: "photo", parameters: ["photoId": "x"])],
      ])
    await #expect(throws: RestorationError.self) { try await navigator.restore(snapshot) }
    let restored = Result { () throws(RestorationError) in
      try navigator.container.restore(snapshot, using: table)
    }
    guard case .failure(let error) = restored else {
      Issue.record("restored a snapshot whose layer holds a bad parameter")
      return
    }
    #expect(error.location == "layers[1].entries[0].parameters.photoId")
    #expect(error.kind == .invalidParameter)
    #expect(navigator.container.items.map(\.identity) == before)
    // The table resolves the layers without making screens, with the same error.
    let entries = #expect(throws: RestorationError.self) {
      try table.restoredLayers(from: snapshot.layers)
    }
    #expect(entries == error)
    let good = [
      snapshot.layers![0], [SavedEntry(identifier: "photo", parameters: ["photoId": "3"])],
    ]
    #expect(
      try table.restoredLayers(from: good)
        == [[Entry("Compose")], [Entry("Photo", parameters: ["photoId": .integer(3)])]])
    #expect(try table.restoredLayers(from: nil).isEmpty)
  }

  /// Over tabs: every tab, the selection, then the layers over the selected tab.
  @Test func savesAndRestoresLayersOverTabs() async throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Tab("Mail", root: "Inbox")
      Tab("Contacts", root: "People")
      Screen("Inbox", restorationIdentifier: "inbox")
      Screen("People", restorationIdentifier: "people")
      Screen("Compose", restorationIdentifier: "compose")
      Command(id: "compose", to: "Compose", presents: true)
    }
    let navigator = Navigator(
      table: table, container: ModalPresenter(base: try TabContainer(table: table)))
    try await navigator.go(withLayers: Request(to: "Compose"))
    let snapshot = await navigator.snapshot()
    #expect(snapshot.selected == "Mail")
    #expect(snapshot.layers == [[SavedEntry(identifier: "compose")]])
    let data = try JSONEncoder().encode(snapshot)
    let fresh = Navigator(
      table: table, container: ModalPresenter(base: try TabContainer(table: table)))
    try await fresh.restore(try JSONDecoder().decode(TabSnapshot.self, from: data))
    #expect(fresh.container.state == navigator.container.state)
    // A bad layer changes nothing, the tabs included.
    var bad = snapshot
    bad.selected = "Contacts"
    bad.layers = [[SavedEntry(identifier: "nowhere")]]
    await #expect(throws: RestorationError.self) { try await fresh.restore(bad) }
    #expect(fresh.container.state == navigator.container.state)
  }

  @Test func anEmptySavedLayerDoesNotDecode() {
    let text = #"{"version": 1, "entries": [{"identifier": "inbox"}], "layers": [[]]}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(NavigationSnapshot.self, from: Data(text.utf8))
    }
  }
}
