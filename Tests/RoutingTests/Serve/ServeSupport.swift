import Foundation
import Routing
import RoutingJSON
import RoutingStorage
import RoutingTool

/// A service session on tables held in memory, and what it logged.
final class ServeHarness: Sendable {
  /// The files the session reads, and the lines it logs.
  final class Store: Sendable {
    let files = Locked<[String: [UInt8]]>([:])
    let logged = Locked<[String]>([])
  }

  let store: Store
  let session: ServeSession

  /// A session on `path`, whose file holds `table` (the sample app's by default).
  init(path: String = "t.json", table: String = Tool.sampleTable) throws {
    let store = Store()
    self.store = store
    store.files.withLock { $0[path] = Array(table.utf8) }
    session = try ServeSession(
      path: path,
      readFile: { (name: String) throws(FileReadError) -> [UInt8] in
        guard let bytes = store.files.withLock({ $0[name] }) else {
          throw FileReadError(path: name, reason: "No such file or directory")
        }
        return bytes
      },
      log: { line in store.logged.withLock { $0.append(line) } })
  }

  /// Replaces the table's file.
  func write(_ table: String, to path: String = "t.json") {
    store.files.withLock { $0[path] = Array(table.utf8) }
  }

  /// What the session logged.
  var logged: [String] {
    store.logged.withLock { $0 }
  }

  /// The answer to one line, as text; `nil` when there is none.
  func answer(_ line: String) -> String? {
    session.answer(Array(line.utf8)[...]).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The answer to one line, parsed by Foundation.
  func object(_ line: String) -> [String: Any]? {
    answer(line).flatMap(Tool.object)
  }

  /// The answer to a request of `method` with `params` (a JSON text) and id 1.
  func call(_ method: String, _ params: String? = nil) -> [String: Any]? {
    let members = params.map { #","params":\#($0)"# } ?? ""
    return object(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)"\#(members)}"#)
  }
}

/// Parts of JSON-RPC responses parsed by Foundation.
enum Response {
  static func result(_ response: [String: Any]?) -> [String: Any]? {
    response?["result"] as? [String: Any]
  }

  static func error(_ response: [String: Any]?) -> [String: Any]? {
    response?["error"] as? [String: Any]
  }

  static func code(_ response: [String: Any]?) -> Int? {
    error(response)?["code"] as? Int
  }

  static func data(_ response: [String: Any]?) -> [String: Any]? {
    error(response)?["data"] as? [String: Any]
  }

  /// Whether two parsed JSON values are equal.
  static func same(_ a: Any?, _ b: Any?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a as NSObject, let b as NSObject): a.isEqual(b)
    default: false
    }
  }
}
