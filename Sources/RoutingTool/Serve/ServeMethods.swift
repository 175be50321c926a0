import Routing
import RoutingJSON

/// A method of the service, and the MCP tool of the same name.
struct ServeMethod: Sendable {
  /// The method's and the tool's name.
  var name: String
  /// One line a model can act on (`tools/list`).
  var description: String
  /// The JSON Schema of its params (`tools/list`).
  var schema: JSONValue
  /// Answers its params on `table`, the one the session served when the request
  /// started.
  var run:
    @Sendable (_ params: JSONObject, _ table: RouteTable, _ session: ServeSession) -> RPC.Outcome
  /// For a method whose params are a request (`route`, `explain`, `link`): answers the
  /// request as the line's reader read it in place, as ``run`` answers it from a tree.
  var request:
    (@Sendable (_ request: RawRequest.ParamsRequest, _ table: RouteTable) -> RPC.Outcome)? = nil
  /// Whether the request has `link` in place of `to`, and `strictLinks`.
  var readsLink = false
}

/// The methods of `routing serve` (Docs/Service.md, "Methods"): each calls the code the
/// tool's command of the same name runs, on a request object or options as params, and
/// answers the JSON that command prints. A new method is one entry of ``all``.
enum ServeMethods {
  static let all: [ServeMethod] = [route, link, explain, check, stats, cover, graph, reload]

  static let names = all.map(\.name)

  /// The names of the methods whose params are a request (``ServeMethod/request``),
  /// which a line's reader reads in place, and whether each reads a link.
  static let requestReadings = all.filter { $0.request != nil }.map {
    (name: $0.name, withLink: $0.readsLink)
  }

  /// The method called `name`.
  static func named(_ name: String) -> ServeMethod? {
    all.first { $0.name == name }
  }

  /// The answer of `method` to params read as a tree, a JSON-RPC call's or an MCP tool's
  /// arguments: a method that reads a request reads any value as `--request` reads its
  /// file, so that params that are not an object get the file's words and path.
  static func answer(
    _ method: ServeMethod, tree params: JSONValue, _ table: RouteTable, _ session: ServeSession
  ) -> RPC.Outcome {
    if let request = method.request {
      return request(RawRequest.params(tree: params, withLink: method.readsLink), table)
    }
    guard case .object(let object) = params else {
      return .failure(
        RPC.Failure(
          .invalidRequest(at: .root, "expected an object, found \(params.typeDescription)")))
    }
    return method.run(object, table, session)
  }

  // MARK: Methods

  /// `routing route --request`: a request object, answered with its route.
  static let route = ServeMethod(
    name: "route",
    description:
      "Plans the shortest chain of navigation commands from a stack of screens (bottom first) "
      + "to a screen, through optional breadcrumbs 'via'; answers each step and the final stack.",
    schema: Schema.request(target: "to"),
    run: { params, table, _ in route(request(params), in: table) },
    request: { read, table in route(read.request, in: table) })

  /// The request in a method's params read as a tree, as the line's reader reads it in
  /// place.
  private static func request(_ params: JSONObject) -> Result<RawRequest, RequestProblem> {
    Result { () throws(RequestProblem) in try RawRequest(tree: .object(params)) }
  }

  /// The answer to a route request read from params, or to the problem in them.
  static func route(_ request: Result<RawRequest, RequestProblem>, in table: RouteTable)
    -> RPC.Outcome
  {
    switch request {
    case .success(let raw): return route(raw, in: table)
    case .failure(let problem): return .failure(RPC.Failure(RequestFailure(problem)))
    }
  }

  /// The answer to a route request, as `routing route --request` prints it.
  static func route(_ raw: RawRequest, in table: RouteTable) -> RPC.Outcome {
    // A request with layers, and one across tabs, answers with its own shape
    // (Docs/RouteTables.md, "Layers"; Docs/Tabs.md).
    if raw.plansWithLayers(on: table) {
      switch RouteRunner.routeLayered(raw, in: table) {
      case .success(let route): return .layeredRoute(route)
      case .failure(let failure): return .failure(RPC.Failure(failure))
      }
    }
    if raw.tabs != nil {
      return outcome(RouteRunner.routeTabs(raw, in: table).map(\.json))
    }
    switch RouteRunner.route(raw, in: table) {
    case .success(let route): return .route(route)
    case .failure(let failure): return .failure(RPC.Failure(failure))
    }
  }

