import Routing
import RoutingJSON

/// JSON-RPC 2.0 (jsonrpc.org/specification): the envelope of requests and responses
/// around the tool's request objects and answers (Docs/Service.md, "Errors").
enum RPC {
  /// An error response's code, message and data.
  struct Failure: Error {
    var code: Int
    var message: String
    var data: JSONObject

    init(code: Int, message: String, data: JSONObject) {
      self.code = code
      self.message = message
      self.data = data
    }

    /// `-32700`: a line that is not JSON; `data` is the error object a `--batch` line
    /// gets (without its line number).
    static func parseError(_ error: JSONParseError) -> Failure {
      let failure = RequestFailure(
        RequestProblem(at: error.path, "column \(error.column): \(error.message)"))
      return Failure(
        code: -32700, message: "Parse error: \(failure.message)", data: errorObject(failure))
    }

    /// `-32600`: a value that is not a request, or a line over the length limit.
    static func invalidRequest(_ reason: String, at path: JSONPath = .root) -> Failure {
      let failure = RequestFailure.invalidRequest(at: path, reason)
      return Failure(
        code: -32600, message: "Invalid Request: \(failure.message)", data: errorObject(failure))
    }

    /// `-32601`: an unknown method, with the nearest one.
    static func unknownMethod(_ name: String, among names: [String]) -> Failure {
      var data: JSONObject = ["kind": "unknownMethod", "method": .string(name)]
      let message = "unknown method '\(excerpt(name))'" + didYouMean(name, among: names)
      if let near = suggestion(for: name, among: names) { data.append("suggestion", .string(near)) }
      data.append("message", .string(message))
      return Failure(code: -32601, message: "Method not found: \(message)", data: data)
    }

    /// `-32602` for bad params, code `1` for a routing failure (`unreachable`,
    /// `unknownScreen`): `data` is the tool's error object.
    init(_ failure: RequestFailure) {
      let routing = failure.exitCode == .failure
      self.init(
        code: routing ? 1 : -32602,
        message: routing ? failure.message : "Invalid params: \(failure.message)",
        data: Self.errorObject(failure))
    }

    /// Code `2`: a reloaded table that does not load.
    init(_ failure: ServeLoadFailure) {
      self.init(
        code: 2, message: "the table does not load: \(failure.text)", data: failure.json)
    }

    /// Whether an MCP tool reports this failure as its result (`isError`) rather than as
    /// a protocol error.
    var isToolError: Bool {
      code == 1 || code == 2 || code == -32602
    }

    /// The object inside the tool's `{"error": {…}}`.
    static func errorObject(_ failure: RequestFailure) -> JSONObject {
      failure.json().objectValue?["error"]?.objectValue ?? [:]
    }
  }

  /// What a method answers.
  enum Outcome {
    /// A result.
    case value(JSONValue)
    /// A route, written straight as bytes (most answers are).
    case route(Route)
    /// A route with layers, written straight as bytes too.
    case layeredRoute(LayeredRoute)
    /// An error response.
    case failure(Failure)
  }

  /// The members a request object may hold.
  static let keys = ["jsonrpc", "id", "method", "params"]

  /// Handles one request object (alone or in a batch) and writes its response; `false`
  /// for a notification, which has none.
  static func handle(
    _ message: inout RPCMessage, _ table: RouteTable, _ session: ServeSession,
    into json: inout JSONBytes
  ) -> Bool {
    let request: (id: JSONValue?, method: String)
    do {
      request = try envelope(message)
    } catch {
      // The id when it can be read, so that the client can match the error.
      let id = message.id.flatMap { isID($0) ? $0 : nil } ?? .null
      write(.failure(error), id: id, into: &json)
      return true
    }
    // The params are taken out of the message, not copied: a request is large.
    let outcome = call(request.method, message.params.take(), table, session)
    guard let id = request.id else { return false }
    write(outcome, id: id, into: &json)
    return true
  }

