import RoutingStorage
import Synchronization

/// A milestone's distance field as a build makes it: every screen's distance to it by
/// commands with origins, guards and stacks aside, and the best first step among the
/// commands from anywhere.
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

/// A cached field as a plan reads it, without a lock: the bytes of its slot in the
/// cache, which a build may overwrite with another milestone's field at any time.
///
/// Whatever a plan derives from it holds only if ``isIntact`` says so once the plan has
/// read everything it needs; otherwise the plan searches cold. Until then, the values
/// read are each some field's true value (every byte is read and written atomically),
/// so a walk over them stays within the table, but they may mix two fields.
struct CachedField {
  private let slot: FieldSlot
  /// The slot's generation when the field was taken.
  private let generation: UInt64
  /// As ``DistanceField/bestFromAnywhere``.
  let bestFromAnywhere: (step: LegStep, distance: Int32)?

  fileprivate init(slot: FieldSlot, generation: UInt64) {
    self.slot = slot
    self.generation = generation
    bestFromAnywhere = slot.bestFromAnywhere
  }

  /// The distance of screen `screen` to the milestone.
  @inline(__always)
  subscript(screen: Int) -> UInt8 { slot.distances.relaxedLoad(at: screen) }

  /// Whether every value read from the field so far was the milestone's: no build has
  /// written to its slot since the field was taken.
  ///
  /// The reading side of a sequence lock: an acquiring fence orders the reads before
  /// the generation is read again.
  var isIntact: Bool {
    atomicMemoryFence(ordering: .acquiring)
    return slot.generation.load(ordering: .relaxed) == generation
  }
}

/// One field's place in the cache, reused from milestone to milestone, made with its
/// bytes when a build first needs it.
///
/// A sequence lock: a build (under the cache's lock) makes the generation odd, writes
/// the milestone, the best first step from anywhere and the distances, then makes it
/// even again; a reader takes an even generation, reads, and checks that it has not
/// changed. Every word is an atomic, so the reads that race with a build are not data
/// races, only stale, and the check throws their result away.
final class FieldSlot: Sendable {
  let generation = Atomic<UInt64>(0)
  /// The milestone whose field the slot holds, or -1.
  let milestone = Atomic<Int32>(-1)
  /// The best first step from anywhere: command and screen, or `UInt64.max` for none.
  let bestStep = Atomic<UInt64>(.max)
  let bestDistance = Atomic<Int32>(-1)
  /// The cache's clock when the field was last used.
  let lastUse = Atomic<UInt64>(0)
  /// The slot's bytes, one per screen.
  let distances: AtomicByteArray

  init(screenCount: Int) {
    distances = AtomicByteArray(repeating: 0, count: screenCount)
  }

  /// The best first step from anywhere, as stored.
  var bestFromAnywhere: (step: LegStep, distance: Int32)? {
    let step = bestStep.load(ordering: .relaxed)
    let distance = bestDistance.load(ordering: .relaxed)
    guard step != .max, distance >= 0 else { return nil }
    let command = Int32(truncatingIfNeeded: step >> 32)
    let screen = Int32(truncatingIfNeeded: step)
    return (LegStep(command: command, screen: screen, popTo: -1), distance)
  }
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
///
/// Builds, evictions and earnings take a lock; a plan reading a cached field takes none
/// (``cachedField(to:)``): the fields live in slots that are never freed before the
/// cache, as many as the limit allows, each a sequence lock (``FieldSlot``).
final class PlanCache: Sendable {
  /// The most bytes the fields and marks may hold.
  let limit: Int
  private let screenCount: Int
  /// The work of building one field, in the units of ``earn(_:toward:)``.
  private let buildCost: Int
  /// Per screen: -1 never planned, else -2 - (the work its cold searches have earned,
  /// saturating), else (when 0 or more) the slot of its field. Written under the lock,
  /// read by plans without it; a slot number is stored after its field.
  private let marks: AtomicInt32Array
  /// The fields' places, made one by one, in order, by the builds that first need them,
  /// and never freed before the cache.
  private let slots: LazyReferences<FieldSlot>
  /// Counts uses, for the least recently used field. Readers advance it with a load
  /// and a store rather than an atomic increment: two plans at once may take the same
  /// time, which only blurs the order of their two fields.
  private let clock = Atomic<UInt64>(0)
  /// Under the library's pthread lock (`Locked`), whose hand-over ThreadSanitizer
  /// sees, so that a race between a build and anything else is reported.
  private let state: Locked<State>

  /// What builds and evictions keep, under the lock.
  private struct State: Sendable {
    /// Whether a plan has asked for a field: until then, cold searches earn nothing.
    var started = false
    /// Per slot made so far, the milestone whose field it holds, or -1.
    var milestones: [Int32] = []
    var freeSlots: [Int32] = []
    var bytes = 0
  }

  init(limit: Int, screenCount: Int, buildCost: Int = 0) {
    self.limit = limit
    self.screenCount = screenCount
    self.buildCost = buildCost
    state = Locked(State())
    // Made with the cache rather than by the first plan, so that a plan reaches them
    // through the cache without loading and retaining an object: four bytes a screen and
    // eight a slot, none when the cache is off.
    let fieldBytes = screenCount * MemoryLayout<UInt8>.stride + 64
    let markBytes = screenCount * MemoryLayout<Int32>.stride
    let enabled = limit >= markBytes + fieldBytes
    marks = AtomicInt32Array(repeating: -1, count: enabled ? screenCount : 0)
    slots = LazyReferences(
      count: enabled ? min(screenCount, max(0, (limit - markBytes) / fieldBytes)) : 0)
  }

  /// The mark of `screen`.
  private func mark(_ screen: Int32) -> Int32 { marks.acquiringLoad(at: Int(screen)) }

