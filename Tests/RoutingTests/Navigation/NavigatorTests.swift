import Routing
import Testing

extension ScreenName {
  fileprivate static let menu: ScreenName = "Menu"
  fileprivate static let folder: ScreenName = "Folder"
  fileprivate static let profile: ScreenName = "Profile"
  fileprivate static let chat: ScreenName = "Chat"
  fileprivate static let card: ScreenName = "ContactCard"
}

/// A screen object that remembers how it was made.
@MainActor
private final class RecordingScreen: ScreenController {
  let context: ScreenContext
  init(_ context: ScreenContext) { self.context = context }
}

private struct CardModel: ViewModel {
  static let destination: ScreenName = .card
  let name: String
}

/// A container whose moves suspend, and that logs when each begins and ends.
@MainActor
private final class SlowContainer: NavigationContainer {
  var items: [StackItem]
  var log: [String] = []

  init(root: StackItem) { items = [root] }

  func push(_ item: StackItem) async {
    log.append("begin push \(item.entry.screen)")
    await Task.yield()
    items.append(item)
    log.append("end push \(item.entry.screen)")
  }

  func pop(toCount count: Int) async {
    log.append("begin pop \(count)")
    await Task.yield()
    items.removeSubrange(count...)
    log.append("end pop \(count)")
  }
}

@MainActor
@Suite struct NavigatorTests {
  let table: RouteTable

  init() throws {
    let factory: ScreenFactory = { RecordingScreen($0) }
    table = try RouteTable(defaultFactory: factory) {
      Screen(.menu)
      Screen(.folder, parameters: [.string("tab")])
      Screen(.profile, parameters: [.integer("userId")])
      Screen(.chat, parameters: [.integer("userId"), .string("tab")])
      Screen(.card)
      Command(id: "home", to: .menu)
      Command(id: "openFolder", from: [.menu], to: .folder)
      Command(id: "openProfile", from: [.folder, .chat], to: .profile)
      Command(id: "openChat", from: [.profile], to: .chat)
      Command(id: "openCard", from: [.profile], to: .card)
    }
  }

  func makeNavigator() -> Navigator<StackContainer> {
    let root = StackItem(entry: Entry(.menu), screen: table.makeScreen(for: Entry(.menu))!)
    return Navigator(table: table, container: StackContainer(root: root))
  }

