import RoutingJSON

/// The screens and commands of a route-table file, read but not yet compiled.
///
/// The file is read with a ``JSONReader`` straight into screens and compact commands,
/// never into a JSON tree, so that reading it takes little more memory than the file
/// and what it declares. Every problem is reported as a tree walk would report it: the
/// first JSON error in the file wins over everything, then an unknown top-level key,
/// then the screens in order, then the commands in order, each object's keys checked
/// before its fields in the format's order.
package struct RouteTableFile {
  static let tableKeys = ["screens", "commands", "links", "tabs", "guards"]
  static let guardKeys = ["remedy"]
  static let tabKeys = ["name", "root", "path"]
  static let linksKeys = ["hosts"]
  static let screenKeys = ["name", "parameters", "path", "restorationIdentifier"]
  static let parameterKeys = ["name", "type", "required"]
  static let commandKeys = ["id", "from", "to", "cost", "guard", "tabs", "present"]

  /// The declared screens, in file order.
  package let screens: [Screen]
  /// The commands, in file order.
  let commands: FileCommandList
  /// The web hosts of `"links": {"hosts": [...]}`, in file order.
  package var linkHosts: [String] = []
  /// The tabs of `"tabs": [{"name": …, "root": …, "path": …}]`, in file order.
  package var tabs: [Tab] = []
  /// The commands limited to some tabs, in command order, with the tabs' names.
  var limits: [(command: Int, tabs: [String])] = []
  /// The remedies of `"guards": {"signedIn": {"remedy": "Login"}}`, by guard name, in
  /// file order.
  package var remedies: [(guard: String, remedy: ScreenName)] = []

  /// Reads the bytes of a route-table file.
  ///
  /// - Parameter bytes: The file's contents.
  /// - Throws: ``TableError``: malformed JSON or a repeated key with the line and
  ///   column, an unknown or missing key, a value of the wrong type, a cost that is not
  ///   an integer, an unknown parameter type, or a command that names a screen when
  ///   `"screens": []` declares none.
  /// - Complexity: O(*n*), where *n* is the length of the file.
  package init(json bytes: [UInt8]) throws(TableError) {
    let outcome: Result<RouteTableFile, TableError>
    do {
      outcome = try JSONReader.read(bytes[...]) { reader throws(JSONParseError) in
        var file = RouteTableFileReader()
        return try file.read(&reader)
      }
    } catch {
      throw TableError(parsing: error)
    }
    self = try outcome.get()
  }

  fileprivate init(screens: [Screen], commands: FileCommandList) {
    self.screens = screens
    self.commands = commands
  }
}

/// Reads a route-table file from a ``JSONReader``. JSON errors are thrown as soon as
/// they are met, since the first one in the file wins; the format's own problems are
/// returned, the first in the order a tree walk checks, once the file has been read to
/// its end.
private struct RouteTableFileReader {
  var screens: [Screen] = []
  var commands = FileCommandBuilder()
  var linkHosts: [String] = []
  var tabs: [Tab] = []
  var limits: [(command: Int, tabs: [String])] = []
  var remedies: [(guard: String, remedy: ScreenName)] = []

  private static func wrongType(
    _ expected: String, found: JSONValueKind, at components: JSONPath.Component...
  ) -> TableError {
    TableError(
      .wrongType, at: JSONPath(components: components).description,
      "expected \(expected), found \(found.description)")
  }

  private static func unknownKey(
    _ key: String, known: [String], at components: [JSONPath.Component]
  ) -> TableError {
    TableError(
      .unknownKey, at: JSONPath(components: components + [.key(key)]).description,
      unknownKeyMessage(key, known: known))
  }

  private static func missingKey(_ key: String, at components: JSONPath.Component...)
    -> TableError
  {
    TableError(
      .missingKey, at: JSONPath(components: components + [.key(key)]).description,
      "the required key '\(key)' is missing")
  }

