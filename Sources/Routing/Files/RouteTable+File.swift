extension RouteTable {
  /// Loads a route table from the text of a route-table file.
  ///
  /// The format is JSON: an object with an optional `screens` list and a `commands`
  /// list, each entry an object (see `Docs/RouteTables.md`). The table takes the screens
  /// and commands in file order, so every error's location is the JSON path of the
  /// offending value in the text, such as `commands[3].from[1]`. Every screen is made by
  /// ``HeadlessScreen/factory``.
  ///
  /// ```swift
  /// let table = try RouteTable(
  ///   json: """
  ///     {"screens": [{"name": "Menu"}, {"name": "Profile", "parameters": ["userId"]}],
  ///      "commands": [{"to": "Menu"}, {"id": "openProfile", "from": ["Menu"], "to": "Profile"}]}
  ///     """)
  /// ```
  ///
  /// A parameter is declared by its key (`"userId"`, a text parameter) or, as an
  /// extension of the format, by an object that also gives its kind:
  /// `{"name": "userId", "type": "integer"}`, the type one of `string`, `integer`,
  /// `boolean` and `decimal`.
  ///
  /// - Parameter text: The file's text.
  /// - Throws: ``TableError`` saying what is wrong and where: JSON that does not parse
  ///   (``TableError/Kind/malformedJSON``, its message giving the line and column), a
  ///   repeated key, an unknown or missing key, a value of the wrong type, or any problem
  ///   that ``RouteRegistry/compile()`` finds.
  /// - Complexity: O(*n* + *V* + *E* + *O*), where *n* is the length of the text, *V*
  ///   the number of screens, *E* the number of commands and *O* the number of origins.
  public init(json text: some StringProtocol) throws(TableError) {
    try self.init(json: Array(text.utf8))
  }

  /// Loads a route table from the bytes of a route-table file, which must be UTF-8.
  ///
  /// - Parameter bytes: The file's contents.
  /// - Throws: ``TableError``, as `init(json:)` with text does; bytes that are
  ///   not UTF-8 are ``TableError/Kind/malformedJSON``.
  /// - Complexity: O(*n* + *V* + *E* + *O*), as `init(json:)` with text.
  public init(json bytes: [UInt8]) throws(TableError) {
    try self.init(document: Self.document(json: bytes))
  }

  /// Parses the text of a route-table file, for callers that look at the document
  /// itself as well as the table.
  ///
  /// - Throws: ``TableError`` of kind ``TableError/Kind/malformedJSON`` or
  ///   ``TableError/Kind/duplicateKey``.
  /// - Complexity: O(*n*), where *n* is the length of the text.
  package static func document(json bytes: [UInt8]) throws(TableError) -> JSONValue {
    do {
      return try JSONValue(parsing: bytes)
    } catch {
      throw TableError(parsing: error)
    }
  }

  /// Loads a route table from a parsed route-table file.
  ///
  /// - Throws: ``TableError``, as `init(json:)` with text does.
  /// - Complexity: O(*V* + *E* + *O*), as ``RouteRegistry/compile()``.
  package init(document: JSONValue) throws(TableError) {
    let contents: RouteTableFile
    do {
      contents = try RouteTableFile(document)
    } catch let error as JSONShapeError {
      throw TableError(shape: error)
    } catch let error as TableError {
      throw error
    } catch {
      throw TableError(.malformedJSON, at: "", "\(error)")
    }
    // Compiled directly rather than through a registry: the locations are already the
    // places in the file, and the file's errors name no Swift declaration.
    try self.init(
      screens: contents.screens, commands: contents.commands,
      defaultFactory: HeadlessScreen.factory)
  }

  /// Loads a route table from a route-table file.
  ///
  /// ```swift
  /// let table = try RouteTable(contentsOfFile: "Docs/Examples/SampleApp.json")
  /// ```
  ///
  /// - Parameter path: The file's path.
  /// - Throws: ``TableError``: ``TableError/Kind/unreadable`` when the file cannot be
  ///   read, otherwise as `init(json:)` with text does.
  /// - Complexity: O(*n* + *V* + *E* + *O*), as `init(json:)` with text.
  public init(contentsOfFile path: String) throws(TableError) {
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(atPath: path)
    } catch {
      throw TableError(.unreadable, at: "", error.description)
    }
    try self.init(json: bytes)
  }
}

extension TableError {
  /// The table error for JSON that does not parse: where the parser was, and the line
  /// and column in the message.
  init(parsing error: JSONParseError) {
    let kind: Kind = error.kind == .duplicateKey ? .duplicateKey : .malformedJSON
    self.init(kind, at: error.path.description, error.description)
  }

  /// The table error for a value of the wrong shape.
  init(shape error: JSONShapeError) {
    let kind: Kind =
      switch error.kind {
      case .wrongType: .wrongType
      case .unknownKey: .unknownKey
      case .missingKey: .missingKey
      }
    self.init(kind, at: error.path.description, error.message)
  }
}

/// The screens and commands of a route-table file, read but not yet compiled.
struct RouteTableFile {
  static let tableKeys = ["screens", "commands"]
  static let screenKeys = ["name", "parameters", "path", "restorationIdentifier"]
  static let parameterKeys = ["name", "type"]
  static let commandKeys = ["id", "from", "to", "cost"]

  var screens: [Screen] = []
  var commands: [Command] = []

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

  /// `"userId"`, or `{"name": "userId", "type": "integer"}`.
  private static func parameter(_ value: JSONValue, at path: JSONPath) throws -> Parameter {
    switch value {
    case .string(let name):
      return Parameter(name)
    case .object:
      let fields = try JSONFields(value, at: path, keys: parameterKeys)
      let name = try fields.requiredString("name")
      guard let type = try fields.string("type") else { return Parameter(name) }
      guard let kind = ParameterKind(rawValue: type) else {
        let known = ParameterKind.allCases.map { "'\($0)'" }.joined(separator: ", ")
        throw TableError(
          .invalidParameter, at: fields.path("type").description,
          "unknown parameter type '\(type)' (known types: \(known))")
      }
      return Parameter(name, kind)
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
    return Command(
      id: id, from: origins.map { ScreenName($0) }, to: ScreenName(destination), cost: cost,
      declaredAt: nil)
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
