import Routing
import RoutingJSON
import RoutingStorage

/// The planner as a service: answers JSON-RPC 2.0 messages, one JSON value a line, on a
/// route table it can re-read (Docs/Service.md).
///
/// A session is shared by the threads that serve: ``answer(_:)`` may run on several at
/// once. Each request takes the table as it is when the request starts, so a reload
/// never changes the table under a request in flight.
package final class ServeSession: Sendable {
  /// The table served, and the bytes it was read from (to place `check`'s messages).
  ///
  /// A class: each request takes it out of the lock, and copying a table's value took a
  /// retain of each of its many buffers.
  final class Snapshot: Sendable {
    let table: RouteTable
    let bytes: [UInt8]

    init(table: RouteTable, bytes: [UInt8]) {
      self.table = table
      self.bytes = bytes
    }
  }

  /// The table's path as the command line gives it.
  package let path: String
  private let reader: FileReader
  private let logger: Logger
  private let current: Locked<Snapshot>
  /// The modification time of the file last read, for `--watch`.
  private let readTime: Locked<Int64?>

  /// Reads the file once to start serving.
  ///
  /// - Parameters:
  ///   - path: The table's file.
  ///   - readFile: Reads a file; called again for every reload.
  ///   - log: Writes one line to standard error; it may be called from any thread,
  ///     one call at a time.
  ///   - table: The table already compiled from the file, when there is one.
  /// - Throws: ``ServeLoadFailure`` when the table does not load.
  /// - Complexity: That of loading the table.
  package init(
    path: String, readFile: @escaping (String) throws(FileReadError) -> [UInt8],
    log: @escaping (String) -> Void, table: RouteTable? = nil
  ) throws(ServeLoadFailure) {
    self.path = path
    reader = FileReader(read: readFile)
    logger = Logger(write: log)
    let time = modificationTime(atPath: path)
    current = Locked(try Self.load(path, reader, compiled: table))
    readTime = Locked(time)
  }

  /// The table a request starts on.
  var snapshot: Snapshot {
    current.withLock { $0 }
  }

  /// Writes a line to standard error.
  func log(_ line: String) {
    logger.write(line)
  }

  /// The answer to one line: a response object, an array of them for a batch, or
  /// nothing for a notification, a batch of notifications or a blank line.
  ///
  /// - Complexity: That of the methods called, plus O(*n*) for a line of *n* bytes.
  package func answer(_ line: ArraySlice<UInt8>) -> [UInt8]? {
    var json = JSONBytes(capacity: 512)
    var table = ServeTable(self)
    guard answer(line, into: &json, table: &table) else { return nil }
    return json.bytes
  }

  /// Writes the answer to one line, without a line break; `false` when there is none.
  /// `table` is the table a thread last answered on, brought up to date first.
  func answer(_ line: ArraySlice<UInt8>, into json: inout JSONBytes, table: inout ServeTable)
    -> Bool
  {
    guard line.contains(where: { !RPC.isBlank($0) }) else { return false }
    table.refresh(self)
    var read = RPCLine()
    do {
      if line.count <= Self.keptLineStorage {
        try read.read(line, reusing: &table.readerBuffers)
      } else {
        // A long line is read with storage of its own, so that a thread does not keep
        // the size of the longest line it ever read.
        var buffers = JSONReader.Buffers()
        try read.read(line, reusing: &buffers)
      }
    } catch {
      RPC.write(.failure(.parseError(error)), id: .null, into: &json)
      return true
    }
    guard read.isBatch else { return RPC.handle(&read.single, table.table, self, into: &json) }
    let count = read.batch.count
    guard count > 0 else {
      RPC.write(
        .failure(.invalidRequest("a batch holds at least one request")), id: .null, into: &json)
      return true
    }
    let start = json.count
    json.byte(UInt8(ascii: "["))
    var answered = 0
    for index in 0..<count {
      // A notification writes nothing: its comma is taken back.
      let mark = json.count
      if answered > 0 { json.byte(UInt8(ascii: ",")) }
      if RPC.handle(&read.batch[index], table.table, self, into: &json) {
        answered += 1
      } else {
        json.truncate(to: mark)
      }
    }
    guard answered > 0 else {
      json.truncate(to: start)
      return false
    }
    json.byte(UInt8(ascii: "]"))
    return true
  }

  /// The longest line, in bytes, read with the storage a thread keeps between lines.
  static let keptLineStorage = 65_536

  /// The answer to a line over the length limit.
  func tooLong(_ length: Int, limit: Int) -> [UInt8] {
    var json = JSONBytes()
    RPC.write(
      .failure(
        .invalidRequest("the line holds \(length) bytes, more than the limit of \(limit)")),
      id: .null, into: &json)
    return json.bytes
  }

  // MARK: Reloading

  /// Reads the table's file again; when the new table loads it serves from now on,
  /// otherwise the old one goes on serving.
  ///
  /// - Returns: The new table.
  /// - Throws: ``ServeLoadFailure`` naming where the new table failed.
  /// - Complexity: That of loading the table.
  @discardableResult
  package func reload() throws(ServeLoadFailure) -> RouteTable {
    let time = modificationTime(atPath: path)
    readTime.withLock { $0 = time }
    let snapshot = try Self.load(path, reader, compiled: nil)
    current.withLock { $0 = snapshot }
    return snapshot.table
  }

  /// Reloads the table when its file's modification time is not the one last read, and
  /// logs what happened (`--watch`).
  ///
  /// - Returns: Whether the file had changed.
  @discardableResult
  package func reloadIfChanged() -> Bool {
    let time = modificationTime(atPath: path)
    let changed = readTime.withLock { known in
      guard time != known else { return false }
      known = time
      return true
    }
    guard changed else { return false }
    do {
      let snapshot = try Self.load(path, reader, compiled: nil)
      current.withLock { $0 = snapshot }
      log("serve: reloaded \(Console.displayName(path)): \(Self.summary(snapshot.table))")
    } catch {
      log("\(error.message.text) (still serving the previous table)")
    }
    return true
  }

  /// `12 screens, 30 commands`.
  static func summary(_ table: RouteTable) -> String {
    "\(table.screens.count) screen\(table.screens.count == 1 ? "" : "s"), "
      + "\(table.commands.count) command\(table.commands.count == 1 ? "" : "s")"
  }

  private static func load(_ path: String, _ reader: FileReader, compiled: RouteTable?)
    throws(ServeLoadFailure) -> Snapshot
  {
    let bytes: [UInt8]
    do {
      bytes = try reader.read(path)
    } catch {
      throw ServeLoadFailure(
        message: FileMessage(
          file: Console.displayName(path), position: nil, severity: .error,
          message: error.reason),
        kind: "unreadable")
    }
    if let compiled { return Snapshot(table: compiled, bytes: bytes) }
    do {
      return Snapshot(table: try RouteTable(json: bytes), bytes: bytes)
    } catch {
      throw ServeLoadFailure(
        message: Console.message(for: error, file: path, bytes: bytes), kind: error.kind.rawValue)
    }
  }
}

