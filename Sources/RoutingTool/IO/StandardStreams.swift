import Routing
import RoutingJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension ToolEnvironment {
  /// The process's own standard input, output and error, and the file system.
  ///
  /// Standard input is read in large chunks and split into lines; every write goes
  /// straight to its file descriptor, so a batch answers each line as it is read.
  package static func standard() -> ToolEnvironment {
    let input = LineReader(descriptor: 0)
    return ToolEnvironment(
      readLine: { () throws(FileReadError) -> [UInt8]? in try input.next() },
      write: { writeAll($0, to: 1) },
      writeError: { writeAll($0, to: 2) },
      readLines: { (limit: Int) throws(FileReadError) -> [[UInt8]]? in
        try input.next(upTo: limit)
      },
      writeBytes: { bytes in bytes.withUnsafeBufferPointer { writeAll($0, to: 1) } },
      readBoundedLine: { (limit: Int) throws(FileReadError) -> InputLine? in
        try input.next(limit: limit)
      })
  }
}

/// The time a file was last modified, in nanoseconds since 1970; `nil` when it cannot
/// be had (no such file). `routing serve --watch` polls it.
package func modificationTime(atPath path: String) -> Int64? {
  var information = stat()
  guard stat(path, &information) == 0 else { return nil }
  return Int64(information.st_mtim.tv_sec) * 1_000_000_000 + Int64(information.st_mtim.tv_nsec)
}

/// Lines of a file descriptor, without their line breaks; the last line may lack one.
package final class LineReader {
  private let descriptor: Int32
  private let chunkSize: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  /// What the system said when a read failed; reading stops there.
  private var failure: String?

  /// Reads from an open file descriptor, which stays open, `chunkSize` bytes at a time.
  package init(descriptor: Int32, chunkSize: Int = 64 * 1024) {
    self.descriptor = descriptor
    self.chunkSize = max(1, chunkSize)
  }

  /// The next line, or `nil` at the end of the input.
  ///
  /// - Throws: ``FileReadError`` (for `<stdin>`) when a read fails; the lines before it
  ///   were returned.
  /// - Complexity: O(*n*) amortized, where *n* is the length of the line.
  package func next() throws(FileReadError) -> [UInt8]? {
    var searched = start
    while true {
      if let newline = buffer[searched...].firstIndex(of: 0x0A) {
        let line = Array(buffer[start..<newline])
        start = newline + 1
        return line
      }
      searched = buffer.count
      if atEnd {
        if let failure { throw FileReadError(path: "<stdin>", reason: failure) }
        guard start < buffer.count else { return nil }
        let line = Array(buffer[start...])
        start = buffer.count
        return line
      }
      if start > 0 {
        buffer.removeFirst(start)
        searched -= start
        start = 0
      }
      fill()
    }
  }

  /// The next lines: the first one, waiting for it, then the lines already read
  /// after it, up to `limit` in all; `nil` at the end of the input.
  ///
  /// A batch answers what it has been sent without waiting for more, so a process on
  /// the other end of a pipe gets its answer before it writes the next request.
  ///
  /// - Throws: ``FileReadError`` (for `<stdin>`) when a read fails; the lines before it
  ///   were returned.
  /// - Complexity: O(*n*) amortized, where *n* is the length of the lines.
  package func next(upTo limit: Int) throws(FileReadError) -> [[UInt8]]? {
    guard let first = try next() else { return nil }
    var lines = [first]
    while lines.count < limit {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        lines.append(Array(buffer[start..<newline]))
        start = newline + 1
      } else if atEnd && failure == nil && start < buffer.count {
        lines.append(Array(buffer[start...]))
        start = buffer.count
      } else {
        break
      }
    }
    return lines
  }

  /// The next line when it holds at most `limit` bytes; a longer line is not kept but
  /// read to its end and discarded, so that memory stays bounded by `limit` and the
  /// read chunk whatever arrives; `nil` at the end of the input.
  ///
  /// - Throws: ``FileReadError`` (for `<stdin>`) when a read fails; the lines before it
  ///   were returned.
  /// - Complexity: O(*n*) amortized, where *n* is the length of the line.
  package func next(limit: Int) throws(FileReadError) -> InputLine? {
    var searched = start
    var discarded = 0
    while true {
      if let newline = buffer[searched...].firstIndex(of: 0x0A) {
        defer { start = newline + 1 }
        let length = discarded + newline - start
        return length > limit ? .tooLong(length) : .line(Array(buffer[start..<newline]))
      }
      searched = buffer.count
      if atEnd {
        if let failure { throw FileReadError(path: "<stdin>", reason: failure) }
        guard start < buffer.count || discarded > 0 else { return nil }
        defer { start = buffer.count }
        let length = discarded + buffer.count - start
        return length > limit ? .tooLong(length) : .line(Array(buffer[start...]))
      }
      if buffer.count - start > limit {
        // Past the limit: what is buffered is given up, and only counted.
        discarded += buffer.count - start
        buffer.removeAll(keepingCapacity: true)
        start = 0
        searched = 0
      } else if start > 0 {
        buffer.removeFirst(start)
        searched -= start
        start = 0
      }
      fill()
    }
  }

  private func fill() {
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        return
      }
      if count == 0 {
        atEnd = true
        return
      }
      if errno != EINTR {
        failure = String(cString: strerror(errno))
        atEnd = true
        return
      }
    }
  }
}

/// Writes all of `text` to a file descriptor, retrying short writes.
private func writeAll(_ text: String, to descriptor: Int32) {
  var text = text
  text.withUTF8 { writeAll($0, to: descriptor) }
}

/// Writes all of `bytes` to a file descriptor, retrying short writes.
private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
  guard let base = bytes.baseAddress else { return }
  var offset = 0
  while offset < bytes.count {
    let written = write(descriptor, base + offset, bytes.count - offset)
    if written > 0 {
      offset += written
    } else if written < 0 && errno == EINTR {
      continue
    } else {
      return
    }
  }
}
