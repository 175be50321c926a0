#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads from a file descriptor straight into an array's storage, so that the package's
/// file reader (`FileBytes`) needs no pointer of its own.
///
/// Invariants:
/// - The array returned holds exactly the bytes the system wrote, in order: its count is
///   the sum of what each `read` returned, and no byte of it is left uninitialized.
/// - An interrupted call (`EINTR`) is repeated; any other failure ends the read with the
///   bytes read so far and the error.
public enum DescriptorRead {
  /// Up to `count` bytes from `descriptor`: fewer when it ends first (a file that
  /// shrank, the end of a pipe), with the failure's `errno`, or 0 when there was none.
  ///
  /// - Complexity: O(`count`).
  public static func bytes(from descriptor: Int32, count: Int) -> (bytes: [UInt8], error: Int32) {
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      while initialized < count {
        let read = systemRead(descriptor, buffer.baseAddress! + initialized, count - initialized)
        if read > 0 {
          initialized += read
        } else if read == 0 {
          return
        } else if errno != EINTR {
          failure = errno
          return
        }
      }
    }
    return (bytes, failure)
  }
}

/// The C library's `read`, out of reach of ``DescriptorRead``'s locals named `read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
