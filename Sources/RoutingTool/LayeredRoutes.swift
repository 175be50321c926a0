import Routing
import RoutingJSON

/// A route planned with modal layers (Docs/RouteTables.md, "Layers"): its steps, which
/// may present, dismiss and, across tabs, select, and the state they leave, a stack or
/// tabs with the layers open over it.
struct LayeredRoute: PlannedRoute {
  /// The route; across tabs, its state holds every tab.
  var route: ModalRoute
  /// Every tab after the route, the selected tab's stack being the route's base; `nil`
  /// for a route on one stack.
  var tabs: TabState?

  func write(to json: inout JSONBytes) { json.layeredRoute(self) }
  var stepCount: Int { route.steps.count }
  var finalStack: [Entry] { route.state.stack }
  var finalTabs: TabState? { tabs }
  var finalLayers: [[Entry]] { route.state.layers }
  var detourRemedy: ScreenName? { route.detour?.remedy }

  /// The command steps, without the dismisses.
  var commandSteps: [Step] { route.commandSteps }

  /// The steps one a line and numbered, then the base as a stack's route or a route
  /// across tabs prints it, then, when any layer is open, the layers bottom first:
  ///
  /// ```
  /// 1. present Compose by compose
  /// stack: Inbox
  /// layers: Compose
  /// ```
  ///
  /// - Complexity: O(*s* + *n*), where *s* is the number of steps and *n* the number of
  ///   entries in the state.
  var description: String {
    var lines = route.steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
    if lines.isEmpty { lines.append("(already there)") }
    if let tabs {
      lines.append("tabs: \(tabs)")
    } else {
      lines.append("stack: \(route.state.stack.stackDescription)")
    }
    if !route.state.layers.isEmpty {
      lines.append("layers: \(route.state.layers.map(\.stackDescription).joined(separator: " | "))")
    }
    if let detour = route.detour { lines.append("detour: \(detour)") }
    return lines.joined(separator: "\n")
  }
}

extension RawRequest {
  /// Whether the request is planned with layers on `table`: it gives an open layer, or
  /// the table's commands present (a route may open a layer) or its guards have
  /// remedies (a route may detour); a link across tabs without layers excepted. Any
  /// other request is planned as it was before layers, and answers as it did.
  ///
  /// - Complexity: O(1).
  func plansWithLayers(on table: RouteTable) -> Bool {
    plansWithLayers(layered: table.answersWithLayers)
  }

  /// Whether the request is planned with layers on a table that answers with layers
  /// (`layered`, ``RouteTable/answersWithLayers``) or not, as ``plansWithLayers(on:)``
  /// says; for a batch, which asks the table once.
  ///
  /// - Complexity: O(1).
  func plansWithLayers(layered: Bool) -> Bool {
    if layers?.isEmpty == false { return true }
    // A link across tabs is planned with no layer open, by the tabs' own reading.
    if tabs != nil, case .link = target { return false }
    return layered
  }

  /// The state to plan from with layers, every tab when the request is across tabs,
  /// and the request (or, on one stack, what its link reads as).
  ///
  /// - Throws: As ``resolve(in:strict:)`` and ``resolveTabs(in:strict:)``, a layer's
  ///   entries named under `layers[i][j]`; ``RequestFailure`` of kind `invalidRequest`
  ///   for a link across tabs with layers open, which is not planned.
  func resolveLayered(in table: RouteTable, strict: Bool = false) throws(RequestFailure) -> (
    state: ModalState, tabs: TabState?, request: Request
  ) {
    let path = self.path
    let base: [Entry]
    let tabState: TabState?
    let request: Request
    if tabs != nil {
      if case .link = target {
        throw RequestFailure.invalidRequest(
          at: path.appending("layers"), "a link across tabs is planned with no layer open")
      }
      let (state, target) = try resolveTabs(in: table, strict: strict)
      guard case .request(let asked) = target else { preconditionFailure("the target is a screen") }
      // A tab the request gives no stack for stands at its root.
      let root = table.tab(named: state.selected).map { [Entry($0.root)] } ?? []
      base = state.stack.isEmpty ? root : state.stack
      tabState = state
      request = asked
    } else {
      (base, request) = try resolve(in: table, strict: strict)
      tabState = nil
    }
    var layers: [[Entry]] = []
    for (index, layer) in (self.layers ?? []).enumerated() {
      layers.append(
        try Self.entries(layer, at: path.appending("layers").appending(index), in: table))
    }
    return (ModalState(stack: base, layers: layers), tabState, request)
  }
}

