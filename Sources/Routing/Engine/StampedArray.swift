/// A fixed-size array whose values can all be cleared in O(1): each slot carries the
/// generation it was written in, and clearing starts a new generation, so a slot
/// written before reads as unset.
///
/// The planner keeps one per screen or command and clears them at every search. When
/// the generation counter wraps around, every stamp is reset once, here and nowhere
/// else, so a stale stamp can never read as current.
struct StampedArray<Value>: Sendable where Value: Sendable {
  /// Stamp and value side by side: a lookup touches one cache line.
  private var slots: [(stamp: UInt32, value: Value)]
  /// The generation whose stamps read as set; never 0, the stamp of a slot never
  /// written.
  private(set) var generation: UInt32 = 1
  private let filler: Value

  /// An empty array of `count` unset slots; `filler` fills unwritten storage.
  init(count: Int = 0, filler: Value) {
    self.filler = filler
    slots = Array(repeating: (0, filler), count: count)
  }

  /// The number of slots.
  var count: Int { slots.count }

  /// Makes the array hold `count` slots, all unset.
  mutating func resize(to count: Int) {
    if slots.count != count {
      slots = Array(repeating: (0, filler), count: count)
      generation = 1
    } else {
      clear()
    }
  }

  /// Unsets every slot.
  ///
  /// - Complexity: O(1), except O(*n*) once every 2³² − 1 clears, when the generation
  ///   counter wraps around.
  @inline(__always)
  mutating func clear() {
    generation &+= 1
    if generation == 0 { resetStamps() }
  }

  /// Sets the generation, for tests that exercise the wrap-around.
  mutating func setGeneration(_ value: UInt32) {
    generation = value == 0 ? 1 : value
  }

  private mutating func resetStamps() {
    for index in slots.indices { slots[index].stamp = 0 }
    generation = 1
  }

  /// The value of slot `index`, or `nil` when it is unset.
  @inline(__always)
  subscript(index: Int) -> Value? {
    get {
      let slot = slots[index]
      return slot.stamp == generation ? slot.value : nil
    }
    set {
      if let newValue {
        slots[index] = (generation, newValue)
      } else {
        slots[index].stamp = 0
      }
    }
  }

  /// Whether slot `index` is set.
  @inline(__always)
  func contains(_ index: Int) -> Bool {
    slots[index].stamp == generation
  }
}
