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

/// A cached field as a plan reads it, without a lock: the slot of the cache that holds
/// it, which a build may overwrite with another milestone's field at any time.
///
/// A plan reads it through the cache (``PlanCache/distance(_:in:)``), which owns every
/// slot's memory for as long as it lives: a field taken holds no reference, and taking
/// one retains nothing.
///
/// Whatever a plan derives from it holds only if ``PlanCache/isIntact(_:)`` says so once
/// the plan has read everything it needs; otherwise the plan searches cold. Until then,
/// the values read are each some field's true value (every byte is read and written
/// atomically), so a walk over them stays within the table, but they may mix two fields.
struct CachedField {
  fileprivate let slot: Int
  /// Where the slot's distances start in the cache's.
  fileprivate let start: Int
  /// The slot's generation when the field was taken.
  fileprivate let generation: UInt64
  /// As ``DistanceField/bestFromAnywhere``.
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
///
/// Starting, builds and evictions take a lock (and so does setting aside a field whose
/// distances do not fit); a plan reading a cached field takes none
/// (``cachedField(to:)``), and neither does a cold search earning toward a field nor a
/// milestone's first mark: each is a compare-and-exchange on a negative mark, so it can
/// never overwrite a slot number, and a build storing its slot number (under the lock)
/// wins over an earning racing with it. The fields live in slots, as many as the limit
/// allows, each a sequence lock. A build (under the lock) makes its slot's generation
/// odd, writes the milestone, the best first step from anywhere and the distances, then
/// makes it even again; a reader takes an even generation, reads, and checks that it has
/// not changed.
/// Every word is an atomic, so the reads that race with a build are not data races, only
/// stale, and the check throws their result away.
final class PlanCache: Sendable {
  /// The most bytes the fields and marks may hold.
  let limit: Int
  private let screenCount: Int
  /// The work of building one field, in the units of ``earn(_:toward:)``.
  private let buildCost: Int
  /// Per screen: -1 never planned, else -2 - (the work its cold searches have earned,
  /// saturating), else (when 0 or more) the slot of its field. A slot number is stored
  /// under the lock, after its field, and so is the -2 of an evicted field or of one
  /// whose distances do not fit; earnings and the first mark (-1 to -2) change a
  /// negative mark by compare-and-exchange, without the lock.
  private let marks: AtomicArray<Int32>
  /// Per slot, the words a plan reads side by side (``SlotWord``), so that taking a
  /// cached field reads one place in memory rather than one array a word: the
  /// generation of the slot's sequence lock (odd while a build writes the slot), the
  /// milestone whose field it holds and the best first step's distance, and the best
  /// first step from anywhere. All zeros is an empty slot.
  private let slotWords: AtomicArray<UInt64>
  /// Per slot, the cache's clock when its field was last used: apart from the words
  /// plans read, since every plan that takes the field writes it, and on another
  /// processor that write would evict the words another plan is reading.
  private let lastUses: AtomicArray<UInt64>
  /// The slots' distances, ``screenCount`` bytes a slot, slot after slot: every slot's
  /// memory from the start, which the system provides as a build first writes it, so
  /// that a plan reads a field through the cache without retaining an object of the
  /// field's own.
  private let distances: AtomicArray<UInt8>
  /// Counts uses, for the least recently used field. Readers advance it with a load
  /// and a store rather than an atomic increment: two plans at once may take the same
  /// time, which only blurs the order of their two fields.
  private let clock = Atomic<UInt64>(0)
  /// Whether a plan has asked for a field: until then, cold searches earn nothing. Set
  /// once, under the lock.
  private let started = Atomic<Bool>(false)
  /// Under the library's pthread lock (`Locked`), whose hand-over ThreadSanitizer
  /// sees, so that a race between a build and anything else is reported.
  private let state: Locked<State>

