import Foundation
import Routing
import RoutingTool
import Testing

/// `routing route`: flags, `--json`, `--request` and their failures.
@Suite struct RouteCommandTests {
  @Test func printsStepsAndStackAsText() {
    let result = Tool.run(
      ["route", "SampleApp.json", "--from", "Menu,Folder", "--to", "Chat", "--param", "userId=2"])
    #expect(result.exitCode == 0)
    #expect(
      result.output == """
        1. push Profile(userId: 2) by openProfile
        2. push Chat(userId: 2) by chatWithProfile
        stack: Menu > Folder > Profile(userId: 2) > Chat(userId: 2)

        """)
    #expect(result.errors.isEmpty)
  }

  @Test func popsAndUsesBreadcrumbs() {
    let result = Tool.run(
      [
        "route", "SampleApp.json", "--from", "Menu,Folder,Profile", "--to", "Profile", "--via",
        "Menu,Connections", "--param", "userId=5",
      ])
    #expect(result.exitCode == 0)
    #expect(
      Tool.lines(result.output) == [
        "1. back to Menu by home", "2. push Connections by openConnections",
        "3. push Profile(userId: 5) by openProfile",
        "stack: Menu > Connections > Profile(userId: 5)",
      ])
  }

  @Test func saysWhenAlreadyThere() {
    let result = Tool.run(["route", "SampleApp.json", "--from", "Menu", "--to", "Menu"])
    #expect(result.exitCode == 0)
    #expect(result.output == "(already there)\nstack: Menu\n")
  }

  /// The `--json` example of Docs/RouteTables.md, "`routing route`".
  @Test func printsTheDocumentedJSON() {
    let result = Tool.run(
      [
        "route", "SampleApp.json", "--from", "Menu,Folder,ContactCard", "--to", "Connections",
        "--json",
      ])
    #expect(result.exitCode == 0)
    #expect(
      result.output
        == #"{"steps":[{"command":0,"id":"home","action":"pop","screen":"Menu"},{"command":2,"id":"openConnections","action":"push","screen":"Connections"}],"stack":[{"screen":"Menu","parameters":{}},{"screen":"Connections","parameters":{}}]}"#
        + "\n")
  }

  @Test func leavesOutIDsThatCommandsDoNotHave() {
    let table = #"{"commands": [{"to": "B", "from": ["A"]}]}"#
    let result = Tool.run(
      ["route", "t.json", "--from", "A", "--to", "B", "--json"], files: ["t.json": table])
    #expect(
      result.output
        == #"{"steps":[{"command":0,"action":"push","screen":"B"}],"stack":[{"screen":"A","parameters":{}},{"screen":"B","parameters":{}}]}"#
        + "\n")
  }

  @Test func sortsParameterKeys() {
    let table = """
      {"screens": [{"name": "A"}, {"name": "B", "parameters": ["zeta", "alpha", "mid"]}],
       "commands": [{"to": "B", "from": ["A"]}]}
      """
    let result = Tool.run(
      [
        "route", "t.json", "--from", "A", "--to", "B", "--param", "mid=2", "--param", "zeta=3",
        "--param=alpha=1=one", "--json",
      ], files: ["t.json": table])
    #expect(
      result.output.contains(#"{"screen":"B","parameters":{"alpha":"1=one","mid":"2","zeta":"3"}}"#)
    )
  }

  @Test func reportsUnreachableAsTextAndJSON() {
    let table = #"{"commands": [{"to": "B", "from": ["A"]}, {"to": "C", "from": ["B"]}]}"#
    let text = Tool.run(["route", "t.json", "--from", "C", "--to", "B"], files: ["t.json": table])
    #expect(text.exitCode == 1)
    #expect(text.output.isEmpty)
    #expect(text.errors == "error: no route from C to B\n")
    let json = Tool.run(
      ["route", "t.json", "--from", "C", "--to", "B", "--json"], files: ["t.json": table])
    #expect(json.exitCode == 1)
    #expect(
      json.output
        == #"{"error":{"kind":"unreachable","from":"C","to":"B","message":"no route from C to B"}}"#
        + "\n")
  }

  @Test func reportsUnknownScreens() {
    let result = Tool.run([
      "route", "SampleApp.json", "--from", "Menu", "--to", "Settings", "--json",
    ])
    #expect(result.exitCode == 1)
    #expect(
      result.output
        == #"{"error":{"kind":"unknownScreen","screen":"Settings","path":"to","message":"to: unknown screen 'Settings'"}}"#
        + "\n")
  }

  @Test func routesARequestFile() {
    let request = """
      {"stack": ["Menu", {"screen": "Profile", "parameters": {"userId": "1"}}], "to": "Chat",
       "via": ["Connections"], "parameters": {"userId": "2"}}
      """
    let result = Tool.run(
      ["route", "SampleApp.json", "--request", "r.json"], files: ["r.json": request])
    #expect(result.exitCode == 0)
    let object = Tool.object(result.output)
    let steps = object?["steps"] as? [[String: Any]]
    #expect(steps?.map { $0["screen"] as? String } == ["Menu", "Connections", "Chat"])
    #expect(
      (object?["stack"] as? [[String: Any]])?.last?["parameters"] as? [String: String] == [
        "userId": "2"
      ])
  }

  @Test func readsTheRequestFromStandardInput() {
    let result = Tool.run(
      ["route", "SampleApp.json", "--request", "-"],
      input: "{\"stack\": [\"Menu\"],\n \"to\": \"Folder\"}\n")
    #expect(result.exitCode == 0)
    #expect(result.output.hasPrefix(#"{"steps":[{"command":1,"id":"openFolder""#))
  }

  @Test func stackParametersAreTypedByTheTable() {
    // Profile declares an integer userId: "01" on the stack is 1, and matches "1".
    let request =
      #"{"stack": ["Menu", {"screen": "Profile", "parameters": {"userId": "01"}}, "ContactCard"], "to": "Profile", "parameters": {"userId": "1"}}"#
    let result = Tool.run(["route", "SampleApp.json", "--request", "-"], input: request)
    #expect(result.exitCode == 0)
    #expect(result.output.hasPrefix(#"{"steps":[{"command":3,"id":"openProfile","action":"pop""#))
  }

  /// Bad requests: each answers `invalidRequest` naming the JSON path, and exits 2.
  static let badRequests: [(String, String)] = [
    ("", ""),
    ("[", "[0]"),
    ("[]", ""),
    (#"{"to": "Menu"}"#, "stack"),
    (#"{"stack": [], "to": "Menu"}"#, "stack"),
    (#"{"stack": "Menu", "to": "Menu"}"#, "stack"),
    (#"{"stack": ["Menu", 3], "to": "Menu"}"#, "stack[1]"),
    (#"{"stack": [{"parameters": {}}], "to": "Menu"}"#, "stack[0].screen"),
    (#"{"stack": [{"screen": "Menu", "params": {}}], "to": "Menu"}"#, "stack[0].params"),
    (
      #"{"stack": [{"screen": "Menu", "parameters": {"a": null}}], "to": "Menu"}"#,
      "stack[0].parameters.a"
    ),
    (#"{"stack": [{"screen": "Menu", "parameters": []}], "to": "Menu"}"#, "stack[0].parameters"),
    (#"{"stack": [""], "to": "Menu"}"#, "stack[0]"),
    (#"{"stack": ["Menu"]}"#, "to"),
    (#"{"stack": ["Menu"], "to": 1}"#, "to"),
    (#"{"stack": ["Menu"], "to": ""}"#, "to"),
    (#"{"stack": ["Menu"], "to": "Menu", "via": "Folder"}"#, "via"),
    (#"{"stack": ["Menu"], "to": "Menu", "via": ["Folder", "\u0001"]}"#, "via[1]"),
    (#"{"stack": ["Menu"], "to": "Menu", "parameters": {"userId": [2]}}"#, "parameters.userId"),
    (#"{"stack": ["Menu"], "to": "Chat", "parameters": {"userId": "two"}}"#, "parameters.userId"),
    (
      #"{"stack": ["Menu", {"screen": "Chat", "parameters": {"userId": "x"}}], "to": "Menu"}"#,
      "stack[1].parameters.userId"
    ),
    (#"{"stack": ["Menu"], "to": "Menu", "link": "folder"}"#, "link"),
    (#"{"stack": ["Menu"], "to": "Menu", "to": "Folder"}"#, "to"),
    (#"{"stack": ["Menu"], "to": "Menu"} {}"#, ""),
    (#"{"stack": ["Menu"], "to": "Menu", "parameters": {"a b": null}}"#, #"parameters["a b"]"#),
  ]

  @Test(arguments: badRequests)
  func refusesBadRequests(request: String, path: String) throws {
    let result = Tool.run(
      ["route", "SampleApp.json", "--request", "r.json"], files: ["r.json": request])
    #expect(result.exitCode == 2)
    let error = try #require(Tool.object(result.output)?["error"] as? [String: Any], "\(result)")
    #expect(error["kind"] as? String == "invalidRequest")
    #expect(error["path"] as? String == path, "\(result.output)")
    let message = try #require(error["message"] as? String)
    #expect(path.isEmpty || message.hasPrefix("\(path): "), "\(message)")
  }

  @Test func refusesInvalidUTF8InARequest() {
    let result = Tool.run(
      ["route", "SampleApp.json", "--request", "r.json"],
      input: [],
      files: ["r.json": Array(#"{"stack": [""#.utf8) + [0xFF] + Array(#""], "to": "Menu"}"#.utf8)])
    #expect(result.exitCode == 2)
    #expect(result.output.contains("line 1, column 13: invalid UTF-8"), "\(result.output)")
  }

  /// Bad argument lists and tables: exit 2, and a message on standard error naming the
  /// problem.
  static let badArguments: [([String], String)] = [
    ([], "Usage: routing COMMAND"),
    (["fly"], "unknown command 'fly'"),
    (["help", "fly"], "unknown command 'fly'"),
    (["route"], "missing TABLE"),
    (["route", "SampleApp.json"], "missing '--from'"),
    (["route", "SampleApp.json", "--from", "Menu"], "missing '--to'"),
    (["route", "SampleApp.json", "--to", "Menu"], "missing '--from'"),
    (
      ["route", "SampleApp.json", "extra.json", "--from", "Menu", "--to", "Menu"],
      "unexpected argument 'extra.json'"
    ),
    (
      ["route", "SampleApp.json", "--from", "Menu", "--to", "Menu", "--colour"],
      "unknown option '--colour'"
    ),
    (["route", "SampleApp.json", "--from", "Menu", "--to", "Menu", "-x"], "unknown option '-x'"),
    (["route", "SampleApp.json", "--from", "Menu", "--to"], "option '--to' needs a value"),
    (
      ["route", "SampleApp.json", "--from", "Menu", "--to", "A", "--to", "B"],
      "option '--to' is given twice"
    ),
    (
      ["route", "SampleApp.json", "--from", "Menu,,Folder", "--to", "Menu"],
      "option '--from': empty screen name"
    ),
    (
      ["route", "SampleApp.json", "--from", "", "--to", "Menu"],
      "option '--from': empty screen name"
    ),
    (
      ["route", "SampleApp.json", "--from", "Menu", "--to", "A,B"],
      "option '--to' takes one screen name"
    ),
    (
      ["route", "SampleApp.json", "--from", "Menu", "--to", "Menu", "--via", "A,"],
      "option '--via': empty screen name"
    ),
    (
      ["route", "SampleApp.json", "--from", "Me\u{1}nu", "--to", "Menu"],
      "holds a control character"
    ),
    (
      ["route", "SampleApp.json", "--from", "Menu", "--to", "Menu", "--param", "userId"],
      "takes key=value, not 'userId'"
    ),
    (
      ["route", "SampleApp.json", "--from", "Menu", "--to", "Menu", "--param", "=2"],
      "takes key=value, not '=2'"
    ),
    (
      [
        "route", "SampleApp.json", "--from", "Menu", "--to", "Menu", "--param", "a=1", "--param",
        "a=2",
      ], "parameter 'a' is given twice"
    ),
    (
      ["route", "SampleApp.json", "--from", "Menu", "--to", "Menu", "--json=yes"],
      "option '--json' takes no value"
    ),
    (
      ["route", "SampleApp.json", "--request", "r.json", "--batch", "r.json"],
      "either '--request' or '--batch'"
    ),
    (
      ["route", "SampleApp.json", "--request", "r.json", "--to", "Menu"],
      "'--to' does not go with '--request'"
    ),
    (
      ["route", "SampleApp.json", "--batch", "r.json", "--from", "Menu"],
      "'--from' does not go with '--batch'"
    ),
    (["route", "-", "--request", "-"], "cannot both come from standard input"),
    (
      ["route", "SampleApp.json", "--request", "missing.json"],
      "error: cannot read 'missing.json': No such file or directory"
    ),
    (
      ["route", "SampleApp.json", "--batch", "missing.json"],
      "error: cannot read 'missing.json': No such file or directory"
    ),
    (
      ["route", "missing.json", "--from", "Menu", "--to", "Menu"],
      "error: cannot read 'missing.json'"
    ),
    (
      ["route", "bad.json", "--from", "Menu", "--to", "Menu"],
      "bad.json:1:72: error: commands[1].from[0]: screen 'Nowhere' is not declared"
    ),
    (
      ["route", "empty.json", "--from", "Menu", "--to", "Menu"],
      "empty.json:1:1: error: no JSON value"
    ),
    (
      ["route", "SampleApp.json", "--from", "Menu", "--to", "Chat", "--param", "userId=x"],
      "error: parameter 'userId': 'x' is not a valid integer"
    ),
    (["check"], "missing TABLE"),
    (
      ["check", "SampleApp.json", "--root", "Nowhere"],
      "the root 'Nowhere' is not a screen of the table"
    ),
    (["check", "SampleApp.json", "--strict=1"], "option '--strict' takes no value"),
    (["graph", "SampleApp.json", "--format", "svg"], "unknown format 'svg'"),
    (["graph", "SampleApp.json", "--format"], "option '--format' needs a value"),
    (["graph", "bad.json"], "bad.json:1:72: error: commands[1].from[0]"),
    (["test", "SampleApp.json"], "missing CASES"),
    (["test", "SampleApp.json", "cases.json", "more.json"], "unexpected argument 'more.json'"),
    (["test", "-", "-"], "cannot both come from standard input"),
    (["test", "bad.json", "cases.json"], "bad.json:1:72: error: commands[1].from[0]"),
    (["test", "SampleApp.json", "missing.json"], "error: cannot read 'missing.json'"),
  ]

  @Test(arguments: badArguments)
  func refusesBadArguments(arguments: [String], message: String) {
    let bad =
      #"{"screens": [{"name": "Menu"}], "commands": [{"to": "Menu"}, {"from": ["Nowhere"], "to": "Menu"}]}"#
    let result = Tool.run(
      arguments, files: ["bad.json": bad, "empty.json": "", "cases.json": #"{"cases": []}"#])
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(result.output.isEmpty, "\(result.output)")
  }

  @Test func optionsMayComeBeforeTheTableAndAfterDoubleDash() {
    let result = Tool.run(["route", "--to=Folder", "--from", "Menu", "--", "SampleApp.json"])
    #expect(result.exitCode == 0)
    #expect(Tool.lines(result.output).last == "stack: Menu > Folder")
  }

  @Test func readsTheTableFromStandardInput() {
    let result = Tool.run(
      ["route", "-", "--from", "A", "--to", "B"], input: #"{"commands": [{"to": "B"}]}"#)
    #expect(result.exitCode == 0)
    #expect(Tool.lines(result.output).last == "stack: A > B")
  }

  @Test func readsRealFiles() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "routing-tool-\(UUID().uuidString).json")
    try Data(Tool.sampleTable.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = RoutingTool.run(arguments: [
      "route", file.path, "--from", "Menu", "--to", "Folder",
    ])
    #expect(result.exitCode == 0)
    #expect(Tool.lines(result.output).last == "stack: Menu > Folder")
  }
}