  /// Runs a method of the service or of the Model Context Protocol.
  static func call(
    _ name: String, _ params: RPCMessage.Params?, _ table: RouteTable, _ session: ServeSession
  ) -> Outcome {
    // A method is called where it is in the list, not copied out of it: a copy retains
    // its schema and closures, for every line.
    if let index = ServeMethods.names.firstIndex(of: name) {
      switch params {
      case nil: return ServeMethods.all[index].run([:], table, session)
      case .request(let request)?:
        // Params are read as a request only for a method that reads one.
        guard let answer = ServeMethods.all[index].request else {
          preconditionFailure("\(name) reads no request")
        }
        return answer(request, table)
      case .tree(let value)?:
        return ServeMethods.answer(ServeMethods.all[index], tree: value, table, session)
      }
    }
    if let method = MCP.named(name) {
      switch params {
      case nil: return method(nil, table, session)
      case .tree(let value)?: return method(value, table, session)
      case .request?: preconditionFailure("\(name) reads no request")
      }
    }
    return .failure(.unknownMethod(name, among: ServeMethods.names + MCP.names))
  }

  /// The id (`nil` for a notification), method and params of a request object.
  private static func envelope(_ message: borrowing RPCMessage) throws(Failure) -> (
    id: JSONValue?, method: String
  ) {
    if let kind = message.notObject {
      throw .invalidRequest("expected a request object, found \(kind.description)")
    }
    if let key = message.unknownKey {
      throw .invalidRequest(unknownKeyMessage(key, known: keys), at: JSONPath.root.appending(key))
    }
    let id = message.id
    if let id, !isID(id) {
      throw .invalidRequest(
        "expected a string, a number or null, found \(id.typeDescription)",
        at: JSONPath.root.appending("id"))
    }
    guard message.version == .two else {
      throw .invalidRequest(
        message.version == nil
          ? "the required key 'jsonrpc' is missing" : "expected \"2.0\"",
        at: JSONPath.root.appending("jsonrpc"))
    }
    guard let method = message.method else {
      throw .invalidRequest(
        "the required key 'method' is missing", at: JSONPath.root.appending("method"))
    }
    guard case .string(let name) = method else {
      throw .invalidRequest(
        "expected a string, found \(method.typeDescription)",
        at: JSONPath.root.appending("method"))
    }
    // The service's methods take their params as their command takes a request file or
    // options: a value that is not an object is bad params, in the file's words.
    if case .tree(let value)? = message.params, !ServeMethods.names.contains(name) {
      switch value {
      case .object, .array: break
      default:
        throw .invalidRequest(
          "expected an object or an array, found \(value.typeDescription)",
          at: JSONPath.root.appending("params"))
      }
    }
    return (id, name)
  }

  private static func isID(_ value: JSONValue) -> Bool {
    switch value {
    case .string, .number, .null: true
    default: false
    }
  }

  /// `{"jsonrpc":"2.0","id":…,"result":…}` or `{"jsonrpc":"2.0","id":…,"error":{…}}`.
  static func write(_ outcome: Outcome, id: JSONValue, into json: inout JSONBytes) {
    json.raw(#"{"jsonrpc":"2.0","id":"#)
    json.value(id)
    writeRest(outcome, into: &json)
  }

  /// The response after its id: `,"result":…}` or `,"error":{…}}`.
  static func writeRest(_ outcome: Outcome, into json: inout JSONBytes) {
    switch outcome {
    case .value(let value):
      json.raw(#","result":"#)
      json.value(value)
    case .route(let route):
      json.raw(#","result":"#)
      json.route(route)
    case .layeredRoute(let route):
      json.raw(#","result":"#)
      json.layeredRoute(route)
    case .failure(let failure):
      json.raw(#","error":{"code":"#)
      json.number(failure.code)
      json.raw(#","message":"#)
      json.string(failure.message)
      json.raw(#","data":"#)
      json.value(.object(failure.data))
      json.byte(UInt8(ascii: "}"))
    }
    json.byte(UInt8(ascii: "}"))
  }

  static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }
}
