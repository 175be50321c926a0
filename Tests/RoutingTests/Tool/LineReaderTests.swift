import Routing
import RoutingJSON
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
    while let line = try? reader.next() { lines.append(line) }
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

  @Test func aReadThatFailsIsAnErrorNotTheEnd() {
    // A descriptor open for writing only cannot be read: EBADF.
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      Issue.record("no pipe")
      return
    }
    defer {
      close(ends[0])
      close(ends[1])
    }
    let reader = LineReader(descriptor: ends[1])
    let error = #expect(throws: FileReadError.self) { try reader.next() }
    #expect(error?.reason == "Bad file descriptor")
  }
}

@Suite struct StandardInputFailureTests {
  /// Standard input that fails after one line: what was read is answered, then the run
  /// ends as bad input, saying why, rather than as a short but successful batch.
  @Test func aFailingStandardInputIsBadInput() {
    var served = false
    var output = ""
    var errors = ""
    let environment = ToolEnvironment(
      readLine: { () throws(FileReadError) -> [UInt8]? in
        guard !served else { throw FileReadError(path: "<stdin>", reason: "Input/output error") }
        served = true
        return Array(#"{"stack": ["Menu"], "to": "Folder"}"#.utf8)
      },
      readFile: { (_: String) throws(FileReadError) -> [UInt8] in Array(Tool.sampleTable.utf8) },
      write: { output += $0 }, writeError: { errors += $0 })
    let code = RoutingTool.run(
      arguments: ["route", "SampleApp.json", "--batch", "-"], environment: environment)
    #expect(code == 2)
    #expect(Tool.lines(output).count == 1)
    #expect(errors.contains("cannot read '<stdin>': Input/output error"))
  }

  /// A batch reads the lines at hand in one go, and answers them without waiting for
  /// more: the pipe stays open while the reader runs, and the reader must not block.
  @Test func readsTheLinesAtHandWithoutWaitingForMore() {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      Issue.record("no pipe")
      return
    }
    defer { close(ends[0]) }
    let bytes = Array("a\nbc\n\nd\ne".utf8)
    let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    #expect(written == bytes.count)
    let reader = LineReader(descriptor: ends[0])
    #expect((try? reader.next(upTo: 2)) == [[97], [98, 99]])
    #expect((try? reader.next(upTo: 10)) == [[], [100]])  // "e" waits for its line break
    close(ends[1])
    #expect((try? reader.next(upTo: 10)) == [[101]])
    #expect((try? reader.next(upTo: 10)) == Optional<[[UInt8]]>.none)
  }
}

/// The bounded reading `routing serve` does.
@Suite struct BoundedLineReaderTests {
  static func lines(of bytes: [UInt8], limit: Int, chunkSize: Int = 7) -> [InputLine] {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return [] }
    let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    defer { close(ends[0]) }
    guard written == bytes.count else { return [] }
    let reader = LineReader(descriptor: ends[0], chunkSize: chunkSize)
    var lines: [InputLine] = []
    while let line = try? reader.next(limit: limit) { lines.append(line) }
    return lines
  }

  @Test func discardsLinesOverTheLimitAndReadsOn() {
    let long = [UInt8](repeating: 120, count: 30_000)
    for chunkSize in [1, 7, 4096, 65_536] {
      let lines = Self.lines(
        of: Array("ab\n".utf8) + long + Array("\nabcde\nabcdef".utf8), limit: 5,
        chunkSize: chunkSize)
      #expect(
        lines == [
          .line(Array("ab".utf8)), .tooLong(30_000), .line(Array("abcde".utf8)), .tooLong(6),
        ], "\(chunkSize)")
    }
    #expect(Self.lines(of: long, limit: 10, chunkSize: 100) == [.tooLong(30_000)])
    #expect(Self.lines(of: [], limit: 10) == [])
  }
}