  /// Sets the mark of `screen`; a slot number is published after its field.
  private func setMark(_ screen: Int32, _ mark: Int32) {
    marks.releasingStore(mark, at: Int(screen))
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
      guard state.started else { return }
      let mark = self.mark(milestone)
      guard mark < 0 else { return }
      let earned = mark == -1 ? 0 : Int(-2 - mark)
      setMark(milestone, Int32(-2 - min(earned + work, Int(Int32.max) - 2)))
    }
  }

  /// The field of `milestone`: the cached one, else one built now by `build` when the
  /// cold searches to the milestone have earned it and the limit allows, else `nil`.
  /// The first call for a milestone only leaves a mark.
  func field(to milestone: Int32, building build: (Int32) -> DistanceField?) -> CachedField? {
    guard isEnabled else { return nil }
    if let cached = cachedField(to: milestone) { return cached }
    let buildCost = self.buildCost
    let builds = state.withLock { state -> Bool in
      if !state.started {
        state.started = true
        state.bytes += markBytes
      }
      let mark = self.mark(milestone)
      if mark >= 0 { return false }  // built by another thread meanwhile
      if mark == -1 {
        setMark(milestone, -2)
        return false
      }
      return Int(-2 - mark) >= buildCost
    }
    guard builds else { return nil }
    guard let field = build(milestone) else {
      // Distances too long for a byte: the searches start earning again.
      state.withLock { _ in
        if mark(milestone) < 0 { setMark(milestone, -2) }
      }
      return nil
    }
    state.withLock { state in
      guard mark(milestone) < 0 else { return }
      let size = fieldBytes
      while state.bytes + size > limit, let oldest = leastRecentlyUsed(state.milestones) {
        setMark(state.milestones[oldest], -2)
        state.milestones[oldest] = -1
        state.freeSlots.append(Int32(oldest))
        state.bytes -= size
      }
      guard state.bytes + size <= limit else { return }
      let slot: Int32
      if let free = state.freeSlots.popLast() {
        slot = free
        state.milestones[Int(slot)] = milestone
      } else {
        slot = Int32(state.milestones.count)
        precondition(
          Int(slot) < slots.count, "the plan cache holds more fields than its limit")
        state.milestones.append(milestone)
      }
      // A new slot: no reader can reach it before its mark, stored after its field.
      let fieldSlot =
        slots[Int(slot)] ?? slots.storeIfNil(FieldSlot(screenCount: screenCount), at: Int(slot))
      write(field, of: milestone, into: fieldSlot)
      setMark(milestone, slot)
      state.bytes += size
    }
    return cachedField(to: milestone)
  }

  /// Writes `field`, the field of `milestone`, into `slot`, under the lock: the writing
  /// side of the slot's sequence lock.
  private func write(_ field: DistanceField, of milestone: Int32, into slot: FieldSlot) {
    let generation = slot.generation.load(ordering: .relaxed)
    slot.generation.store(generation &+ 1, ordering: .relaxed)
    atomicMemoryFence(ordering: .releasing)
    slot.milestone.store(milestone, ordering: .relaxed)
    if let (step, distance) = field.bestFromAnywhere {
      let packed =
        UInt64(UInt32(bitPattern: step.command)) << 32 | UInt64(UInt32(bitPattern: step.screen))
      slot.bestStep.store(packed, ordering: .relaxed)
      slot.bestDistance.store(distance, ordering: .relaxed)
    } else {
      slot.bestStep.store(.max, ordering: .relaxed)
      slot.bestDistance.store(-1, ordering: .relaxed)
    }
    for screen in 0..<screenCount {
      slot.distances.relaxedStore(field.distances[screen], at: screen)
    }
    touch(slot)
    slot.generation.store(generation &+ 2, ordering: .releasing)
  }

  /// The cached field of `milestone`, or `nil`, taken without a lock; unlike
  /// ``field(to:building:)``, it neither marks the milestone nor builds a field.
  @inline(__always)
  func cachedField(to milestone: Int32) -> CachedField? {
    guard marks.count != 0 else { return nil }  // the cache is off
    let mark = self.mark(milestone)
    guard mark >= 0, let slot = slots[Int(mark)] else { return nil }
    let generation = slot.generation.load(ordering: .acquiring)
    // Odd: a build is writing. Another milestone: the slot was reused since the mark
    // was read.
    guard generation & 1 == 0, slot.milestone.load(ordering: .relaxed) == milestone else {
      return nil
    }
    touch(slot)
    return CachedField(slot: slot, generation: generation)
  }

  /// Makes the field in `slot` the most recently used.
  @inline(__always)
  private func touch(_ slot: FieldSlot) {
    let now = clock.load(ordering: .relaxed) &+ 1
    clock.store(now, ordering: .relaxed)
    slot.lastUse.store(now, ordering: .relaxed)
  }

  /// Whether the field of `milestone` is cached, for benchmarks and tests.
  func isCached(_ milestone: Int32) -> Bool {
    isEnabled && mark(milestone) >= 0
  }

  /// The slot, among those holding a field, whose field was used least recently.
  private func leastRecentlyUsed(_ milestones: [Int32]) -> Int? {
    var oldest: Int?
    var oldestUse = UInt64.max
    for slot in milestones.indices where milestones[slot] >= 0 {
      guard let use = slots[slot]?.lastUse.load(ordering: .relaxed) else { continue }
      if oldest == nil || use < oldestUse {
        oldest = slot
        oldestUse = use
      }
    }
    return oldest
  }

  /// The number of fields held, for tests.
  var count: Int { state.withLock { state in state.milestones.count - state.freeSlots.count } }
}
