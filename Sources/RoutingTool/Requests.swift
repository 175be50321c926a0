import Routing

/// A request as a request file, a batch line or a test case writes it: read and checked
/// for shape, not yet checked against a table.
struct RawRequest {
  /// One entry of the starting stack.
  struct StackEntry {
    var screen: String
    var parameters: [String: String]
    /// Where the entry is, for messages.
    var path: JSONPath
  }

  /// Where the request goes.
  enum Target {
    /// A screen, with breadcrumbs.
    case screen(String, via: [String])
    /// A deep link (test cases only).
    case link(String)
  }

  var stack: [StackEntry]
  var target: Target
  var parameters: [String: String]
  /// Where the request is in its document.
  var path: JSONPath

  /// The keys a request object may hold.
  static let keys = ["stack", "to", "via", "parameters"]

  /// Reads the request members of an object whose keys the caller has checked:
  /// `stack`, `to` (or `link`, when `allowsLink`), `via` and `parameters`.
  init(_ fields: JSONFields, allowsLink: Bool = false) throws(RequestProblem) {
    do {
      path = fields.path
      let entries = try JSONFields.array(try fields.required("stack"), at: fields.path("stack"))
      guard !entries.isEmpty else {
        throw RequestProblem(
          at: fields.path("stack"), "the stack is empty: it needs at least one entry")
      }
      stack = []
      for (index, entry) in entries.enumerated() {
        stack.append(try Self.stackEntry(entry, at: fields.path("stack").appending(index)))
      }
      parameters = try Self.values(fields["parameters"], at: fields.path("parameters")) ?? [:]
      let via = try fields.stringArray("via")
      switch (try fields.string("to"), allowsLink ? try fields.string("link") : nil) {
      case (let destination?, nil):
        target = .screen(destination, via: via ?? [])
      case (nil, let link?):
        guard via == nil else {
          throw RequestProblem(
            at: fields.path("via"), "a link gives its own breadcrumbs: 'via' goes with 'to' only")
        }
        target = .link(link)
      case (.some, .some):
        throw RequestProblem(at: fields.path("link"), "give either 'to' or 'link', not both")
      case (nil, nil):
        let wanted = allowsLink ? "'to' or 'link'" : "'to'"
        throw RequestProblem(at: fields.path("to"), "the required key \(wanted) is missing")
      }
    } catch let error as JSONShapeError {
      throw RequestProblem(at: error.path, error.message)
    } catch let error as RequestProblem {
      throw error
    } catch {
      throw RequestProblem(at: fields.path, "\(error)")
    }
  }

  /// Reads a request document: one JSON object with the request keys only.
  init(document: JSONValue) throws(RequestProblem) {
    let fields: JSONFields
    do {
      fields = try JSONFields(document, at: .root, keys: Self.keys)
    } catch {
      throw RequestProblem(at: error.path, error.message)
    }
    try self.init(fields)
  }

  /// `"Menu"` or `{"screen": "Profile", "parameters": {"userId": "1"}}`.
  private static func stackEntry(_ value: JSONValue, at path: JSONPath) throws -> StackEntry {
    if case .string(let name) = value {
      return StackEntry(screen: name, parameters: [:], path: path)
    }
    guard case .object = value else {
      throw RequestProblem(
        at: path,
        "expected a screen name or an object with 'screen' and 'parameters', found \(value.typeDescription)"
      )
    }
    let fields = try JSONFields(value, at: path, keys: ["screen", "parameters"])
    return StackEntry(
      screen: try fields.requiredString("screen"),
      parameters: try values(fields["parameters"], at: fields.path("parameters")) ?? [:],
      path: path)
  }

  /// A `parameters` object, each value a JSON string, number or boolean written as the
  /// text it stands for (`2` and `"2"` alike), to be converted to the kind its screen
  /// declares; `nil` when there is no such object.
  static func values(_ value: JSONValue?, at path: JSONPath) throws(RequestProblem)
    -> [String: String]?
  {
    guard let value else { return nil }
    guard case .object(let object) = value else {
      throw RequestProblem(at: path, "expected an object, found \(value.typeDescription)")
    }
    var map: [String: String] = [:]
    for member in object.members {
      switch member.value {
      case .string(let text): map[member.key] = text
      case .number(let number): map[member.key] = number.text
      case .bool(let flag): map[member.key] = flag ? "true" : "false"
      default:
        throw RequestProblem(
          at: path.appending(member.key),
          "expected a string, a number or a boolean, found \(member.value.typeDescription)")
      }
    }
    return map
  }

