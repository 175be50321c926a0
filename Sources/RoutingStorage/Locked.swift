#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value that threads reach one at a time, under a POSIX mutex: the package's one
/// lock, which the plan cache and the tool's service use.
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
///   `deinit`; it never moves (a pthread mutex must not be copied), and nothing outside
///   this type uses it (its properties are visible only for inlining).
/// - The value is read and written only inside ``withLock(_:)``, by the one thread that
///   holds the mutex: that is what makes the type `Sendable`.
/// - ``withLock(_:)`` unlocks on every way out of its body, a thrown error included.
public final class Locked<Value: Sendable>: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// The value, in memory of its own rather than a stored property: a class's stored
  /// property is checked for exclusive access at run time on every access, which cost
  /// more than the lock itself (`Docs/Performance.md`, "Low-level choices").
  @usableFromInline let value: UnsafeMutablePointer<Value>

  /// A lock guarding `value`.
  public init(_ value: consuming Value) {
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
  ///
  /// Inlinable, so that the plan's call site specializes it: from another module, a
  /// generic call would pass its types' metadata and call `body` indirectly.
  @inlinable public func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value.pointee)
  }
}