  mutating func read(_ reader: inout JSONReader) throws(JSONParseError) -> Result<
    RouteTableFile, TableError
  > {
    let kind = try reader.peek()
    guard kind == .object else {
      try reader.skipValue()
      try reader.finish()
      return .failure(Self.wrongType("an object", found: kind))
    }
    try reader.enterObject()
    var unknown: TableError? = nil
    var screensProblem: TableError? = nil
    var commandsProblem: TableError? = nil
    var declaresNoScreen = false
    var commandsSeen = false
    var linksProblem: TableError? = nil
    var tabsProblem: TableError? = nil
    var guardsProblem: TableError? = nil
    while let key = try reader.nextKey() {
      if reader.text(key, is: "screens") {
        if unknown == nil {
          screensProblem = try readScreens(&reader)
          declaresNoScreen = screensProblem == nil && screens.isEmpty
        } else {
          try reader.skipValue()
        }
      } else if reader.text(key, is: "commands") {
        commandsSeen = true
        if unknown == nil && screensProblem == nil {
          commandsProblem = try readCommands(&reader)
        } else {
          try reader.skipValue()
        }
      } else if reader.text(key, is: "links") {
        linksProblem = try readLinks(&reader)
      } else if reader.text(key, is: "tabs") {
        tabsProblem = try readTabs(&reader)
      } else if reader.text(key, is: "guards") {
        guardsProblem = try readGuards(&reader)
      } else {
        if unknown == nil {
          unknown = Self.unknownKey(reader.string(key), known: RouteTableFile.tableKeys, at: [])
        }
        try reader.skipValue()
      }
    }
    try reader.finish()
    if let problem = unknown ?? screensProblem { return .failure(problem) }
    guard commandsSeen else { return .failure(Self.missingKey("commands")) }
    if let problem = commandsProblem { return .failure(problem) }
    commands.finish(of: reader)
    let list = FileCommandList(commands)
    // Compiling takes the screens from the commands when none is registered; a file
    // that says `"screens": []` declares that there are none.
    if declaresNoScreen, list.count > 0 {
      let command = FileCommand(list: list, number: 0)
      let (name, location) =
        command.origins.first.map { ($0, "commands[0].from[0]") }
        ?? (command.destination, "commands[0].to")
      if let problem = name.problem {
        return .failure(TableError(.invalidName, at: location, problem))
      }
      return .failure(
        TableError(.undeclaredScreen, at: location, "screen '\(excerpt(name))' is not declared"))
    }
    if let problem = linksProblem ?? tabsProblem ?? guardsProblem { return .failure(problem) }
    var file = RouteTableFile(screens: screens, commands: list)
    file.linkHosts = linkHosts
    file.tabs = tabs
    file.limits = limits
    file.remedies = remedies
    return .success(file)
  }

  // MARK: Links

  /// `"links": {"hosts": ["example.com"]}`.
  private mutating func readLinks(_ reader: inout JSONReader) throws(JSONParseError)
    -> TableError?
  {
    let kind = try reader.peek()
    guard kind == .object else {
      try reader.skipValue()
      return Self.wrongType("an object", found: kind, at: .key("links"))
    }
    try reader.enterObject()
    var unknown: TableError? = nil
    var problem: TableError? = nil
    while let key = try reader.nextKey() {
      guard reader.text(key, is: "hosts") else {
        unknown =
          unknown
          ?? Self.unknownKey(
            reader.string(key), known: RouteTableFile.linksKeys, at: [.key("links")])
        try reader.skipValue()
        continue
      }
      let kind = try reader.peek()
      guard kind == .array else {
        try reader.skipValue()
        problem = Self.wrongType("an array", found: kind, at: .key("links"), .key("hosts"))
        continue
      }
      linkHosts = []
      try reader.enterArray()
      var index = 0
      while try reader.nextElement() {
        let (host, hostProblem) = try Self.readString(
          &reader, at: [.key("links"), .key("hosts"), .index(index)])
        if let host { linkHosts.append(host) }
        problem = problem ?? hostProblem
        index += 1
      }
    }
    problem = unknown ?? problem
    return problem
  }