  /// `routing link --request`: a request object with `link` in place of `to`.
  static let link = ServeMethod(
    name: "link",
    description:
      "Reads a deep link (scheme://path?query) with the table's path patterns and plans its "
      + "route from a stack; answers the route and what the link read as.",
    schema: Schema.request(target: "link"),
    run: { params, table, _ in
      link(RawRequest.params(tree: .object(params), withLink: true), in: table)
    },
    request: { read, table in link(read, in: table) },
    readsLink: true)

  /// The answer to a link call's params, read in place or from their tree.
  private static func link(_ read: RawRequest.ParamsRequest, in table: RouteTable)
    -> RPC.Outcome
  {
    switch read.request {
    case .success(let raw):
      return outcome(LinkCommand.answer(raw, in: table, strict: read.strictLinks))
    case .failure(let problem): return .failure(RPC.Failure(RequestFailure(problem)))
    }
  }

  /// `routing route --explain --json`: the route, or why there is none; with layers,
  /// also why the route closes layers or detours.
  static let explain = ServeMethod(
    name: "explain",
    description:
      "Like route, but when there is no route, says why: the screens the failing leg reaches, "
      + "each command into its milestone and why it cannot apply, and the nearest screen. "
      + "With layers, the route also says why its legs close layers and why it detours.",
    schema: Schema.request(target: "to", tabs: false),
    run: { params, table, _ in explain(request(params), in: table) },
    request: { read, table in explain(read.request, in: table) })

  /// The answer to an explain request read from params: the route, or why there is none;
  /// with layers, also why the route closes layers or detours.
  static func explain(_ read: Result<RawRequest, RequestProblem>, in table: RouteTable)
    -> RPC.Outcome
  {
    do throws(RequestFailure) {
      let raw = try read.mapError { RequestFailure($0) }.get()
      guard raw.tabs == nil else {
        throw .invalidRequest(
          at: JSONPath.root.appending("tab"),
          "explain takes a request on one stack, not across tabs")
      }
      if raw.plansWithLayers(on: table) {
        return explainLayered(raw, in: table)
      }
      let (stack, request) = try raw.resolve(in: table)
      switch RouteRunner.route(request, from: stack, in: table) {
      case .success(let route): return .route(route)
      case .failure(let failure):
        // The explanation plans the legs as the route did, as `routing route --explain`.
        guard failure.kind == .unreachable,
          let explanation = try? table.explanation(
            from: stack, to: request.destination, via: request.breadcrumbs,
            parameters: request.parameters)
        else { throw failure }
        var error = RPC.Failure(failure)
        error.data.append("explanation", ExplainReport.json(explanation))
        return .failure(error)
      }
    } catch {
      return .failure(RPC.Failure(error))
    }
  }

  /// The answer to an explain request planned with layers: the route with an
  /// `"explanation"` member (why its legs close layers, why it detours), or the failure
  /// with the failing leg's explanation, as `routing route --explain --json` prints them.
  private static func explainLayered(_ raw: RawRequest, in table: RouteTable) -> RPC.Outcome {
    let (outcome, explanation) = RouteRunner.explainLayered(raw, in: table)
    switch outcome {
    case .success(let route):
      guard let explanation, case .object(var object) = route.json else {
        return .layeredRoute(route)
      }
      object.append("explanation", ExplainReport.json(explanation))
      return .value(.object(object))
    case .failure(let failure):
      var error = RPC.Failure(failure)
      if failure.kind == .unreachable, let leg = explanation?.failure {
        error.data.append("explanation", ExplainReport.json(leg))
      }
      return .failure(error)
    }
  }

