import Routing
import Testing

/// `RouteTable.cover(from:)`: requests from the root whose routes take every command a
/// route from the root takes; against `ScreenSpaceReference` on seeded random tables with
/// guards, costs, required values and tabs.
@Suite struct CoverTests {
  /// Menu opens Folder (twice: `again` repeats it), Folder opens Profile (which needs a
  /// user) and Chat, Profile opens Chat too; `home` only ever leads back to the root;
  /// `back` from Chat only ever pops back to Folder, by `openFolder`; Orphan has no way in.
  static let table = try! RouteTable(defaultFactory: HeadlessScreen.factory) {
    Screen("Menu")
    Screen("Folder")
    Screen("Profile", parameters: [.integer("userId", required: true)])
    Screen("Chat")
    Screen("Orphan")
    Screen("Settings")
    Command(id: "openFolder", from: ["Menu"], to: "Folder")
    Command(id: "openProfile", from: ["Folder"], to: "Profile")
    Command(id: "chat", from: ["Folder"], to: "Chat")
    Command(id: "again", from: ["Menu"], to: "Folder")
    Command(id: "home", to: "Menu")
    Command(id: "orphan", from: ["Orphan"], to: "Chat")
    Command(id: "back", from: ["Chat"], to: "Folder")
    Command(id: "chatFromProfile", from: ["Profile"], to: "Chat")
    Command(
      id: "settings", from: ["Folder"], to: "Settings", when: RouteGuard("admin") { _ in true })
  }

