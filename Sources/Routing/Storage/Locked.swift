#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value that threads reach one at a time, under a POSIX mutex: the library's one
/// lock, which the planner's buffer pool and the plan cache use.
///
/// A pthread mutex rather than `Synchronization.Mutex`, whose Linux implementation is a
/// futex that ThreadSanitizer does not model: under it, every access to the guarded
/// value looked like a race, and only suppressing the library's own code silenced them
/// (`Docs/Reliability.md`, "ThreadSanitizer"). ThreadSanitizer intercepts pthread
/// mutexes, so it sees one thread's unlock ordered before the next thread's lock, and
/// still reports any access to the value made outside ``withLock(_:)``.
///
/// Invariants:
/// - The mutex lives in memory of its own, initialized once by `init` and destroyed by
///   `deinit`; it never moves (a pthread mutex must not be copied) and is not reachable
///   from outside this type.
/// - The value is read and written only inside ``withLock(_:)``, by the one thread that
///   holds the mutex: that is what makes the type `Sendable`.
/// - ``withLock(_:)`` unlocks on every way out of its body, a thrown error included.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// The value, in memory of its own rather than a stored property: a class's stored
  /// property is checked for exclusive access at run time on every access, which cost
  /// more than the lock itself (`Docs/Performance.md`, "Low-level choices").
  private let value: UnsafeMutablePointer<Value>

  /// A lock guarding `value`.
  init(_ value: consuming Value) {
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed (\(status))")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` on the guarded value, holding the lock, and returns what it returns.
  ///
  /// `body` must not call ``withLock(_:)`` on the same lock: the mutex is not recursive.
  ///
  /// - Complexity: O(1) plus `body`, once the lock is free.
  func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value.pointee)
  }
}
