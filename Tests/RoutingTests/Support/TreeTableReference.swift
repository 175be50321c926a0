import RoutingJSON

@testable import Routing

/// The way route-table files were read before the pull reader: the whole document as a
/// `JSONValue` tree, then walked. Kept as a reference, so that tests can check that the
/// pull reader reports exactly the same problem, at the same place, for any file.
enum TreeTableReference {
  /// The table the tree walk loads from `bytes`, or the error it reports.
  static func load(_ bytes: [UInt8]) -> Result<RouteTable, TableError> {
    let document: JSONValue
    do {
      document = try JSONValue(parsing: bytes)
    } catch {
      return .failure(TableError(parsing: error))
    }
    let contents: TreeTableFile
    do {
      contents = try TreeTableFile(document)
    } catch let error as JSONShapeError {
      return .failure(TableError(shape: error))
    } catch let error as TableError {
      return .failure(error)
    } catch {
      return .failure(TableError(.malformedJSON, at: "", "\(error)"))
    }
    do {
      return .success(
        try RouteTable(
          screens: contents.screens, commands: contents.commands,
          defaultFactory: HeadlessScreen.factory, tabs: contents.tabs))
    } catch {
      return .failure(error)
    }
  }
}

/// The screens and commands of a route-table file, read from its tree.
struct TreeTableFile {
  static let tableKeys = ["screens", "commands", "links", "tabs", "guards"]
  static let tabKeys = ["name", "root", "path"]
  static let screenKeys = ["name", "parameters", "path", "restorationIdentifier"]
  static let parameterKeys = ["name", "type", "required"]
  static let commandKeys = ["id", "from", "to", "cost", "guard", "tabs", "present"]

  var screens: [Screen] = []
  var commands: [Command] = []
  var tabs: [Tab] = []

  /// Reads a parsed document. Shape problems throw ``JSONShapeError``; the format's own
  /// rules throw ``TableError``.
  init(_ document: JSONValue) throws {
    let table = try JSONFields(document, at: .root, keys: Self.tableKeys)
    let declared = try table.array("screens")
    for (index, value) in (declared ?? []).enumerated() {
      screens.append(try Self.screen(value, at: table.path("screens").appending(index)))
    }
    let list = try JSONFields.array(try table.required("commands"), at: table.path("commands"))
    for (index, value) in list.enumerated() {
      commands.append(try Self.command(value, at: table.path("commands").appending(index)))
    }
    // Compiling takes the screens from the commands when none is registered; a file
    // that says `"screens": []` declares that there are none.
    if let declared, declared.isEmpty {
      try Self.refuseAnyScreen(in: commands)
    }
    if let links = table["links"] {
      let fields = try JSONFields(links, at: table.path("links"), keys: ["hosts"])
      _ = try fields.stringArray("hosts")
    }
    for (index, value) in (try table.array("tabs") ?? []).enumerated() {
      let fields = try JSONFields(
        value, at: table.path("tabs").appending(index), keys: Self.tabKeys)
      tabs.append(
        Tab(
          try fields.requiredString("name"), root: ScreenName(try fields.requiredString("root")),
          path: try fields.string("path")))
    }
    if let guards = table["guards"] {
      try applyRemedies(guards, at: table.path("guards"))
    }
  }

  /// `"guards": {"signedIn": {"remedy": "Login"}}`: each guard named by a command gets
  /// its remedy, and every remedy names a screen of the table.
  private mutating func applyRemedies(_ value: JSONValue, at path: JSONPath) throws {
    guard case .object(let object) = value else {
      throw JSONShapeError(
        .wrongType, at: path, "expected an object, found \(value.typeDescription)")
    }
    var remedies: [String: ScreenName] = [:]
    for member in object.members {
      let fields = try JSONFields(member.value, at: path.appending(member.key), keys: ["remedy"])
      remedies[member.key] = ScreenName(try fields.requiredString("remedy"))
    }
    let named = Set(commands.compactMap { $0.condition?.name })
    for member in object.members where !named.contains(member.key) {
      throw TableError(
        .unknownGuard, at: path.appending(member.key).description,
        "no command names the guard '\(member.key)'")
    }
    let known = Set(screens.map(\.name) + commands.flatMap { $0.origins + [$0.destination] })
    for member in object.members where !known.contains(remedies[member.key]!) {
      throw TableError(
        .undeclaredScreen, at: path.appending(member.key).appending("remedy").description,
        "the remedy '\(remedies[member.key]!)' of guard '\(member.key)' is not a screen of the table"
      )
    }
    commands = commands.map { command in
      guard let name = command.condition?.name, let remedy = remedies[name] else { return command }
      return Command(
        id: command.id, from: command.origins, to: command.destination, cost: command.cost,
        when: .unevaluated(name, remedy: remedy), tabs: command.tabs, presents: command.presents,
        declaredAt: nil)
    }
  }

