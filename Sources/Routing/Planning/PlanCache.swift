import Synchronization

/// A milestone's distance field: every screen's distance to it by commands with
/// origins, guards and stacks aside, and the best first step among the commands from
/// anywhere.
///
/// Distances take one byte each (``unreachable`` where none leads there), so that the
/// fields of many milestones stay in the processor's caches: a field whose distances do
/// not fit is not kept.
struct DistanceField: Sendable {
  /// The distance of a screen from which no command leads to the milestone.
  static let unreachable: UInt8 = .max
  let distances: [UInt8]
  /// The command from anywhere whose destination is nearest the milestone (the
  /// lowest-numbered among the nearest), its destination and that distance.
  let bestFromAnywhere: (step: LegStep, distance: Int32)?
}

/// The distance fields of milestones planned before, bounded in memory, shared by every
/// thread planning on a table.
///
/// A milestone's field is built only once it pays: when the cold searches to that
/// milestone have together done at least as much work as building its field does (one
/// backward search of the table). So each build costs no more than the searches it
/// replaces have cost already, a table asked once for each screen never pays for a
/// field, and on a large table a repeated request is never much slower than a cold one.
/// When a new field would pass the limit, the least recently used fields make room; an
/// evicted milestone earns its field again from zero, so a workload with more
/// milestones than the cache holds also spends at most about as much on building fields
/// as on searching.
final class PlanCache: Sendable {
  /// The most bytes the fields and marks may hold.
  let limit: Int
  private let screenCount: Int
  /// The work of building one field, in the units of ``earn(_:toward:)``.
  private let buildCost: Int
  private let state: Mutex<State>

  private struct State: ~Copyable {
    /// Per screen: -1 never planned, else -2 - (the work its cold searches have earned,
    /// saturating), else (when 0 or more) the slot of its field. Empty until the first
    /// plan.
    var marks: [Int32] = []
    var slots: [Slot] = []
    var freeSlots: [Int32] = []
    var bytes = 0
    var clock: UInt64 = 0
  }

  private struct Slot {
    var field: DistanceField?
    var milestone: Int32
    var lastUse: UInt64
  }

  init(limit: Int, screenCount: Int, buildCost: Int = 0) {
    self.limit = limit
    self.screenCount = screenCount
    self.buildCost = buildCost
    state = Mutex(State())
  }

  /// The bytes one field takes.
  private var fieldBytes: Int { screenCount * MemoryLayout<UInt8>.stride + 64 }
  /// The bytes the marks take.
  private var markBytes: Int { screenCount * MemoryLayout<Int32>.stride }

  /// Whether the cache can hold anything at all.
  var isEnabled: Bool { limit >= markBytes + fieldBytes }

  /// Records `work` units of cold search toward `milestone`, which a later build of its
  /// field may spend.
  func earn(_ work: Int, toward milestone: Int32) {
    guard isEnabled, work > 0 else { return }
    state.withLock { state in
      guard !state.marks.isEmpty else { return }
      let mark = state.marks[Int(milestone)]
      guard mark < 0 else { return }
      let earned = mark == -1 ? 0 : Int(-2 - mark)
      state.marks[Int(milestone)] = Int32(-2 - min(earned + work, Int(Int32.max) - 2))
    }
  }

  /// The field of `milestone`: the cached one, else one built now by `build` when the
  /// cold searches to the milestone have earned it and the limit allows, else `nil`.
  /// The first call for a milestone only leaves a mark.
  func field(to milestone: Int32, building build: (Int32) -> DistanceField?) -> DistanceField? {
    guard isEnabled else { return nil }
    let size = fieldBytes
    enum Answer {
      case cached(DistanceField)
      case build
      case none
    }
    let buildCost = self.buildCost
    let answer = state.withLock { state -> Answer in
      if state.marks.isEmpty {
        state.marks = Array(repeating: -1, count: screenCount)
        state.bytes += markBytes
      }
      let mark = state.marks[Int(milestone)]
      if mark >= 0 { return .cached(Self.use(slot: Int(mark), &state)) }
      if mark == -1 {
        state.marks[Int(milestone)] = -2
        return .none
      }
      return Int(-2 - mark) >= buildCost ? .build : .none
    }
    switch answer {
    case .cached(let field): return field
    case .none: return nil
    case .build: break
    }
    guard let field = build(milestone) else {
      // Distances too long for a byte: the searches start earning again.
      state.withLock { state in
        if state.marks[Int(milestone)] < 0 { state.marks[Int(milestone)] = -2 }
      }
      return nil
    }
    state.withLock { state in
      guard state.marks[Int(milestone)] < 0 else { return }
      while state.bytes + size > limit, let oldest = Self.leastRecentlyUsed(state.slots) {
        state.marks[Int(state.slots[oldest].milestone)] = -2
        state.slots[oldest].field = nil
        state.freeSlots.append(Int32(oldest))
        state.bytes -= size
      }
      guard state.bytes + size <= limit else { return }
      state.clock &+= 1
      let slot = Slot(field: field, milestone: milestone, lastUse: state.clock)
      if let free = state.freeSlots.popLast() {
        state.slots[Int(free)] = slot
        state.marks[Int(milestone)] = free
      } else {
        state.marks[Int(milestone)] = Int32(state.slots.count)
        state.slots.append(slot)
      }
      state.bytes += size
    }
    return field
  }

  /// The cached field of `milestone`, or `nil`; unlike ``field(to:building:)``, it
  /// neither marks the milestone nor builds a field.
  func cachedField(to milestone: Int32) -> DistanceField? {
    guard isEnabled else { return nil }
    return state.withLock { state -> DistanceField? in
      guard !state.marks.isEmpty, state.marks[Int(milestone)] >= 0 else { return nil }
      return Self.use(slot: Int(state.marks[Int(milestone)]), &state)
    }
  }

  /// The field in slot `slot`, now the most recently used.
  private static func use(slot: Int, _ state: inout State) -> DistanceField {
    state.clock &+= 1
    state.slots[slot].lastUse = state.clock
    return state.slots[slot].field!
  }

  /// Whether the field of `milestone` is cached, for benchmarks and tests.
  func isCached(_ milestone: Int32) -> Bool {
    state.withLock { state in
      !state.marks.isEmpty && state.marks[Int(milestone)] >= 0
    }
  }

  private static func leastRecentlyUsed(_ slots: [Slot]) -> Int? {
    var oldest: Int?
    for index in slots.indices where slots[index].field != nil {
      if oldest == nil || slots[index].lastUse < slots[oldest!].lastUse { oldest = index }
    }
    return oldest
  }

  /// The number of fields held, for tests.
  var count: Int { state.withLock { state in state.slots.count - state.freeSlots.count } }
}