  /// Reads the array under the top-level key `key` element by element, with
  /// `readElement`, until an element has a problem, and skips the rest: the first
  /// problem is the one reported.
  private mutating func readElements(
    _ reader: inout JSONReader, of key: String,
    _ readElement: (inout Self, inout JSONReader, Int) throws(JSONParseError) -> TableError?
  ) throws(JSONParseError) -> TableError? {
    let kind = try reader.peek()
    guard kind == .array else {
      try reader.skipValue()
      return Self.wrongType("an array", found: kind, at: .key(key))
    }
    try reader.enterArray()
    var problem: TableError? = nil
    var index = 0
    while try reader.nextElement() {
      if problem == nil {
        problem = try readElement(&self, &reader, index)
      } else {
        try reader.skipValue()
      }
      index += 1
    }
    return problem
  }

  // MARK: Guards

  /// `"guards": {"signedIn": {"remedy": "Login"}}`.
  private mutating func readGuards(_ reader: inout JSONReader) throws(JSONParseError)
    -> TableError?
  {
    let kind = try reader.peek()
    guard kind == .object else {
      try reader.skipValue()
      return Self.wrongType("an object", found: kind, at: .key("guards"))
    }
    try reader.enterObject()
    var problem: TableError? = nil
    while let key = try reader.nextKey() {
      let name = reader.string(key)
      if problem == nil {
        problem = try readGuard(&reader, named: name)
      } else {
        try reader.skipValue()
      }
    }
    return problem
  }

  /// One guard's `{"remedy": "Login"}`.
  private mutating func readGuard(_ reader: inout JSONReader, named name: String)
    throws(JSONParseError) -> TableError?
  {
    let here: [JSONPath.Component] = [.key("guards"), .key(name)]
    let kind = try reader.peek()
    guard kind == .object else {
      try reader.skipValue()
      return Self.wrongType("an object", found: kind, at: here[0], here[1])
    }
    try reader.enterObject()
    var unknown: TableError? = nil
    var remedy: String? = nil
    var remedyProblem: TableError? = nil
    while let key = try reader.nextKey() {
      guard reader.text(key, is: "remedy") else {
        unknown =
          unknown
          ?? Self.unknownKey(reader.string(key), known: RouteTableFile.guardKeys, at: here)
        try reader.skipValue()
        continue
      }
      (remedy, remedyProblem) = try Self.readString(&reader, at: here + [.key("remedy")])
    }
    if let problem = unknown ?? remedyProblem { return problem }
    guard let remedy else { return Self.missingKey("remedy", at: here[0], here[1]) }
    remedies.append((name, ScreenName(remedy)))
    return nil
  }

  // MARK: Tabs

  /// `"tabs": [{"name": "Mail", "root": "Mailboxes", "path": "mail"}]`.
  private mutating func readTabs(_ reader: inout JSONReader) throws(JSONParseError)
    -> TableError?
  {
    try readElements(&reader, of: "tabs") { (file, reader, index) throws(JSONParseError) in
      try file.readTab(&reader, index)
    }
  }

  private mutating func readTab(_ reader: inout JSONReader, _ index: Int)
    throws(JSONParseError) -> TableError?
  {
    let here: [JSONPath.Component] = [.key("tabs"), .index(index)]
    let kind = try reader.peek()
    guard kind == .object else {
      try reader.skipValue()
      return Self.wrongType("an object", found: kind, at: .key("tabs"), .index(index))
    }
    try reader.enterObject()
    var unknown: TableError? = nil
    var fields: [String: String] = [:]
    var fieldProblem: TableError? = nil
    while let key = try reader.nextKey() {
      let name = reader.string(key)
      guard RouteTableFile.tabKeys.contains(name) else {
        unknown = unknown ?? Self.unknownKey(name, known: RouteTableFile.tabKeys, at: here)
        try reader.skipValue()
        continue
      }
      let (value, problem) = try Self.readString(&reader, at: here + [.key(name)])
      fields[name] = value
      fieldProblem = fieldProblem ?? problem
    }
    if let problem = unknown ?? fieldProblem { return problem }
    guard let name = fields["name"] else { return Self.missingKey("name", at: here[0], here[1]) }
    guard let root = fields["root"] else { return Self.missingKey("root", at: here[0], here[1]) }
    tabs.append(Tab(name, root: ScreenName(root), path: fields["path"]))
    return nil
  }