  /// A root that declares a key a screen further on requires: a case that gives the
  /// value finds the root's entry not matching (it holds no value), so a command back to
  /// the root pushes it again: `home` is taken only past a breadcrumb, on the way back
  /// to `detail`'s origin.
  @Test func aRootWhoseKeyACaseGivesIsReachedAgain() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home", parameters: [.integer("id")])
      Screen("Hub")
      Screen("Detail", parameters: [.integer("id", required: true)])
      Command(id: "hub", to: "Hub")
      Command(id: "home", from: ["Hub"], to: "Home")
      Command(id: "detail", from: ["Home"], to: "Detail")
    }
    let cover = try table.cover()
    #expect(cover.cases.map(\.name) == ["to Detail via Hub: hub, home, detail"])
    let only = try #require(cover.cases.first)
    #expect(only.request == Request(to: "Detail", via: ["Hub"], parameters: ["id": 1]))
    #expect(
      only.steps.map(\.description) == [
        "push Hub by hub", "push Home(id: 1) by home", "push Detail(id: 1) by detail",
      ])
    #expect(try table.route(only.request, from: [Entry("Home")]).steps == only.steps)
    #expect(cover.uncovered.isEmpty)
  }

  @Test func casesTakeEveryCommandARouteFromTheRootTakes() throws {
    let cover = try Self.table.cover()
    #expect(cover.roots == ["Menu"])
    #expect(
      cover.cases.map(\.name) == [
        "to Chat via Profile: openFolder, openProfile, chatFromProfile",
        "to Chat: chat",
        "to Settings with admin: settings",
      ])
    let first = cover.cases[0]
    #expect(first.root == "Menu")
    #expect(first.tab == nil)
    #expect(first.request == Request(to: "Chat", via: ["Profile"], parameters: ["userId": 1]))
    #expect(
      first.steps.map(\.description) == [
        "push Folder by openFolder", "push Profile(userId: 1) by openProfile",
        "push Chat by chatFromProfile",
      ])
    #expect(first.stack.map(\.screen) == ["Menu", "Folder", "Profile", "Chat"])
    #expect(first.newCommands == [0, 1, 7])
    #expect(cover.cases[1].newCommands == [2])
    // The guard's code is not asked: the case answers it by name.
    #expect(cover.cases[2].guards == ["admin": true])
    #expect(cover.cases[2].newCommands == [8])
    #expect(cover.cases.allSatisfy { $0.detour == nil })
    #expect(cover.coveredCommandCount == 5)
    // Each case is the route the planner gives for its request.
    for testCase in cover.cases {
      let route = try RouteGuard.answeringEveryGuard(testCase.guards) {
        () throws(RoutingError) in
        try Self.table.route(testCase.request, from: [Entry(testCase.root)])
      }
      #expect(route.steps == testCase.steps)
      #expect(route.stack == testCase.stack)
    }
    #expect(
      cover.uncovered.map { "\($0.commandID!): \($0.reason)" } == [
        "again: repeats commands[0] 'openFolder': it is never chosen",
        "home: it leads to the root Menu, and no route from it through at most one breadcrumb goes back there on the way elsewhere",
        "orphan: no origin of it is reached from Menu",
        "back: wherever it applies, Folder is already on the stack, and the way back to it is commands[0] 'openFolder'",
      ])
    #expect(try Self.table.cover() == cover)
  }

  /// A guard with a remedy: a case answers it yes to take the command it guards, and a
  /// detour case leaves it refusing and expects the detour to the remedy. The guard's
  /// code says yes, and is not asked: cases answer guards by name, as a file's do.
  @Test func aRemediedGuardGetsADetourCaseAndItsCommandIsCovered() throws {
    let signedIn = RouteGuard("signedIn", remedy: "Login") { _ in true }
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Inbox")
      Screen("Settings")
      Screen("Account")
      Screen("Login")
      Command(id: "settings", to: "Settings")
      Command(id: "account", from: ["Settings"], to: "Account", when: signedIn)
      Command(id: "signIn", to: "Login")
      Command(id: "locked", from: ["Settings"], to: "Inbox", when: RouteGuard { _ in true })
    }
    let cover = try table.cover()
    #expect(
      cover.cases.map(\.name) == [
        "to Settings: settings", "to Login: signIn", "to Account with signedIn: account",
        "to Account without signedIn: detour to Login",
      ])
    let guarded = cover.cases[2]
    #expect(guarded.guards == ["signedIn": true])
    #expect(guarded.newCommands == [1])
    #expect(guarded.detour == nil)
    #expect(guarded.stack.map(\.screen) == ["Inbox", "Settings", "Account"])
    let detour = cover.cases[3]
    #expect(detour.request == Request(to: "Account"))
    #expect(detour.guards == ["signedIn": false])
    #expect(
      detour.steps.map(\.description) == ["push Settings by settings", "push Login by signIn"])
    #expect(
      detour.detour
        == Detour(guardName: "signedIn", remedy: "Login", pending: Request(to: "Account")))
    #expect(detour.newCommands.isEmpty)
    // A guard without a name cannot be answered: its command stays uncovered.
    #expect(cover.uncovered.map(\.commandID) == ["locked"])
    #expect(cover.uncovered[0].reason.hasPrefix("its guard has no name"))
    #expect(cover.coveredCommandCount == 3)
    // Each case is what the planner answers its request with, guards answering by name.
    for testCase in cover.cases {
      let route = try RouteGuard.answeringEveryGuard(testCase.guards) {
        () throws(RoutingError) in
        try table.route(testCase.request, from: ModalState(stack: [Entry(testCase.root)]))
      }
      #expect(route.commandSteps == testCase.steps, "\(testCase.name)")
      #expect(route.detour == testCase.detour, "\(testCase.name)")
    }
    #expect(try table.cover() == cover)
  }

  /// With tabs, the detour case starts from the tabs with its tab selected, and its
  /// detour stays in that tab.
  @Test func withTabsADetourCaseStaysInItsTab() throws {
    let signedIn = RouteGuard("signedIn", remedy: "Login") { _ in false }
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Tab("Mail", root: "Inbox")
      Tab("Me", root: "Profile")
      Command(id: "settings", from: ["Profile"], to: "Settings")
      Command(id: "account", from: ["Settings"], to: "Account", when: signedIn)
      Command(id: "signIn", to: "Login")
    }
    let cover = try table.cover()
    #expect(
      cover.cases.map(\.name) == [
        "Mail: to Login: signIn", "Me: to Settings: settings",
        "Me: to Account with signedIn: account",
        "Me: to Account without signedIn: detour to Login",
      ])
    let detour = try #require(cover.cases.last)
    #expect(detour.tab == "Me")
    #expect(detour.stack.map(\.screen) == ["Profile", "Settings", "Login"])
    var state = try #require(table.initialTabState)
    state.selected = "Me"
    let route = try RouteGuard.answeringEveryGuard(detour.guards) { () throws(RoutingError) in
      try table.route(detour.request, from: ModalState(tabs: state))
    }
    #expect(route.commandSteps == detour.steps)
    #expect(route.detour == detour.detour)
    #expect(route.state.tabs?.selected == "Me")
  }

  /// Home presents Sheet; Account, past Sheet, is guarded by `signedIn` with the remedy
  /// Login, which only Home opens: the way to the remedy dismisses Sheet.
  static func sheetTable(withB: Bool = false) throws -> RouteTable {
    let signedIn = RouteGuard("signedIn", remedy: "Login") { _ in false }
    return try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home")
      Screen("Sheet")
      Screen("Account")
      Screen("Login")
      Command(id: "sheet", from: ["Home"], to: "Sheet", presents: true)
      Command(id: "account", from: ["Sheet"], to: "Account", when: signedIn)
      Command(id: "signIn", from: ["Home"], to: "Login")
      if withB {
        Screen("A")
        Screen("B")
        Command(id: "toA", from: ["Sheet"], to: "A")
        Command(id: "toB", from: ["A"], to: "B", when: signedIn)
        Command(id: "bLogin", from: ["B"], to: "Login")
      }
    }
  }

  /// Every case is the planner's answer to its request with layers, guards answering
  /// as the case says by name: its steps, its detour, and its new commands among them.
  private func expectPlannersAnswers(_ cover: Cover, in table: RouteTable) throws {
    var covered: Set<Int> = []
    for testCase in cover.cases {
      let start = Cover.Case.start(root: testCase.root, tab: testCase.tab, in: table)
      let route = try RouteGuard.answeringEveryGuard(testCase.guards) {
        () throws(RoutingError) in
        try table.route(testCase.request, from: start)
      }
      #expect(route.commandSteps == testCase.steps, "\(testCase.name)")
      #expect(route.detour == testCase.detour, "\(testCase.name)")
      #expect(route.state.tabs?.selected == testCase.tab, "\(testCase.name)")
      // The end `routing cover` writes is the plan's that made the case.
      #expect(
        testCase.end == (table.hasPresentingCommands ? route.state : nil), "\(testCase.name)")
      let taken = Set(route.commandSteps.map(\.command))
      #expect(testCase.newCommands.allSatisfy(taken.contains), "\(testCase.name)")
      #expect(covered.isDisjoint(with: testCase.newCommands), "\(testCase.name)")
      covered.formUnion(testCase.newCommands)
    }
    #expect(covered.count == cover.coveredCommandCount)
    #expect(covered.isDisjoint(with: cover.uncovered.map(\.command)))
    #expect(covered.count + cover.uncovered.count == table.commands.count)
  }

  /// The planner's way to the remedy dismisses the layer the guard's command is in: the
  /// detour case is its answer, dismiss and all, where a stack's leg finds no way.
  @Test func aDetourWhoseWayToTheRemedyDismissesHasACase() throws {
    let table = try Self.sheetTable()
    let cover = try table.cover()
    let detour = try #require(cover.cases.last)
    #expect(detour.name == "to Account without signedIn: detour to Login")
    #expect(detour.guards == ["signedIn": false])
    #expect(
      detour.steps.map(\.description) == ["present Sheet by sheet", "push Login by signIn"])
    #expect(detour.detour?.remedy == "Login")
    #expect(detour.stack.map(\.screen) == ["Home", "Login"])
    #expect(cover.uncovered.isEmpty)
    try expectPlannersAnswers(cover, in: table)
  }

  /// A case's steps and new commands are the planner's with layers: the stack's route
  /// to Login via Sheet takes `toA`, `toB` and `bLogin`, but the planner dismisses Sheet
  /// and takes `signIn`, so that candidate makes no case. Cover then plans the requests
  /// through `bLogin`, to Login via B and via A: the planner's route to B goes on by
  /// `bLogin`, so it is covered, by a case that is the planner's answer.
  @Test func onAPresentingTableCasesAreThePlannersRoutes() throws {
    let table = try Self.sheetTable(withB: true)
    let cover = try table.cover()
    let bLogin = try #require(table.commands.firstIndex { $0.id == "bLogin" })
    let covering = try #require(cover.cases.first { $0.newCommands.contains(bLogin) })
    #expect(covering.request.destination == "Login")
    #expect(covering.request.breadcrumbs == ["B"])
    #expect(covering.guards == ["signedIn": true])
    #expect(covering.steps.map(\.commandID) == ["sheet", "toA", "toB", "bLogin"])
    #expect(covering.end?.layers.map { $0.map(\.screen) } == [["Sheet", "A", "B", "Login"]])
    #expect(cover.uncovered.isEmpty)
    try expectPlannersAnswers(cover, in: table)
    #expect(try table.cover() == cover)
  }

  /// On seeded random tables with presenting commands (3 to 7 screens, guards named
  /// `no` that refuse, some with a remedy; tabs one table in three), every case is the
  /// planner's answer to its request with layers, and the commands cases take and those
  /// listed as uncovered are every command, once; on a table without tabs, no request
  /// through at most one breadcrumb takes a command listed as uncovered (by brute
  /// force). CI runs 500 tables, the default 30.
  @Test(arguments: TestScale.batches(full: 50, quick: 3))
  func onRandomPresentingTablesCasesAreThePlannersRoutes(batch: Int) throws {
    for seed in batch * 10..<batch * 10 + 10 {
      var random = SeededGenerator(seed: UInt64(seed) &* 0x6C8E_9CF5 &+ 3)
      let tabs = Int.random(in: 0..<3, using: &random) == 0 ? 2 : 0
      let (table, _) = try ModalReferenceTests.randomTable(&random, tabs: tabs)
      let cover = try table.cover()
      try expectPlannersAnswers(cover, in: table)
      // With tabs, a route that selects another tab on one stack may stay in its own
      // with layers, and cover's sweep does not find every such command yet.
      if tabs == 0 { expectCoversWhatSomeRequestTakes(cover, in: table) }
    }
  }

  /// By brute force: no command cover lists as uncovered is taken by the planner's
  /// answer with layers, from the root, to any request to a screen through at most one
  /// breadcrumb, without values or with a value for `id` when its route pushes a screen
  /// that requires one (as a case gives values), every guard refusing or answering yes,
  /// that is no detour.
  private func expectCoversWhatSomeRequestTakes(_ cover: Cover, in table: RouteTable) {
    let uncovered = Set(cover.uncovered.map(\.command))
    guard !uncovered.isEmpty else { return }
    let screens = table.screens.map(\.name)
    // A case gives a value only for a key a screen its route pushes requires.
    let requiresID = { (step: Step) in
      step.action != .pop
        && table.screen(named: step.entry.screen)!.parameters.contains { $0.required }
    }
    for root in cover.roots {
      let start = ModalState(stack: [Entry(root)])
      for destination in screens {
        for via in [nil] + screens.map(Optional.some) {
          for parameters: Parameters in [[:], ["id": .integer(1)]] {
            let request = Request(
              to: destination, via: via.map { [$0] } ?? [], parameters: parameters)
            for guards in [[:], ["no": true]] {
              let route = try? RouteGuard.answeringEveryGuard(guards) {
                () throws(RoutingError) in
                try table.route(request, from: start)
              }
              guard let route, route.detour == nil,
                parameters.isEmpty || route.commandSteps.contains(where: requiresID)
              else { continue }
              for step in route.commandSteps where uncovered.contains(step.command) {
                let reason = cover.uncovered.first { $0.command == step.command }!.reason
                Issue.record(
                  "commands[\(step.command)] is uncovered (\(reason)), but \(request) from \(root) with \(guards) takes it"
                )
              }
            }
          }
        }
      }
    }
  }

  /// A table without guards answers none and detours nowhere: its cases are those planned
  /// with every guard refusing, as before guards had answers.
  @Test func withoutGuardsNoCaseAnswersOne() throws {
    let cover = try RouteTable(json: Tool.sampleTable).cover()
    #expect(cover.cases.count == 4)
    #expect(cover.cases.allSatisfy { $0.guards.isEmpty && $0.detour == nil })
  }

  @Test func aRootAndItsErrors() throws {
    let cover = try Self.table.cover(from: "Folder")
    #expect(cover.roots == ["Folder"])
    #expect(cover.cases.allSatisfy { $0.root == "Folder" })
    #expect(throws: RoutingError.unknownScreen("Foldr", suggestion: "Folder")) {
      try Self.table.cover(from: "Foldr")
    }
    let tabs = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Tab("Mail", root: "Inbox")
      Tab("People", root: "Contacts")
      Command(id: "openThread", from: ["Inbox"], to: "Thread")
    }
    #expect(throws: RoutingError.noTabForStack(root: "Thread", tabs: [])) {
      try tabs.cover(from: "Thread")
    }
  }

  /// With tabs, each case starts from every tab at its root with its tab selected, and its
  /// route stays in that tab.
  @Test func withTabsCasesStartFromTheTabState() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Tab("Mail", root: "Inbox")
      Tab("People", root: "Contacts")
      Command(id: "openThread", from: ["Inbox"], to: "Thread")
      Command(id: "openCard", from: ["Contacts"], to: "Card")
      Command(id: "cardFromThread", from: ["Thread"], to: "Card")
      Command(id: "deep", from: ["Card"], to: "Note", tabs: ["People"])
    }
    let cover = try table.cover()
    #expect(cover.roots == ["Inbox", "Contacts"])
    // Mail's route to Card (two steps) ties with selecting People and opening it there:
    // a command comes before a select, so it stays in Mail.
    #expect(
      cover.cases.map(\.name) == [
        "Mail: to Card: openThread, cardFromThread", "People: to Note: openCard, deep",
      ])
    #expect(cover.cases.map(\.tab) == ["Mail", "People"])
    #expect(cover.uncovered.isEmpty)
    // From People, a route to Thread would select Mail: People's cases stay in People.
    #expect(
      try table.cover(from: "Contacts").cases.map(\.name) == ["People: to Note: openCard, deep"])
    for testCase in cover.cases {
      var state = table.initialTabState!
      state.selected = testCase.tab!
      let route = try table.route(testCase.request, from: state)
      #expect(route.commandSteps == testCase.steps)
      #expect(route.state.selected == testCase.tab)
      #expect(route.state.stack == testCase.stack)
    }
  }

  /// On seeded random tables of 10 to 40 screens (with costs one table in two, tabs one
  /// in three), every case replays in the reference with every guard refusing (same
  /// steps, same stack), takes a command no earlier case took, and no case's route
  /// starts another's; every command that the reference's route from the root to any
  /// screen, and through one breadcrumb for a sample of pairs, takes is some case's; every
  /// other command is listed with a reason. CI runs 2,000 tables, the default one.
  @Test(arguments: TestScale.batches(full: 200, quick: 1))
  func agreesWithTheReference(batch: Int) throws {
    try checkAgainstTheReference(batch: batch, firstStepsOnly: false)
  }

  /// The path large tables take (routes through a breadcrumb found from the first steps
  /// after it), forced on small tables without costs: the same checks, except that a
  /// route through a breadcrumb must be covered only when its leg after the breadcrumb
  /// is one step. CI runs 200 tables, the default one.
  @Test(arguments: TestScale.batches(full: 20, quick: 1))
  func theFirstStepsPathAgreesWithTheReference(batch: Int) throws {
    try checkAgainstTheReference(batch: batch, firstStepsOnly: true)
  }

  func checkAgainstTheReference(batch: Int, firstStepsOnly: Bool) throws {
    var checkedRoutes = 0
    var breadcrumbCases = 0
    for seed in batch * 10..<batch * 10 + (TestScale.isFull ? 10 : 1) {
      var random = SeededGenerator(seed: UInt64(seed) &* 0x2545_F491 &+ 11)
      let costs = Bool.random(using: &random) && !firstStepsOnly
      let sample = try LargeTableReferenceTests.randomCase(
        &random, screenCount: Int.random(in: 10...40, using: &random),
        costs: costs, tabs: Int.random(in: 0..<3, using: &random) == 0)
      let table = sample.table
      var reference = sample.reference
      let guarded = table.commands.map { $0.condition != nil }
      for number in reference.commands.indices {
        reference.commands[number].enabled = !guarded[number]
      }
      // Without tabs, one table in two is covered from a random screen: its root may
      // declare the `id` that screens on the way require.
      let root =
        table.tabs.isEmpty && Bool.random(using: &random)
        ? table.screens.randomElement(using: &random)?.name : nil
      let cover = try table.cover(from: root, exactBudget: firstStepsOnly ? 0 : Int.max)
      let context = "seed \(seed), root \(cover.roots.map(\.rawValue))"
      var taken = Set<Int>()
      var routes: [(start: String, commands: [Int])] = []
      for testCase in cover.cases {
        let replayed = try #require(
          replay(testCase, in: reference, table: table), "\(context): \(testCase.name)")
        #expect(replayed.commands == testCase.steps.map(\.command), "\(context): \(testCase.name)")
        #expect(replayed.stack == testCase.stack, "\(context): \(testCase.name)")
        let new = testCase.steps.map(\.command).filter { !taken.contains($0) }
        #expect(!testCase.newCommands.isEmpty, "\(context): \(testCase.name)")
        #expect(Set(new) == Set(testCase.newCommands), "\(context): \(testCase.name)")
        taken.formUnion(new)
        if !testCase.request.breadcrumbs.isEmpty { breadcrumbCases += 1 }
        routes.append(("\(testCase.root)", testCase.steps.map(\.command)))
      }
      for (index, route) in routes.enumerated() {
        for (other, longer) in routes.enumerated() where other != index {
          let isPrefix =
            route.start == longer.start && route.commands.count <= longer.commands.count
            && Array(longer.commands.prefix(route.commands.count)) == route.commands
          #expect(!isPrefix, "\(context): case \(index) starts case \(other)")
        }
      }
      // Every command a route from the root takes: to every screen, and through one
      // breadcrumb for a sample of pairs (all of them would take minutes).
      let names = table.screens.map(\.name)
      for root in cover.roots {
        // With tabs, a value for a key a tab's root declares makes no case.
        let rootKeys = Set(
          table.tabs.flatMap { table.screen(named: $0.root)?.parameters.map(\.name) ?? [] })
        let pairs: [(ScreenName?, ScreenName)] =
          names.map { (nil, $0) }
          + (0..<150).map { _ in
            (names.randomElement(using: &random)!, names.randomElement(using: &random)!)
          }
        for (via, target) in pairs where target != root {
          guard
            let commands = referenceCommands(
              from: root, via: via, to: target, in: reference, table: table, rootKeys: rootKeys)
          else { continue }
          if firstStepsOnly, let via {
            // Only a leg of one step after the breadcrumb is a candidate on this path.
            guard
              let before = referenceCommands(
                from: root, via: nil, to: via, in: reference, table: table, rootKeys: rootKeys),
              commands.count == before.count + 1, Array(commands.prefix(before.count)) == before
            else { continue }
          }
          checkedRoutes += 1
          for command in commands where !taken.contains(command) {
            Issue.record(
              "\(context): \(root) via \(via.map(\.rawValue) ?? "-") to \(target) takes commands[\(command)], no case does"
            )
          }
        }
      }
      #expect(
        Set(cover.uncovered.map(\.command)).union(taken) == Set(table.commands.indices),
        "\(context)")
      #expect(cover.uncovered.allSatisfy { !$0.reason.isEmpty && !taken.contains($0.command) })
      #expect(
        try table.cover(from: root, exactBudget: firstStepsOnly ? 0 : Int.max) == cover,
        "\(context): the same table, the same cover")
    }
    #expect(checkedRoutes > 50)
    #expect(breadcrumbCases > 0)
  }

  /// The case's request planned by the reference from the case's start: the commands of
  /// its steps and the stack after them (the case's tab's); `nil` when it fails or, with
  /// tabs, ends in another tab.
  private func replay(_ testCase: Cover.Case, in reference: ScreenSpaceReference, table: RouteTable)
    -> (commands: [Int], stack: [Entry])?
  {
    let request = testCase.request
    guard let tab = testCase.tab else {
      guard
        case .success(let route) = reference.route(
          from: [Entry(testCase.root)], to: request.destination, via: request.breadcrumbs,
          request.parameters)
      else { return nil }
      return (route.steps.map(\.command), route.stack)
    }
    let selected = reference.tabs.firstIndex { $0.name == tab }!
    guard
      case .success(let route) = reference.route(
        selected: selected, stacks: reference.tabs.map { [Entry($0.root)] },
        to: request.destination, via: request.breadcrumbs, request.parameters),
      route.selected == selected
    else { return nil }
    let commands = route.steps.compactMap { step -> Int? in
      if case .command(let command) = step { command.command } else { nil }
    }
    return (commands, route.stacks[selected])
  }

  /// The commands the reference's route from `root` through `via` to `target` takes (from
  /// every tab at its root, `root`'s tab selected, on a table with tabs), with the values a
  /// case gives: the route planned first as if no value were required, a value `1` for
  /// each `id` a screen it pushes requires, and the route planned again with them. `nil`
  /// for no route, for one that selects another tab (cases stay in theirs), or, with
  /// tabs, for one that gives a value for a key a tab's root declares.
  private func referenceCommands(
    from root: ScreenName, via: ScreenName?, to target: ScreenName,
    in reference: ScreenSpaceReference, table: RouteTable, rootKeys: Set<String>
  ) -> [Int]? {
    var lenient = reference
    for name in lenient.screens.keys { lenient.screens[name]?.required = [] }
    let breadcrumbs = via.map { [$0] } ?? []
    let pushes: [(command: Int, screen: ScreenName, push: Bool)]
    if reference.tabs.isEmpty {
      guard
        case .success(let route) = lenient.route(
          from: [Entry(root)], to: target, via: breadcrumbs, [:])
      else { return nil }
      pushes = route.steps.map { ($0.command, $0.screen, $0.action == .push) }
    } else {
      let selected = reference.tabs.firstIndex { $0.root == root }!
      guard
        case .success(let route) = lenient.route(
          selected: selected, stacks: reference.tabs.map { [Entry($0.root)] }, to: target,
          via: breadcrumbs, [:])
      else { return nil }
      // Cases stay in their tab: a route that selects another is not one of theirs.
      guard route.selected == selected,
        !route.steps.contains(where: { if case .select = $0 { true } else { false } })
      else { return nil }
      pushes = route.steps.compactMap { step in
        if case .command(let command) = step {
          (command.command, command.screen, command.action == .push)
        } else {
          nil
        }
      }
    }
    var values: Parameters = [:]
    for step in pushes where step.push {
      for parameter in table.screen(named: step.screen)?.parameters ?? [] where parameter.required {
        values[parameter.name] = 1
      }
    }
    guard !values.isEmpty else { return pushes.map(\.command) }
    if !reference.tabs.isEmpty {
      return values.keys.contains(where: rootKeys.contains) ? nil : pushes.map(\.command)
    }
    guard
      case .success(let route) = reference.route(
        from: [Entry(root)], to: target, via: breadcrumbs, values)
    else { return nil }
    return route.steps.map(\.command)
  }
}
