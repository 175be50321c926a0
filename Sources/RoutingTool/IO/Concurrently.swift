import Dispatch

/// Runs independent pieces of work on the machine's cores at once.
enum Concurrently {
  /// The results of `work` for each of `0..<count`, in order, computed on as many
  /// threads as there are cores; returns when every call has returned.
  ///
  /// - Complexity: That of the calls, divided among the cores.
  static func map<Result: Sendable>(
    _ count: Int, _ work: @Sendable (Int) -> Result
  ) -> [Result] {
    guard count > 1 else { return count == 1 ? [work(0)] : [] }
    let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
    slots.initialize(repeating: nil)
    defer { slots.deallocate() }
    // Each call writes only its own slot, and all have returned before the slots are
    // read: the buffer is shared across threads, never raced on.
    nonisolated(unsafe) let shared = slots
    DispatchQueue.concurrentPerform(iterations: count) { index in
      shared[index] = work(index)
    }
    let results = slots.map { $0! }
    _ = slots.deinitialize()
    return results
  }
}
