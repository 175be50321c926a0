import RoutingJSON

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
  /// A command's `"guard"` names a guard, which is code (see `Docs/RouteTables.md`,
  /// "Guards in files"). Give the guards by name to run them; without `guards`, a
  /// guarded command refuses every request, so that nothing routes through it as if it
  /// were unguarded. A guard given but named by no command is fine: one set of an app's
  /// guards can serve all its tables.
  ///
  /// - Parameters:
  ///   - text: The file's text.
  ///   - guards: The guards the file's commands name, by name; `nil` (the default) to
  ///     load every guarded command with a guard that says no.
  /// - Throws: ``TableError`` saying what is wrong and where: JSON that does not parse
  ///   (``TableError/Kind/malformedJSON``, its message giving the line and column), a
  ///   repeated key, an unknown or missing key, a value of the wrong type, a guard name
  ///   that `guards` lacks (``TableError/Kind/unknownGuard``, at `commands[N].guard`), or
  ///   any problem that ``RouteRegistry/compile()`` finds.
  /// - Complexity: O(*n* + *V* + *E* + *O*), where *n* is the length of the text, *V*
  ///   the number of screens, *E* the number of commands and *O* the number of origins.
  public init(json text: some StringProtocol, guards: [String: RouteGuard]? = nil)
    throws(TableError)
  {
    try self.init(json: Array(text.utf8), guards: guards)
  }

  /// Loads a route table from the bytes of a route-table file, which must be UTF-8.
  ///
  /// The file is read in one pass straight into the table's screens and commands,
  /// without a JSON tree in between, so that loading takes little more memory than the
  /// bytes and the compiled table.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - guards: The guards the file's commands name, as `init(json:guards:)` with text
  ///     takes them.
  /// - Throws: ``TableError``, as `init(json:guards:)` with text does; bytes that are
  ///   not UTF-8 are ``TableError/Kind/malformedJSON``.
  /// - Complexity: O(*n* + *V* + *E* + *O*), as `init(json:guards:)` with text.
  public init(json bytes: [UInt8], guards: [String: RouteGuard]? = nil) throws(TableError) {
    try self.init(file: RouteTableFile(json: bytes), guards: guards)
  }

  /// Compiles the screens and commands read from a route-table file.
  ///
  /// - Throws: ``TableError``, as ``RouteRegistry/compile()`` does, at the places in
  ///   the file, or ``TableError/Kind/unknownGuard``.
  /// - Complexity: O(*V* + *E* + *O*), as ``RouteRegistry/compile()``.
  package init(file: RouteTableFile, guards: [String: RouteGuard]? = nil) throws(TableError) {
    // Compiled directly rather than through a registry: the locations are already the
    // places in the file, and the file's errors name no Swift declaration.
    // Each distinct name is looked up once, not at every use.
    var names = try ScreenNames(file.screens)
    var columns = CommandColumns(capacity: file.commands.count)
    let remedies = try file.remediesByGuard()
    try file.commands.read(into: &columns, naming: &names, guards: guards, remedies: remedies)
    try self.init(
      names: names, commands: consume columns, defaultFactory: HeadlessScreen.factory,
      linkHosts: file.linkHosts, tabs: file.tabs, limits: file.limits,
      remedyPlace: { "guards.\($0).remedy" })
  }

  /// Loads a route table from a route-table file.
  ///
  /// ```swift
  /// let table = try RouteTable(contentsOfFile: "Docs/Examples/SampleApp.json")
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - guards: The guards the file's commands name, as `init(json:guards:)` with text
  ///     takes them.
  /// - Throws: ``TableError``: ``TableError/Kind/unreadable`` when the file cannot be
  ///   read, otherwise as `init(json:guards:)` with text does.
  /// - Complexity: O(*n* + *V* + *E* + *O*), as `init(json:guards:)` with text.
  public init(contentsOfFile path: String, guards: [String: RouteGuard]? = nil)
    throws(TableError)
  {
    // The bytes are let go before compiling, so that they and the compiled table are
    // never in memory together.
    let file: RouteTableFile
    do {
      file = try RouteTableFile(json: FileBytes.read(atPath: path))
    } catch let error as FileReadError {
      throw TableError(.unreadable, at: "", error.description)
    } catch let error as TableError {
      throw error
    } catch {
      throw TableError(.malformedJSON, at: "", "\(error)")
    }
    try self.init(file: file, guards: guards)
  }
}

extension RouteTableFile {
  /// The file's remedies by guard name.
  ///
  /// - Throws: ``TableError/Kind/unknownGuard`` for a guard under `"guards"` that no
  ///   command names.
  /// - Complexity: O(*g* + *r*), for *g* guarded commands and *r* remedies.
  func remediesByGuard() throws(TableError) -> [String: ScreenName] {
    guard !remedies.isEmpty else { return [:] }
    let named = Set(commands.guards.map(\.name))
    var byGuard: [String: ScreenName] = [:]
    for (name, remedy) in remedies {
      guard named.contains(name) else {
        let near = suggestion(for: name, among: named.sorted())
        throw TableError(
          .unknownGuard, at: "guards.\(name)",
          "no command names the guard '\(excerpt(name))'"
            + (near.map { "; did you mean '\(excerpt($0))'?" } ?? ""), suggestion: near)
      }
      byGuard[name] = remedy
    }
    return byGuard
  }
}

extension RouteGuard {
  /// The guard of command `number` of a route-table file, which names it `name`: the
  /// one `guards` gives, or, when no guards are given, one that refuses every request;
  /// with `remedy` when the file gives one.
  ///
  /// - Throws: ``TableError/Kind/unknownGuard`` when `guards` lacks the name.
  /// - Complexity: O(*g* × *n*) when the name is missing (for the suggestion), where *g*
  ///   is the number of guards given and *n* the length of a name; O(*n*) otherwise.
  static func named(
    _ name: String, in guards: [String: RouteGuard]?, remedy: ScreenName?, command number: Int
  ) throws(TableError) -> RouteGuard {
    guard let guards else { return .unevaluated(name, remedy: remedy) }
    guard let given = guards[name] else {
      let near = suggestion(for: name, among: guards.keys.sorted())
      throw TableError(
        .unknownGuard, at: "commands[\(number)].guard",
        "the guard '\(excerpt(name))' is not among the guards given"
          + (near.map { "; did you mean '\(excerpt($0))'?" } ?? ""), suggestion: near)
    }
    // Named as the file names it, so that exporting the table writes the same name.
    return given.name == name && remedy == nil ? given : given.renamed(name, remedy: remedy)
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