  /// `routing check --format json`: the table's problems.
  static let check = ServeMethod(
    name: "check",
    description:
      "Reports problems in the route table: unreachable screens, commands that can never "
      + "apply, repeated or covered commands; each with its line and column in the file.",
    schema: [
      "type": "object",
      "properties": [
        "roots": [
          "type": "array", "items": ["type": "string"],
          "description":
            "The screens the app starts on; by default the table's first screen, or every tab's root.",
        ]
      ],
      "additionalProperties": false,
    ]
  ) { params, _, session in
    // The bytes the table was read from, with the table: the two go together.
    let snapshot = session.snapshot
    let table = snapshot.table
    let roots: [ScreenName]
    do throws(RequestFailure) {
      let fields: JSONFields
      let given: [String]?
      do throws(JSONShapeError) {
        fields = try JSONFields(.object(params), at: .root, keys: ["roots"])
        given = try fields.stringArray("roots")
      } catch {
        throw RequestFailure(RequestProblem(at: error.path, error.message))
      }
      let names = table.screens.map(\.name.rawValue)
      for (index, root) in (given ?? []).enumerated()
      where table.screen(named: ScreenName(root)) == nil {
        var failure = RequestFailure.invalidRequest(
          at: JSONPath.root.appending("roots").appending(index),
          "the root '\(excerpt(root))' is not a screen of the table"
            + didYouMean(root, among: names))
        if let near = suggestion(for: root, among: names) {
          failure.details.append("suggestion", .string(near))
        }
        throw failure
      }
      roots = given.map { $0.map { ScreenName($0) } } ?? CheckCommand.defaultRoots(of: table)
    } catch {
      return .failure(RPC.Failure(error))
    }
    let report = CheckCommand.Report(
      file: Console.displayName(session.path), roots: roots, format: .json)
    // The bytes the table was read from: never a failure.
    let messages =
      (try? CheckCommand.messages(
        table.diagnostics(roots: roots), in: table, file: report.file
      ) { () throws(ToolFailure) in snapshot.bytes }) ?? []
    return .value(report.document(messages))
  }

  /// `routing stats --format json`: every screen's depth from the root.
  static let stats = ServeMethod(
    name: "stats",
    description:
      "Says how deep each screen lies from the root (the steps of the route from it), the "
      + "screens no route reaches, the deepest and the gated ones; with maxDepth, the deeper ones.",
    schema: [
      "type": "object",
      "properties": [
        "root": [
          "type": "string",
          "description":
            "The screen to start from; by default the table's first screen, or every tab's root.",
        ],
        "maxDepth": [
          "type": "integer", "minimum": 0,
          "description": "Lists the screens deeper than this many steps under tooDeep.",
        ],
      ],
      "additionalProperties": false,
    ]
  ) { params, table, _ in
    let root: ScreenName?
    let limit: Int?
    do throws(RequestFailure) {
      let fields = try fields(params, keys: ["root", "maxDepth"])
      root = try optionalRoot(fields, in: table)
      switch fields["maxDepth"] {
      case nil: limit = nil
      case .number(let number)? where (number.integer ?? -1) >= 0: limit = number.integer
      default:
        throw RequestFailure.invalidRequest(
          at: fields.path("maxDepth"), "expected a number of steps, 0 or more")
      }
    } catch {
      return .failure(RPC.Failure(error))
    }
    do throws(RoutingError) {
      let reaches: [Reach]
      if let root {
        reaches = [try table.reach(from: root)]
      } else {
        reaches = try table.reachFromRoots()
      }
      let tooDeep = limit.map { limit in reaches.map { $0.deeper(than: limit) } }
      return .value(StatsCommand.json(reaches, limit: limit, tooDeep: tooDeep))
    } catch {
      return .failure(RPC.Failure(RequestFailure(error)))
    }
  }

  /// `routing cover`: the expectation file, as one value.
  static let cover = ServeMethod(
    name: "cover",
    description:
      "Generates test cases from the root whose routes together take every command a route "
      + "from the root takes, and lists the commands none can take with the reason.",
    schema: [
      "type": "object",
      "properties": [
        "root": [
          "type": "string",
          "description":
            "The screen to start from; by default the table's first screen, or every tab's root.",
        ]
      ],
      "additionalProperties": false,
    ]
  ) { params, table, _ in
    let root: ScreenName?
    do throws(RequestFailure) {
      root = try optionalRoot(try fields(params, keys: ["root"]), in: table)
    } catch {
      return .failure(RPC.Failure(error))
    }
    do throws(RoutingError) {
      return .value(CoverCommand.document(try table.cover(from: root)))
    } catch {
      return .failure(RPC.Failure(RequestFailure(error)))
    }
  }

