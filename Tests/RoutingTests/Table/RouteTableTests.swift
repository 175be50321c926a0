import Dispatch
import Routing
import RoutingStorage
import Testing

@Suite struct RouteTableTests {
  struct BadTable: CustomTestStringConvertible, Sendable {
    let name: String
    let kind: TableError.Kind
    let location: String
    let build: @Sendable () throws -> RouteTable
    var testDescription: String { name }
  }

  static let headless = HeadlessScreen.factory

  static let badTables: [BadTable] = [
    BadTable(name: "empty screen name", kind: .invalidName, location: "screens[1].name") {
      try RouteTable(defaultFactory: headless) {
        Screen("A")
        Screen("")
      }
    },
    BadTable(name: "control character", kind: .invalidName, location: "commands[0].to") {
      try RouteTable(defaultFactory: headless) { Command(to: "Bad\u{7}Name") }
    },
    BadTable(name: "duplicate screen", kind: .duplicateScreen, location: "screens[2].name") {
      try RouteTable(defaultFactory: headless) {
        Screen("A")
        Screen("B")
        Screen("A")
      }
    },
    BadTable(name: "duplicate id", kind: .duplicateID, location: "commands[2].id") {
      try RouteTable(defaultFactory: headless) {
        Command(id: "go", to: "A")
        Command(to: "B")
        Command(id: "go", to: "C")
      }
    },
    BadTable(name: "empty id", kind: .invalidName, location: "commands[0].id") {
      try RouteTable(defaultFactory: headless) { Command(id: "", to: "A") }
    },
    BadTable(name: "undeclared origin", kind: .undeclaredScreen, location: "commands[1].from[1]") {
      try RouteTable(defaultFactory: headless) {
        Screen("A")
        Screen("B")
        Command(to: "A")
        Command(from: ["A", "C"], to: "B")
      }
    },
    BadTable(name: "undeclared destination", kind: .undeclaredScreen, location: "commands[0].to") {
      try RouteTable(defaultFactory: headless) {
        Screen("A")
        Command(from: ["A"], to: "B")
      }
    },
    BadTable(name: "nothing makes it", kind: .unconstructibleDestination, location: "commands[1]") {
      try RouteTable {
        Screen("A", factory: headless)
        Screen("B")
        Command(to: "A")
        Command(from: ["A"], to: "B")
      }
    },
    BadTable(name: "zero cost", kind: .invalidCost, location: "commands[0].cost") {
      try RouteTable(defaultFactory: headless) { Command(to: "A", cost: 0) }
    },
    BadTable(
      name: "repeated parameter", kind: .invalidParameter, location: "screens[0].parameters[1]"
    ) {
      try RouteTable(defaultFactory: headless) {
        Screen("A", parameters: [.string("p"), .integer("p")])
      }
    },
    BadTable(name: "empty parameter", kind: .invalidParameter, location: "screens[0].parameters[0]")
    {
      try RouteTable(defaultFactory: headless) { Screen("A", parameters: [.string("")]) }
    },
  ]

