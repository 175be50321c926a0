import Foundation
import Routing
import Testing

/// What is saved can be restored: a restorable screen is made outside a route by its own
/// factory, else the table's default, else the lowest-numbered command's to it, and
/// compiling refuses a restorable screen that nothing makes.
@MainActor
@Suite struct RestorationFallbackTests {
  /// The issue's table: `Detail` has a restoration identifier, and only the command that
  /// opens it has a factory.
  static func detailTable() throws -> RouteTable {
    try RouteTable {
      Screen("Home", restorationIdentifier: "home", factory: FactoryMadeScreen.factory("home"))
      Screen("Detail", parameters: [.integer("id")], restorationIdentifier: "detail")
      Command(id: "home", to: "Home")
      Command(
        id: "openDetail", from: ["Home"], to: "Detail", factory: FactoryMadeScreen.factory("open"))
      Command(
        id: "again", from: ["Detail"], to: "Detail", factory: FactoryMadeScreen.factory("again"))
    }
  }

  @Test func theIssuesSnapshotRestores() async throws {
    try await restoresTheIssuesSnapshot { StackContainer(root: $0) }
    try await restoresTheIssuesSnapshot { DrillDownContainer(root: $0) }
  }

  func restoresTheIssuesSnapshot<Container: RestorableContainer>(
    _ makeContainer: (StackItem) -> Container
  ) async throws {
    let table = try Self.detailTable()
    do {
      let navigator = Navigator(
        table: table, container: makeContainer(try table.makeItem(for: "Home")))
      try await navigator.go(to: "Detail", parameters: ["id": 4])
      let snapshot = await navigator.snapshot()
      #expect(snapshot.entries.map(\.identifier) == ["home", "detail"])
      let data = try JSONEncoder().encode(snapshot)

      let fresh = Navigator(table: table, container: makeContainer(try table.makeItem(for: "Home")))
      try await fresh.restore(try JSONDecoder().decode(NavigationSnapshot.self, from: data))
      #expect(fresh.stack == [Entry("Home"), Entry("Detail", parameters: ["id": 4])])
      // Made by the lowest-numbered command to Detail, with no view model.
      let detail = try #require(fresh.container.items.last?.screen as? FactoryMadeScreen)
      #expect(detail.maker == "open")
      #expect(detail.context.viewModel == nil)
      #expect(detail.context.entry == Entry("Detail", parameters: ["id": 4]))
    }
  }