  /// `routing graph`: the table as a graph, with a route highlighted.
  static let graph = ServeMethod(
    name: "graph",
    description:
      "Draws the route table as a Graphviz (dot) or Mermaid graph, optionally highlighting "
      + "the route from a stack to a screen; answers the format and the text.",
    schema: [
      "type": "object",
      "properties": [
        "format": [
          "type": "string", "enum": ["dot", "mermaid"], "description": "dot by default.",
        ],
        "route": [
          "type": "object",
          "properties": [
            "from": [
              "type": "array", "items": ["type": "string"], "minItems": 1,
              "description": "The stack to start from, bottom first.",
            ],
            "to": ["type": "string", "description": "The destination."],
          ],
          "required": ["from", "to"], "additionalProperties": false,
        ],
      ],
      "additionalProperties": false,
    ]
  ) { params, table, _ in
    let format: String
    let ends: (from: [ScreenName], to: ScreenName)?
    do throws(RequestFailure) {
      do {
        let fields = try JSONFields(.object(params), at: .root, keys: ["format", "route"])
        format = try fields.string("format") ?? "dot"
        if let route = fields["route"] {
          let members = try JSONFields(route, at: fields.path("route"), keys: ["from", "to"])
          let from = try JSONFields.array(try members.required("from"), at: members.path("from"))
          var stack: [ScreenName] = []
          for (index, entry) in from.enumerated() {
            let place = members.path("from").appending(index)
            stack.append(try screenName(try JSONFields.string(entry, at: place), at: place))
          }
          guard !stack.isEmpty else {
            throw RequestFailure.invalidRequest(
              at: members.path("from"), "the stack is empty: it needs at least one entry")
          }
          let to = try screenName(try members.requiredString("to"), at: members.path("to"))
          ends = (stack, to)
        } else {
          ends = nil
        }
      } catch let error as JSONShapeError {
        throw RequestFailure(RequestProblem(at: error.path, error.message))
      } catch let error as RequestFailure {
        throw error
      } catch {
        throw RequestFailure.invalidRequest(at: .root, "\(error)")
      }
      guard format == "dot" || format == "mermaid" else {
        throw RequestFailure.invalidRequest(
          at: JSONPath.root.appending("format"),
          "unknown format '\(excerpt(format))': use 'dot' or 'mermaid'")
      }
    } catch {
      return .failure(RPC.Failure(error))
    }
    var drawing = TableGraph(table)
    if let ends {
      switch GraphRoute.route(ends, in: table) {
      case .success(let route): drawing.highlight(route, from: ends.from)
      case .failure(let failure): return .failure(RPC.Failure(failure))
      }
    }
    let text = format == "dot" ? drawing.dot() : drawing.mermaid()
    return .value(["format": .string(format), "text": .string(text)])
  }

  /// Re-reads the table's file.
  static let reload = ServeMethod(
    name: "reload",
    description:
      "Re-reads the route table's file; when the new table does not load, the old one goes "
      + "on serving and the error says where the file is wrong.",
    schema: ["type": "object", "properties": [:], "additionalProperties": false]
  ) { params, _, session in
    if let member = params.members.first {
      return .failure(
        RPC.Failure(
          .invalidRequest(
            at: JSONPath.root.appending(member.key),
            unknownKeyMessage(member.key, known: []))))
    }
    do throws(ServeLoadFailure) {
      let table = try session.reload()
      session.log(
        "serve: reloaded \(Console.displayName(session.path)): \(ServeSession.summary(table))")
      return .value([
        "screens": .number(JSONNumber(table.screens.count)),
        "commands": .number(JSONNumber(table.commands.count)),
      ])
    } catch {
      session.log("\(error.text) (still serving the previous table)")
      return .failure(RPC.Failure(error))
    }
  }

  // MARK: Helpers

