import Foundation
import Routing
import Testing

/// Loading route tables from JSON: the format of Docs/RouteTables.md, "The file format",
/// and every way a file can be wrong, each named by its JSON path.
@Suite struct RouteTableFileTests {
  static func failure(_ text: String) -> TableError? {
    failure(Array(text.utf8))
  }

  static func failure(_ bytes: [UInt8]) -> TableError? {
    do {
      _ = try RouteTable(json: bytes)
      return nil
    } catch {
      return error
    }
  }

  /// The example that opens "The file format" in Docs/RouteTables.md.
  /// An unknown key names the known ones and, when one is close, suggests it: in a
  /// table file and in the tool's request documents alike.
  @Test func anUnknownKeySuggestsTheNearestKnownOne() {
    let error = Self.failure(#"{"commands": [{"to": "A", "gaurd": "signedIn"}]}"#)
    #expect(error?.location == "commands[0].gaurd")
    #expect(error?.message.hasSuffix("'guard', 'tabs', 'present'); did you mean 'guard'?") == true)
    #expect(
      Self.failure(#"{"commands": [], "zzzzzzzz": 1}"#)?.message.contains("did you mean") == false)
    let request = Tool.run(
      ["route", "SampleApp.json", "--request", "-"],
      input: #"{"stak": ["Menu"], "to": "Profile"}"#)
    #expect(request.exitCode == 2)
    #expect(request.output.contains("unknown key 'stak' ("))
    #expect(request.output.contains("; did you mean 'stack'?"))
  }

  @Test func loadsTheFormatExample() throws {
    let table = try RouteTable(
      json: """
        {
          "screens": [
            {"name": "Menu"},
            {"name": "Profile", "parameters": ["userId"], "path": "profile/:userId"}
          ],
          "commands": [
            {"to": "Menu"},
            {"id": "openProfile", "from": ["Menu", "Chat"], "to": "Profile"}
          ]
        }
        """.replacingOccurrences(of: #", "Chat""#, with: ""))
    #expect(table.screens.map(\.name) == ["Menu", "Profile"])
    #expect(table.screen(named: "Profile")?.parameters == [Parameter("userId")])
    #expect(table.screen(named: "Profile")?.path == "profile/:userId")
    #expect(table.commands.count == 2)
    #expect(table.commands[1].id == "openProfile")
    #expect(table.commands[1].origins == ["Menu"])
    #expect(table.commands[0].origins.isEmpty)
    let route = try table.route(from: [Entry("Menu")], to: "Profile", parameters: ["userId": "2"])
    #expect(route.stack == [Entry("Menu"), Entry("Profile", parameters: ["userId": "2"])])
    #expect(route.steps.map(\.commandID) == ["openProfile"])
  }

  @Test func readsEveryKey() throws {
    let table = try RouteTable(
      json: """
        {"screens": [
          {"name": "A", "restorationIdentifier": "a.restore"},
          {"name": "B", "parameters": ["s", {"name": "n", "type": "integer"},
            {"name": "f", "type": "boolean"}, {"name": "d", "type": "decimal"},
            {"name": "t", "type": "string"}, {"name": "u"}], "path": "b/:n"}],
         "commands": [{"to": "B", "from": [], "id": "toB", "cost": 3}, {"to": "A", "from": ["B"]}]}
        """)
    let b = try #require(table.screen(named: "B"))
    #expect(
      b.parameters == [
        .string("s"), .integer("n"), .boolean("f"), .decimal("d"), .string("t"), .string("u"),
      ])
    #expect(b.path == "b/:n")
    #expect(table.screen(named: "A")?.restorationIdentifier == "a.restore")
    #expect(table.screen(named: "A")?.path == nil)
    #expect(table.commands[0].cost == 3)
    #expect(table.commands[0].id == "toB")
    #expect(table.commands[1].cost == 1)
    #expect(table.commands[1].id == nil)
    // Typed parameters type the request's text values.
    let route = try table.route(from: [Entry("A")], to: "B", parameters: ["n": "7", "f": "true"])
    #expect(route.stack.last?.parameters == ["n": 7, "f": true])
  }

  @Test func takesScreensFromCommandsWhenNoneAreDeclared() throws {
    let table = try RouteTable(json: #"{"commands": [{"to": "B", "from": ["A"]}, {"to": "C"}]}"#)
    #expect(table.screens.map(\.name) == ["A", "B", "C"])
    #expect(table.screens.allSatisfy { $0.parameters.isEmpty && $0.path == nil })
    #expect(try RouteTable(json: #"{"commands": []}"#).screens.isEmpty)
  }

  @MainActor
  @Test func usesHeadlessScreens() throws {
    let table = try RouteTable(json: #"{"commands": [{"to": "B"}]}"#)
    let made = table.factory(forCommand: 0)(ScreenContext(entry: Entry("B")))
    #expect((made as? HeadlessScreen)?.entry == Entry("B"))
    #expect(table.makeScreen(for: Entry("B")) is HeadlessScreen)
  }

  @Test func acceptsStringsAndSubstrings() throws {
    let text = #"xx{"commands": [{"to": "B"}]}xx"#
    let inner = text.dropFirst(2).dropLast(2)
    #expect(try RouteTable(json: inner).commands.count == 1)
  }

  /// Malformed tables: the kind and the JSON path each error names.
  static let malformed: [(String, TableError.Kind, String)] = [
    ("", .malformedJSON, ""),
    ("   \n", .malformedJSON, ""),
    ("not json", .malformedJSON, ""),
    ("[]", .wrongType, ""),
    ("42", .wrongType, ""),
    ("{}", .missingKey, "commands"),
    (#"{"commands": {}}"#, .wrongType, "commands"),
    (#"{"commands": [], "extra": 1}"#, .unknownKey, "extra"),
    (#"{"commands": [], "screens": {}}"#, .wrongType, "screens"),
    (#"{"commands": [1]}"#, .wrongType, "commands[0]"),
    (#"{"commands": [{"to": "A"}, {}]}"#, .missingKey, "commands[1].to"),
    (#"{"commands": [{"to": 3}]}"#, .wrongType, "commands[0].to"),
    (#"{"commands": [{"to": "A", "form": ["B"]}]}"#, .unknownKey, "commands[0].form"),
    (#"{"commands": [{"to": "A", "from": "B"}]}"#, .wrongType, "commands[0].from"),
    (#"{"commands": [{"to": "A", "from": ["B", 2]}]}"#, .wrongType, "commands[0].from[1]"),
    (#"{"commands": [{"to": "A", "from": ["B", ""]}]}"#, .invalidName, "commands[0].from[1]"),
    (#"{"commands": [{"to": "A\u0007"}]}"#, .invalidName, "commands[0].to"),
    (#"{"commands": [{"to": ""}]}"#, .invalidName, "commands[0].to"),
    (#"{"commands": [{"to": "A", "id": 1}]}"#, .wrongType, "commands[0].id"),
    (#"{"commands": [{"to": "A", "id": ""}]}"#, .invalidName, "commands[0].id"),
    (
      #"{"commands": [{"to": "A", "id": "x"}, {"to": "B"}, {"to": "C", "id": "x"}]}"#,
      .duplicateID, "commands[2].id"
    ),
    (#"{"commands": [{"to": "A", "cost": 0}]}"#, .invalidCost, "commands[0].cost"),
    (#"{"commands": [{"to": "A", "cost": -2}]}"#, .invalidCost, "commands[0].cost"),
    (#"{"commands": [{"to": "A", "cost": 1.5}]}"#, .invalidCost, "commands[0].cost"),
    (#"{"commands": [{"to": "A", "cost": 1e2}]}"#, .invalidCost, "commands[0].cost"),
    (
      #"{"commands": [{"to": "A", "cost": 99999999999999999999}]}"#, .invalidCost,
      "commands[0].cost"
    ),
    (#"{"commands": [{"to": "A", "cost": "2"}]}"#, .wrongType, "commands[0].cost"),
    (#"{"commands": [{"to": "A", "cost": null}]}"#, .wrongType, "commands[0].cost"),
    (#"{"commands": [{"to": "A", "present": "yes"}]}"#, .wrongType, "commands[0].present"),
    (#"{"commands": [{"to": "A", "present": 1}]}"#, .wrongType, "commands[0].present"),
    (#"{"commands": [{"to": "A", "presents": true}]}"#, .unknownKey, "commands[0].presents"),
    (
      #"{"screens": [{"name": "A"}, {"name": "A"}], "commands": []}"#, .duplicateScreen,
      "screens[1].name"
    ),
    (#"{"screens": [{"name": ""}], "commands": []}"#, .invalidName, "screens[0].name"),
    (#"{"screens": [{"name": "A\n"}], "commands": []}"#, .invalidName, "screens[0].name"),
    (#"{"screens": [{}], "commands": []}"#, .missingKey, "screens[0].name"),
    (#"{"screens": ["A"], "commands": []}"#, .wrongType, "screens[0]"),
    (
      #"{"screens": [{"name": "A", "params": []}], "commands": []}"#, .unknownKey,
      "screens[0].params"
    ),
    (#"{"screens": [{"name": "A", "path": 1}], "commands": []}"#, .wrongType, "screens[0].path"),
    (
      #"{"screens": [{"name": "A", "restorationIdentifier": false}], "commands": []}"#,
      .wrongType, "screens[0].restorationIdentifier"
    ),
    (
      #"{"screens": [{"name": "A", "parameters": "p"}], "commands": []}"#, .wrongType,
      "screens[0].parameters"
    ),
    (
      #"{"screens": [{"name": "A", "parameters": ["p", 1]}], "commands": []}"#, .wrongType,
      "screens[0].parameters[1]"
    ),
    (
      #"{"screens": [{"name": "A", "parameters": ["p", "p"]}], "commands": []}"#,
      .invalidParameter, "screens[0].parameters[1]"
    ),
    (
      #"{"screens": [{"name": "A", "parameters": [""]}], "commands": []}"#, .invalidParameter,
      "screens[0].parameters[0]"
    ),
    (
      #"{"screens": [{"name": "A", "parameters": [{"name": "p", "type": "int"}]}], "commands": []}"#,
      .invalidParameter, "screens[0].parameters[0].type"
    ),
    (
      #"{"screens": [{"name": "A", "parameters": [{"type": "integer"}]}], "commands": []}"#,
      .missingKey, "screens[0].parameters[0].name"
    ),
    (
      #"{"screens": [{"name": "A", "parameters": [{"name": "p", "kind": "integer"}]}], "commands": []}"#,
      .unknownKey, "screens[0].parameters[0].kind"
    ),
    (
      #"{"screens": [{"name": "A"}], "commands": [{"to": "A"}, {"to": "A", "from": ["A", "B"]}]}"#,
      .undeclaredScreen, "commands[1].from[1]"
    ),
    (
      #"{"screens": [{"name": "A"}], "commands": [{"to": "C"}]}"#, .undeclaredScreen,
      "commands[0].to"
    ),
    (#"{"screens": [], "commands": [{"to": "C"}]}"#, .undeclaredScreen, "commands[0].to"),
    (
      #"{"screens": [], "commands": [{"to": "C", "from": ["D"]}]}"#, .undeclaredScreen,
      "commands[0].from[0]"
    ),
    (#"{"screens": [], "commands": [{"to": ""}]}"#, .invalidName, "commands[0].to"),
    (#"{"commands": [{"to": "A", "to": "B"}]}"#, .duplicateKey, "commands[0].to"),
    (#"{"commands": [], "commands": []}"#, .duplicateKey, "commands"),
    (#"{"commands": [{"to": "A"},]}"#, .malformedJSON, "commands[1]"),
    (#"{"commands": [{"to": "A"}]} trailing"#, .malformedJSON, ""),
    (#"{"commands": [{"to": "A", "from": ["B" "C"]}]}"#, .malformedJSON, "commands[0].from"),
    (
      "{\"commands\": " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        + "}", .malformedJSON, "commands" + String(repeating: "[0]", count: 255)
    ),
  ]

  @Test(arguments: malformed)
  func refusesMalformedTables(text: String, kind: TableError.Kind, location: String) {
    let error = Self.failure(text)
    #expect(error?.kind == kind, "\(String(describing: error))")
    #expect(error?.location == location, "\(String(describing: error))")
    #expect(error?.message.isEmpty == false)
  }

  @Test func refusesInvalidUTF8() {
    let error = Self.failure(
      Array(#"{"commands": [{"to": ""#.utf8) + [0xC3, 0x28] + Array(#""}]}"#.utf8))
    #expect(error?.kind == .malformedJSON)
    #expect(
      error?.message.contains("line 1, column 23: invalid UTF-8") == true,
      "\(String(describing: error))")
  }

  @Test func syntaxErrorsGiveLineAndColumn() {
    let error = Self.failure(
      "{\n  \"commands\": [\n    {\"to\": \"A\"}\n    {\"to\": \"B\"}\n  ]\n}")
    #expect(error?.description == "commands: line 4, column 5: unexpected '{', expected ',' or ']'")
  }

  @Test func readsFiles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "routing-file-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("table.json")
    try Data(#"{"commands": [{"to": "B", "from": ["A"]}]}"#.utf8).write(to: file)
    let table = try RouteTable(contentsOfFile: file.path)
    #expect(table.screens.map(\.name) == ["A", "B"])

    let missing = directory.appendingPathComponent("missing.json").path
    #expect(
      throws: TableError(.unreadable, at: "", "cannot read '\(missing)': No such file or directory")
    ) {
      try RouteTable(contentsOfFile: missing)
    }
    do {
      _ = try RouteTable(contentsOfFile: directory.path)
      Issue.record("a directory loaded as a table")
    } catch {
      #expect(error.kind == .unreadable)
      #expect(error.message.contains("Is a directory"))
    }
    let empty = directory.appendingPathComponent("empty.json")
    try Data().write(to: empty)
    let malformed = #expect(throws: TableError.self) { try RouteTable(contentsOfFile: empty.path) }
    #expect(malformed?.kind == .malformedJSON)
  }

  @Test func readsLargeTables() throws {
    // More than one read chunk, and many commands.
    var commands: [String] = []
    for index in 0..<5_000 {
      commands.append(#"{"id": "c\#(index)", "from": ["S\#(index)"], "to": "S\#(index + 1)"}"#)
    }
    let text = #"{"commands": [\#(commands.joined(separator: ",\n"))]}"#
    #expect(text.utf8.count > 64 * 1024)
    let directory = FileManager.default.temporaryDirectory
    let file = directory.appendingPathComponent("routing-large-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let table = try RouteTable(contentsOfFile: file.path)
    #expect(table.commands.count == 5_000)
    let route = try table.route(from: [Entry("S0")], to: "S40")
    #expect(route.steps.count == 40)
  }
}
