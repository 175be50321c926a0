import Dispatch
import Routing
import RoutingJSON
import RoutingStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `routing serve TABLE [--watch] [--max-line BYTES]`: JSON-RPC 2.0 and the Model
/// Context Protocol over standard input and output, one JSON value a line
/// (Docs/Service.md).
///
/// The main thread reads lines into a ``LineQueue`` bounded in bytes; workers, one a
/// core, take the lines at hand, answer them into a buffer of their own and write it
/// whole. A slow reader of standard output blocks the workers' writes, the queue fills
/// and reading stops until there is room: memory stays bounded whatever arrives.
/// Answers come out in the order they are finished, matched by their ids.
enum ServeCommand {
  static let name = "serve"
  static let spec = OptionSpec(flags: ["watch"], single: ["max-line"])
  /// The longest line read by default: 1 MiB.
  static let defaultMaxLine = 1 << 20
  /// The most lines a worker answers before writing.
  static let linesPerWrite = 64
  /// How often `--watch` looks at the file's modification time, in milliseconds.
  static let watchInterval = 500

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let path = try options.positionals(["TABLE"], command: name)[0]
    if path == "-" {
      throw ToolFailure.usage(
        "the table cannot come from standard input, which carries the requests", command: name)
    }
    let maxLine =
      try options.wholeNumber(
        "max-line", atLeast: 1, meaning: "a positive number of bytes", command: name)
      ?? defaultMaxLine
    let streams = Streams(console.environment)
    let session: ServeSession
    do {
      session = try ServeSession(
        path: path, readFile: console.environment.readFile, log: { streams.writeError($0 + "\n") },
        table: console.environment.tables[path])
    } catch {
      throw ToolFailure.badInput(error.text)
    }
    session.log(
      "serve: \(Console.displayName(path)): \(ServeSession.summary(session.snapshot.table)); "
        + "JSON-RPC 2.0 and MCP on standard input and output, one message a line")
    let tally = serve(session, maxLine: maxLine, watch: options.has("watch"), streams)
    session.log(
      "serve: end of input after \(tally.lines) line\(tally.lines == 1 ? "" : "s")"
        + (tally.tooLong > 0 ? " (\(tally.tooLong) over the limit of \(maxLine) bytes)" : ""))
    if let failure = tally.readFailure {
      throw ToolFailure.badInput("error: \(failure)")
    }
    return .success
  }

  struct Tally {
    var lines = 0
    var tooLong = 0
    var readFailure: FileReadError?
  }

  /// Serves until the end of standard input, and returns when every answer is written.
  static func serve(_ session: ServeSession, maxLine: Int, watch: Bool, _ streams: Streams)
    -> Tally
  {
    let queue = LineQueue(byteLimit: max(8 << 20, 2 * maxLine))
    let workers = DispatchGroup()
    for _ in 0..<max(2, cores()) {
      DispatchQueue.global().async(group: workers) {
        var json = JSONBytes(capacity: 64 * 1024)
        var table = ServeTable(session)
        while let lines = queue.take(upTo: linesPerWrite) {
          for line in lines {
            if session.answer(line[...], into: &json, table: &table) { json.byte(0x0A) }
          }
          if json.count > 0 { streams.write(json.bytes) }
          json.truncate(to: 0)
          queue.release(lines)
        }
      }
    }
    let stop = DispatchSemaphore(value: 0)
    let watcher = DispatchGroup()
    if watch {
      DispatchQueue.global().async(group: watcher) {
        while stop.wait(timeout: .now() + .milliseconds(watchInterval)) == .timedOut {
          session.reloadIfChanged()
        }
      }
    }
    var tally = Tally()
    while true {
      let next: InputLine?
      do {
        next = try streams.readLine(maxLine)
      } catch {
        tally.readFailure = error
        break
      }
      guard let next else { break }
      tally.lines += 1
      switch next {
      case .line(let line):
        queue.put(line)
      case .tooLong(let length):
        tally.tooLong += 1
        session.log("serve: line \(tally.lines): \(length) bytes, over the limit of \(maxLine)")
        streams.write(session.tooLong(length, limit: maxLine) + [0x0A])
      }
    }
    queue.close()
    workers.wait()
    stop.signal()
    watcher.wait()
    return tally
  }

  private static func cores() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }
}

/// The environment's streams, shared by the threads that serve.
///
/// Only the main thread reads; writes to either stream go through a lock, so each
/// closure is called by one thread at a time although it is not marked `Sendable`.
final class Streams: @unchecked Sendable {
  private let environment: ToolEnvironment
  private let output = DispatchSemaphore(value: 1)
  private let errors = DispatchSemaphore(value: 1)

  init(_ environment: ToolEnvironment) {
    self.environment = environment
  }

  func readLine(_ limit: Int) throws(FileReadError) -> InputLine? {
    try environment.readBoundedLine(limit)
  }

  /// Writes whole answers; blocks while standard output does not take them.
  func write(_ bytes: [UInt8]) {
    output.wait()
    defer { output.signal() }
    environment.writeBytes(bytes)
  }

  func writeError(_ text: String) {
    errors.wait()
    defer { errors.signal() }
    environment.writeError(text)
  }
}

/// Lines waiting for a worker, at most a number of bytes in all: `put` waits for room.
final class LineQueue: Sendable {
  private struct State {
    var lines: [[UInt8]] = []
    var head = 0
    var closed = false
  }

  /// A line counts its bytes and this many more, so that a flood of empty lines is
  /// bounded too.
  private static let overhead = 64
  private let state = Locked(State())
  /// Free room, in units of ``unit`` bytes.
  private let room: DispatchSemaphore
  /// Lines to take, and one more for each worker once closed.
  private let ready = DispatchSemaphore(value: 0)
  private static let unit = 1_024

  init(byteLimit: Int) {
    room = DispatchSemaphore(value: max(1, byteLimit / Self.unit))
  }

  private static func units(_ line: [UInt8]) -> Int {
    1 + (line.count + overhead) / unit
  }

  /// Adds a line, once there is room for it; only one thread puts.
  func put(_ line: [UInt8]) {
    for _ in 0..<Self.units(line) { room.wait() }
    state.withLock { $0.lines.append(line) }
    ready.signal()
  }

  /// No more lines: the workers take what is left, then get `nil`.
  func close() {
    state.withLock { $0.closed = true }
    // More than enough wake-ups: every worker that waits gets one.
    for _ in 0..<64 { ready.signal() }
  }

  /// The next lines, waiting for the first: at most `limit`, those at hand; `nil` once
  /// the queue is closed and empty.
  func take(upTo limit: Int) -> [[UInt8]]? {
    while true {
      ready.wait()
      let taken: [[UInt8]]? = state.withLock { state in
        let available = state.lines.count - state.head
        guard available > 0 else { return state.closed ? nil : [] }
        let count = min(limit, available)
        let lines = Array(state.lines[state.head..<(state.head + count)])
        state.head += count
        if state.head == state.lines.count {
          state.lines.removeAll(keepingCapacity: true)
          state.head = 0
        } else if state.head > 4_096 {
          state.lines.removeFirst(state.head)
          state.head = 0
        }
        return lines
      }
      guard let taken else {
        ready.signal()
        return nil
      }
      // The signals of the other lines taken are used up without waiting.
      for _ in 1..<max(1, taken.count) { _ = ready.wait(timeout: .now()) }
      if !taken.isEmpty { return taken }
    }
  }

  /// Gives back the room of lines answered.
  func release(_ lines: [[UInt8]]) {
    for line in lines {
      for _ in 0..<Self.units(line) { room.signal() }
    }
  }
}
