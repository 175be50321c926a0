import Testing

@testable import Routing

/// The planner's set of disabled commands against `Set<Int>`, on seeded random inserts,
/// clears and resizes.
@Suite struct CommandSetTests {
  @Test(arguments: [1, 2, 3])
  func agreesWithASetOfNumbers(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var count = Int.random(in: 1...300, using: &random)
    var set = CommandSet(count: count)
    var reference = Set<Int>()
    for _ in 0..<2_000 {
      switch Int.random(in: 0..<20, using: &random) {
      case 0:
        set.clear()
        reference.removeAll()
      case 1:
        count = Int.random(in: 1...300, using: &random)
        set.resize(to: count)
        reference.removeAll()
      default:
        let command = Int.random(in: 0..<count, using: &random)
        set.insert(command)
        reference.insert(command)
      }
      #expect(set.isEmpty == reference.isEmpty)
      let probe = Int.random(in: 0..<count, using: &random)
      #expect(set.contains(probe) == reference.contains(probe))
    }
    #expect((0..<count).filter(set.contains) == reference.sorted())
  }
}
