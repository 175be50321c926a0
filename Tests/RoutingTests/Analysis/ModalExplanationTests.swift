import Routing
import Testing

/// `RouteTable.explanation(_:from:)`: why a leg closes layers, why a route detours, and
/// why a request from a state with layers has no route.
@Suite struct ModalExplanationTests {
  /// Home presents Sheet; Target is reached from Home, or from Sheet through Deep (and,
  /// when `deeper`, through Deeper too); `back` is a command from Sheet to Home, a pop
  /// that closes the sheet.
  static func table(deeper: Bool, back: Bool) throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home")
      Screen("Sheet")
      Screen("Deep")
      Screen("Deeper")
      Screen("Target")
      if back {
        Command(id: "back", from: ["Sheet"], to: "Home")
      }
      Command(id: "sheet", from: ["Home"], to: "Sheet", presents: true)
      Command(id: "deep", from: ["Sheet"], to: "Deep")
      if deeper {
        Command(id: "deeper", from: ["Deep"], to: "Deeper")
        Command(id: "fromDeeper", from: ["Deeper"], to: "Target")
      } else {
        Command(id: "fromDeep", from: ["Deep"], to: "Target")
      }
      Command(id: "target", from: ["Home"], to: "Target")
    }
  }

  /// The fixture's table `modal`, loaded from its file: its guard refuses unless a
  /// request answers it.
  static func modalTable() throws -> RouteTable {
    try RouteTable(json: try DetourTests.modalTableText())
  }

  static let inSheet = ModalState(stack: [Entry("Home")], layers: [[Entry("Sheet")]])

  @Test func aLegThatMustCloseItsLayersSaysNoRouteKeepsThemOpen() throws {
    let table = try Self.modalTable()
    let state = ModalState(
      stack: [Entry("Inbox")], layers: [[Entry("Compose")], [Entry("Picker")]])
    let why = try table.explanation(Request(to: "Archive"), from: state)
    #expect(why.detour == nil && why.failure == nil)
    let closing = try #require(why.closings.first)
    #expect(why.closings.count == 1)
    #expect(closing.milestone == "Archive")
    #expect(closing.layers == [[Entry("Compose")], [Entry("Picker")]])
    #expect(closing.firstLayer == 1)
    #expect(closing.cost == 3)
    #expect(closing.keepingOpen == [nil, nil])
    #expect(
      why.description == """
        the leg to Archive (3 steps) closes layer 1 (Compose), layer 2 (Picker):
          keeping layer 1 (Compose) open: no route to Archive
          keeping layer 2 (Picker) open: no route to Archive
        """)
    // The route the explanation speaks of is the planner's.
    let route = try table.route(Request(to: "Archive"), from: state)
    #expect(route.steps.count == closing.cost)
  }

  @Test func aShorterLegThroughTheLayerIsNamedWithItsCost() throws {
    let why = try Self.table(deeper: true, back: false).explanation(
      Request(to: "Target"), from: Self.inSheet)
    #expect(why.closings.map(\.keepingOpen) == [[3]])
    #expect(why.closings.map(\.cost) == [2])
    #expect(why.description.hasSuffix("keeping layer 1 (Sheet) open: 3 steps"))
  }

  @Test func anEquallyShortLegLosesOnTheTieOrder() throws {
    let table = try Self.table(deeper: false, back: true)
    let route = try table.route(Request(to: "Target"), from: Self.inSheet)
    // The pop by `back` (command 0) comes before `deep` (command 2) among equals.
    #expect(route.steps.first?.commandStep?.commandID == "back")
    let why = try table.explanation(Request(to: "Target"), from: Self.inSheet)
    #expect(why.closings.map(\.keepingOpen) == [[2]])
    #expect(
      why.description.hasSuffix(
        "keeping layer 1 (Sheet) open: 2 steps as well, but the leg that closes it comes first among equals"
      ))
  }

  @Test func aRouteThatKeepsItsLayersHasNothingToExplain() throws {
    let table = try Self.table(deeper: false, back: false)
    // Deep, then Target: as short as closing the sheet, and `deep` comes before a dismiss.
    let why = try table.explanation(Request(to: "Target"), from: Self.inSheet)
    #expect(why.closings.isEmpty && why.detour == nil && why.failure == nil)
    #expect(why.description.isEmpty)
  }

  @Test func aBreadcrumbInALayerThenTheBaseExplainsTheSecondLeg() throws {
    let table = try Self.modalTable()
    let why = try table.explanation(
      Request(to: "Archive", via: ["Recipients"]), from: ModalState(stack: [Entry("Inbox")]))
    #expect(why.closings.map(\.milestone) == ["Archive"])
    #expect(why.closings.first?.layers == [[Entry("Compose"), Entry("Recipients")]])
  }

  @Test func aDetourNamesTheGuardItsCommandAndTheRemedy() throws {
    let table = try Self.modalTable()
    let why = try table.explanation(
      Request(to: "Account"), from: ModalState(stack: [Entry("Inbox")]))
    let detour = try #require(why.detour)
    #expect(detour.refusingGuards == ["signedIn"])
    #expect(detour.commandID == "account")
    #expect(detour.command == 6)
    #expect(detour.guardName == "signedIn")
    #expect(detour.remedy == "Login")
    // Settings is presented first; the route stops before `account`.
    #expect(detour.stepsBefore == 1)
    #expect(why.failure == nil)
    #expect(
      why.description.contains(
        "detour: no route avoids the commands whose guards said no ('signedIn'); the route through those with a remedy takes commands[6] 'account' after 1 step, and 'signedIn' has the remedy Login"
      ))
    let route = try table.route(Request(to: "Account"), from: ModalState(stack: [Entry("Inbox")]))
    #expect(route.detour?.remedy == detour.remedy)
  }

  @Test func aGuardThatAllowsLeavesNoDetour() throws {
    let table = try Self.modalTable()
    let why = try RouteGuard.answeringGuards(["signedIn": true]) {
      () throws(RoutingError) in
      try table.explanation(Request(to: "Account"), from: ModalState(stack: [Entry("Inbox")]))
    }
    #expect(why.detour == nil && why.failure == nil && why.closings.isEmpty)
  }

  @Test func noRouteIsExplainedFromTheWholeChain() throws {
    let table = try Self.modalTable()
    let state = ModalState(stack: [Entry("Inbox")], layers: [[Entry("Compose")]])
    #expect(throws: RoutingError.unreachable(from: "Compose", to: "Orphan")) {
      try table.route(Request(to: "Orphan"), from: state)
    }
    let why = try table.explanation(Request(to: "Orphan"), from: state)
    let failure = try #require(why.failure)
    #expect(failure.from == "Compose")
    #expect(failure.milestone == "Orphan")
    #expect(failure.stack == [Entry("Inbox"), Entry("Compose")])
    #expect(failure.commands.isEmpty)
    let steps = Dictionary(uniqueKeysWithValues: failure.reachable.map { ($0.screen, $0.steps) })
    // From Compose: Recipients, and Picker presented; after the dismiss (1 step), Inbox,
    // then Archive and Message.
    #expect(steps["Recipients"] == 1)
    #expect(steps["Picker"] == 1)
    #expect(steps["Inbox"] == 1)
    #expect(steps["Archive"] == 2)
    #expect(steps["Message"] == 2)
    #expect(failure.reachable.map(\.steps) == failure.reachable.map(\.steps).sorted())
    #expect(why.description.hasPrefix("no route from Compose to Orphan"))
  }

  @Test func theRoutesErrorsOtherThanNoRouteAreThrown() throws {
    let table = try Self.modalTable()
    let unknown = Request(to: "Inbx")
    let routeError = #expect(throws: RoutingError.self) {
      try table.route(unknown, from: ModalState(stack: [Entry("Inbox")]))
    }
    let explanationError = #expect(throws: RoutingError.self) {
      try table.explanation(unknown, from: ModalState(stack: [Entry("Inbox")]))
    }
    #expect(routeError == RoutingError.unknownScreen("Inbx", suggestion: "Inbox"))
    #expect(explanationError == routeError)
    #expect(throws: RoutingError.emptyLayer(0)) {
      try table.explanation(
        Request(to: "Archive"), from: ModalState(stack: [Entry("Inbox")], layers: [[]]))
    }
  }

  /// On seeded random tables and states (those of `ModalReferenceTests`), the
  /// explanation of a request agrees with the whole-state reference: a leg closes layers
  /// when the reference's route does, each "keeping open" cost is the reference's best
  /// leg that keeps that layer open, a detour names the reference's remedy, and, without
  /// costs or tabs, the screens a failing leg reaches are those the reference reaches,
  /// with as many steps. CI runs 40 batches of 100 requests, the default one.
  @Test(arguments: TestScale.batches(full: 40, quick: 1))
  func agreesWithTheReference(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(batch) &* 0x2F1B &+ 77)
    var closings = 0
    var failures = 0
    for request in 0..<100 {
      let tabs = Int.random(in: 0..<4, using: &random) == 0 ? 2 : 0
      let (table, reference) = try ModalReferenceTests.randomTable(&random, tabs: tabs)
      let names = reference.screens.map(\.name)
      var state = ModalReferenceTests.randomState(names, &random)
      if tabs > 0 {
        let stacks = ["T0": [Entry(names[0])], "T1": [Entry(names[1])]]
        state = ModalState(tabs: TabState(selected: "T0", stacks: stacks), layers: state.layers)
      }
      let destination = names.randomElement(using: &random)!
      let context = "batch \(batch), request \(request): \(state) to \(destination)"
      guard
        let why = try? unrefused({ () throws(RoutingError) in
          try table.explanation(Request(to: destination), from: state)
        })
      else { continue }
      let start = ModalReferencePlanner.state(state, reference.tabNames)
      switch reference.answer(from: state, to: destination, via: [], [:]) {
      case .success(let route) where route.detour != nil:
        #expect(why.detour?.remedy == route.detour?.remedy, "\(context)")
        #expect(why.failure == nil, "\(context)")
      case .success(let route):
        #expect(why.detour == nil && why.failure == nil, "\(context)")
        var after = state
        var fewest = state.layers.count
        for step in route.steps {
          after.apply(step)
          fewest = min(fewest, after.layers.count)
        }
        guard fewest < state.layers.count else {
          #expect(why.closings.isEmpty, "\(context)")
          continue
        }
        closings += 1
        let closing = try #require(why.closings.first, "\(context)")
        #expect(why.closings.count == 1, "\(context)")
        #expect(closing.layers == Array(state.layers[fewest...]), "\(context)")
        #expect(closing.cost == reference.cost(of: route.steps), "\(context)")
        let wanted = (fewest..<state.layers.count).map { layer in
          reference.leg(from: start, to: destination, [:], keeping: layer).map {
            reference.cost(of: $0.0)
          }
        }
        #expect(closing.keepingOpen == wanted, "\(context)")
      case .failure:
        #expect(why.detour == nil, "\(context)")
        let failure = try #require(why.failure, "\(context)")
        failures += 1
        // A detour whose leg to the remedy fails explains that leg, from where it starts.
        guard failure.milestone == destination && failure.stack == state.chain else {
          #expect(
            reference.commands.contains { $0.remedy == failure.milestone }, "\(context)")
          continue
        }
        guard tabs == 0, !reference.commands.contains(where: { $0.cost != 1 }) else { continue }
        let top = state.chain[state.chain.count - 1].screen
        var wanted: [ScreenName: Int] = [:]
        for name in names where name != top {
          if let (steps, _) = reference.leg(from: start, to: name, [:]) {
            wanted[name] = steps.count
          }
        }
        let reached = Dictionary(
          uniqueKeysWithValues: failure.reachable.map { ($0.screen, $0.steps) })
        #expect(reached == wanted, "\(context)")
      }
    }
    #expect(closings > 5)
    #expect(failures > 5)
  }
}