  /// A command's `"tabs": ["Mail"]`.
  private mutating func readLimit(_ reader: inout JSONReader, _ number: Int)
    throws(JSONParseError) -> TableError?
  {
    let here: [JSONPath.Component] = [.key("commands"), .index(number), .key("tabs")]
    let kind = try reader.peek()
    guard kind == .array else {
      try reader.skipValue()
      return Self.wrongType("an array", found: kind, at: here[0], here[1], here[2])
    }
    try reader.enterArray()
    var names: [String] = []
    var problem: TableError? = nil
    while try reader.nextElement() {
      let (name, nameProblem) = try Self.readString(&reader, at: here + [.index(names.count)])
      names.append(name ?? "")
      problem = problem ?? nameProblem
    }
    if problem == nil { limits.append((number, names)) }
    return problem
  }

  // MARK: Screens

  private mutating func readScreens(_ reader: inout JSONReader) throws(JSONParseError)
    -> TableError?
  {
    try readElements(&reader, of: "screens") { (file, reader, index) throws(JSONParseError) in
      try file.readScreen(&reader, index)
    }
  }

  private mutating func readScreen(_ reader: inout JSONReader, _ index: Int)
    throws(JSONParseError) -> TableError?
  {
    let here: [JSONPath.Component] = [.key("screens"), .index(index)]
    let kind = try reader.peek()
    guard kind == .object else {
      try reader.skipValue()
      return Self.wrongType("an object", found: kind, at: .key("screens"), .index(index))
    }
    try reader.enterObject()
    var unknown: TableError? = nil
    var name: String? = nil
    var nameProblem: TableError? = nil
    var parameters: [Parameter] = []
    var parametersProblem: TableError? = nil
    var path: String? = nil
    var pathProblem: TableError? = nil
    var restoration: String? = nil
    var restorationProblem: TableError? = nil
    while let key = try reader.nextKey() {
      if reader.text(key, is: "name") {
        (name, nameProblem) = try Self.readString(&reader, at: here + [.key("name")])
      } else if reader.text(key, is: "parameters") {
        parametersProblem = try Self.readParameters(&reader, into: &parameters, at: here)
      } else if reader.text(key, is: "path") {
        (path, pathProblem) = try Self.readString(&reader, at: here + [.key("path")])
      } else if reader.text(key, is: "restorationIdentifier") {
        (restoration, restorationProblem) = try Self.readString(
          &reader, at: here + [.key("restorationIdentifier")])
      } else {
        if unknown == nil {
          unknown = Self.unknownKey(
            reader.string(key), known: RouteTableFile.screenKeys, at: here)
        }
        try reader.skipValue()
      }
    }
    if let problem = unknown { return problem }
    guard let name else {
      return nameProblem ?? Self.missingKey("name", at: .key("screens"), .index(index))
    }
    if let problem = parametersProblem ?? pathProblem ?? restorationProblem { return problem }
    screens.append(
      Screen(
        ScreenName(name), parameters: parameters, path: path,
        restorationIdentifier: restoration, declaredAt: nil))
    return nil
  }

  /// A string, or the problem of a value that is not one (the value is skipped).
  private static func readString(
    _ reader: inout JSONReader, at place: [JSONPath.Component]
  ) throws(JSONParseError) -> (String?, TableError?) {
    let kind = try reader.peek()
    guard kind == .string else {
      try reader.skipValue()
      return (
        nil,
        TableError(
          .wrongType, at: JSONPath(components: place).description,
          "expected a string, found \(kind.description)")
      )
    }
    return (try reader.readStringValue(), nil)
  }

