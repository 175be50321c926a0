import Foundation
import Routing
import RoutingTool
import Testing

/// The scenarios of `modal-scenarios.json` through every entry point of the tool that
/// reads a request: `routing route --request`, a `--batch` line, an expectation file of
/// `routing test` and `routing serve`'s `route` method; the table loaded from the file.
@Suite struct LayerToolTests {
  static let scenarios = ModalScenarioTests.scenarios

  /// Table `name` of the fixture as file text, remedies and all.
  static func tableText(_ name: String) throws -> String {
    let tables = try #require(try Fixtures.object("modal-scenarios")["tables"] as? [String: Any])
    return try Fixtures.text(try #require(tables[name] as? [String: Any]))
  }

  /// An entry as the tool writes it: a name stands for an entry without parameters.
  static func entry(_ value: Any) -> [String: Any] {
    if let name = value as? String { return ["screen": name, "parameters": [String: String]()] }
    var object = value as? [String: Any] ?? [:]
    if object["parameters"] == nil { object["parameters"] = [String: String]() }
    return object
  }

  /// The final state an expectation or an answer gives, entries written out: the base
  /// (`stack`, or `tab` and `stacks`) and the layers, `[]` when none is open.
  static func state(_ object: [String: Any]) -> NSDictionary {
    var state: [String: Any] = [:]
    if let stack = object["stack"] as? [Any] { state["stack"] = stack.map(entry) }
    if let tab = object["tab"] { state["tab"] = tab }
    if let stacks = object["stacks"] as? [String: [Any]] {
      state["stacks"] = stacks.mapValues { $0.map(entry) }
    }
    state["layers"] = (object["layers"] as? [[Any]] ?? []).map { $0.map(entry) }
    return state as NSDictionary
  }

  @Test func everyScenarioIsRun() {
    #expect(Self.scenarios.count == 16)
  }

  @Test(arguments: scenarios)
  func scenarioPassesThroughEveryEntryPoint(_ scenario: RoutingScenarioTests.Scenario) throws {
    let object = try #require(try Fixtures.objectFromText(scenario.json))
    let table = try Self.tableText(try #require(object["table"] as? String))
    let request = try #require(object["request"] as? [String: Any])
    let expect = try #require(object["expect"] as? [String: Any])
    let requestText = try Fixtures.text(request)
    let files = ["t.json": table, "r.json": requestText, "b.jsonl": requestText + "\n"]

    // `--request`: the answer the other entry points are held to.
    let answered = Tool.run(["route", "t.json", "--request", "r.json"], files: files)
    let answer = try #require(Tool.object(answered.output), "\(answered)")
    if let kind = expect["error"] as? String {
      #expect(answered.exitCode == 1, "\(answered)")
      #expect((answer["error"] as? [String: Any])?["kind"] as? String == kind)
    } else {
      #expect(answered.exitCode == 0, "\(answered)")
      let steps = try #require(answer["steps"] as? [[String: Any]])
      let expected = try #require(expect["steps"] as? [[String: Any]])
      #expect((steps as NSArray) == (expected as NSArray), "\(answered.output)")
      #expect(Self.state(answer) == Self.state(expect), "\(answered.output)")
      // `layers` only when a layer is open, `detour` only for a detour.
      #expect((answer["layers"] == nil) == (expect["layers"] == nil))
      #expect(answer["detour"] as? NSDictionary == expect["detour"] as? NSDictionary)
    }

    // A batch line: the same bytes, an error with its line number.
    let batch = Tool.run(["route", "t.json", "--batch", "b.jsonl"], files: files)
    if expect["error"] == nil {
      #expect(batch.output == answered.output, "\(batch)")
    } else {
      var error = try #require(Tool.object(batch.output)?["error"] as? [String: Any])
      #expect(error.removeValue(forKey: "line") as? Int == 1)
      #expect(error as NSDictionary == answer["error"] as? NSDictionary)
    }

    // `routing serve`: the answer as the call's result, or its error's data.
    let call = #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": \#(requestText)}"#
    let served = Tool.run(["serve", "t.json"], input: call + "\n", files: files)
    let response = try #require(Tool.object(served.output), "\(served)")
    if expect["error"] == nil {
      #expect(response["result"] as? NSDictionary == answer as NSDictionary, "\(served)")
    } else {
      let data = (response["error"] as? [String: Any])?["data"] as? NSDictionary
      #expect(data == answer["error"] as? NSDictionary, "\(served)")
    }

    // An expectation file: the final state (no `layers` expects none open) and the
    // number of steps, or the error's kind.
    var expectation = expect
    if let steps = expect["steps"] as? [Any] { expectation["steps"] = steps.count }
    // An expectation names the remedy a route detours to.
    if let detour = expect["detour"] as? [String: Any] { expectation["detour"] = detour["remedy"] }
    var testCase = request
    testCase["name"] = scenario.name
    testCase["expect"] = expectation
    let cases = try Fixtures.text(["cases": [testCase]])
    let tested = Tool.run(
      ["test", "t.json", "c.json"], files: files.merging(["c.json": cases]) { $1 })
    #expect(tested.exitCode == 0, "\(tested)")
    #expect(tested.output.hasSuffix("1 passed, 0 failed\n"), "\(tested.output)")
  }

  /// What requests without layers answered before the tool knew layers, byte for byte:
  /// on a table without presenting commands (`"layers": []` too), and on one with them
  /// when the route opens no layer; as text from flags and as JSON.
  @Test(arguments: [
    (
      "SampleApp.json", #"{"stack": ["Menu"], "to": "Profile", "parameters": {"userId": 2}}"#,
      #"{"steps":[{"command":1,"id":"openFolder","action":"push","screen":"Folder"},"#
        + #"{"command":3,"id":"openProfile","action":"push","screen":"Profile"}],"#
        + #""stack":[{"screen":"Menu","parameters":{}},{"screen":"Folder","parameters":{}},"#
        + #"{"screen":"Profile","parameters":{"userId":"2"}}]}"#
    ),
    (
      "SampleApp.json",
      #"{"stack": ["Menu"], "layers": [], "to": "Profile", "parameters": {"userId": 2}}"#,
      #"{"steps":[{"command":1,"id":"openFolder","action":"push","screen":"Folder"},"#
        + #"{"command":3,"id":"openProfile","action":"push","screen":"Profile"}],"#
        + #""stack":[{"screen":"Menu","parameters":{}},{"screen":"Folder","parameters":{}},"#
        + #"{"screen":"Profile","parameters":{"userId":"2"}}]}"#
    ),
    (
      "modal.json", #"{"stack": ["Inbox"], "via": ["Archive"], "to": "Billing"}"#,
      #"{"steps":[{"command":7,"id":"archive","action":"push","screen":"Archive"},"#
        + #"{"command":11,"id":"archiveBilling","action":"push","screen":"Billing"}],"#
        + #""stack":[{"screen":"Inbox","parameters":{}},{"screen":"Archive","parameters":{}},"#
        + #"{"screen":"Billing","parameters":{}}]}"#
    ),
  ])
  func withoutLayersAnswersAsBefore(table: String, request: String, answer: String) throws {
    let files = [
      "modal.json": try Self.tableText("modal"), "r.json": request, "b.jsonl": request + "\n",
    ]
    let file = Tool.run(["route", table, "--request", "r.json"], files: files)
    #expect(file.output == answer + "\n", "\(file)")
    let batch = Tool.run(["route", table, "--batch", "b.jsonl"], files: files)
    #expect(batch.output == answer + "\n", "\(batch)")
  }

  @Test func flagsAnswerAsBeforeWhenNoLayerOpens() throws {
    let files = ["modal.json": try Self.tableText("modal")]
    let sample = Tool.run([
      "route", "SampleApp.json", "--from", "Menu", "--to", "Profile", "--param", "userId=2",
    ])
    #expect(
      sample.output
        == "1. push Folder by openFolder\n2. push Profile(userId: 2) by openProfile\n"
        + "stack: Menu > Folder > Profile(userId: 2)\n")
    let modal = Tool.run(
      ["route", "modal.json", "--from", "Inbox", "--to", "Archive"], files: files)
    #expect(modal.output == "1. push Archive by archive\nstack: Inbox > Archive\n")
    let failed = Tool.run(
      ["route", "modal.json", "--from", "Inbox", "--to", "Orphan"], files: files)
    #expect(failed.exitCode == 1)
    #expect(failed.errors == "error: no route from Inbox to Orphan\n")
  }

  /// A route that opens layers, as text: the base as before, then the layers.
  @Test func flagsPrintTheLayersAfterTheStack() throws {
    let files = ["modal.json": try Self.tableText("modal")]
    let text = Tool.run(
      ["route", "modal.json", "--from", "Inbox", "--to", "Photo", "--param", "photoId=9"],
      files: files)
    #expect(
      text.output
        == "1. present Compose by compose\n2. present Picker by attach\n"
        + "3. push Photo(photoId: 9) by photo\nstack: Inbox\n"
        + "layers: Compose | Picker > Photo(photoId: 9)\n", "\(text)")
  }