/// The table a serving thread answers on: copied out of the session only when a reload
/// has replaced it, since copying a table's value retains each of its many buffers; and
/// the storage of the thread's line reader, kept from one line to the next.
struct ServeTable {
  private var snapshot: ServeSession.Snapshot
  private(set) var table: RouteTable
  /// The line reader's storage, allocated by the first line.
  var readerBuffers = JSONReader.Buffers()

  init(_ session: ServeSession) {
    snapshot = session.snapshot
    table = snapshot.table
  }

  /// Takes the table the session serves now, when it is another one.
  mutating func refresh(_ session: ServeSession) {
    let latest = session.snapshot
    guard latest !== snapshot else { return }
    snapshot = latest
    table = latest.table
  }
}

/// A table that does not load, as `reload` and `--watch` report it.
package struct ServeLoadFailure: Error {
  /// The message, at the file, line and column.
  var message: FileMessage
  /// The table error's kind, or `unreadable` for a file that cannot be read.
  var kind: String

  /// `{"kind": …, "file": …, "line": …, "column": …, "message": …}`.
  var json: JSONObject {
    var object: JSONObject = ["kind": .string(kind)]
    object.members += message.placeJSON.members
    object.append("message", .string(message.message))
    return object
  }

  /// `t.json:3:7: error: …`.
  package var text: String { message.text }
}

/// The environment's file reader, shared by the threads that serve.
///
/// The tool's readers read the file system (thread-safe) or memory a test set up
/// before the run, so calls from any thread are safe although closures are not marked
/// `Sendable`.
private struct FileReader: @unchecked Sendable {
  let read: (String) throws(FileReadError) -> [UInt8]
}

/// Standard error, shared by the threads that serve; one line at a time.
private final class Logger: @unchecked Sendable {
  // Every call goes through the lock: the closure is called by one thread at a time.
  private let write: (String) -> Void
  private let lock = Locked(())

  init(write: @escaping (String) -> Void) {
    self.write = write
  }

  func write(_ line: String) {
    lock.withLock { _ in write(line) }
  }
}