  private static func readParameters(
    _ reader: inout JSONReader, into parameters: inout [Parameter],
    at screen: [JSONPath.Component]
  ) throws(JSONParseError) -> TableError? {
    let here = screen + [.key("parameters")]
    let kind = try reader.peek()
    guard kind == .array else {
      try reader.skipValue()
      return TableError(
        .wrongType, at: JSONPath(components: here).description,
        "expected an array, found \(kind.description)")
    }
    try reader.enterArray()
    var problem: TableError? = nil
    var index = 0
    while try reader.nextElement() {
      defer { index += 1 }
      guard problem == nil else {
        try reader.skipValue()
        continue
      }
      let element = here + [.index(index)]
      switch try reader.peek() {
      case .string:
        parameters.append(Parameter(try reader.readStringValue()))
      case .object:
        let read = try readParameter(&reader, at: element)
        switch read {
        case .success(let parameter): parameters.append(parameter)
        case .failure(let error): problem = error
        }
      case let other:
        try reader.skipValue()
        problem = TableError(
          .wrongType, at: JSONPath(components: element).description,
          "expected a parameter name or an object with 'name' and 'type', found \(other.description)"
        )
      }
    }
    return problem
  }

  /// A boolean, or the problem of a value that is not one (the value is skipped).
  private static func readBool(
    _ reader: inout JSONReader, at place: [JSONPath.Component]
  ) throws(JSONParseError) -> (Bool?, TableError?) {
    let kind = try reader.peek()
    guard kind == .bool else {
      try reader.skipValue()
      return (
        nil,
        TableError(
          .wrongType, at: JSONPath(components: place).description,
          "expected a boolean, found \(kind.description)")
      )
    }
    return (reader.readBool(), nil)
  }

  /// `{"name": "userId", "type": "integer", "required": true}`.
  private static func readParameter(
    _ reader: inout JSONReader, at here: [JSONPath.Component]
  ) throws(JSONParseError) -> Result<Parameter, TableError> {
    try reader.enterObject()
    var unknown: TableError? = nil
    var name: String? = nil
    var nameProblem: TableError? = nil
    var type: String? = nil
    var typeProblem: TableError? = nil
    var required: Bool? = nil
    var requiredProblem: TableError? = nil
    while let key = try reader.nextKey() {
      if reader.text(key, is: "name") {
        (name, nameProblem) = try readString(&reader, at: here + [.key("name")])
      } else if reader.text(key, is: "type") {
        (type, typeProblem) = try readString(&reader, at: here + [.key("type")])
      } else if reader.text(key, is: "required") {
        (required, requiredProblem) = try readBool(&reader, at: here + [.key("required")])
      } else {
        if unknown == nil {
          unknown = unknownKey(reader.string(key), known: RouteTableFile.parameterKeys, at: here)
        }
        try reader.skipValue()
      }
    }
    if let problem = unknown { return .failure(problem) }
    guard let name else {
      return .failure(
        nameProblem
          ?? TableError(
            .missingKey, at: JSONPath(components: here + [.key("name")]).description,
            "the required key 'name' is missing"))
    }
    if let problem = typeProblem { return .failure(problem) }
    if let problem = requiredProblem { return .failure(problem) }
    guard let type else { return .success(Parameter(name, required: required ?? false)) }
    guard let kind = ParameterKind(rawValue: type) else {
      let known = ParameterKind.allCases.map { "'\($0)'" }.joined(separator: ", ")
      return .failure(
        TableError(
          .invalidParameter, at: JSONPath(components: here + [.key("type")]).description,
          "unknown parameter type '\(excerpt(type))' (known types: \(known))"))
    }
    return .success(Parameter(name, kind, required: required ?? false))
  }

  // MARK: Commands

  private mutating func readCommands(_ reader: inout JSONReader) throws(JSONParseError)
    -> TableError?
  {
    try readElements(&reader, of: "commands") { (file, reader, index) throws(JSONParseError) in
      try file.readCommand(&reader, index)
    }
  }