  /// An expectation of a final state without `layers` expects none open, and says what
  /// was open.
  @Test func anExpectationWithoutLayersExpectsNoneOpen() throws {
    let cases = #"""
      {"cases": [
        {"name": "as a push", "stack": ["Inbox"], "to": "Compose",
         "expect": {"stack": ["Inbox", "Compose"]}},
        {"name": "presented", "stack": ["Inbox"], "to": "Compose",
         "expect": {"stack": ["Inbox"], "layers": [["Compose"]], "steps": 1}},
        {"name": "closed", "stack": ["Inbox"], "layers": [["Compose"]], "to": "Archive",
         "expect": {"layers": [["Compose"]]}}
      ]}
      """#
    let files = ["modal.json": try Self.tableText("modal"), "c.json": cases]
    let result = Tool.run(["test", "modal.json", "c.json"], files: files)
    #expect(result.exitCode == 1)
    #expect(
      Tool.lines(result.output) == [
        "c.json:2:3: error: FAIL as a push: expected stack Inbox > Compose, got Inbox; "
          + "expected no layer, got Compose",
        "PASS presented",
        "c.json:6:3: error: FAIL closed: expected layers Compose, got none",
        "1 passed, 2 failed",
      ], "\(result.output)")
  }

  /// `--layer` opens a layer over the `--from` stack, as `"layers"` does in a request:
  /// the same route, and the library's message for an unknown screen in it.
  @Test func theLayerFlagGivesOpenLayers() throws {
    let request = #"{"stack": ["Inbox"], "layers": [["Compose"], ["Picker"]], "to": "Recipients"}"#
    let files = ["modal.json": try Self.tableText("modal"), "r.json": request]
    let flags = [
      "route", "modal.json", "--from", "Inbox", "--layer", "Compose", "--layer", "Picker",
    ]
    let json = Tool.run(flags + ["--to", "Recipients", "--json"], files: files)
    let file = Tool.run(["route", "modal.json", "--request", "r.json"], files: files)
    #expect(json.exitCode == 0)
    #expect(json.output == file.output, "\(json)")
    let text = Tool.run(
      ["route", "modal.json", "--from", "Inbox", "--layer", "Compose", "--to", "Archive"],
      files: files)
    #expect(text.output == "1. dismiss\n2. push Archive by archive\nstack: Inbox > Archive\n")
    let unknown = Tool.run(flags.dropLast() + ["Pickr", "--to", "Archive"], files: files)
    #expect(unknown.exitCode == 1)
    #expect(
      unknown.errors == "error: unknown screen 'Pickr' at stack entry 2; did you mean 'Picker'?\n")
    let empty = Tool.run(
      ["route", "modal.json", "--from", "Inbox", "--layer", "", "--to", "Archive"], files: files)
    #expect(empty.exitCode == 2)
    #expect(empty.errors.hasPrefix("error: option '--layer': empty screen name"), "\(empty)")
    let withRequest = Tool.run(
      ["route", "modal.json", "--layer", "Compose", "--request", "r.json"], files: files)
    #expect(withRequest.exitCode == 2)
  }

  /// `--explain` with layers says why a leg closes them, and why there is no route from
  /// the whole chain; the same words as ``RouteTable/explanation(_:from:)``.
  @Test func explainSaysWhyALegClosesLayers() throws {
    let files = ["modal.json": try Self.tableText("modal")]
    let closing = Tool.run(
      [
        "route", "modal.json", "--from", "Inbox", "--layer", "Compose", "--to", "Archive",
        "--explain",
      ],
      files: files)
    #expect(closing.exitCode == 0)
    #expect(
      closing.output == """
        1. dismiss
        2. push Archive by archive
        stack: Inbox > Archive
        the leg to Archive (2 steps) closes layer 1 (Compose):
          keeping layer 1 (Compose) open: no route to Archive

        """, "\(closing)")
    let json = Tool.run(
      [
        "route", "modal.json", "--from", "Inbox", "--layer", "Compose", "--to", "Archive",
        "--explain", "--json",
      ],
      files: files)
    let answer = try #require(Tool.object(json.output), "\(json)")
    let explanation = try #require(answer["explanation"] as? [String: Any])
    let closings = try #require(explanation["closings"] as? [[String: Any]])
    #expect(closings.count == 1)
    #expect(closings.first?["to"] as? String == "Archive")
    #expect(closings.first?["cost"] as? Int == 2)
    #expect((closings.first?["keepingOpen"] as? [Any])?.first is NSNull)
    let none = Tool.run(
      [
        "route", "modal.json", "--from", "Inbox", "--layer", "Compose", "--to", "Orphan",
        "--explain",
      ],
      files: files)
    #expect(none.exitCode == 1)
    #expect(none.output.hasPrefix("no route from Compose to Orphan\nreachable from Compose"))
    #expect(none.output.contains("Inbox (1 step)"), "\(none)")
  }

  /// `--explain` says why a route detours: the guards that said no, the command it stops
  /// before, and the remedy.
  @Test func explainSaysWhyARouteDetours() throws {
    let files = ["modal.json": try Self.tableText("modal")]
    let result = Tool.run(
      ["route", "modal.json", "--from", "Inbox", "--to", "Account", "--explain", "--json"],
      files: files)
    #expect(result.exitCode == 0)
    let answer = try #require(Tool.object(result.output), "\(result)")
    let detour = try #require(
      (answer["explanation"] as? [String: Any])?["detour"] as? [String: Any])
    #expect(detour["guards"] as? [String] == ["signedIn"])
    #expect(detour["id"] as? String == "account")
    #expect(detour["remedy"] as? String == "Login")
    #expect(detour["stepsBefore"] as? Int == 1)
  }

  /// A link request starts from layers too; across tabs, a link is planned with no layer
  /// open, and says so.
  @Test func aLinkRequestStartsFromLayers() throws {
    let table = #"""
      {"screens": [{"name": "Inbox", "path": "inbox"}, {"name": "Compose", "path": "compose"},
                   {"name": "Archive", "path": "archive"}],
       "commands": [{"id": "compose", "from": ["Inbox"], "to": "Compose", "present": true},
                    {"id": "archive", "from": ["Inbox"], "to": "Archive"}]}
      """#
    let files = [
      "t.json": table,
      "r.json": #"{"stack": ["Inbox"], "layers": [["Compose"]], "link": "inbox/archive"}"#,
      "cold.json": #"{"stack": ["Inbox"], "link": "inbox/compose"}"#,
    ]
    let closed = Tool.run(["link", "t.json", "--request", "r.json"], files: files)
    let answer = try #require(Tool.object(closed.output), "\(closed)")
    let steps = try #require(answer["steps"] as? [[String: Any]])
    #expect(steps.first?["action"] as? String == "dismiss", "\(closed.output)")
    #expect(answer["layers"] == nil)
    #expect((answer["link"] as? [String: Any])?["to"] as? String == "Archive")
    let cold = Tool.run(["link", "t.json", "--request", "cold.json"], files: files)
    let presented = try #require(Tool.object(cold.output), "\(cold)")
    #expect((presented["steps"] as? [[String: Any]])?.first?["action"] as? String == "present")
    #expect(((presented["layers"] as? [Any])?.count) == 1, "\(cold.output)")
    let text = Tool.run(["link", "t.json", "--from", "Inbox", "inbox/compose"], files: files)
    #expect(text.output.hasSuffix("stack: Inbox\nlayers: Compose\n"), "\(text)")
  }

  @Test func aLinkAcrossTabsWithLayersIsRefused() throws {
    let request =
      #"{"tab": "Mail", "stacks": {"Mail": ["Inbox"]}, "layers": [["Compose"]], "link": "x"}"#
    let files = ["t.json": try Self.tableText("modalTabs"), "r.json": request]
    let result = Tool.run(["link", "t.json", "--request", "r.json"], files: files)
    #expect(result.exitCode == 2)
    let error = try #require(Tool.object(result.output)?["error"] as? [String: Any])
    #expect(error["path"] as? String == "layers", "\(result)")
  }

  /// `serve`'s `explain` takes layers, and answers as `routing route --explain --json`:
  /// the route with its explanation, or the failure with the failing leg's.
  @Test func serveExplainsWithLayersAsTheFlagsDo() throws {
    let files = ["t.json": try Self.tableText("modal")]
    for (layers, to, flags) in [
      (#"[["Compose"]]"#, "Archive", ["--layer", "Compose"]),
      (#"[["Compose"]]"#, "Orphan", ["--layer", "Compose"]),
      ("[]", "Account", []),
    ] {
      let call =
        #"{"jsonrpc": "2.0", "id": 1, "method": "explain", "params": "#
        + #"{"stack": ["Inbox"], "layers": \#(layers), "to": "\#(to)"}}"#
      let served = Tool.run(["serve", "t.json"], input: call + "\n", files: files)
      let response = try #require(Tool.object(served.output), "\(served)")
      let flagged = Tool.run(
        ["route", "t.json", "--from", "Inbox"] + flags + ["--to", to, "--explain", "--json"],
        files: files)
      let printed = try #require(Tool.object(flagged.output), "\(flagged)")
      if let result = response["result"] as? NSDictionary {
        #expect(result == printed as NSDictionary, "\(to)")
      } else {
        let data = try #require((response["error"] as? [String: Any])?["data"] as? NSDictionary)
        #expect(
          data["explanation"] as? NSDictionary == printed["explanation"] as? NSDictionary, "\(to)")
      }
    }
  }

  /// Across tabs with layers open, another tab's stack is checked as a request without
  /// layers checks it, with the same error.
  @Test func anotherTabsUnknownScreenIsRefusedAsWithoutLayers() throws {
    let start = #"{"tab": "Mail", "stacks": {"Mail": ["Inbox"], "Contacts": ["Peple"]}, "#
    let files = [
      "t.json": try Self.tableText("modalTabs"),
      "with.json": start + #""layers": [["Compose"]], "to": "Person", "parameters": {"pid": 2}}"#,
      "without.json": start + #""to": "Person", "parameters": {"pid": 2}}"#,
    ]
    let with = Tool.run(["route", "t.json", "--request", "with.json"], files: files)
    let without = Tool.run(["route", "t.json", "--request", "without.json"], files: files)
    #expect(with.exitCode == 1)
    #expect(with.output == without.output, "\(with)")
    let error = try #require(Tool.object(with.output)?["error"] as? [String: Any])
    #expect(error["path"] as? String == "stacks.Contacts[0]")
  }

  /// `routing cover` on a table whose commands present writes the layers its cases
  /// leave open; on one whose guard has a remedy, it covers the guarded commands by
  /// answering the guard yes and checks the detour with it answering no; `routing test`
  /// passes its file, every command exercised.
  @Test func aCoverOfPresentingCommandsPassesItsTest() throws {
    let files = ["modal.json": try Self.tableText("modal")]
    let cover = Tool.run(["cover", "modal.json"], files: files)
    #expect(cover.exitCode == 0, "\(cover)")
    #expect(cover.output.contains(#""layers":[["Compose","Recipients"]]"#), "\(cover.output)")
    let lines = Tool.lines(cover.output)
    #expect(
      lines.contains(
        #"  {"name":"to Account with signedIn: account","stack":["Inbox"],"to":"Account","guards":{"signedIn":true},"expect":{"stack":["Inbox"],"layers":[["Settings","Account"]]}},"#
      ), "\(cover.output)")
    #expect(
      lines.contains(
        #"  {"name":"to Account without signedIn: detour to Login","stack":["Inbox"],"to":"Account","guards":{"signedIn":false},"expect":{"stack":["Inbox"],"layers":[["Settings"],["Login"]],"detour":"Login"}}"#
      ), "\(cover.output)")
    #expect(cover.errors.hasSuffix("every command is covered\n"), "\(cover.errors)")
    let test = Tool.run(
      ["test", "modal.json", "cases.json", "--coverage"],
      files: files.merging(["cases.json": cover.output]) { $1 })
    #expect(test.exitCode == 0, "\(test)")
    #expect(test.output.contains("coverage: 12 of 12 commands"), "\(test.output)")
    #expect(test.output.hasSuffix(" 0 failed\n"), "\(test.output)")
  }

  /// Over tabs, a case answers guards by name and a remedied guard gets its detour case
  /// as on one stack, and on a table whose commands present a case's expectation gives
  /// the layers it leaves open over its tab.
  @Test func aCoverOverTabsWithGuardsAndPresentsPassesItsTest() {
    let table = """
      {"tabs": [{"name": "Mail", "root": "Inbox"}, {"name": "Me", "root": "Profile"}],
       "screens": [{"name": "Inbox"}, {"name": "Profile"}, {"name": "Account"},
         {"name": "Login"}, {"name": "Settings"}],
       "guards": {"signedIn": {"remedy": "Login"}},
       "commands": [
        {"id": "settings", "from": ["Profile"], "to": "Settings"},
        {"id": "account", "from": ["Settings"], "to": "Account", "guard": "signedIn"},
        {"id": "signIn", "to": "Login", "present": true}]}
      """
    let files = ["tabs.json": table]
    let cover = Tool.run(["cover", "tabs.json"], files: files)
    #expect(cover.exitCode == 0, "\(cover)")
    #expect(cover.output.contains(#""guards":{"signedIn":true}"#), "\(cover.output)")
    #expect(cover.output.contains(#""stacks":{"Mail":["Inbox"]},"layers":[["Login"]]"#))
    #expect(
      Tool.lines(cover.output).contains(
        #"  {"name":"Me: to Account without signedIn: detour to Login","tab":"Me","to":"Account","guards":{"signedIn":false},"expect":{"tab":"Me","stacks":{"Me":["Profile","Settings"]},"layers":[["Login"]],"detour":"Login"}}"#
      ), "\(cover.output)")
    let test = Tool.run(
      ["test", "tabs.json", "cases.json", "--coverage"],
      files: files.merging(["cases.json": cover.output]) { $1 })
    #expect(test.exitCode == 0, "\(test)")
    #expect(test.output.contains("coverage: 3 of 3 commands"), "\(test.output)")
    #expect(test.output.hasSuffix("4 passed, 0 failed\n"), "\(test.output)")
  }

  /// On a table whose commands present, the planner may dismiss where a stack's route
  /// goes on: every command cover says it covers is exercised when its file is tested,
  /// the detour whose way to the remedy dismisses has its case, and `bLogin`, whose
  /// stack route's request the planner answers another way, is covered by the request
  /// to Login via B.
  @Test(arguments: [false, true])
  func aCoverWhoseRoutesDismissPassesItsTestAndExercisesWhatItCovers(withB: Bool) {
    var screens = #"{"name": "Home"}, {"name": "Sheet"}, {"name": "Account"}, {"name": "Login"}"#
    var commands = """
      {"id": "sheet", "from": ["Home"], "to": "Sheet", "present": true},
      {"id": "account", "from": ["Sheet"], "to": "Account", "guard": "signedIn"},
      {"id": "signIn", "from": ["Home"], "to": "Login"}
      """
    if withB {
      screens += #", {"name": "A"}, {"name": "B"}"#
      commands += """
        ,
        {"id": "toA", "from": ["Sheet"], "to": "A"},
        {"id": "toB", "from": ["A"], "to": "B", "guard": "signedIn"},
        {"id": "bLogin", "from": ["B"], "to": "Login"}
        """
    }
    let table = """
      {"screens": [\(screens)],
       "guards": {"signedIn": {"remedy": "Login"}},
       "commands": [\(commands)]}
      """
    let files = ["sheet.json": table]
    let cover = Tool.run(["cover", "sheet.json"], files: files)
    #expect(cover.exitCode == 0, "\(cover)")
    #expect(
      Tool.lines(cover.output).contains(
        #"  {"name":"to Account without signedIn: detour to Login","stack":["Home"],"to":"Account","guards":{"signedIn":false},"expect":{"stack":["Home","Login"],"detour":"Login"}}"#
      ), "\(cover.output)")
    let test = Tool.run(
      ["test", "sheet.json", "cases.json", "--coverage"],
      files: files.merging(["cases.json": cover.output]) { $1 })
    #expect(test.exitCode == 0, "\(test)")
    #expect(test.output.hasSuffix(" 0 failed\n"), "\(test.output)")
    #expect(!test.output.contains("not exercised: commands"), "\(test.output)")
    #expect(cover.errors.hasSuffix("every command is covered\n"), "\(cover.errors)")
    #expect(
      test.output.contains("coverage: \(withB ? 6 : 3) of \(withB ? 6 : 3) commands"),
      "\(test.output)")
  }
}