  /// The stack and request this asks for, typed by the table's declarations.
  ///
  /// - Throws: ``RequestFailure`` of kind `invalidRequest` for an invalid screen name or
  ///   a stack value that does not convert to its declared kind; of kind `invalidLink`
  ///   for a link the table cannot read.
  func resolve(in table: RouteTable) throws(RequestFailure) -> (stack: [Entry], request: Request) {
    var entries: [Entry] = []
    entries.reserveCapacity(stack.count)
    for entry in stack {
      let name = try Self.screenName(entry.screen, at: entry.path)
      do {
        entries.append(Entry(name, parameters: try table.parameters(entry.parameters, for: name)))
      } catch {
        throw RequestFailure(error, parametersAt: entry.path.appending("parameters"))
      }
    }
    let values = parameters.mapValues { ParameterValue.string($0) }
    switch target {
    case .screen(let destination, let via):
      let name = try Self.screenName(destination, at: path.appending("to"))
      var breadcrumbs: [ScreenName] = []
      for (index, milestone) in via.enumerated() {
        breadcrumbs.append(
          try Self.screenName(milestone, at: path.appending("via").appending(index)))
      }
      return (entries, Request(to: name, via: breadcrumbs, parameters: values))
    case .link(let link):
      do {
        return (entries, try table.resolve(link))
      } catch {
        throw RequestFailure(error, link: link, at: path.appending("link"))
      }
    }
  }

  private static func screenName(_ text: String, at path: JSONPath) throws(RequestFailure)
    -> ScreenName
  {
    let name = ScreenName(text)
    if let problem = name.problem { throw RequestFailure.invalidRequest(at: path, problem) }
    return name
  }
}

/// A request that does not have the shape of one, and where.
struct RequestProblem: Error, CustomStringConvertible {
  var path: JSONPath
  var message: String

  init(at path: JSONPath, _ message: String) {
    self.path = path
    self.message = message
  }

  /// `stack[1].screen: expected a string, found a number`.
  var description: String {
    path.components.isEmpty ? message : "\(path): \(message)"
  }
}

/// Why a request produced no route, as the tool reports it.
struct RequestFailure: Error {
  /// The kinds the tool reports (Docs/RouteTables.md, "`routing route`").
  enum Kind: String {
    case unreachable
    case unknownScreen
    case invalidRequest
    case invalidLink
  }

  var kind: Kind
  /// Members of the JSON error object between `kind` and `message`.
  var details: JSONObject
  /// What went wrong, without the place.
  var reason: String
  /// The place in the request, when there is one.
  var place: JSONPath?

  init(_ kind: Kind, _ details: JSONObject, _ reason: String, at place: JSONPath? = nil) {
    self.kind = kind
    self.details = details
    self.reason = reason
    self.place = place
  }

  /// The reason, after the place when there is one: `stack[1]: empty screen name`.
  var message: String {
    guard let place, !place.components.isEmpty else { return reason }
    return "\(place): \(reason)"
  }

  /// An invalid request, naming the place.
  static func invalidRequest(at path: JSONPath, _ reason: String) -> RequestFailure {
    RequestFailure(.invalidRequest, ["path": .string(path.description)], reason, at: path)
  }

  /// An invalid request from its shape problem.
  init(_ problem: RequestProblem) {
    self = .invalidRequest(at: problem.path, problem.message)
  }

  /// The failure for a planning error; an invalid parameter is named under
  /// `parametersAt`.
  init(
    _ error: RoutingError, parametersAt parameters: JSONPath = JSONPath.root.appending("parameters")
  ) {
    switch error {
    case .unreachable(let from, let to):
      self.init(
        .unreachable, ["from": .string(from.rawValue), "to": .string(to.rawValue)],
        error.description)
    case .unknownScreen(let name):
      self.init(.unknownScreen, ["screen": .string(name.rawValue)], error.description)
    case .invalidParameter(let name, _, _):
      self = .invalidRequest(at: parameters.appending(name), error.description)
    case .emptyStack:
      self = .invalidRequest(at: JSONPath.root.appending("stack"), error.description)
    case .noFactory:
      // Planning never makes screen objects; only a root made by its factory can fail so.
      self = .invalidRequest(at: JSONPath.root, error.description)
    case .missingParameter(_, let key):
      self = .invalidRequest(at: parameters.appending(key), error.description)
    case .undeclaredParameter(let key, let suggestion):
      self = .invalidRequest(at: parameters.appending(key), error.description)
      if let suggestion { details.append("suggestion", .string(suggestion)) }
    }
  }

  /// The failure for a link the table cannot read, named under `place` when it sits in a
  /// JSON document.
  init(_ error: LinkError, link: String, at place: JSONPath? = nil) {
    self.init(
      .invalidLink, ["link": .string(link), "reason": .string(error.kind.name)], error.description,
      at: place)
  }

