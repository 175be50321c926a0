import Routing
import RoutingJSON

/// A request as a request file, a batch line or a test case writes it: read and checked
/// for shape, not yet checked against a table.
struct RawRequest {
  /// One entry of the starting stack.
  struct StackEntry {
    var screen: String
    var parameters: [String: String]
  }

  /// Where the request goes.
  enum Target {
    /// A screen, with breadcrumbs.
    case screen(String, via: [String])
    /// A deep link (test cases only).
    case link(String)
  }

  /// Where a request across tabs starts: the selected tab and the stacks it names.
  struct TabStart {
    var selected: String
    var stacks: [(tab: String, entries: [StackEntry])]
  }

  var stack: [StackEntry]
  /// For a request across tabs (`"tab"` and `"stacks"` in place of `"stack"`).
  var tabs: TabStart?
  /// The open layers over the start, bottom first (`"layers"`); `nil` when the request
  /// gives none.
  var layers: [[StackEntry]]?
  var target: Target
  /// How the table's guards answer, by name (`"guards": {"signedIn": true}`); a guard
  /// the request does not name refuses, as a guard loaded without code does. `nil` when
  /// the request says nothing of its guards.
  var guards: [String: Bool]? = nil
  var parameters: [String: String]
  /// Where the request is in its document.
  var path: JSONPath

  /// Runs `body`, which plans this request, with the request's answers for the table's
  /// guards in force (``guards``); as it is when the request gives none.
  ///
  /// - Complexity: O(1) besides `body`.
  func answeringGuards<Value>(_ body: () -> Value) -> Value {
    guard let guards else { return body() }
    return RouteGuard.answeringGuards(guards, body)
  }

