import Routing
import Testing

/// `RouteTable.reach(from:)`: each screen's depth from a root as the planner routes it
/// with no request and every guard refusing, the screens no route reaches, and those
/// only guards' permission reaches; against `ScreenSpaceReference` on seeded random
/// tables with guards, costs and tabs.
@Suite struct ReachTests {
  /// Home opens Inbox and Settings; a thread needs its id; Account is behind a guard
  /// that says yes (reach counts it refusing, as a file's guard does); Orphan has no
  /// command to it.
  static let table = try! RouteTable(defaultFactory: HeadlessScreen.factory) {
    Screen("Home")
    Screen("Inbox")
    Screen("Thread", parameters: [.integer("id", required: true)])
    Screen("Settings")
    Screen("Account")
    Screen("Orphan")
    Command(id: "openInbox", from: ["Home"], to: "Inbox")
    Command(id: "openThread", from: ["Inbox"], to: "Thread")
    Command(id: "openSettings", from: ["Home"], to: "Settings")
    Command(
      id: "openAccount", from: ["Settings"], to: "Account",
      when: RouteGuard("signedIn") { _ in true })
    Command(id: "home", to: "Home")
  }

  @Test func depthsUnreachedAndGatedScreens() throws {
    let reach = try Self.table.reach(from: "Home")
    #expect(reach.root == "Home")
    #expect(reach.tab == nil)
    #expect(
      reach.depths.map { "\($0.screen) \($0.depth)" } == [
        "Home 0", "Inbox 1", "Settings 1", "Thread 2",
      ])
    #expect(reach.depth(of: "Thread") == 2)
    #expect(reach.depth(of: "Account") == nil)
    #expect(reach.unreached == ["Orphan"])
    let refusal = RoutingError.GuardRefusal(
      guardName: "signedIn", command: 3, commandID: "openAccount")
    #expect(reach.gated.map(\.screen) == ["Account"])
    #expect(reach.gated.first?.guards == [refusal])
    #expect(reach.gated.first?.guardNames == ["signedIn"])
    #expect(reach.deepest == ["Thread"])
    #expect(reach.maximumDepth == 2)
    #expect(reach.histogram == [1, 2, 1])
    #expect(reach.deeper(than: 1).map(\.screen) == ["Thread"])
    #expect(try Self.table.reachFromRoots() == [reach])
  }

  @Test func anotherRootCountsFromItself() throws {
    let reach = try Self.table.reach(from: "Settings")
    // Home is one step away by the command from anywhere.
    #expect(reach.depth(of: "Home") == 1)
    #expect(reach.depth(of: "Thread") == 3)
  }

  @Test func anUnknownRootIsAnError() {
    #expect(throws: RoutingError.unknownScreen("Hom", suggestion: "Home")) {
      try Self.table.reach(from: "Hom")
    }
  }

  @Test func withTabsEachTabCountsInsideItself() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Tab("Mail", root: "Inbox")
      Tab("People", root: "Contacts")
      Command(id: "openThread", from: ["Inbox"], to: "Thread")
      Command(id: "openCard", from: ["Contacts", "Thread"], to: "Card", tabs: ["People"])
      Command(id: "openContacts", from: ["Inbox"], to: "Contacts")
    }
    let reaches = try table.reachFromRoots()
    #expect(reaches.map(\.tab) == ["Mail", "People"])
    // In Mail the card's command is left out.
    #expect(reaches[0].depth(of: "Card") == nil)
    #expect(reaches[0].unreached == ["Card"])
    #expect(reaches[1].depth(of: "Card") == 1)
    #expect(reaches[1].unreached == ["Inbox", "Thread"])
  }

  /// On seeded random tables of 20 to 80 screens, each with its default roots: every
  /// screen's depth is the number of steps of the reference's route from the root with
  /// every guarded command left out and no required value missing; a screen it cannot
  /// reach is gated when the route with every command allowed reaches it (naming that
  /// route's guarded commands), else unreached. CI runs 2,000 tables, the default 5.
  @Test(arguments: TestScale.batches(full: 200, quick: 1))
  func agreesWithTheReference(batch: Int) throws {
    var compared = 0
    var gatedSeen = 0
    for seed in batch * 10..<batch * 10 + (TestScale.isFull ? 10 : 5) {
      var random = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9 &+ 5)
      let sample = try LargeTableReferenceTests.randomCase(
        &random, screenCount: Int.random(in: 20...80, using: &random),
        costs: Bool.random(using: &random), tabs: Int.random(in: 0..<3, using: &random) == 0)
      let table = sample.table
      var allowing = sample.reference
      for name in allowing.screens.keys { allowing.screens[name]?.required = [] }
      let guarded = table.commands.map { $0.condition != nil }
      for number in allowing.commands.indices { allowing.commands[number].enabled = true }
      var refusing = allowing
      for number in refusing.commands.indices where guarded[number] {
        refusing.commands[number].enabled = false
      }
      for reach in try table.reachFromRoots() {
        let root = [Entry(reach.root)]
        for screen in table.screens.map(\.name) where screen != reach.root {
          compared += 1
          let context = "seed \(seed), \(reach.root) to \(screen)"
          if case .success(let route) = refusing.route(from: root, to: screen, via: [], [:]) {
            #expect(reach.depth(of: screen) == route.steps.count, "\(context)")
          } else if case .success(let route) = allowing.route(from: root, to: screen, via: [], [:])
          {
            gatedSeen += 1
            let gate = reach.gated.first { $0.screen == screen }
            #expect(
              gate?.guards.map(\.command) == route.steps.map(\.command).filter { guarded[$0] },
              "\(context)")
            #expect(reach.depth(of: screen) == nil, "\(context)")
          } else {
            #expect(reach.unreached.contains(screen), "\(context)")
            #expect(reach.depth(of: screen) == nil, "\(context)")
          }
        }
        // Every screen is in exactly one of the three lists.
        #expect(
          reach.depths.count + reach.unreached.count + reach.gated.count == table.screens.count,
          "seed \(seed)")
      }
    }
    #expect(compared > 300)
    #expect(gatedSeen > 0)
  }
}