  private static func outcome(_ result: Result<JSONValue, RequestFailure>) -> RPC.Outcome {
    switch result {
    case .success(let value): .value(value)
    case .failure(let failure): .failure(RPC.Failure(failure))
    }
  }

  private static func fields(_ params: JSONObject, keys: [String]) throws(RequestFailure)
    -> JSONFields
  {
    do throws(JSONShapeError) {
      return try JSONFields(.object(params), at: .root, keys: keys)
    } catch {
      throw RequestFailure(RequestProblem(at: error.path, error.message))
    }
  }

  /// The `root` param: a screen of the table (an unknown one is refused with the nearest
  /// name), or `nil` when it is not given.
  private static func optionalRoot(_ fields: JSONFields, in table: RouteTable)
    throws(RequestFailure) -> ScreenName?
  {
    let given: String?
    do throws(JSONShapeError) {
      given = try fields.string("root")
    } catch {
      throw RequestFailure(RequestProblem(at: error.path, error.message))
    }
    guard let given else { return nil }
    let root = try screenName(given, at: fields.path("root"))
    guard table.screen(named: root) == nil else { return root }
    let names = table.screens.map(\.name.rawValue)
    var failure = RequestFailure.invalidRequest(
      at: fields.path("root"),
      "the root '\(excerpt(given))' is not a screen of the table"
        + didYouMean(given, among: names))
    if let near = suggestion(for: given, among: names) {
      failure.details.append("suggestion", .string(near))
    }
    throw failure
  }

  private static func screenName(_ text: String, at path: JSONPath) throws(RequestFailure)
    -> ScreenName
  {
    let name = ScreenName(text)
    if let problem = name.problem { throw RequestFailure.invalidRequest(at: path, problem) }
    return name
  }
}

/// The JSON Schemas of the methods' params.
enum Schema {
  /// A stack entry: a name, or a screen with parameters.
  static let entry: JSONValue = [
    "anyOf": [
      ["type": "string"],
      [
        "type": "object",
        "properties": ["screen": ["type": "string"], "parameters": parameters],
        "required": ["screen"], "additionalProperties": false,
      ],
    ]
  ]

  /// Parameter values, as text (numbers and booleans are read as their text).
  static let parameters: JSONValue = [
    "type": "object", "additionalProperties": ["type": ["string", "number", "boolean"]],
  ]

  /// A request object: `stack` (or `tab` and `stacks`), `layers`, `target` (`to` or
  /// `link`), `via` with `to`, `parameters`.
  static func request(target: String, tabs: Bool = true) -> JSONValue {
    var properties: JSONObject = [
      "stack": [
        "type": "array", "items": entry, "minItems": 1,
        "description": "The stack of screens to start from, bottom first.",
      ]
    ]
    properties.append(
      "layers",
      [
        "type": "array", "items": ["type": "array", "items": entry, "minItems": 1],
        "description":
          "The modal layers open over the stack (over the selected tab's, with tabs), bottom first, each a stack bottom first.",
      ])
    properties.append(
      "guards",
      [
        "type": "object", "additionalProperties": ["type": "boolean"],
        "description":
          "How the table's guards answer, by name; a guard not named refuses, as a guard loaded without code does.",
      ])
    if tabs {
      properties.append(
        "tab", ["type": "string", "description": "On a table with tabs: the selected tab."])
      properties.append(
        "stacks",
        [
          "type": "object", "additionalProperties": ["type": "array", "items": entry],
          "description": "On a table with tabs: each tab's stack, by tab name.",
        ])
    }
    if target == "to" {
      properties.append("to", ["type": "string", "description": "The destination screen."])
      properties.append(
        "via",
        [
          "type": "array", "items": ["type": "string"],
          "description": "Screens to pass on the way, in order.",
        ])
      properties.append("parameters", parameters)
    } else {
      properties.append(
        "link", ["type": "string", "description": "The deep link, such as app://profile/2."])
      properties.append("parameters", parameters)
      properties.append(
        "strictLinks",
        ["type": "boolean", "description": "Refuse a query item no screen declares."])
    }
    return [
      "type": "object", "properties": .object(properties), "required": [.string(target)],
      "additionalProperties": false,
    ]
  }
}