  /// The keys a request object may hold.
  static let keys = ["stack", "tab", "stacks", "layers", "to", "via", "parameters", "guards"]

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
        throw parameterProblem(member.value.kind, at: path.appending(member.key))
      }
    }
    return map
  }

  /// The problem of a parameter value that is not a string, a number or a boolean.
  static func parameterProblem(_ kind: JSONValueKind, at path: JSONPath) -> RequestProblem {
    RequestProblem(
      at: path, "expected a string, a number or a boolean, found \(kind.description)")
  }

  /// The stack and request this asks for, typed by the table's declarations.
  ///
  /// - Throws: ``RequestFailure`` of kind `invalidRequest` for an invalid screen name or
  ///   a stack value that does not convert to its declared kind; of kind `invalidLink`
  ///   for a link the table cannot read.
  func resolve(in table: RouteTable, strict: Bool = false) throws(RequestFailure) -> (
    stack: [Entry], request: Request
  ) {
    // The place is made from the path alone: a closure reading `self.path` took a copy
    // of the whole request.
    let path = self.path
    let entries = try Self.entries(stack, at: path.appending("stack"), in: table)
    switch target {
    case .screen(let destination, let via):
      return (entries, try request(to: destination, via: via))
    case .link(let link):
      do {
        return (entries, try table.resolve(link, strict: strict))
      } catch {
        throw RequestFailure(error, link: link, at: path.appending("link"))
      }
    }
  }

  /// The tab state and the request (or the link reading) of a request across tabs.
  ///
  /// - Throws: As ``resolve(in:)``; ``RequestFailure`` of kind `invalidRequest` for a
  ///   request without `tab`.
  func resolveTabs(in table: RouteTable, strict: Bool = false) throws(RequestFailure) -> (
    TabState, TabTarget
  ) {
    guard let tabs else {
      throw RequestFailure.invalidRequest(
        at: path.appending("tab"), "a request across tabs names the selected tab")
    }
    try Self.checkTab(tabs.selected, at: path.appending("tab"), in: table)
    var stacks: [String: [Entry]] = [:]
    for (tab, entries) in tabs.stacks {
      try Self.checkTab(tab, at: path.appending("stacks").appending(tab), in: table)
      stacks[tab] = try Self.entries(
        entries, at: path.appending("stacks").appending(tab), in: table)
    }
    let state = TabState(selected: tabs.selected, stacks: stacks)
    switch target {
    case .screen(let destination, let via):
      return (state, .request(try request(to: destination, via: via)))
    case .link(let link):
      do {
        return (state, .link(try table.readInTabs(link, strict: strict)))
      } catch {
        throw RequestFailure(error, link: link, at: path.appending("link"))
      }
    }
  }

  /// Throws when the table declares no tab `name`, naming `place` and the nearest tab.
  private static func checkTab(_ name: String, at place: JSONPath, in table: RouteTable)
    throws(RequestFailure)
  {
    guard table.tab(named: name) == nil else { return }
    throw RequestFailure(
      RoutingError.unknownTab(name, suggestion: table.nearestTab(to: name)), at: place)
  }

  /// What a request across tabs asks for: a screen, or what a link into tabs reads as.
  enum TabTarget {
    case request(Request)
    case link(TabLinkReading)
  }

  /// The entries of a stack found at `path` (made only for a failure), typed by the
  /// table's declarations.
  static func entries(
    _ stack: [StackEntry], at path: @autoclosure () -> JSONPath, in table: RouteTable
  ) throws(RequestFailure) -> [Entry] {
    var entries: [Entry] = []
    entries.reserveCapacity(stack.count)
    for (index, entry) in stack.enumerated() {
      let name = try screenName(entry.screen, at: path().appending(index))
      // No values type to none, whatever the screen declares.
      guard !entry.parameters.isEmpty else {
        entries.append(Entry(name))
        continue
      }
      do {
        entries.append(Entry(name, parameters: try table.parameters(entry.parameters, for: name)))
      } catch {
        throw RequestFailure(error, parametersAt: path().appending(index).appending("parameters"))
      }
    }
    return entries
  }

  /// The request to a screen through breadcrumbs, with the request's parameters.
  private func request(to destination: String, via: [String]) throws(RequestFailure) -> Request {
    let name = try Self.screenName(destination, at: path.appending("to"))
    var breadcrumbs: [ScreenName] = []
    for (index, milestone) in via.enumerated() {
      breadcrumbs.append(
        try Self.screenName(milestone, at: path.appending("via").appending(index)))
    }
    // Mapping no values still copies the dictionary's storage.
    let values = parameters.isEmpty ? Parameters() : parameters.mapValues { .string($0) }
    return Request(to: name, via: breadcrumbs, parameters: values)
  }

  /// The screen name `text`, or the failure naming `path`, which is made only then.
  private static func screenName(_ text: String, at path: @autoclosure () -> JSONPath)
    throws(RequestFailure) -> ScreenName
  {
    let name = ScreenName(text)
    if let problem = name.problem { throw RequestFailure.invalidRequest(at: path(), problem) }
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
    /// A saved-state case's snapshot that does not restore.
    case invalidSnapshot
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
    case .unreachable(let from, let to), .refusedByGuard(let from, let to, _):
      self.init(
        .unreachable, ["from": .string(from.rawValue), "to": .string(to.rawValue)],
        error.description)
    case .unknownScreen(let name, _):
      self.init(.unknownScreen, ["screen": .string(name.rawValue)], error.description)
    case .unknownScreenOnStack(let name, let entry, let tab, _):
      // The Swift API's message, and the place as a path into the request.
      let stack =
        tab.map { JSONPath.root.appending("stacks").appending($0) }
        ?? JSONPath.root.appending("stack")
      self.init(
        .unknownScreen,
        ["screen": .string(name.rawValue), "path": .string(stack.appending(entry).description)],
        error.description)
    case .noTabForStack:
      self = .invalidRequest(at: JSONPath.root.appending("stack").appending(0), error.description)
    case .invalidParameter(let name, _, _):
      self = .invalidRequest(at: parameters.appending(name), error.description)
    case .emptyStack:
      self = .invalidRequest(at: JSONPath.root.appending("stack"), error.description)
    case .emptyLayer(let layer):
      self = .invalidRequest(
        at: JSONPath.root.appending("layers").appending(layer), error.description)
    case .noFactory:
      // Planning never makes screen objects; only a root made by its factory can fail so.
      self = .invalidRequest(at: JSONPath.root, error.description)
    case .missingParameter(_, let key):
      self = .invalidRequest(at: parameters.appending(key), error.description)
    case .undeclaredParameter(let key, _):
      self = .invalidRequest(at: parameters.appending(key), error.description)
    case .unknownTab:
      self = .invalidRequest(at: JSONPath.root.appending("tab"), error.description)
    }
    if let suggestion = error.suggestion { details.append("suggestion", .string(suggestion)) }
  }

  /// The failure for a planning error found at `place` in the request.
  init(_ error: RoutingError, at place: JSONPath) {
    self.init(error)
    self.place = place
    if details["path"] != nil {
      details = JSONObject(
        details.members.map {
          $0.key == "path" ? JSONMember("path", .string(place.description)) : $0
        })
    }
  }

  /// The failure for a snapshot the table does not restore: the restoration error's
  /// place under `snapshot`, its message and its suggestion.
  init(_ error: RestorationError) {
    let place = JSONPath(parsing: "snapshot." + error.location)
    self.init(
      .invalidSnapshot, ["path": .string(place.description)], error.message, at: place)
    if let suggestion = error.suggestion { details.append("suggestion", .string(suggestion)) }
  }

  /// The failure for a link the table cannot read, named under `place` when it sits in a
  /// JSON document.
  init(_ error: LinkError, link: String, at place: JSONPath? = nil) {
    self.init(
      .invalidLink, ["link": .string(link), "reason": .string(error.kind.name)], error.description,
      at: place)
    if let suggestion = error.suggestion { details.append("suggestion", .string(suggestion)) }
  }

  /// 1 for a request that was understood, 2 for bad input.
  var exitCode: ExitCode {
    switch kind {
    case .unreachable, .unknownScreen: .failure
    case .invalidRequest, .invalidLink, .invalidSnapshot: .badInput
    }
  }

  /// `{"error": {"kind": …, "line": …, …, "message": …}}`, as
  /// ``JSONBytes/failure(_:line:)`` writes it.
  func json(line: Int? = nil) -> JSONValue {
    JSONValue(writtenBy: { $0.failure(self, line: line) })
  }

}