extension RouteTable {
  /// Whether a request from one stack is planned with layers: the table has presenting
  /// commands (a route may open a layer) or guards with remedies (a route may detour).
  ///
  /// - Complexity: O(1).
  var answersWithLayers: Bool { hasPresentingCommands || hasGuardRemedies }
}

extension RouteRunner {
  /// Routes a request with layers (``RawRequest/plansWithLayers(on:)``), on one stack or
  /// in the selected tab.
  static func routeLayered(_ raw: RawRequest, in table: RouteTable, strict: Bool = false)
    -> Result<LayeredRoute, RequestFailure>
  {
    do {
      let (state, tabs, request) = try raw.resolveLayered(in: table, strict: strict)
      return raw.answeringGuards { route(request, from: state, tabs: tabs, in: table) }
    } catch {
      return .failure(error)
    }
  }

  /// Routes `request` from a state with layers; across tabs, `tabs` holds every tab,
  /// and the route may close every layer and select another.
  static func route(
    _ request: Request, from state: ModalState, tabs: TabState?, in table: RouteTable
  ) -> Result<LayeredRoute, RequestFailure> {
    do {
      let route = try table.route(request, from: start(state, tabs: tabs))
      return .success(LayeredRoute(route: route, tabs: route.state.tabs))
    } catch {
      return .failure(failure(error, of: request, from: state, tabs: tabs))
    }
  }

  /// Routes a request with layers (``routeLayered(_:in:strict:)``) and explains the
  /// answer (``RouteTable/explanation(_:from:)``), the guards answering alike for both;
  /// the explanation is `nil` when the request does not resolve.
  static func explainLayered(_ raw: RawRequest, in table: RouteTable) -> (
    outcome: Result<LayeredRoute, RequestFailure>, explanation: ModalExplanation?
  ) {
    do {
      let (state, tabs, request) = try raw.resolveLayered(in: table)
      return raw.answeringGuards {
        (
          route(request, from: state, tabs: tabs, in: table),
          try? table.explanation(request, from: start(state, tabs: tabs))
        )
      }
    } catch {
      return (.failure(error), nil)
    }
  }

  /// The state a request with layers is planned from: `state`, or across tabs every
  /// tab of `tabs` with the selected one's stack being `state`'s base, so that the route
  /// may close every layer and select another tab.
  static func start(_ state: ModalState, tabs: TabState?) -> ModalState {
    guard var tabs else { return state }
    tabs.stacks[tabs.selected] = state.stack
    return ModalState(tabs: tabs, layers: state.layers)
  }

  /// The failure for a planning error from a state with layers: as
  /// ``failure(_:of:)``, with an entry of the start named where the request gives it,
  /// `layers[i][j]` for a layer's (the library counts entries along the base and then
  /// every layer), `stacks.TAB[j]` for the selected tab's.
  static func failure(
    _ error: RoutingError, of request: Request, from state: ModalState, tabs: TabState?
  ) -> RequestFailure {
    let base =
      tabs.map { JSONPath.root.appending("stacks").appending($0.selected) }
      ?? JSONPath.root.appending("stack")
    switch error {
    case .unknownScreenOnStack(_, let entry, let tab, _) where tab == nil || tab == tabs?.selected:
      // The place goes in `path` only, as for a stack's entry: the message is the
      // library's.
      var failure = RequestFailure(error)
      var place = base.appending(entry)
      var position = entry - state.stack.count
      for (number, layer) in state.layers.enumerated() where position >= 0 {
        if position < layer.count {
          place = JSONPath.root.appending("layers").appending(number).appending(position)
        }
        position -= layer.count
      }
      failure.details = JSONObject(
        failure.details.members.map {
          $0.key == "path" ? JSONMember("path", .string(place.description)) : $0
        })
      return failure
    case .noTabForStack where tabs != nil:
      return RequestFailure(error, at: base.appending(0))
    default:
      return failure(error, of: request)
    }
  }
}