  /// What builds and evictions keep, under the lock.
  private struct State: Sendable {
    /// Per slot used so far, in order, the milestone whose field it holds, or -1.
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
    // through the cache without loading and retaining an object: four bytes a screen,
    // and a field's bytes for each slot the limit allows, none when the cache is off.
    let fieldBytes = screenCount * MemoryLayout<UInt8>.stride + 64
    let markBytes = screenCount * MemoryLayout<Int32>.stride
    let enabled = limit >= markBytes + fieldBytes
    marks = AtomicArray(repeating: -1, count: enabled ? screenCount : 0)
    var slots = enabled ? min(screenCount, max(0, (limit - markBytes) / fieldBytes)) : 0
    // A limit above what the system can reserve (a large table with no practical limit)
    // gets as many slots as it can.
    var fields = AtomicArray<UInt8>(zerosCount: slots * screenCount)
    while fields == nil && slots > 0 {
      slots /= 2
      fields = AtomicArray(zerosCount: slots * screenCount)
    }
    distances = fields ?? AtomicArray(repeating: 0, count: 0)
    slotWords = AtomicArray(repeating: 0, count: slots * SlotWord.count)
    lastUses = AtomicArray(repeating: 0, count: slots)
  }

  /// The words of a slot, at ``SlotWord/count`` words a slot.
  private enum SlotWord {
    static let count = 3
    /// The sequence lock's generation.
    static let generation = 0
    /// The owning milestone plus one (low 32 bits) and the best first step's distance
    /// plus one (high 32 bits): 0 for none.
    static let ownerAndDistance = 1
    /// The best first step from anywhere, command and screen, complemented: 0 for none.
    static let bestStep = 2
  }

  /// The number of slots.
  private var slotCount: Int { slotWords.count / SlotWord.count }

  /// Where word `word` of `slot` is in ``slotWords``.
  private func index(_ word: Int, of slot: Int) -> Int { slot * SlotWord.count + word }

  /// The milestone whose field `slot` holds, or -1, from its owner-and-distance word.
  private static func owner(_ word: UInt64) -> Int32 {
    Int32(bitPattern: UInt32(truncatingIfNeeded: word)) &- 1
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
  ///
  /// Without the lock: two plans earning at once both count, by compare-and-exchange;
  /// a build or an eviction storing the mark meanwhile wins.
  func earn(_ work: Int, toward milestone: Int32) {
    guard isEnabled, work > 0, started.load(ordering: .relaxed) else { return }
    var current = mark(milestone)
    while current < 0 {
      let earned = current == -1 ? 0 : Int(-2 - current)
      let earning = Int32(-2 - min(earned + work, Int(Int32.max) - 2))
      let (exchanged, original) = marks.relaxedCompareExchange(
        expected: current, desired: earning, at: Int(milestone))
      if exchanged { return }
      current = original
    }
  }

  /// The field of `milestone`: the cached one, else one built now by `build` when the
  /// cold searches to the milestone have earned it and the limit allows, else `nil`.
  /// The first call for a milestone only leaves a mark.
  func field(to milestone: Int32, building build: (Int32) -> DistanceField?) -> CachedField? {
    guard isEnabled else { return nil }
    if let cached = cachedField(to: milestone) { return cached }
    if !started.load(ordering: .relaxed) {
      state.withLock { state in
        guard !started.load(ordering: .relaxed) else { return }
        state.bytes += markBytes
        started.store(true, ordering: .relaxed)
      }
    }
    // Whether to build, without the lock: a first call leaves a mark, and the earnings
    // decide after (two plans may both build; the second's field is not kept).
    let current = mark(milestone)
    if current >= 0 { return nil }  // built by another thread meanwhile
    if current == -1 {
      _ = marks.relaxedCompareExchange(expected: -1, desired: -2, at: Int(milestone))
      return nil
    }
    guard Int(-2 - current) >= buildCost else { return nil }
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
      // Room within the limit, and a slot: the system may have given fewer slots than
      // the limit allows.
      func hasRoom(_ state: State) -> Bool {
        state.bytes + size <= limit
          && (!state.freeSlots.isEmpty || state.milestones.count < slotCount)
      }
      while !hasRoom(state), let oldest = leastRecentlyUsed(state.milestones) {
        setMark(state.milestones[oldest], -2)
        state.milestones[oldest] = -1
        state.freeSlots.append(Int32(oldest))
        state.bytes -= size
      }
      guard hasRoom(state) else { return }
      let slot: Int32
      if let free = state.freeSlots.popLast() {
        slot = free
        state.milestones[Int(slot)] = milestone
      } else {
        slot = Int32(state.milestones.count)
        precondition(
          Int(slot) < slotCount, "the plan cache holds more fields than its limit")
        state.milestones.append(milestone)
      }
      write(field, of: milestone, into: Int(slot))
      setMark(milestone, slot)
      state.bytes += size
    }
    return cachedField(to: milestone)
  }