  @Test(arguments: badTables)
  func badTableIsRefusedWithItsPlace(_ bad: BadTable) {
    #expect {
      _ = try bad.build()
    } throws: { error in
      // Each table is declared in this file, so its error begins with the file and line
      // of the declaration (the exact lines are checked in DeclarationSiteTests).
      guard let error = error as? TableError, let site = error.declaredAt else { return false }
      return error.kind == bad.kind && error.location == bad.location && site.fileID == #fileID
        && error.description.hasPrefix("\(site): ")
    }
  }

  @MainActor
  @Test func factoriesResolveFromCommandThenScreenThenDefault() throws {
    // Each factory marks what it makes with its own view model, so the test can tell
    // which one ran.
    func marking(_ mark: String) -> ScreenFactory {
      { context in HeadlessScreen(ScreenContext(entry: context.entry, viewModel: Mark(name: mark)))
      }
    }
    let table = try RouteTable(defaultFactory: marking("default")) {
      Screen("A")
      Screen("B", factory: marking("screen"))
      Command(to: "A")
      Command(from: ["A"], to: "B")
      Command(from: ["A"], to: "B", factory: marking("command"))
    }
    func made(by command: Int) -> String? {
      let screen = table.factory(forCommand: command)(ScreenContext(entry: Entry("X")))
      return ((screen as? HeadlessScreen)?.viewModel as? Mark)?.name
    }
    #expect(made(by: 0) == "default")
    #expect(made(by: 1) == "screen")
    #expect(made(by: 2) == "command")
    #expect(
      (table.makeScreen(for: Entry("A")) as? HeadlessScreen)?.viewModel as? Mark
        == Mark(name: "default"))
    #expect(
      (table.makeScreen(for: Entry("B")) as? HeadlessScreen)?.viewModel as? Mark
        == Mark(name: "screen"))
    #expect(table.screens.map(\.name) == ["A", "B"])
    #expect(table.commands(to: "B") == [1, 2])
    #expect(table.screen(named: "C") == nil)
  }

  @Test func manualRegistrationInAnyOrderNumbersCommandsAsRegistered() throws {
    var registry = RouteRegistry(defaultFactory: Self.headless)
    registry.register(Command(from: ["B"], to: "C"))
    registry.register(Command(from: ["A"], to: "B"))
    registry.register(Command(from: ["A"], to: "C"))
    let table = try registry.compile()
    // Screens that only commands name come in first-mention order.
    #expect(table.screens.map(\.name) == ["B", "C", "A"])
    let route = try table.route(from: [Entry("A")], to: "C")
    #expect(route.steps.map(\.command) == [2])
  }

  @Test func builderTakesConditionsAndLoops() throws {
    let withChat = true
    let table = try RouteTable(defaultFactory: Self.headless) {
      for name in ["A", "B", "C"] {
        Screen(ScreenName(name))
      }
      if withChat {
        Screen("Chat")
      } else {
        Screen("Mail")
      }
      Command(from: ["A"], to: "B")
      Command(from: ["B"], to: "C")
      Command(from: ["C"], to: "Chat")
    }
    #expect(table.screens.map(\.name) == ["A", "B", "C", "Chat"])
    #expect(try table.route(from: [Entry("A")], to: "Chat").steps.count == 3)
  }

  @Test func breadthFirstTieBreakReadsCommandsFromTheFirstStep() throws {
    // Two routes of two steps: [1, 2] and [0, 3]; the one starting with 0 wins even
    // though its second command is larger.
    let table = try RouteTable(defaultFactory: Self.headless) {
      Command(from: ["A"], to: "C")
      Command(from: ["A"], to: "B")
      Command(from: ["B"], to: "D")
      Command(from: ["C"], to: "D")
    }
    #expect(try table.route(from: [Entry("A")], to: "D").steps.map(\.command) == [0, 3])
  }

  @Test func manyThreadsPlanOnOneTableAtOnce() throws {
    var random = SeededGenerator(seed: 99)
    var registry = RouteRegistry(defaultFactory: Self.headless)
    let names = (0..<200).map { ScreenName("S\($0)") }
    for _ in 0..<800 {
      registry.register(
        Command(
          from: [names.randomElement(using: &random)!], to: names.randomElement(using: &random)!))
    }
    let table = try registry.compile()
    let requests = (0..<64).map { _ in
      (names.randomElement(using: &random)!, names.randomElement(using: &random)!)
    }
    let expected = requests.map { (from, to) in
      Result { () throws(RoutingError) -> Route in try table.route(from: [Entry(from)], to: to) }
    }
    let results = ResultBox(count: requests.count)
    DispatchQueue.concurrentPerform(iterations: requests.count * 4) { index in
      let (from, to) = requests[index % requests.count]
      let outcome = Result { () throws(RoutingError) -> Route in
        try table.route(from: [Entry(from)], to: to)
      }
      results.record(outcome, at: index % requests.count)
    }
    #expect(results.all(equal: expected))
  }
}

/// Collects results from many threads.
private final class ResultBox: Sendable {
  private let slots: [Slot]