  @Test func rootsAndScreensOutsideARouteUseTheSameFallback() throws {
    let table = try Self.detailTable()
    let item = try table.makeItem(for: "Detail", parameters: ["id": 2])
    #expect((item.screen as? FactoryMadeScreen)?.maker == "open")
    #expect((table.makeScreen(for: Entry("Detail")) as? FactoryMadeScreen)?.maker == "open")
    // The screen's own factory comes first, then the table's default.
    #expect((table.makeScreen(for: Entry("Home")) as? FactoryMadeScreen)?.maker == "home")
    let withDefault = try RouteTable(defaultFactory: FactoryMadeScreen.factory("default")) {
      Screen("Home")
      Screen("Detail", restorationIdentifier: "detail")
      Command(to: "Home")
      Command(from: ["Home"], to: "Detail", factory: FactoryMadeScreen.factory("open"))
    }
    #expect(
      (withDefault.makeScreen(for: Entry("Detail")) as? FactoryMadeScreen)?.maker == "default")
  }

  @Test func aRestorableScreenNothingMakesIsRefusedWhenCompiling() throws {
    do {
      _ = try RouteTable {
        Screen("Home", factory: HeadlessScreen.factory)
        Screen("Orphan", restorationIdentifier: "orphan")
        Screen("Shown", restorationIdentifier: "shown")
        Command(to: "Home")
        Command(to: "Shown", factory: HeadlessScreen.factory)
      }
      Issue.record("the table compiled")
    } catch {
      #expect(error.kind == .unconstructibleScreen)
      #expect(error.location == "screens[1]")
      #expect(error.screenName == "Orphan")
      #expect(
        error.message
          == "nothing makes restorable screen 'Orphan': give the screen or the table a factory, or a command to it"
      )
    }
    // Without a restoration identifier (or with an empty one) nothing needs to make it.
    _ = try RouteTable {
      Screen("Home", factory: HeadlessScreen.factory)
      Screen("Orphan", restorationIdentifier: "")
      Screen("Plain")
      Command(to: "Home")
    }
  }

  /// Seeded random tables, with factories on screens, commands or the table: compiling
  /// refuses exactly the tables with a restorable screen nothing makes, and on the
  /// others every snapshot a container saves after random routes restores, through
  /// JSON, to the same entries, each made by the factory the rule names. A batch runs
  /// ten seeds and counts what happened, so that a generator that stopped making
  /// refused tables or restorable stacks fails.
  @Test(arguments: TestScale.batches(full: 40, quick: 4))
  func everySavedSnapshotRestores(batch: Int) async throws {
    var restores = 0
    for seed in batch * 10..<(batch + 1) * 10 {
      var random = SeededGenerator(seed: UInt64(seed) &* 0x5851_F42D &+ 11)
      var tables = RandomNavigationTable(&random)
      if let orphan = tables.firstUnconstructible {
        do throws(TableError) {
          _ = try tables.compile()
          Issue.record("seed \(seed): a table whose screen S\(orphan) nothing makes compiled")
        } catch {
          #expect(error.kind == .unconstructibleScreen, "seed \(seed)")
          #expect(error.location == "screens[\(orphan)]", "seed \(seed)")
        }
        tables.makeEveryScreenConstructible()
      }
      let table = try tables.compile()
      // A root that something makes.
      guard let root = table.screens.indices.first(where: { tables.expectedMaker(of: $0) != nil })
      else { continue }
      let item = try table.makeItem(for: table.screens[root].name)
      if Bool.random(using: &random) {
        restores += try await saveAndRestore(tables, table, seed, &random) {
          DrillDownContainer(root: item)
        }
      } else {
        restores += try await saveAndRestore(tables, table, seed, &random) {
          StackContainer(root: item)
        }
      }
    }
    #expect(restores > 10, "batch \(batch)")
  }

  /// The seeds of ``everySavedSnapshotRestores(batch:)`` make tables that compiling must
  /// refuse, about one in five: too few for every batch of ten to hold one.
  @Test func someSeedsMakeTablesToRefuse() {
    let seeds = TestScale.isFull ? 400 : 40
    var refused = 0
    for seed in 0..<seeds {
      var random = SeededGenerator(seed: UInt64(seed) &* 0x5851_F42D &+ 11)
      if RandomNavigationTable(&random).firstUnconstructible != nil { refused += 1 }
    }
    #expect(refused > seeds / 20)
  }

  func saveAndRestore<Container: RestorableContainer>(
    _ tables: RandomNavigationTable, _ table: RouteTable, _ seed: Int,
    _ random: inout SeededGenerator, _ makeContainer: () -> Container
  ) async throws -> Int {
    var restores = 0
    let container = makeContainer()
    let navigator = Navigator(table: table, container: container)
    for _ in 0..<12 {
      do throws(NavigationError) {
        try await navigator.go(tables.randomRequest(&random))
      } catch {
        guard case .routing(.unreachable) = error else { throw error }
        continue
      }
      let snapshot = await navigator.snapshot()
      let saved = container.items.filter { table.savedEntry(for: $0.entry) != nil }
      guard !saved.isEmpty else {
        #expect(snapshot.entries.isEmpty)
        continue
      }
      let data = try JSONEncoder().encode(snapshot)
      let decoded = try JSONDecoder().decode(NavigationSnapshot.self, from: data)
      let fresh = makeContainer()
      try fresh.restore(decoded, using: table)
      restores += 1
      #expect(fresh.entries == saved.map(\.entry), "seed \(seed)")
      for restored in fresh.items {
        let number = try #require(table.screens.firstIndex { $0.name == restored.entry.screen })
        let made = try #require(restored.screen as? FactoryMadeScreen)
        let expected = tables.expectedMaker(of: number)
        // A command without its own factory uses its screen's or the default, which
        // would then have been the expected maker already.
        #expect(expected == nil || made.maker == expected, "seed \(seed)")
        #expect(made.context.viewModel == nil)
        #expect(saved.allSatisfy { $0.screen !== restored.screen })
      }
    }
    return restores
  }
}
