import Routing
import RoutingJSON

/// A saved-state case's snapshot, as a container saves it (Docs/RouteTables.md,
/// "Saved-state cases"): a stack's or a drill-down's `{"version": 1, "entries": […]}`,
/// or a tab container's `{"version": 1, "selected": …, "tabs": {…}}`, either with the
/// `"layers"` a modal presenter saves over it. Read from the
/// expectation file's JSON with the checks the library's decoders make: version 1, no
/// unknown key, a non-empty identifier, text parameter values.
enum SavedState {
  case stack(NavigationSnapshot)
  case tabs(TabSnapshot)

  /// Reads a snapshot at `path`; a tab snapshot is the one with `selected` or `tabs`.
  init(_ value: JSONValue, at path: JSONPath) throws {
    guard case .object(let object) = value else {
      throw RequestProblem(at: path, "expected a snapshot object, found \(value.typeDescription)")
    }
    if object["selected"] != nil || object["tabs"] != nil {
      let fields = try JSONFields(
        value, at: path, keys: ["version", "selected", "tabs", "layers"])
      try Self.checkVersion(fields)
      let selected = try fields.requiredString("selected")
      guard case .object(let tabs) = try fields.required("tabs") else {
        throw RequestProblem(
          at: fields.path("tabs"), "expected an object of each tab's snapshot, by tab name")
      }
      var snapshots: [String: NavigationSnapshot] = [:]
      for member in tabs.members {
        snapshots[member.key] = try Self.stack(
          member.value, at: fields.path("tabs").appending(member.key))
      }
      self = .tabs(
        TabSnapshot(
          selected: selected, tabs: snapshots,
          layers: try Self.layers(fields["layers"], at: fields.path("layers"))))
    } else {
      self = .stack(try Self.stack(value, at: path))
    }
  }

  /// A stack's or a drill-down's snapshot.
  private static func stack(_ value: JSONValue, at path: JSONPath) throws -> NavigationSnapshot {
    let fields = try JSONFields(
      value, at: path, keys: ["version", "entries", "rightPaneRestorable", "layers"])
    try checkVersion(fields)
    let entries = try savedEntries(try fields.required("entries"), at: fields.path("entries"))
    var rightPane: Bool?
    if let flag = fields["rightPaneRestorable"] {
      guard case .bool(let value) = flag else {
        throw RequestProblem(
          at: fields.path("rightPaneRestorable"),
          "expected a boolean, found \(flag.typeDescription)")
      }
      rightPane = value
    }
    return NavigationSnapshot(
      entries: entries, rightPaneRestorable: rightPane,
      layers: try layers(fields["layers"], at: fields.path("layers")))
  }

  /// `[{"identifier": …, "parameters": {…}}, …]`.
  private static func savedEntries(_ value: JSONValue, at path: JSONPath) throws -> [SavedEntry] {
    var entries: [SavedEntry] = []
    for (index, entry) in try JSONFields.array(value, at: path).enumerated() {
      let saved = try JSONFields(
        entry, at: path.appending(index), keys: ["identifier", "parameters"])
      let identifier = try saved.requiredString("identifier")
      guard !identifier.isEmpty else {
        throw RequestProblem(at: saved.path("identifier"), "empty restoration identifier")
      }
      entries.append(
        SavedEntry(identifier: identifier, parameters: try saved.stringMap("parameters") ?? [:]))
    }
    return entries
  }

  /// A snapshot's `layers`, each a non-empty array of saved entries; `nil` without it.
  private static func layers(_ value: JSONValue?, at path: JSONPath) throws -> [[SavedEntry]]? {
    guard let value else { return nil }
    return try JSONFields.array(value, at: path).enumerated().map { (index, layer) in
      let entries = try savedEntries(layer, at: path.appending(index))
      guard !entries.isEmpty else {
        throw RequestProblem(
          at: path.appending(index),
          "layer \(index) is empty: a saved layer holds at least one entry")
      }
      return entries
    }
  }

  /// Refuses a version other than 1, the one the library writes.
  private static func checkVersion(_ fields: JSONFields) throws {
    let version = try fields.required("version")
    guard case .number(let number) = version, number.integer == 1 else {
      throw RequestProblem(
        at: fields.path("version"), "unsupported snapshot version: this release reads version 1")
    }
  }

  /// What differs between `expectation` and what restoring the snapshot with `table`
  /// gives: a route of no step to the restored stack (or tab state), or the
  /// restoration's error as a failure of kind `invalidSnapshot`.
  func mismatches(with expectation: Expectation, in table: RouteTable) -> [String] {
    switch self {
    case .stack(let snapshot):
      let outcome = Result { () throws(RestorationError) in
        let layers = try table.restoredLayers(from: snapshot.layers)
        let stack = try table.restoredEntries(from: snapshot)
        return LayeredRoute(
          route: ModalRoute(steps: [], state: ModalState(stack: stack, layers: layers)), tabs: nil)
      }
      return expectation.mismatches(with: outcome.mapError(RequestFailure.init), in: table)
    case .tabs(let snapshot):
      let outcome = Result { () throws(RestorationError) in
        let layers = try table.restoredLayers(from: snapshot.layers)
        let state = try table.restoredState(from: snapshot)
        return LayeredRoute(
          route: ModalRoute(steps: [], state: ModalState(tabs: state, layers: layers)),
          tabs: state)
      }
      return expectation.mismatches(with: outcome.mapError(RequestFailure.init), in: table)
    }
  }
}

extension RawRequest {
  /// No request: what a saved-state case holds in its place.
  static let none = RawRequest(
    stack: [], tabs: nil, layers: nil, target: .screen("", via: []), parameters: [:],
    path: .root)
}
