import Foundation

/// How many seeded cases the heavy property tests run.
///
/// `swift test` runs a quick share of each so that the suite stays fast; CI sets
/// `ROUTING_FULL_TESTS=1` (see `.ci/run`) and runs every case. The quick share is a
/// prefix of the full one, so a seed that fails in a quick run fails in CI too.
enum TestScale {
  /// Whether the environment asks for every case.
  static let isFull = ProcessInfo.processInfo.environment["ROUTING_FULL_TESTS"] == "1"

  /// The batch numbers to run: `0..<full` in CI, `0..<quick` otherwise.
  static func batches(full: Int, quick: Int) -> Range<Int> {
    0..<(isFull ? full : quick)
  }

  /// The first `quick` arguments, or all of them in CI.
  static func cases<Element>(_ all: [Element], quick: Int) -> [Element] {
    isFull ? all : Array(all.prefix(quick))
  }
}