  @Test func parametersReachExactlyTheScreensThatDeclareThem() async throws {
    let navigator = makeNavigator()
    try await navigator.go(to: .chat, parameters: ["userId": "7", "tab": "recent"])
    let made = navigator.container.items.map { ($0.screen as! RecordingScreen).context.entry }
    #expect(
      made == [
        Entry(.menu),
        Entry(.folder, parameters: ["tab": "recent"]),
        Entry(.profile, parameters: ["userId": 7]),
        Entry(.chat, parameters: ["userId": 7, "tab": "recent"]),
      ])
    // Typed by the declaration: the integer parameter arrived as an integer.
    #expect(made[2].parameters["userId"]?.integerValue == 7)
  }

  @Test func poppedToScreensAreTheSameObjects() async throws {
    let navigator = makeNavigator()
    try await navigator.go(to: .chat, parameters: ["userId": 1])
    let folder = navigator.container.items[1].screen
    let route = try await navigator.go(to: .folder)
    #expect(route.steps.map(\.action) == [.pop])
    #expect(navigator.container.items.count == 2)
    #expect(navigator.container.items[1].screen === folder)
  }

  @Test func alreadyThereCompletesWithAnEmptyRoute() async throws {
    let navigator = makeNavigator()
    var events: [NavigationEvent] = []
    navigator.addObserver { events.append($0) }
    let route = try await navigator.go(to: .menu)
    #expect(route.isEmpty)
    #expect(events.count == 2)
    #expect(navigator.stack == [Entry(.menu)])
  }

  @Test func failedPlanLeavesTheStackUntouchedAndStillCompletes() async throws {
    let navigator = makeNavigator()
    try await navigator.go(to: .profile, parameters: ["userId": 3])
    let before = navigator.container.items.map(\.screen)
    var events: [NavigationEvent] = []
    navigator.addObserver { events.append($0) }
    await #expect(throws: NavigationError.routing(.unknownScreen("Nowhere"))) {
      try await navigator.go(to: "Nowhere")
    }
    await #expect(
      throws: NavigationError.routing(
        .invalidParameter(name: "userId", value: "abc", expected: .integer))
    ) {
      try await navigator.go(to: .chat, parameters: ["userId": "abc"])
    }
    let after = navigator.container.items.map(\.screen)
    #expect(before.count == after.count)
    #expect(zip(before, after).allSatisfy { $0 === $1 })
    #expect(events.count == 2)
    if case .didFail(_, let error) = events.first {
      #expect(error == .routing(.unknownScreen("Nowhere")))
    } else {
      Issue.record("expected didFail, got \(events)")
    }
  }

  @Test func eventsComeInOrderForEachStep() async throws {
    let navigator = makeNavigator()
    try await navigator.go(to: .profile, parameters: ["userId": 3])
    var names: [String] = []
    let token = navigator.addObserver { event in
      switch event {
      case .willNavigate: names.append("willNavigate")
      case .willPush(let entry, _): names.append("willPush \(entry.screen)")
      case .didPush(let entry, _): names.append("didPush \(entry.screen)")
      case .willPop(let entry, _): names.append("willPop \(entry.screen)")
      case .didPop(let entry, _): names.append("didPop \(entry.screen)")
      case .willGoBack(let entry): names.append("willGoBack \(entry.screen)")
      case .didGoBack(let entry): names.append("didGoBack \(entry.screen)")
      case .didNavigate: names.append("didNavigate")
      case .didFail: names.append("didFail")
      case .willPresent, .didPresent, .willDismiss, .didDismiss, .didDetour:
        names.append("\(event)")
      }
    }
    try await navigator.go(to: .card, via: [.folder])
    #expect(
      names == [
        "willNavigate", "willPop Folder", "didPop Folder", "willPush Profile", "didPush Profile",
        "willPush ContactCard", "didPush ContactCard", "didNavigate",
      ])
    #expect(await navigator.goBack() == Entry(.profile))
    #expect(names.suffix(2) == ["willGoBack Profile", "didGoBack Profile"])
    navigator.removeObserver(token)
    try await navigator.go(to: .menu)
    #expect(names.count == 10)
    #expect(await navigator.goBack() == nil)
    #expect(navigator.stack == [Entry(.menu)])
  }

  @Test func viewModelReachesTheScreenItNames() async throws {
    let navigator = makeNavigator()
    try await navigator.go(to: .profile, parameters: ["userId": 5])
    let route = try await navigator.go(to: CardModel(name: "Ada"))
    #expect(route.stack.last == Entry(.card))
    let screen = navigator.container.items.last!.screen as! RecordingScreen
    #expect((screen.context.viewModel as? CardModel)?.name == "Ada")
    // Screens made on the way do not receive it.
    try await navigator.go(to: .menu)
    let other = try await navigator.go(to: CardModel(name: "Grace"), via: [.folder])
    #expect(other.steps.count == 3)
    let middle = navigator.container.items[2].screen as! RecordingScreen
    #expect(middle.context.viewModel == nil)
    #expect(
      ((navigator.container.items.last!.screen as! RecordingScreen).context.viewModel as? CardModel)?
        .name == "Grace")
  }

  @Test func concurrentNavigationsAreSerializedAndNoneIsLost() async throws {
    let root = StackItem(entry: Entry(.menu), screen: table.makeScreen(for: Entry(.menu))!)
    let container = SlowContainer(root: root)
    let navigator = Navigator(table: table, container: container)
    async let first = navigator.go(to: .profile, parameters: ["userId": 1])
    async let second = navigator.go(to: .chat, parameters: ["userId": 1])
    async let third = navigator.go(to: .menu)
    let routes = try await [first, second, third]
    // Whatever order the calls took their turns in, each planned from where the last
    // one ended: the three routes chain into the final stack.
    #expect(routes.count == 3)
    #expect(routes.map(\.steps.count).reduce(0, +) >= 3)
    #expect(routes.contains { $0.stack == navigator.stack })
    // No move began before the previous one ended.
    for (index, line) in container.log.enumerated() where line.hasPrefix("begin") {
      if index > 0 { #expect(container.log[index - 1].hasPrefix("end")) }
    }
    #expect(container.log.count == 2 * routes.map(\.steps.count).reduce(0, +))
  }
}
