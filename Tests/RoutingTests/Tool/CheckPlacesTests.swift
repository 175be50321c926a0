import Foundation
import Routing
import Testing

/// Where `routing check` places a screen's diagnostic on a table that declares no
/// screens: at the first command that names the screen, an origin before the destination
/// of the same command, found here by reading the commands in file order.
@Suite struct CheckPlacesTests {
  @Test(arguments: TestScale.batches(full: 20, quick: 4))
  func aScreenIsPlacedAtTheFirstCommandThatNamesIt(batch: Int) throws {
    var random = SeededGenerator(seed: UInt64(batch) &* 2_654_435_761 &+ 19)
    var placed = 0
    var asOrigin = 0
    var asDestination = 0
    for _ in 0..<10 {
      let screenCount = Int.random(in: 8...60, using: &random)
      var commands: [(origins: [Int], to: Int)] = []
      for _ in 0..<Int.random(in: screenCount...(screenCount * 2), using: &random) {
        var origins: [Int] = []
        // Some from anywhere, some repeating an origin or naming their destination.
        if Int.random(in: 0..<12, using: &random) != 0 {
          for _ in 0..<Int.random(in: 1...3, using: &random) {
            origins.append(Int.random(in: 0..<screenCount, using: &random))
          }
        }
        commands.append((origins, Int.random(in: 0..<screenCount, using: &random)))
      }
      let json =
        #"{"commands": ["#
        + commands.map { command in
          #"{"from": [\#(command.origins.map { "\"S\($0)\"" }.joined(separator: ", "))], "to": "S\#(command.to)"}"#
        }.joined(separator: ",\n") + "]}"
      var first: [String: String] = [:]
      for (number, command) in commands.enumerated() {
        for (slot, origin) in command.origins.enumerated() where first["S\(origin)"] == nil {
          first["S\(origin)"] = "commands[\(number)].from[\(slot)]"
        }
        if first["S\(command.to)"] == nil { first["S\(command.to)"] = "commands[\(number)].to" }
      }
      let result = Tool.run(["check", "t.json", "--format", "json"], files: ["t.json": json])
      let document = try #require(Tool.object(result.output), "\(result)")
      let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
      for diagnostic in diagnostics {
        guard let screen = diagnostic["screen"] as? String else { continue }
        let location = diagnostic["location"] as? String
        #expect(location == first[screen], "\(screen) in \(json)")
        placed += 1
        if location?.contains(".from[") == true { asOrigin += 1 } else { asDestination += 1 }
      }
    }
    // Both kinds of first mention are exercised.
    #expect(placed > 10)
    #expect(asOrigin > 0 && asDestination > 0)
  }
}