  /// Reads one command into `commands`, or returns its first problem.
  private mutating func readCommand(_ reader: inout JSONReader, _ number: Int)
    throws(JSONParseError) -> TableError?
  {
    let kind = try reader.peek()
    guard kind == .object else {
      try reader.skipValue()
      return Self.wrongType("an object", found: kind, at: .key("commands"), .index(number))
    }
    try reader.enterObject()
    var unknown: TableError? = nil
    var originsProblem: TableError? = nil
    var destination: Int32? = nil
    var destinationProblem: TableError? = nil
    var id: String? = nil
    var idProblem: TableError? = nil
    var cost = 1
    var costProblem: TableError? = nil
    var guardName: String? = nil
    var guardProblem: TableError? = nil
    var limitProblem: TableError? = nil
    var presents: Bool? = nil
    var presentProblem: TableError? = nil
    while let key = try reader.nextKey() {
      if reader.text(key, is: "to") {
        let kind = try reader.peek()
        if kind == .string {
          destination = commands.destination(try reader.readString(), of: reader)
        } else {
          try reader.skipValue()
          destinationProblem = Self.wrongType(
            "a string", found: kind, at: .key("commands"), .index(number), .key("to"))
        }
      } else if reader.text(key, is: "from") {
        originsProblem = try readOrigins(&reader, number)
      } else if reader.text(key, is: "id") {
        (id, idProblem) = try Self.readString(
          &reader, at: [.key("commands"), .index(number), .key("id")])
      } else if reader.text(key, is: "cost") {
        (cost, costProblem) = try Self.readCost(&reader, number)
      } else if reader.text(key, is: "guard") {
        (guardName, guardProblem) = try Self.readString(
          &reader, at: [.key("commands"), .index(number), .key("guard")])
      } else if reader.text(key, is: "tabs") {
        limitProblem = try readLimit(&reader, number)
      } else if reader.text(key, is: "present") {
        (presents, presentProblem) = try Self.readBool(
          &reader, at: [.key("commands"), .index(number), .key("present")])
      } else {
        if unknown == nil {
          unknown = Self.unknownKey(
            reader.string(key), known: RouteTableFile.commandKeys,
            at: [.key("commands"), .index(number)])
        }
        try reader.skipValue()
      }
    }
    let problem =
      unknown ?? originsProblem
      ?? (destination == nil && destinationProblem == nil
        ? Self.missingKey("to", at: .key("commands"), .index(number)) : nil)
      ?? destinationProblem ?? idProblem ?? costProblem ?? guardProblem ?? limitProblem
      ?? presentProblem
    if let problem {
      commands.dropPendingOrigins()
      return problem
    }
    if let guardName { commands.guards.append((commands.count, guardName)) }
    if presents == true { commands.presenting.append(Int32(commands.count)) }
    commands.append(destination: destination!, id: id, cost: cost, of: reader)
    return nil
  }

  /// Appends a command's origins to `commands`, or returns the first problem.
  private mutating func readOrigins(_ reader: inout JSONReader, _ number: Int)
    throws(JSONParseError) -> TableError?
  {
    let kind = try reader.peek()
    guard kind == .array else {
      try reader.skipValue()
      return Self.wrongType(
        "an array", found: kind, at: .key("commands"), .index(number), .key("from"))
    }
    try reader.enterArray()
    var problem: TableError? = nil
    var slot = 0
    while try reader.nextElement() {
      defer { slot += 1 }
      let kind = try reader.peek()
      if kind == .string && problem == nil {
        commands.appendOrigin(try reader.readString(), of: reader)
      } else {
        try reader.skipValue()
        if problem == nil {
          problem = Self.wrongType(
            "a string", found: kind, at: .key("commands"), .index(number), .key("from"),
            .index(slot))
        }
      }
    }
    return problem
  }

  /// A command's cost: a whole number, else a problem.
  private static func readCost(_ reader: inout JSONReader, _ number: Int)
    throws(JSONParseError) -> (Int, TableError?)
  {
    let kind = try reader.peek()
    guard kind == .number else {
      try reader.skipValue()
      return (
        1,
        wrongType(
          "a positive integer", found: kind, at: .key("commands"), .index(number), .key("cost"))
      )
    }
    let literal = try reader.readNumberText()
    guard let whole = JSONNumber(checkedText: literal).integer else {
      return (
        1,
        TableError(
          .invalidCost, at: "commands[\(number)].cost",
          "cost \(excerpt(literal)) is not a positive integer")
      )
    }
    return (whole, nil)
  }
}