  /// 1 for a request that was understood, 2 for bad input.
  var exitCode: ExitCode {
    switch kind {
    case .unreachable, .unknownScreen: .failure
    case .invalidRequest, .invalidLink: .badInput
    }
  }

  /// `{"error": {"kind": …, "line": …, …, "message": …}}`.
  func json(line: Int? = nil) -> JSONValue {
    var object: JSONObject = ["kind": .string(kind.rawValue)]
    if let line { object.append("line", .number(JSONNumber(line))) }
    object.members += details.members
    object.append("message", .string(message))
    return ["error": .object(object)]
  }
}

/// Routes a request and reports the outcome.
enum RouteRunner {
  static func route(_ raw: RawRequest, in table: RouteTable) -> Result<Route, RequestFailure> {
    do {
      let (stack, request) = try raw.resolve(in: table)
      return route(request, from: stack, in: table)
    } catch {
      return .failure(error)
    }
  }

  static func route(_ request: Request, from stack: [Entry], in table: RouteTable) -> Result<
    Route, RequestFailure
  > {
    do {
      return .success(try table.route(request, from: stack))
    } catch {
      var failure = RequestFailure(error)
      switch error {
      case .unknownScreen(let name):
        // `--to Profil`: the nearest screen of the table.
        if let near = suggestion(for: name.rawValue, among: table.screens.map(\.name.rawValue)) {
          failure.reason += "; did you mean '\(excerpt(near))'?"
          failure.details.append("suggestion", .string(near))
        }
      case .unreachable(_, let to):
        if let note = guardNote(to, in: table) { failure.reason += " (\(note))" }
      default: break
      }
      return .failure(failure)
    }
  }

  /// Why a guarded command of a route-table file took no part: the tool cannot run a
  /// guard's code, so such a command refuses every request (Docs/RouteTables.md,
  /// "Guards in files"). `nil` when no guarded command leads to `screen`.
  static func guardNote(_ screen: ScreenName, in table: RouteTable) -> String? {
    guard !table.graph.guardedCommands.isEmpty else { return nil }
    let guarded = table.commands(to: screen).filter { table.commands[$0].condition != nil }
    guard let first = guarded.first, let condition = table.commands[first].condition else {
      return nil
    }
    let id = table.commands[first].id.map { " '\(excerpt($0))'" } ?? ""
    let more = guarded.count > 1 ? " and \(guarded.count - 1) more" : ""
    return "commands[\(first)]\(id)\(more) to \(excerpt(screen)) "
      + "\(guarded.count > 1 ? "have guards" : "has the guard '\(excerpt(condition.fileName))'"), "
      + "which the tool does not run: guarded commands take part in no route"
  }
}

/// Routes as JSON (Docs/RouteTables.md, "`routing route`" and "`routing link`").
enum RouteJSON {
  /// The route of a link: the route's members, then
  /// `"link": {"to": …, "via": […], "parameters": {…}, "ignored": […]}`, what the link
  /// read as, with `"fragment"` when it has one.
  static func json(_ route: Route, link reading: LinkReading) -> JSONValue {
    guard case .object(var object) = json(route) else { return json(route) }
    let request = reading.request
    let parameters = request.parameters.sorted { $0.key < $1.key }.map {
      JSONMember($0.key, .string($0.value.description))
    }
    var link: JSONObject = [
      "to": .string(request.destination.rawValue),
      "via": .array(request.breadcrumbs.map { .string($0.rawValue) }),
      "parameters": .object(JSONObject(parameters)),
      "ignored": .array(reading.ignored.map { .string($0) }),
    ]
    if let fragment = reading.fragment { link.append("fragment", .string(fragment)) }
    object.append("link", .object(link))
    return .object(object)
  }

  /// `{"steps": [...], "stack": [...]}`; parameter values as text, keys sorted.
  static func json(_ route: Route) -> JSONValue {
    let steps: [JSONValue] = route.steps.map { step in
      var object: JSONObject = ["command": .number(JSONNumber(step.command))]
      if let id = step.commandID { object.append("id", .string(id)) }
      object.append("action", .string(step.action.rawValue))
      object.append("screen", .string(step.screen.rawValue))
      return .object(object)
    }
    return ["steps": .array(steps), "stack": .array(route.stack.map(json))]
  }

  /// `{"screen": "Profile", "parameters": {"userId": "2"}}`.
  static func json(_ entry: Entry) -> JSONValue {
    let parameters = entry.parameters.sorted { $0.key < $1.key }.map {
      JSONMember($0.key, .string($0.value.description))
    }
    return [
      "screen": .string(entry.screen.rawValue), "parameters": .object(JSONObject(parameters)),
    ]
  }
}
