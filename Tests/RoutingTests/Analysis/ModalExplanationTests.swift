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

  /// Standing on the destination, a request has no step whatever its breadcrumbs: the
  /// explanation has nothing to say, as the route takes no leg.
  @Test func aRequestAlreadyThereExplainsNoLeg() throws {
    let table = try Self.table(deeper: false, back: true)
    for via: [ScreenName] in [["Target"], ["Deeper"]] {
      let request = Request(to: "Sheet", via: via)
      #expect(try table.route(request, from: Self.inSheet).steps.isEmpty)
      let why = try table.explanation(request, from: Self.inSheet)
      #expect(why.closings.isEmpty && why.detour == nil && why.failure == nil, "\(via)")
    }
  }

  /// A detour's closing is the leg of the route through the remedied commands, set beside
  /// legs that leave out only the commands without a remedy: here the sheet could stay
  /// open on the way to Account through Deep and Deeper, in 3 steps.
  @Test func aDetoursClosingIsComparedUnderItsOwnRule() throws {
    let signedIn = RouteGuard("signedIn", remedy: "Login") { _ in false }
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home")
      Screen("Sheet")
      Screen("Deep")
      Screen("Deeper")
      Screen("Account")
      Screen("Login")
      Command(id: "sheet", from: ["Home"], to: "Sheet", presents: true)
      Command(id: "accountHome", from: ["Home"], to: "Account", when: signedIn)
      Command(id: "deep", from: ["Sheet"], to: "Deep")
      Command(id: "deeper", from: ["Deep"], to: "Deeper")
      Command(id: "accountDeeper", from: ["Deeper"], to: "Account", when: signedIn)
      Command(id: "signIn", from: ["Home"], to: "Login", presents: true)
    }
    let route = try table.route(Request(to: "Account"), from: Self.inSheet)
    #expect(route.steps.map(\.description) == ["dismiss", "present Login by signIn"])
    let why = try table.explanation(Request(to: "Account"), from: Self.inSheet)
    #expect(why.detour?.stepsBefore == 1)
    #expect(why.detour?.commandID == "accountHome")
    #expect(why.closings.map(\.milestone) == ["Account"])
    #expect(why.closings.map(\.cost) == [2])
    #expect(why.closings.map(\.keepingOpen) == [[3]])
  }

  /// A route that fails because no route exists fails so in the explanation too, even
  /// when the route through a remedied guard would hold a value a screen cannot take:
  /// the detour is not taken, and the failing leg is explained.
  @Test func aDetourThatCannotBePlannedIsNoRouteAsForTheRoute() throws {
    let signedIn = RouteGuard("signedIn", remedy: "Login") { _ in false }
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home")
      Screen("Account", parameters: [Parameter("id", .integer)])
      Screen("Login")
      Command(id: "account", from: ["Home"], to: "Account", when: signedIn)
      Command(id: "signIn", from: ["Home"], to: "Login", presents: true)
    }
    let request = Request(to: "Account", parameters: ["id": "abc"])
    let start = ModalState(stack: [Entry("Home")])
    let routeError = #expect(throws: RoutingError.self) { try table.route(request, from: start) }
    #expect(routeError?.kind == "unreachable", "\(String(describing: routeError))")
    let why = try table.explanation(request, from: start)
    #expect(why.detour == nil)
    #expect(why.failure?.commands.map(\.reason) == [.guardRefused])
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
  /// explanation of a request (a breadcrumb one time in two) agrees with the whole-state
  /// reference: it throws what the route throws, each leg's closing (the layers closed,
  /// the cost, each "keeping open" cost as the reference's best leg that keeps that layer
  /// open) is the reference's, a detour's cut, command and closings are the reference's,
  /// and, without costs or tabs, the screens a failing leg reaches are those the
  /// reference reaches, with as many steps. CI runs 40 batches of 100 requests, the
  /// default one.
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
      let via = Bool.random(using: &random) ? [] : [names.randomElement(using: &random)!]
      let asked = Request(to: destination, via: via)
      let context = "batch \(batch), request \(request): \(state) to \(destination) via \(via)"
      let routed = Result { () throws(RoutingError) in
        try unrefused { () throws(RoutingError) in try table.route(asked, from: state) }
      }
      let explained = Result { () throws(RoutingError) in
        try table.explanation(asked, from: state)
      }
      let why: ModalExplanation
      switch (explained, routed) {
      case (.success(let explanation), _):
        why = explanation
      case (.failure(let error), .failure(let wanted)):
        #expect(error == wanted, "\(context)")
        continue
      case (.failure(let error), .success):
        Issue.record("\(context): the explanation throws \(error), the route does not")
        continue
      }
      if case .failure(let error) = routed, case .unreachable = error {
      } else if case .failure(let error) = routed {
        Issue.record("\(context): the route throws \(error), the explanation does not")
        continue
      }
      let milestones = via + [destination]
      switch reference.answer(from: state, to: destination, via: via, [:]) {
      case .success(let route) where route.detour != nil:
        let (widened, wide, cut) = try #require(
          reference.detourCut(from: state, to: destination, via: via, [:]), "\(context)")
        let detour = try #require(why.detour, "\(context)")
        #expect(detour.remedy == route.detour?.remedy, "\(context)")
        #expect(detour.stepsBefore == cut, "\(context)")
        #expect(detour.command == wide.steps[cut].commandStep?.command, "\(context)")
        #expect(why.failure == nil, "\(context)")
        var there = state
        for step in wide.steps[..<cut] { there.apply(step) }
        guard case .success(let leg) = reference.legs(from: there, to: detour.remedy, via: [], [:])
        else {
          Issue.record("\(context): the reference has no leg to the remedy")
          continue
        }
        let wanted =
          Self.closings(widened, wide.steps, wide.ends, milestones, from: state, upTo: cut)
          + Self.closings(reference, leg.steps, leg.ends, [detour.remedy], from: there)
        #expect(why.closings.map(Self.describe) == wanted, "\(context)")
      case .success:
        #expect(why.detour == nil && why.failure == nil, "\(context)")
        guard case .success(let legs) = reference.legs(from: state, to: destination, via: via, [:])
        else { continue }
        let wanted = Self.closings(reference, legs.steps, legs.ends, milestones, from: state)
        #expect(why.closings.map(Self.describe) == wanted, "\(context)")
        closings += wanted.isEmpty ? 0 : 1
      case .failure:
        #expect(why.detour == nil, "\(context)")
        let failure = try #require(why.failure, "\(context)")
        failures += 1
        // A detour whose leg to the remedy fails explains that leg, from where it
        // starts; a failing leg after a breadcrumb starts where the legs before end.
        guard via.isEmpty, failure.milestone == destination && failure.stack == state.chain else {
          continue
        }
        guard tabs == 0, !reference.commands.contains(where: { $0.cost != 1 }) else { continue }
        let start = ModalReferencePlanner.state(state, reference.tabNames)
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

  /// A closing in words, to compare with the reference's.
  static func describe(_ closing: ModalExplanation.Closing) -> String {
    "\(closing.milestone) \(closing.layers) from \(closing.firstLayer) cost \(closing.cost) "
      + "open \(closing.keepingOpen)"
  }

  /// The closings the reference `planner` gives the legs of `steps` (each ending at its
  /// `ends` entry, toward its milestone) from `start`, counting only the steps before
  /// `limit`, described as ``describe(_:)`` does.
  static func closings(
    _ planner: ModalReferencePlanner, _ steps: [ModalStep], _ ends: [Int],
    _ milestones: [ScreenName], from start: ModalState, upTo limit: Int = .max
  ) -> [String] {
    var described: [String] = []
    var state = start
    var begin = 0
    for (number, end) in ends.enumerated() where begin < min(end, limit) {
      let leg = Array(steps[begin..<end])
      let open = state.layers.count
      var fewest = open
      var after = state
      for step in leg.prefix(limit - begin) {
        after.apply(step)
        fewest = min(fewest, after.layers.count)
      }
      if fewest < open {
        let from = ModalReferencePlanner.state(state, planner.tabNames)
        let keeping = (fewest..<open).map { layer in
          planner.leg(from: from, to: milestones[number], [:], keeping: layer).map {
            planner.cost(of: $0.0)
          }
        }
        described.append(
          "\(milestones[number]) \(Array(state.layers[fewest...])) from \(fewest + 1) "
            + "cost \(planner.cost(of: leg)) open \(keeping)")
      }
      for step in leg { state.apply(step) }
      begin = end
    }
    return described
  }
}
