import Testing

@testable import Routing

/// The positions the breadth-first search skips, per tab and for guards, against the
/// limits and guards of seeded random tab tables, command by command.
@Suite struct LimitedPositionsTests {
  @Test(arguments: [1, 2, 3])
  func marksThePositionsOfLeftOutCommands(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var marked = 0
    var (guardedSeen, unguardedSeen) = (0, 0)
    for _ in 0..<200 {
      let sample = try PlannerReferenceTests.randomCase(&random, tabs: 3)
      let graph = sample.table.graph
      let positions = sample.table.planner.limitedPositions
      #expect(positions.tabs.count == sample.tabs.count)
      let rows: [([Int32], KeyPath<LimitedPositions.Bits, [UInt64]>)] = [
        (graph.commandsFrom.items, \.forward), (graph.predecessorCommands, \.backward),
      ]
      for (commands, side) in rows {
        for (position, command) in commands.enumerated() {
          let guarded = Self.isSet(positions.guarded[keyPath: side], position)
          #expect(guarded == graph.guardedCommands.contains(command))
          if guarded { guardedSeen += 1 } else { unguardedSeen += 1 }
          let limits = sample.limits[Int(command)]
          for (tab, bits) in positions.tabs.enumerated() {
            let leftOut = !limits.isEmpty && !limits.contains(sample.tabs[tab].name)
            #expect(Self.isSet(bits[keyPath: side], position) == leftOut)
            if leftOut { marked += 1 }
          }
        }
      }
    }
    #expect(marked > 0)
    #expect(guardedSeen > 0 && unguardedSeen > 0)
  }

  private static func isSet(_ words: [UInt64], _ position: Int) -> Bool {
    position >> 6 < words.count && words[position >> 6] & (UInt64(1) << UInt64(position & 63)) != 0
  }
}
