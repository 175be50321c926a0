import Routing
import Testing

/// Routes planned on a drill-down's left stack + right pane, carried out by a navigator.
@Suite @MainActor struct DrillDownRoutingTests {
  static func table() throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Folder")
      Screen("Profile", parameters: [.integer("userId")])
      Screen("Chat")
      Command(to: "Menu")
      Command(from: ["Menu"], to: "Folder")
      Command(from: ["Folder"], to: "Profile")
      Command(from: ["Profile"], to: "Chat")
    }
  }

  static func root() -> StackItem {
    StackItem(entry: Entry("Menu"), screen: HeadlessScreen(ScreenContext(entry: Entry("Menu"))))
  }

  @Test func routeWithPushesFillsTheRightPane() async throws {
    let container = DrillDownContainer(root: Self.root())
    let navigator = Navigator(table: try Self.table(), container: container)
    let route = try await navigator.go(to: "Chat", parameters: ["userId": 1])
    #expect(route.steps.map(\.action) == [.push, .push, .push])
    #expect(container.entries == route.stack)
    #expect(container.left.map(\.entry.screen) == ["Menu", "Folder", "Profile"])
    #expect(container.right?.entry.screen == "Chat")
    #expect(container.canSwipeBack)
    #expect(container.backControl(in: .left)?.title == "Folder")
  }

  @Test func routeWithAPopAndPushesEndsInThePromisedState() async throws {
    let container = DrillDownContainer(root: Self.root())
    let navigator = Navigator(table: try Self.table(), container: container)
    try await navigator.go(to: "Chat", parameters: ["userId": 1])
    let menu = try #require(container.left.first?.screen)
    let folder = try #require(container.left.dropFirst().first?.screen)
    var events: [DrillDownEvent] = []
    container.addObserver { events.append($0) }

    let route = try await navigator.go(to: "Profile", parameters: ["userId": 2])
    #expect(route.steps.map(\.action) == [.pop, .push])
    #expect(route.steps.first?.entry == Entry("Folder"))
    #expect(container.entries == route.stack)
    #expect(route.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")
    // The screens popped back to are the very objects shown before.
    #expect(container.left.first?.screen === menu)
    #expect(container.left.last?.screen === folder)
    #expect(container.right?.entry == Entry("Profile", parameters: ["userId": 2]))
    #expect(events.map(\.change) == [.pop, .pop, .push, .push])
    // After the pop, Folder showed in the right pane.
    #expect(events[1].transition.after.right?.screen === folder)

    events = []
    let home = try await navigator.go(to: "Menu")
    #expect(home.steps.map(\.action) == [.pop])
    #expect(container.entries == [Entry("Menu")])
    #expect(container.left.first?.screen === menu)
    #expect(container.showsPlaceholder && !container.canSwipeBack)
    // The case: a pop back to the root is one step, so one pair, from the panes
    // before the step straight to the root alone.
    #expect(events.map(\.change) == [.pop, .pop])
    #expect(events.map(\.isDone) == [false, true])
    #expect(events[0].transition.before.stack.count == 3)
    #expect(events[0].transition.after.left.map(\.screen).elementsEqual([menu], by: ===))
    #expect(events[0].transition.after.right == nil)
  }

  @Test func popToCountCoversEveryDepth() async throws {
    for total in 1...5 {
      for count in 0...total {
        for rightFilled in [false, true] where !(rightFilled && total < 2) {
          let screens = NumberedItems()
          let all = (1...total).map(screens.item)
          let container = try DrillDownContainer(
            left: rightFilled ? Array(all.dropLast()) : all, right: rightFilled ? all.last : nil)
          var events: [DrillDownEvent] = []
          container.addObserver { events.append($0) }
          try await container.pop(toCount: count)
          let place = "\(total) screens, right \(rightFilled), pop to \(count)"
          #expect(
            container.items.map { screens.number(of: $0) }
              == Array(1...total).prefix(count).map { $0 }, "\(place)")
          #expect(events.allSatisfy { $0.change == .pop }, "\(place)")
          // One step, one pair, with the panes before and after the whole step.
          #expect(events.count == (count == total ? 0 : 2), "\(place)")
          #expect(events.map(\.isDone) == (count == total ? [] : [false, true]), "\(place)")
          if let first = events.first, let last = events.last {
            #expect(first.transition == last.transition, "\(place)")
            #expect(first.transition.after == container.state, "\(place)")
            #expect(
              first.transition.before.left.count + (first.transition.before.right == nil ? 0 : 1)
                == total)
          }
          if count == total {
            #expect(container.right.flatMap(screens.number) == (rightFilled ? total : nil))
          } else if count >= 2 {
            #expect(container.right.flatMap(screens.number) == count, "\(place)")
          } else {
            #expect(container.showsPlaceholder, "\(place)")
          }
        }
      }
    }
  }

  /// Seeded random requests on a plain stack and on a drill-down give the same routes
  /// and stacks; screen objects kept by a route keep their places.
  @Test(arguments: 0..<4)
  func drillDownRoutesLikeAStack(seed: Int) async throws {
    var random = SeededGenerator(seed: UInt64(seed) &* 31 &+ 7)
    let table = try Self.table()
    let stack = Navigator(table: table, container: StackContainer(root: Self.root()))
    let drillDown = Navigator(table: table, container: DrillDownContainer(root: Self.root()))
    let destinations: [ScreenName] = ["Menu", "Folder", "Profile", "Chat"]
    for _ in 0..<200 {
      let destination = destinations.randomElement(using: &random)!
      let user = Int.random(in: 1...3, using: &random)
      // A request key must be one the route's screens declare: `userId` where the
      // destination declares it.
      let parameters: Parameters =
        table.screen(named: destination)?.kind(of: "userId") != nil
        ? ["userId": .integer(user)] : [:]
      let before = drillDown.container.items
      let expected = try await stack.go(to: destination, parameters: parameters)
      let route = try await drillDown.go(to: destination, parameters: parameters)
      #expect(route == expected)
      #expect(drillDown.stack == route.stack)
      #expect(drillDown.stack == stack.stack)
      let after = drillDown.container.items
      let kept = after.prefix { item in before.contains { $0.screen === item.screen } }.count
      #expect(zip(after.prefix(kept), before).allSatisfy { $0.screen === $1.screen })
      #expect(
        after.dropFirst(kept).allSatisfy { item in !before.contains { $0.screen === item.screen } })
      if !route.isEmpty {
        // After a route the top shows in the right pane whenever there are two screens.
        #expect((drillDown.container.right?.screen === after.last?.screen) == (after.count >= 2))
      }
      #expect(drillDown.container.canSwipeBack == (drillDown.container.left.count >= 2))
    }
  }

  @Test func anEmptyDrillDownCannotBePlannedFrom() async throws {
    let navigator = Navigator(table: try Self.table(), container: DrillDownContainer())
    await #expect(throws: NavigationError.routing(.emptyStack)) {
      try await navigator.go(to: "Menu")
    }
  }
}
