import Synchronization

/// The distance fields of milestones planned before, bounded in memory, shared by every
/// thread planning on a table.
///
/// A milestone's field is built the second time the milestone is planned (the first
/// time leaves only a mark), so a table asked once for each screen never pays for it.
/// When a new field would pass the limit, the fields used least recently are dropped.
final class PlanCache: Sendable {
  /// The most bytes the fields and marks may hold.
  let limit: Int
  private let screenCount: Int
  private let state: Mutex<State>

  private struct State: ~Copyable {
    var fields: [Int32: Field] = [:]
    /// Milestones planned once, one byte per screen; empty until the first plan.
    var planned: [Bool] = []
    var bytes = 0
    var clock: UInt64 = 0
  }

  private struct Field {
    let distances: [Int32]
    var lastUse: UInt64
  }

  init(limit: Int, screenCount: Int) {
    self.limit = limit
    self.screenCount = screenCount
    state = Mutex(State())
  }

  /// The bytes one field takes.
  private var fieldBytes: Int { screenCount * MemoryLayout<Int32>.stride + 64 }

  /// The field of `milestone`: the cached one, else one built now by `build` when the
  /// milestone was planned before, else `nil`.
  func field(to milestone: Int32, building build: (Int32) -> [Int32]) -> [Int32]? {
    guard limit >= screenCount + fieldBytes else { return nil }
    let cached = state.withLock { state -> [Int32]? in
      state.clock &+= 1
      if let found = state.fields[milestone]?.distances {
        state.fields[milestone]!.lastUse = state.clock
        return found
      }
      return nil
    }
    if let cached { return cached }
    let again = state.withLock { state -> Bool in
      if state.planned.isEmpty {
        state.planned = Array(repeating: false, count: screenCount)
        state.bytes += screenCount
      }
      defer { state.planned[Int(milestone)] = true }
      return state.planned[Int(milestone)]
    }
    guard again else { return nil }
    let distances = build(milestone)
    let size = fieldBytes
    state.withLock { state in
      guard state.fields[milestone] == nil else { return }
      while state.bytes + size > limit,
        let oldest = state.fields.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        state.fields[oldest.key] = nil
        state.bytes -= size
      }
      guard state.bytes + size <= limit else { return }
      state.fields[milestone] = Field(distances: distances, lastUse: state.clock)
      state.bytes += size
    }
    return distances
  }

  /// The number of fields held, for tests.
  var count: Int { state.withLock { $0.fields.count } }
}
