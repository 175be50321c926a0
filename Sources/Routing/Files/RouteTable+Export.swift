import RoutingJSON

extension RouteTable {
  /// The table as the text of a route-table file, which `RouteTable(json:)` and the
  /// `routing` tool read back.
  ///
  /// Write it from a test or a small executable, then hand the file to `routing check`,
  /// `routing graph` or `routing diff`:
  ///
  /// ```swift
  /// let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
  ///   Screen("Home")
  ///   Screen("Account", parameters: [.integer("userId", required: true)])
  ///   Command(id: "openAccount", from: ["Home"], to: "Account", when: signedIn)
  /// }
  /// let text = table.exportedJSON()
  /// ```
  ///
  /// Every screen is written with its parameters, path pattern and restoration
  /// identifier, every command with its id, origins (as declared), destination, cost
  /// and `"present": true` when it presents its destination, the table's link hosts, and its tabs (with the tabs a command is limited
  /// to), one screen, command or tab a line, in table order, so that the file diffs
  /// well. What is code stays out: factories, the default factory and declaration
  /// sites. A guarded command is written with its guard's name (`"guard":
  /// "signedIn"`, ``RouteGuard/name``); read back, such a command refuses every
  /// request (see `Docs/RouteTables.md`, "Guards in files"). Guards with a remedy are
  /// written under `"guards"` (`{"signedIn": {"remedy": "Login"}}`), each name once,
  /// with the remedy of the first command that carries it.
  ///
  /// Loading the text and exporting the table again gives the same text.
  ///
  /// - Returns: The file's text, ending with a line break.
  /// - Complexity: O(*V* + *E* log *E* + *O* + *n*), where *V* is the number of screens,
  ///   *E* the number of commands, *O* the number of origins and *n* the length of the
  ///   text.
  public func exportedJSON() -> String {
    var text = "{\n  \"screens\": ["
    for (number, screen) in screens.enumerated() {
      text += number == 0 ? "\n    " : ",\n    "
      var members: JSONObject = ["name": .string(screen.name.rawValue)]
      if !screen.parameters.isEmpty {
        members.append("parameters", .array(screen.parameters.map(Self.json)))
      }
      if let path = screen.path { members.append("path", .string(path)) }
      if let identifier = screen.restorationIdentifier {
        members.append("restorationIdentifier", .string(identifier))
      }
      Self.write(members, into: &text)
    }
    text += screens.isEmpty ? "],\n  \"commands\": [" : "\n  ],\n  \"commands\": ["
    for number in commands.indices {
      let command = commands[number]
      text += number == 0 ? "\n    " : ",\n    "
      var members: JSONObject = [:]
      if let id = command.id { members.append("id", .string(id)) }
      if !command.origins.isEmpty {
        members.append("from", .array(command.origins.map { .string($0.rawValue) }))
      }
      members.append("to", .string(command.destination.rawValue))
      if command.cost != 1 { members.append("cost", .number(JSONNumber(command.cost))) }
      if let condition = command.condition { members.append("guard", .string(condition.fileName)) }
      let inTabs = tabs(ofCommand: number)
      if inTabs.count < tabs.count { members.append("tabs", .array(inTabs.map { .string($0) })) }
      if commands.presents(number) { members.append("present", .bool(true)) }
      Self.write(members, into: &text)
    }
    text += commands.isEmpty ? "]" : "\n  ]"
    if !linkHosts.isEmpty {
      text += ",\n  \"links\": "
      Self.write(["hosts": .array(linkHosts.map { .string($0) })], into: &text)
    }
    if !tabs.isEmpty {
      text += ",\n  \"tabs\": ["
      for (number, tab) in tabs.enumerated() {
        text += number == 0 ? "\n    " : ",\n    "
        var members: JSONObject = ["name": .string(tab.name), "root": .string(tab.root.rawValue)]
        if let path = tab.path { members.append("path", .string(path)) }
        Self.write(members, into: &text)
      }
      text += "\n  ]"
    }
    let remedies = remediesByGuard()
    if !remedies.isEmpty {
      text += ",\n  \"guards\": {"
      for (number, remedy) in remedies.enumerated() {
        text += number == 0 ? "\n    " : ",\n    "
        JSONValue.string(remedy.guard).serialize(into: &text)
        text += ": "
        Self.write(["remedy": .string(remedy.remedy.rawValue)], into: &text)
      }
      text += "\n  }"
    }
    return text + "\n}\n"
  }

  /// Each guard name with a remedy, once, in the order commands first carry it: the
  /// remedy of its first command.
  private func remediesByGuard() -> [(guard: String, remedy: ScreenName)] {
    var seen: Set<String> = []
    var remedies: [(guard: String, remedy: ScreenName)] = []
    for condition in graph.guards {
      guard let remedy = condition.remedy, seen.insert(condition.fileName).inserted else {
        continue
      }
      remedies.append((condition.fileName, remedy))
    }
    return remedies
  }

  /// `"userId"` for a text parameter that is not required, else an object.
  private static func json(_ parameter: Parameter) -> JSONValue {
    if parameter.kind == .string && !parameter.required { return .string(parameter.name) }
    var members: JSONObject = ["name": .string(parameter.name)]
    if parameter.kind != .string { members.append("type", .string(parameter.kind.rawValue)) }
    if parameter.required { members.append("required", .bool(true)) }
    return .object(members)
  }

  /// An object on one line, a space after each `:` and `,`: `{"to": "Menu"}`.
  private static func write(_ object: JSONObject, into text: inout String) {
    text += "{"
    for (position, member) in object.members.enumerated() {
      if position > 0 { text += ", " }
      JSONValue.string(member.key).serialize(into: &text)
      text += ": "
      if case .array(let elements) = member.value {
        text += "["
        for (index, element) in elements.enumerated() {
          if index > 0 { text += ", " }
          if case .object(let inner) = element {
            write(inner, into: &text)
          } else {
            element.serialize(into: &text)
          }
        }
        text += "]"
      } else if case .object(let inner) = member.value {
        write(inner, into: &text)
      } else {
        member.value.serialize(into: &text)
      }
    }
    text += "}"
  }
}