  /// Writes `field`, the field of `milestone`, into `slot`, under the lock: the writing
  /// side of the slot's sequence lock.
  private func write(_ field: DistanceField, of milestone: Int32, into slot: Int) {
    let generationIndex = index(SlotWord.generation, of: slot)
    let generation = slotWords.relaxedLoad(at: generationIndex)
    slotWords.relaxedStore(generation &+ 1, at: generationIndex)
    atomicMemoryFence(ordering: .releasing)
    var step: UInt64 = 0
    var distance: Int32 = -1
    if let best = field.bestFromAnywhere {
      step =
        ~(UInt64(UInt32(bitPattern: best.step.command)) << 32
        | UInt64(UInt32(bitPattern: best.step.screen)))
      distance = best.distance
    }
    let owner = UInt64(UInt32(bitPattern: milestone &+ 1))
    let ownerAndDistance = owner | UInt64(UInt32(bitPattern: distance &+ 1)) << 32
    slotWords.relaxedStore(ownerAndDistance, at: index(SlotWord.ownerAndDistance, of: slot))
    slotWords.relaxedStore(step, at: index(SlotWord.bestStep, of: slot))
    precondition(field.distances.count == screenCount, "a field of another table")
    distances.relaxedStore(field.distances.span, at: slot * screenCount)
    touch(slot)
    slotWords.releasingStore(generation &+ 2, at: generationIndex)
  }

  /// The cached field of `milestone`, or `nil`, taken without a lock; unlike
  /// ``field(to:building:)``, it neither marks the milestone nor builds a field.
  @inline(__always)
  func cachedField(to milestone: Int32) -> CachedField? {
    guard marks.count != 0 else { return nil }  // the cache is off
    let mark = self.mark(milestone)
    guard mark >= 0 else { return nil }
    let slot = Int(mark)
    let generation = slotWords.acquiringLoad(at: index(SlotWord.generation, of: slot))
    let ownerAndDistance = slotWords.relaxedLoad(at: index(SlotWord.ownerAndDistance, of: slot))
    // Odd: a build is writing. Another milestone: the slot was reused since the mark
    // was read.
    guard generation & 1 == 0, Self.owner(ownerAndDistance) == milestone else {
      return nil
    }
    touch(slot)
    // The best first step from anywhere, as stored: complemented, and its distance plus
    // one in the high half of the owner's word; 0 for none.
    let step = ~slotWords.relaxedLoad(at: index(SlotWord.bestStep, of: slot))
    let distance = Int32(bitPattern: UInt32(truncatingIfNeeded: ownerAndDistance >> 32)) &- 1
    var best: (step: LegStep, distance: Int32)?
    if step != .max, distance >= 0 {
      let command = Int32(truncatingIfNeeded: step >> 32)
      let screen = Int32(truncatingIfNeeded: step)
      best = (LegStep(command: command, screen: screen, popTo: -1), distance)
    }
    return CachedField(
      slot: slot, start: slot * screenCount, generation: generation, bestFromAnywhere: best)
  }

  /// The distance of screen `screen` to the milestone of `field`.
  @inline(__always)
  func distance(_ screen: Int, in field: CachedField) -> UInt8 {
    distances.relaxedLoad(at: field.start + screen)
  }

  /// Whether every value read from `field` so far was its milestone's: no build has
  /// written to its slot since the field was taken.
  ///
  /// The reading side of a sequence lock: an acquiring fence orders the reads before
  /// the generation is read again.
  func isIntact(_ field: CachedField) -> Bool {
    atomicMemoryFence(ordering: .acquiring)
    return slotWords.relaxedLoad(at: index(SlotWord.generation, of: field.slot))
      == field.generation
  }

  /// Makes the field in `slot` the most recently used.
  @inline(__always)
  private func touch(_ slot: Int) {
    let now = clock.load(ordering: .relaxed) &+ 1
    clock.store(now, ordering: .relaxed)
    lastUses.relaxedStore(now, at: slot)
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
      let use = lastUses.relaxedLoad(at: slot)
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