  final class Slot: Sendable {
    let lock = Locked<[Result<Route, RoutingError>]>([])
  }

  init(count: Int) {
    slots = (0..<count).map { _ in Slot() }
  }

  func record(_ result: Result<Route, RoutingError>, at index: Int) {
    slots[index].lock.withLock { $0.append(result) }
  }

  func all(equal expected: [Result<Route, RoutingError>]) -> Bool {
    zip(slots, expected).allSatisfy { slot, wanted in
      slot.lock.withLock { $0.count == 4 && $0.allSatisfy { $0 == wanted } }
    }
  }
}

/// A command type of the user's own, as the seed let apps subclass its commands.
private struct OpenChat: NavigationCommand {
  let origins: [ScreenName] = ["Profile"]
  let destination: ScreenName = "Chat"
  let id: String? = "openChat"
  var condition: RouteGuard? {
    RouteGuard { $0.top?.parameters["userId"] == $0.request.parameters["userId"] }
  }
  var factory: ScreenFactory? { HeadlessScreen.factory }
}

@Suite struct CustomCommandTests {
  @Test func customCommandTypesTakePartLikeBuiltInOnes() throws {
    let table = try RouteTable {
      Screen("Profile", parameters: [.string("userId")], factory: HeadlessScreen.factory)
      Screen("Chat", parameters: [.string("userId")])
      OpenChat()
    }
    let stack = [Entry("Profile", parameters: ["userId": "1"])]
    let route = try table.route(from: stack, to: "Chat", parameters: ["userId": "1"])
    #expect(route.steps.map(\.commandID) == ["openChat"])
    #expect(throws: RoutingError.unreachable(from: "Profile", to: "Chat")) {
      try unrefused { () throws(RoutingError) in
        try table.route(from: stack, to: "Chat", parameters: ["userId": "2"])
      }
    }
  }
}

@Suite struct ParameterKindTests {
  static let table = try! RouteTable(defaultFactory: HeadlessScreen.factory) {
    Screen("Home")
    Screen("Order", parameters: [.integer("id")])
    Screen("Tag", parameters: [.string("id")])
    Command(to: "Home")
    Command(from: ["Home"], to: "Order")
    Command(from: ["Home"], to: "Tag")
  }

  @Test func aValueIsCheckedOnlyAgainstTheScreensTheRouteCreates() throws {
    // Order declares an integer id, but the route to Tag never creates an Order.
    let route = try Self.table.route(from: [Entry("Home")], to: "Tag", parameters: ["id": "abc"])
    #expect(route.stack.last == Entry("Tag", parameters: ["id": "abc"]))
    #expect(throws: RoutingError.invalidParameter(name: "id", value: "abc", expected: .integer)) {
      try Self.table.route(from: [Entry("Home")], to: "Order", parameters: ["id": "abc"])
    }
  }

  @Test func valuesAreTypedByEachScreen() throws {
    let route = try Self.table.route(from: [Entry("Home")], to: "Order", parameters: ["id": "42"])
    #expect(route.stack.last?.parameters["id"] == .integer(42))
    // An existing Order(id: 42) matches the text "42" and the integer 42 alike.
    let stack = route.stack + [Entry("Tag")]
    for value: ParameterValue in ["42", 42] {
      let back = try Self.table.route(from: stack, to: "Order", parameters: ["id": value])
      #expect(back.steps.map(\.action) == [.pop])
    }
  }

  @Test func aValueThatDoesNotConvertMatchesNoEntry() throws {
    // Order(id: 1) cannot match id "abc": the route goes home, then fails to create one.
    let stack = [Entry("Home"), Entry("Order", parameters: ["id": 1]), Entry("Tag")]
    #expect(throws: RoutingError.invalidParameter(name: "id", value: "abc", expected: .integer)) {
      try Self.table.route(from: stack, to: "Order", parameters: ["id": "abc"])
    }
  }
}

/// A view model that only names the factory that made a screen.
private struct Mark: ViewModel, Equatable {
  static let destination: ScreenName = "X"
  let name: String
}
