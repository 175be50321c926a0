import RoutingStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file could not be read.
package struct FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path as given.
  package let path: String
  /// What the system said, such as `No such file or directory`.
  package let reason: String

  /// Creates an error.
  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `cannot read 'x.json': No such file or directory`.
  package var description: String { "cannot read '\(MessageText.excerpt(path))': \(reason)" }
}

/// Reads whole files through the C library, so that loading a table needs no Foundation.
package enum FileBytes {
  /// The bytes of the file at `path`.
  ///
  /// - Throws: ``FileReadError`` when the file cannot be opened or read (missing, a
  ///   directory, no permission).
  /// - Complexity: O(*n*), where *n* is the size of the file.
  package static func read(atPath path: String) throws(FileReadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw FileReadError(path: path, reason: lastError()) }
    defer { close(descriptor) }
    // A regular file is read into an array of its size, without growing one.
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 {
      var (bytes, failure) = DescriptorRead.bytes(from: descriptor, count: Int(status.st_size))
      guard failure == 0 else {
        errno = failure
        throw FileReadError(path: path, reason: lastError())
      }
      // The file may have grown since.
      bytes += try readAll(from: descriptor, path: path)
      return bytes
    }
    return try readAll(from: descriptor, path: path)
  }

  /// Everything left on a file descriptor, such as standard input.
  ///
  /// - Throws: ``FileReadError`` when reading fails; `name` stands for the path in it.
  /// - Complexity: O(*n*), where *n* is the number of bytes read.
  package static func readAll(from descriptor: Int32, path name: String) throws(FileReadError)
    -> [UInt8]
  {
    let chunk = 64 * 1024
    var bytes: [UInt8] = []
    while true {
      let (read, failure) = DescriptorRead.bytes(from: descriptor, count: chunk)
      bytes += read
      if failure != 0 {
        errno = failure
        throw FileReadError(path: name, reason: lastError())
      }
      // Fewer bytes than asked for: the descriptor has ended.
      if read.count < chunk { return bytes }
    }
  }

  private static func lastError() -> String {
    guard let text = strerror(errno) else { return "error \(errno)" }
    return String(cString: text)
  }
}