/// Routes a request and reports the outcome.
enum RouteRunner {
  static func route(_ raw: RawRequest, in table: RouteTable) -> Result<Route, RequestFailure> {
    do {
      let (stack, request) = try raw.resolve(in: table)
      return raw.answeringGuards { route(request, from: stack, in: table) }
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
      return .failure(failure(error, of: request))
    }
  }

  /// The failure for a planning error of `request`: the library's message names the
  /// nearest screen to an unknown one, and the guard that refused a command (a file's
  /// guard refuses every request: Docs/RouteTables.md, "Guards in files"); an unknown
  /// milestone is placed at `via[i]`, the first breadcrumb that names it, or at `to`.
  static func failure(_ error: RoutingError, of request: Request) -> RequestFailure {
    guard case .unknownScreen(let name, _) = error else { return RequestFailure(error) }
    let place =
      request.breadcrumbs.firstIndex(of: name).map {
        JSONPath.root.appending("via").appending($0)
      } ?? JSONPath.root.appending("to")
    var failure = RequestFailure(error)
    failure.place = place
    failure.details = JSONObject(
      failure.details.members.flatMap { member in
        member.key == "screen"
          ? [member, JSONMember("path", .string(place.description))] : [member]
      })
    return failure
  }

  /// Routes a request across tabs (one with `"tab"`), a link into tabs included.
  static func routeTabs(_ raw: RawRequest, in table: RouteTable, strict: Bool = false)
    -> Result<TabRoute, RequestFailure>
  {
    do {
      let (state, target) = try raw.resolveTabs(in: table, strict: strict)
      return raw.answeringGuards { route(target, from: state, in: table) }
    } catch {
      return .failure(error)
    }
  }

  /// Routes a request or a link reading across tabs from a tab state.
  static func route(_ target: RawRequest.TabTarget, from state: TabState, in table: RouteTable)
    -> Result<TabRoute, RequestFailure>
  {
    let request: Request
    switch target {
    case .request(let asked): request = asked
    case .link(let reading): request = reading.reading.request
    }
    do {
      switch target {
      case .request: return .success(try table.route(request, from: state))
      case .link(let reading): return .success(try table.route(reading, from: state))
      }
    } catch {
      return .failure(failure(error, of: request))
    }
  }
}

/// Routes as JSON (Docs/RouteTables.md, "`routing route`" and "`routing link`").
enum RouteJSON {
  /// The route of a link: the route's members, then
  /// `"link": {"to": …, "via": […], "parameters": {…}, "ignored": […]}`, what the link
  /// read as, with `"fragment"` when it has one.
  /// With `tab`, the link object names the tab the link reads into first.
  static func json(_ route: JSONValue, link reading: LinkReading, tab: String? = nil) -> JSONValue {
    guard case .object(var object) = route else { return route }
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
    if let tab { link.append("tab", .string(tab)) }
    object.append("link", .object(link))
    return .object(object)
  }

  /// `{"steps": [...], "stack": [...]}`; parameter values as text, keys sorted.
  static func json(_ route: Route) -> JSONValue {
    JSONValue(writtenBy: { $0.route(route) })
  }

  /// `{"command": 4, "id": "openProfile", "action": "push", "screen": "Profile"}`.
  static func json(_ step: Step) -> JSONValue {
    JSONValue(writtenBy: { $0.step(step) })
  }

  /// `{"screen": "Profile", "parameters": {"userId": "2"}}`.
  static func json(_ entry: Entry) -> JSONValue {
    JSONValue(writtenBy: { $0.entry(entry) })
  }
}

extension JSONValue {
  /// What `write` writes with the tool's one writer of routes and failures, as a tree,
  /// for an answer that adds members of its own (a link's reading, an explanation).
  ///
  /// - Complexity: O(*n*), where *n* is the length of what is written.
  init(writtenBy write: (inout JSONBytes) -> Void) {
    var bytes = JSONBytes()
    write(&bytes)
    do {
      self = try JSONValue(parsing: bytes.bytes)
    } catch {
      preconditionFailure("the tool's JSON writer wrote what its reader refuses: \(error)")
    }
  }
}
