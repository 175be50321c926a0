import RoutingTool
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The line reader behind the executable's standard input.
@Suite struct LineReaderTests {
  /// The lines a reader finds in `bytes` written to a pipe.
  static func lines(of bytes: [UInt8], chunkSize: Int = 7) -> [[UInt8]] {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return [] }
    // Small enough for the pipe's buffer: write all, close, then read.
    let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    defer { close(ends[0]) }
    guard written == bytes.count else { return [] }
    let reader = LineReader(descriptor: ends[0], chunkSize: chunkSize)
    var lines: [[UInt8]] = []
    while let line = reader.next() { lines.append(line) }
    return lines
  }

  @Test func splitsLinesAndKeepsALastLineWithoutBreak() {
    #expect(Self.lines(of: Array("a\nbc\n\nd".utf8)) == [[97], [98, 99], [], [100]])
    #expect(Self.lines(of: Array("a\n".utf8)) == [[97]])
    #expect(Self.lines(of: []) == [])
    #expect(Self.lines(of: [0xFF, 0x0A, 0x00]) == [[0xFF], [0x00]])
    #expect(
      Self.lines(of: Array("one\ntwo\n".utf8), chunkSize: 1) == [
        Array("one".utf8), Array("two".utf8),
      ])
  }

  @Test func readsLinesLongerThanItsChunks() {
    let long = [UInt8](repeating: 120, count: 40_000)
    let lines = Self.lines(of: long + [0x0A] + Array("short".utf8), chunkSize: 4096)
    #expect(lines.count == 2)
    #expect(lines.first == long)
    #expect(lines.last == Array("short".utf8))
  }
}
