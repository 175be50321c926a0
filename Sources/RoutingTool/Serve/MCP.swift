import Routing
import RoutingJSON

/// The Model Context Protocol's methods (modelcontextprotocol.io/specification): the
/// handshake, `ping`, and the service's methods as tools (Docs/Service.md, "Model
/// Context Protocol").
enum MCP {
  /// The protocol versions the server speaks, oldest first; `initialize` answers with the
  /// client's when it is one of them, with the latest otherwise.
  static let versions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]

  typealias Method =
    @Sendable (
      _ params: JSONValue?, _ table: RouteTable, _ session: ServeSession
    ) -> RPC.Outcome

  static let methods: [(name: String, run: Method)] = [
    ("initialize", initialize),
    ("notifications/initialized", { _, _, _ in .value([:]) }),
    ("notifications/cancelled", { _, _, _ in .value([:]) }),
    ("ping", { _, _, _ in .value([:]) }),
    ("tools/list", { _, _, _ in .value(["tools": .array(ServeMethods.all.map(tool))]) }),
    ("tools/call", call),
  ]

  static let names = methods.map(\.name)

  static func named(_ name: String) -> Method? {
    methods.first { $0.name == name }?.run
  }

  /// The version, the server's name and version, and its one capability.
  static let initialize: Method = { params, _, _ in
    let asked = params?["protocolVersion"]?.stringValue
    let version = asked.flatMap { versions.contains($0) ? $0 : nil } ?? versions.last!
    return .value([
      "protocolVersion": .string(version),
      "capabilities": ["tools": ["listChanged": false]],
      "serverInfo": ["name": "routing", "version": .string(RoutingTool.version)],
      "instructions":
        "Plans navigation in an app: the shortest chain of navigation commands between screens of its route table. Call 'route' with the current stack and the destination screen.",
    ])
  }

  /// A method as a tool: its name, description and input schema.
  static func tool(_ method: ServeMethod) -> JSONValue {
    [
      "name": .string(method.name), "description": .string(method.description),
      "inputSchema": method.schema,
    ]
  }

  /// Calls a tool: its answer as text and structured content; a routing failure or bad
  /// arguments as a result with `isError`, the tool's error object as the content.
  static let call: Method = { params, table, session in
    let name: String
    // Arguments that are not an object are bad arguments of the tool: its result says so,
    // in the words a call's params get.
    var arguments: JSONValue = .object([:])
    switch (params?["name"], params?["arguments"]) {
    case (.string(let text)?, nil), (.string(let text)?, .null?):
      name = text
    case (.string(let text)?, let value?):
      name = text
      arguments = value
    case (nil, _):
      return .failure(
        RPC.Failure(
          .invalidRequest(
            at: JSONPath.root.appending("name"), "the required key 'name' is missing")))
    case (let value?, _):
      return .failure(
        RPC.Failure(
          .invalidRequest(
            at: JSONPath.root.appending("name"),
            "expected a string, found \(value.typeDescription)")))
    }
    guard let method = ServeMethods.named(name) else {
      var failure = RequestFailure.invalidRequest(
        at: JSONPath.root.appending("name"),
        "unknown tool '\(excerpt(name))'" + didYouMean(name, among: ServeMethods.names))
      if let near = suggestion(for: name, among: ServeMethods.names) {
        failure.details.append("suggestion", .string(near))
      }
      return .failure(RPC.Failure(failure))
    }
    let answer: JSONValue
    var isError = false
    let outcome = ServeMethods.answer(method, tree: arguments, table, session)
    switch outcome {
    case .value(let value): answer = value
    case .route(let route): answer = route.json
    case .layeredRoute(let route): answer = route.json
    case .failure(let failure) where failure.isToolError:
      answer = ["error": .object(failure.data)]
      isError = true
    case .failure(let failure): return .failure(failure)
    }
    return .value([
      "content": [["type": "text", "text": .string(answer.serialized())]],
      "structuredContent": answer,
      "isError": .bool(isError),
    ])
  }
}
