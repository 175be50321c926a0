import Foundation

/// Reads the JSON fixtures copied into the test bundle.
enum Fixtures {
  static func url(_ name: String) throws -> URL {
    guard
      let url = Bundle.module.url(
        forResource: name, withExtension: "json", subdirectory: "Fixtures")
    else { throw FixtureError.missing(name) }
    return url
  }

  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: url(name))
  }

  static func object(_ name: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: data(name)) as? [String: Any] else {
      throw FixtureError.malformed(name)
    }
    return object
  }

  static func scenarios(_ name: String) throws -> [[String: Any]] {
    guard let list = try object(name)["scenarios"] as? [[String: Any]] else {
      throw FixtureError.malformed(name)
    }
    return list
  }

  /// The text of a JSON value, for re-encoding parts of a fixture.
  static func text(_ value: Any) throws -> String {
    let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}

enum FixtureError: Error {
  case missing(String)
  case malformed(String)
}

/// A small deterministic random generator (SplitMix64) so randomized tests repeat.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension Fixtures {
  static func objectFromText(_ text: String) throws -> [String: Any]? {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
  }
}
