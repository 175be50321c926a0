import Foundation
import Synchronization
import Testing

@testable import Routing

/// Guards with a remedy: the file format's `"guards"`, the checks compiling makes, and
/// detours planned from tables loaded from a file.
@Suite struct DetourTests {
  /// The fixture's table `modal` as its JSON text.
  static func modalTableText() throws -> String {
    let tables = try #require(try Fixtures.object("modal-scenarios")["tables"] as? [String: Any])
    return try Fixtures.text(try #require(tables["modal"]))
  }

  /// Every scenario of the fixture's table `modal`, planned on the table loaded from its
  /// JSON text (remedies from `"guards"`), its guards given by name and answering as the
  /// request says.
  @Test(arguments: ModalScenarioTests.scenarios)
  func scenarioPassesOnTheTableLoadedFromItsFile(_ scenario: RoutingScenarioTests.Scenario)
    throws
  {
    let object = try #require(try Fixtures.objectFromText(scenario.json))
    guard object["table"] as? String == "modal" else { return }
    let request = try #require(object["request"] as? [String: Any])
    let answers = request["guards"] as? [String: Bool] ?? [:]
    let table = try RouteTable(
      json: try Self.modalTableText(),
      guards: ["signedIn": RouteGuard("signedIn") { _ in answers["signedIn"] ?? false }])
    try ModalScenarioTests.expectScenario(object, on: table)
  }

  /// Loaded without code, a guard refuses and keeps its remedy: requests detour.
  @Test func aFileTableWithoutCodeDetours() throws {
    let table = try RouteTable(json: try Self.modalTableText())
    let route = try table.route(from: ModalState(stack: [Entry("Inbox")]), to: "Account")
    #expect(route.detour?.remedy == "Login")
    #expect(route.detour?.guardName == "signedIn")
    #expect(table.commands.compactMap { $0.condition?.remedy } == ["Login", "Login"])
  }

  /// Guards loaded without code answer as ``RouteGuard/answeringGuards(_:_:)`` says
  /// while it runs, by name, and refuse again after; a name it does not give refuses.
  @Test func answersByNameHoldOnlyWhileGiven() throws {
    let table = try RouteTable(json: try Self.modalTableText())
    let start = ModalState(stack: [Entry("Inbox")])
    let allowed = try RouteGuard.answeringGuards(["signedIn": true]) {
      () throws(RoutingError) in try table.route(from: start, to: "Account")
    }
    #expect(allowed.detour == nil)
    #expect(allowed.steps.map { $0.commandStep?.commandID } == ["settings", "account"])
    let other = try RouteGuard.answeringGuards(["admin": true]) {
      () throws(RoutingError) in try table.route(from: start, to: "Account")
    }
    #expect(other.detour?.remedy == "Login")
    #expect(try table.route(from: start, to: "Account").detour?.remedy == "Login")
  }

  /// Answers given to every guard by name override the guards' code everywhere the
  /// planner asks them: in planning, and in naming the guard that stood in the way; the
  /// innermost answers hold alone.
  @Test func answersToEveryGuardOverrideTheirCode() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home")
      Screen("Account")
      Command(id: "account", from: ["Home"], to: "Account", when: RouteGuard("g") { _ in true })
    }
    let start = [Entry("Home")]
    #expect(try table.route(from: start, to: "Account").steps.count == 1)
    let refused = Result { () throws(RoutingError) in
      try RouteGuard.answeringEveryGuard([:]) { () throws(RoutingError) in
        try table.route(from: start, to: "Account")
      }
    }
    guard case .failure(.refusedByGuard(_, _, let refusal)) = refused else {
      Issue.record("a guard answered no by name let the route through: \(refused)")
      return
    }
    #expect(refusal.guardName == "g")
    let context = GuardContext(request: Request(to: "Account"), stack: start)
    let guarded = try #require(table.commands[0].condition)
    #expect(RouteGuard.answeringEveryGuard(["g": false]) { guarded.allows(context) } == false)
    #expect(guarded.allows(context))
    // The innermost answers hold alone: those for guards without code leave coded ones
    // to their code.
    let inner = RouteGuard.answeringEveryGuard(["g": false]) {
      RouteGuard.answeringGuards([:]) { guarded.allows(context) }
    }
    #expect(inner)
  }

  /// Exporting writes the remedies under `"guards"`, once per guard, and the text loads
  /// back to the same text.
  @Test func remediesSurviveTheRoundTrip() throws {
    let table = try RouteTable(json: try Self.modalTableText())
    let text = table.exportedJSON()
    #expect(text.hasSuffix("  \"guards\": {\n    \"signedIn\": {\"remedy\": \"Login\"}\n  }\n}\n"))
    #expect(try RouteTable(json: text).exportedJSON() == text)
  }

  @Test(arguments: [
    (
      #"{"commands": [{"to": "A", "guard": "g"}], "guards": {"g": {"remedy": "B"}}}"#,
      TableError.Kind.undeclaredScreen, "guards.g.remedy"
    ),
    (
      #"{"commands": [{"to": "A", "guard": "g"}], "guards": {"h": {"remedy": "A"}}}"#,
      .unknownGuard, "guards.h"
    ),
    (
      #"{"commands": [{"to": "A", "guard": "g"}], "guards": {"g": {}}}"#, .missingKey,
      "guards.g.remedy"
    ),
    (
      #"{"commands": [{"to": "A", "guard": "g"}], "guards": {"g": {"remedy": 1}}}"#, .wrongType,
      "guards.g.remedy"
    ),
    (
      #"{"commands": [{"to": "A", "guard": "g"}], "guards": {"g": {"cure": "A"}}}"#, .unknownKey,
      "guards.g.cure"
    ),
    (#"{"commands": [{"to": "A", "guard": "g"}], "guards": ["g"]}"#, .wrongType, "guards"),
    (#"{"commands": [{"to": "A", "guard": "g"}], "guards": {"g": "A"}}"#, .wrongType, "guards.g"),
  ])
  func aBadRemedyIsALocatedTableError(text: String, kind: TableError.Kind, location: String) {
    let error = RouteTableFileTests.failure(Array(text.utf8))
    #expect(error?.kind == kind, "\(String(describing: error))")
    #expect(error?.location == location, "\(String(describing: error))")
    guard case .failure(let reference) = TreeTableReference.load(Array(text.utf8)) else {
      Issue.record("the reference loads \(text)")
      return
    }
    #expect(error?.kind == reference.kind && error?.location == reference.location)
  }

  /// A remedy in Swift must be a screen of the table too, reported at its command.
  @Test func aRemedyThatIsNotAScreenFailsToCompile() {
    let compiled = Result { () throws(TableError) in
      try RouteTable(defaultFactory: HeadlessScreen.factory) {
        Screen("Home")
        Screen("Account")
        Screen("Login")
        Command(to: "Login")
        Command(
          from: ["Home"], to: "Account",
          when: RouteGuard("signedIn", remedy: "Logn") { _ in false })
      }
    }
    guard case .failure(let error) = compiled else {
      Issue.record("compiled a table whose remedy is not a screen")
      return
    }
    #expect(error.kind == .undeclaredScreen)
    #expect(error.location == "commands[1].guard")
    #expect(error.suggestion == "Login")
    #expect(
      error.message
        == "the remedy 'Logn' of guard 'signedIn' is not a screen of the table; did you mean 'Login'?"
    )
  }

  /// A request that detours asks each guard once, and a guard without a remedy never
  /// detours: the request fails, naming the guard.
  @Test func guardsAreAskedOnceAndOnlyARemedyDetours() throws {
    let calls = Atomic<Int>(0)
    func table(remedy: ScreenName?) throws -> RouteTable {
      try RouteTable(defaultFactory: HeadlessScreen.factory) {
        Screen("Home")
        Screen("Account")
        Screen("Login")
        Command(id: "login", to: "Login", presents: true)
        Command(
          id: "account", from: ["Home"], to: "Account",
          when: RouteGuard("signedIn", remedy: remedy) { _ in
            calls.add(1, ordering: .relaxed)
            return false
          })
      }
    }
    let route = try table(remedy: "Login").route(
      from: ModalState(stack: [Entry("Home")]), to: "Account")
    #expect(route.detour?.remedy == "Login")
    #expect(route.steps.map { $0.commandStep?.commandID } == ["login"])
    #expect(calls.load(ordering: .relaxed) == 1)
    let unremedied = try table(remedy: nil)
    let refused = Result { () throws(RoutingError) in
      try unremedied.route(from: ModalState(stack: [Entry("Home")]), to: "Account")
    }
    guard case .failure(let error) = refused else {
      Issue.record("a guard without a remedy detoured: \(refused)")
      return
    }
    #expect(error.refusingGuard?.guardName == "signedIn")
  }

  /// When no leg leads to the remedy, the request fails from the top where the guard
  /// stood to the remedy.
  @Test func anUnreachableRemedyFailsFromWhereTheGuardStood() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home")
      Screen("Settings")
      Screen("Account")
      Screen("Login")
      Command(id: "settings", from: ["Home"], to: "Settings")
      Command(
        id: "account", from: ["Settings"], to: "Account",
        when: RouteGuard("signedIn", remedy: "Login") { _ in false })
    }
    #expect(throws: RoutingError.unreachable(from: "Settings", to: "Login")) {
      try table.route(from: ModalState(stack: [Entry("Home")]), to: "Account")
    }
  }

  /// Standing on the remedy already, the detour has no step: the request waits.
  @Test func onTheRemedyTheDetourHasNoStep() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Login")
      Screen("Account")
      Command(
        id: "account", from: ["Login"], to: "Account",
        when: RouteGuard("signedIn", remedy: "Login") { _ in false })
    }
    let route = try table.route(from: ModalState(stack: [Entry("Login")]), to: "Account")
    #expect(route.steps.isEmpty)
    #expect(route.detour?.pending == Request(to: "Account"))
  }
}