  private static func screen(_ value: JSONValue, at path: JSONPath) throws -> Screen {
    let fields = try JSONFields(value, at: path, keys: screenKeys)
    let name = try fields.requiredString("name")
    var parameters: [Parameter] = []
    for (index, element) in (try fields.array("parameters") ?? []).enumerated() {
      parameters.append(try parameter(element, at: fields.path("parameters").appending(index)))
    }
    return Screen(
      ScreenName(name), parameters: parameters, path: try fields.string("path"),
      restorationIdentifier: try fields.string("restorationIdentifier"), declaredAt: nil)
  }

  /// `"userId"`, or `{"name": "userId", "type": "integer", "required": true}`.
  private static func parameter(_ value: JSONValue, at path: JSONPath) throws -> Parameter {
    switch value {
    case .string(let name):
      return Parameter(name)
    case .object:
      let fields = try JSONFields(value, at: path, keys: parameterKeys)
      let name = try fields.requiredString("name")
      let type = try fields.string("type")
      var required = false
      if let flag = fields["required"] {
        guard case .bool(let value) = flag else {
          throw TableError(
            .wrongType, at: fields.path("required").description,
            "expected a boolean, found \(flag.typeDescription)")
        }
        required = value
      }
      guard let type else { return Parameter(name, required: required) }
      guard let kind = ParameterKind(rawValue: type) else {
        let known = ParameterKind.allCases.map { "'\($0)'" }.joined(separator: ", ")
        throw TableError(
          .invalidParameter, at: fields.path("type").description,
          "unknown parameter type '\(type)' (known types: \(known))")
      }
      return Parameter(name, kind, required: required)
    default:
      throw JSONShapeError(
        .wrongType, at: path,
        "expected a parameter name or an object with 'name' and 'type', found \(value.typeDescription)"
      )
    }
  }

  private static func command(_ value: JSONValue, at path: JSONPath) throws -> Command {
    let fields = try JSONFields(value, at: path, keys: commandKeys)
    let origins = try fields.stringArray("from") ?? []
    let destination = try fields.requiredString("to")
    let id = try fields.string("id")
    var cost = 1
    if let number = fields["cost"] {
      guard case .number(let literal) = number else {
        throw JSONShapeError(
          .wrongType, at: fields.path("cost"),
          "expected a positive integer, found \(number.typeDescription)")
      }
      guard let whole = literal.integer else {
        throw TableError(
          .invalidCost, at: fields.path("cost").description,
          "cost \(literal) is not a positive integer")
      }
      cost = whole
    }
    let condition = try fields.string("guard").map { RouteGuard.unevaluated($0) }
    let tabs = try fields.stringArray("tabs") ?? []
    var presents = false
    if let flag = fields["present"] {
      guard case .bool(let value) = flag else {
        throw TableError(
          .wrongType, at: fields.path("present").description,
          "expected a boolean, found \(flag.typeDescription)")
      }
      presents = value
    }
    return Command(
      id: id, from: origins.map { ScreenName($0) }, to: ScreenName(destination), cost: cost,
      when: condition, tabs: tabs, presents: presents, declaredAt: nil)
  }

  /// Refuses the first screen a command names, as compiling would for a screen that the
  /// declared screens do not include.
  private static func refuseAnyScreen(in commands: [Command]) throws(TableError) {
    guard let command = commands.first else { return }
    let place = "commands[0]"
    let (name, location) =
      command.origins.first.map { ($0, "\(place).from[0]") }
      ?? (command.destination, "\(place).to")
    if let problem = name.problem { throw TableError(.invalidName, at: location, problem) }
    throw TableError(.undeclaredScreen, at: location, "screen '\(name)' is not declared")
  }
}
