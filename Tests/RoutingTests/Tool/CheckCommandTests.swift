import Routing
import RoutingTool
import Testing

/// `routing check`: diagnostics, severities, roots, `--strict`, and tables that do not
/// load.
@Suite struct CheckCommandTests {
  static let flawed = """
    {"screens": [
       {"name": "Home"}, {"name": "List"}, {"name": "Detail", "parameters": ["id"]},
       {"name": "Orphan"}, {"name": "Island"}, {"name": "Settings"}],
     "commands": [
       {"id": "openList", "from": ["Home"], "to": "List"},
       {"from": ["List", "Detail"], "to": "Detail"},
       {"from": ["Island"], "to": "Island"},
       {"from": ["List"], "to": "List"},
       {"id": "again", "from": ["Home"], "to": "List"},
       {"to": "Settings"},
       {"from": ["Home", "List", "Home"], "to": "Settings"},
       {"from": ["Detail"], "to": "Home", "cost": 2}
     ]}
    """

  @Test func reportsEveryKindOfProblem() {
    let result = Tool.run(["check", "t.json", "--root", "Home"], files: ["t.json": Self.flawed])
    #expect(result.exitCode == 1)
    #expect(
      Tool.lines(result.output) == [
        "t.json:3:4: warning: screens[3] 'Orphan': no command leads to it",
        "t.json:3:24: error: screens[4] 'Island': unreachable from Home: no chain of commands leads to it",
        "t.json:7:4: warning: commands[2]: applies only as a pop back to Island: it leads from Island to Island, which declares no parameters, so it never pushes",
        "t.json:8:4: error: commands[3]: never applies: it leads from List to List, which declares no parameters, so it never pushes, and pops back to List use commands[0] 'openList', which comes first",
        "t.json:9:4: warning: commands[4] 'again': repeats commands[0] 'openList': it is never chosen",
        "t.json:11:4: warning: commands[6]: is covered by commands[5], which leads to Settings from anywhere and comes first: it is never chosen",
        "t.json:11:30: warning: commands[6].from[2]: repeats 'Home' (from[0])",
      ])
    #expect(result.errors == "check: 2 errors, 5 warnings (root: Home)\n")
  }

  @Test func aSelfCommandThatOnlyPopsIsAWarning() {
    // B declares no parameters, so B to B never pushes; but any command to B can pop
    // back to B, and this is the only one.
    let table = #"{"commands": [{"from": ["B"], "to": "B"}, {"from": ["B"], "to": "A"}]}"#
    let result = Tool.run(["check", "t.json", "--root", "B"], files: ["t.json": table])
    #expect(result.exitCode == 0)
    #expect(
      result.output
        == "t.json:1:15: warning: commands[0]: applies only as a pop back to B: it leads from B to B, which declares no parameters, so it never pushes\n"
    )
    #expect(result.errors == "check: 0 errors, 1 warning (root: B)\n")
    #expect(
      Tool.run(["check", "t.json", "--root", "B", "--strict"], files: ["t.json": table]).exitCode
        == 1)
    // The planner does use it.
    let route = Tool.run(
      ["route", "t.json", "--from", "B,A", "--to", "B"], files: ["t.json": table])
    #expect(route.output == "1. back to B by command 0\nstack: B\n")
  }

  @Test func aSelfCommandWhosePopsAnotherTakesIsAnError() {
    // An earlier command to B, at the same cost, takes every pop back to B.
    let earlier =
      #"{"commands": [{"from": ["A"], "to": "B"}, {"from": ["B", "B"], "to": "B"}, {"from": ["B"], "to": "A"}]}"#
    let result = Tool.run(["check", "t.json", "--root", "A"], files: ["t.json": earlier])
    #expect(result.exitCode == 1)
    #expect(
      result.output
        == "t.json:1:43: error: commands[1]: never applies: it leads from B to B, which declares no parameters, so it never pushes, and pops back to B use commands[0], which comes first\n"
    )
    let route = Tool.run(
      ["route", "t.json", "--from", "B,A", "--to", "B"], files: ["t.json": earlier])
    #expect(route.output == "1. back to B by command 0\nstack: B\n")
    // With costs the cheapest command pops, wherever it comes.
    let cheaper =
      #"{"commands": [{"from": ["B"], "to": "B", "cost": 2}, {"id": "toB", "from": ["A"], "to": "B"}]}"#
    #expect(
      Tool.run(["check", "t.json", "--root", "A"], files: ["t.json": cheaper]).output
        == "t.json:1:15: error: commands[0]: never applies: it leads from B to B, which declares no parameters, so it never pushes, and pops back to B use commands[1] 'toB', which costs less\n"
    )
    #expect(
      Tool.run(["route", "t.json", "--from", "B,A", "--to", "B"], files: ["t.json": cheaper]).output
        == "1. back to B by toB\nstack: B\n")
    // A dearer earlier command does not: the later self-command pops.
    let dearer =
      #"{"commands": [{"from": ["A"], "to": "B", "cost": 3}, {"from": ["B"], "to": "B"}]}"#
    #expect(
      Tool.run(["check", "t.json", "--root", "A"], files: ["t.json": dearer]).output
        == "t.json:1:54: warning: commands[1]: applies only as a pop back to B: it leads from B to B, which declares no parameters, so it never pushes\n"
    )
    #expect(
      Tool.run(["route", "t.json", "--from", "B,A", "--to", "B"], files: ["t.json": dearer]).output
        == "1. back to B by command 1\nstack: B\n")
  }

  @Test func aSelfCommandToAScreenWithParametersIsFine() {
    // Detail declares a parameter: Detail(id: 1) > Detail(id: 2) is a real move.
    let table = """
      {"screens": [{"name": "List"}, {"name": "Detail", "parameters": ["id"]}],
       "commands": [{"from": ["List"], "to": "Detail"}, {"from": ["Detail"], "to": "Detail"}]}
      """
    let result = Tool.run(["check", "t.json"], files: ["t.json": table])
    #expect(result.exitCode == 0)
    #expect(result.output.isEmpty)
    #expect(result.errors == "check: 0 errors, 0 warnings (root: List)\n")
  }

  @Test func anOriginThatIsItsOwnDestinationIsAWarningWhenOthersRemain() {
    let table = #"{"commands": [{"from": ["A"], "to": "B"}, {"from": ["B", "A"], "to": "A"}]}"#
    let result = Tool.run(["check", "t.json"], files: ["t.json": table])
    #expect(result.exitCode == 0)
    #expect(
      result.output
        == "t.json:1:58: warning: commands[1].from[1]: never pushes from 'A': it is the destination, which declares no parameters, so listing it changes nothing (pops back to A ignore origins)\n"
    )
    let strict = Tool.run(["check", "t.json", "--strict"], files: ["t.json": table])
    #expect(strict.exitCode == 1)
    #expect(strict.output == result.output)
  }

  @Test func theRootDefaultsToTheFirstScreen() {
    let table = #"{"commands": [{"from": ["A"], "to": "B"}, {"from": ["C"], "to": "D"}]}"#
    let result = Tool.run(["check", "t.json"], files: ["t.json": table])
    // Screens come from the commands: they are named, not numbered.
    #expect(
      Tool.lines(result.output) == [
        "t.json:1:53: warning: screen 'C': no command leads to it",
        "t.json:1:65: error: screen 'D': unreachable from A: no chain of commands leads to it",
      ])
    #expect(result.exitCode == 1)
    let twoRoots = Tool.run(["check", "t.json", "--root", "A,C"], files: ["t.json": table])
    #expect(twoRoots.output.isEmpty)
    #expect(twoRoots.exitCode == 0)
    #expect(twoRoots.errors == "check: 0 errors, 0 warnings (root: A, C)\n")
  }

  @Test func commandsFromAnywhereReachEveryScreen() {
    let table = #"{"commands": [{"to": "B"}, {"from": ["B"], "to": "C"}, {"to": "A"}]}"#
    let result = Tool.run(["check", "t.json", "--root", "C"], files: ["t.json": table])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.output.isEmpty)
  }

  @Test func theSampleAppIsClean() {
    let result = Tool.run(["check", "SampleApp.json", "--strict"])
    #expect(result.exitCode == 0)
    #expect(result.output.isEmpty)
    #expect(result.errors == "check: 0 errors, 0 warnings (root: Menu)\n")
  }

  @Test func warningsAloneExitZeroUnlessStrict() {
    let table = #"{"commands": [{"from": ["A"], "to": "B"}, {"from": ["A"], "to": "B"}]}"#
    #expect(Tool.run(["check", "t.json"], files: ["t.json": table]).exitCode == 0)
    #expect(Tool.run(["check", "t.json", "--strict"], files: ["t.json": table]).exitCode == 1)
  }

  @Test func aCheaperLaterCommandIsNotCovered() {
    let table =
      #"{"commands": [{"from": ["A"], "to": "B", "cost": 3}, {"from": ["A"], "to": "B"}]}"#
    let result = Tool.run(["check", "t.json"], files: ["t.json": table])
    // The later command is cheaper, so the planner prefers it: neither repeats the other.
    #expect(result.output == "")
    #expect(result.exitCode == 0)
    // The same costs the other way round: the later, dearer command is never chosen.
    let reversed =
      #"{"commands": [{"from": ["A"], "to": "B"}, {"from": ["A"], "to": "B", "cost": 3}]}"#
    #expect(
      Tool.run(["check", "t.json"], files: ["t.json": reversed]).output
        == "t.json:1:43: warning: commands[1]: repeats commands[0]: it is never chosen\n")
  }

  @Test(arguments: [
    (
      #"{"commands": [{"to": "A", "from": ["B", 2]}]}"#,
      "t.json:1:41: error: commands[0].from[1]: expected a string, found a number"
    ),
    (
      #"{"screens": [{"name": "A"}], "commands": [{"to": "B"}]}"#,
      "t.json:1:50: error: commands[0].to: screen 'B' is not declared; did you mean 'A'?"
    ),
    ("{", "t.json:1:2: error: unexpected end of input, expected a key in double quotes"),
    (
      #"{"commands": [], "commands": []}"#,
      "t.json:1:18: error: commands: the key 'commands' appears twice"
    ),
  ])
  func reportsATableThatDoesNotLoad(table: String, line: String) {
    let result = Tool.run(["check", "t.json"], files: ["t.json": table])
    #expect(result.exitCode == 2)
    #expect(result.output == line + "\n")
    #expect(result.errors == "check: the table does not load\n")
  }

  @Test func anEmptyTableHasNothingToReport() {
    let result = Tool.run(["check", "t.json"], files: ["t.json": #"{"commands": []}"#])
    #expect(result.exitCode == 0)
    #expect(result.errors == "check: 0 errors, 0 warnings\n")
  }
}

/// `routing graph`: Graphviz and Mermaid, deterministic, with commands from anywhere
/// drawn once.
@Suite struct GraphCommandTests {
  static let table = """
    {"screens": [{"name": "Home"}, {"name": "Say \\"hi\\"", "parameters": ["p", {"name": "n", "type": "integer"}]}],
     "commands": [{"to": "Home"}, {"id": "greet", "from": ["Home", "Home"], "to": "Say \\"hi\\"", "cost": 2},
                  {"from": ["Say \\"hi\\""], "to": "Home"}]}
    """

  @Test func writesGraphviz() {
    let result = Tool.run(["graph", "t.json"], files: ["t.json": Self.table])
    #expect(result.exitCode == 0)
    #expect(
      result.output == """
        // Route table: screens are nodes, commands are edges labelled with their id or #number.
        // A dashed edge from "any screen" is a command from anywhere: it applies on top of every screen.
        digraph routes {
          rankdir=LR;
          node [shape=box, style=rounded];
          s0 [label="Home"];
          s1 [label="Say \\"hi\\"\\n(p, n: integer)"];
          any [label="any screen", shape=ellipse, style=dashed];
          any -> s0 [label="#0", style=dashed];
          s0 -> s1 [label="greet (cost 2)"];
          s1 -> s0 [label="#2"];
        }

        """)
    #expect(
      Tool.run(["graph", "t.json", "--format", "dot"], files: ["t.json": Self.table]) == result)
  }

  @Test func writesMermaid() {
    let result = Tool.run(["graph", "t.json", "--format=mermaid"], files: ["t.json": Self.table])
    #expect(result.exitCode == 0)
    #expect(
      result.output == """
        %% Route table: screens are nodes, commands are edges labelled with their id or #number.
        %% A dashed edge from "any screen" is a command from anywhere: it applies on top of every screen.
        flowchart LR
          s0["Home"]
          s1["Say #quot;hi#quot;<br/>(p, n: integer)"]
          any(["any screen"])
          style any stroke-dasharray: 5 5
          any -.->|"#35;0"| s0
          s0 -->|"greet (cost 2)"| s1
          s1 -->|"#35;2"| s0

        """)
  }

  @Test func leavesOutTheAnyNodeWhenNoCommandNeedsIt() {
    let table = #"{"commands": [{"from": ["A"], "to": "B"}]}"#
    let dot = Tool.run(["graph", "t.json"], files: ["t.json": table]).output
    #expect(!dot.contains("any"))
    #expect(dot.contains("s0 -> s1 [label=\"#0\"];"))
    let mermaid = Tool.run(["graph", "t.json", "--format", "mermaid"], files: ["t.json": table])
    #expect(!mermaid.output.contains("any"))
  }

  @Test func drawsTheSampleApp() {
    let result = Tool.run(["graph", "SampleApp.json"])
    let lines = Tool.lines(result.output)
    #expect(lines.filter { $0.contains("->") }.count == 9)
    #expect(lines.contains("  any -> s0 [label=\"home\", style=dashed];"))
  }
}

/// `routing test`: expectation files.
@Suite struct TestCommandTests {
  @Test func runsTheSampleCases() throws {
    let cases = try Tool.packageFile("Docs/Examples/SampleApp-cases.json")
    let result = Tool.run(["test", "SampleApp.json", "cases.json"], files: ["cases.json": cases])
    #expect(result.exitCode == 0, "\(result)")
    let lines = Tool.lines(result.output)
    #expect(lines.count >= 7)
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("PASS ") })
    #expect(lines.last == "\(lines.count - 1) passed, 0 failed")
  }

  static let cases = """
    {"cases": [
      {"name": "passes", "stack": ["Menu"], "to": "Folder", "expect": {"stack": ["Menu", "Folder"], "steps": 1}},
      {"name": "wrong stack", "stack": ["Menu"], "to": "Folder", "expect": {"stack": ["Menu", "Connections"]}},
      {"name": "wrong steps", "stack": ["Menu"], "to": "Folder", "expect": {"steps": 2}},
      {"name": "wrong parameters", "stack": ["Menu"], "to": "Chat", "parameters": {"userId": "2"},
       "expect": {"stack": ["Menu", "Connections", {"screen": "Chat", "parameters": {"userId": "3"}}]}},
      {"name": "parameters compared typed", "stack": ["Menu"], "to": "Chat", "parameters": {"userId": "2"},
       "expect": {"stack": ["Menu", "Connections", {"screen": "Chat", "parameters": {"userId": "02"}}]}},
      {"name": "names only ignore parameters", "stack": ["Menu"], "to": "Chat", "parameters": {"userId": "2"},
       "expect": {"stack": ["Menu", "Connections", "Chat"]}},
      {"name": "an object compares all parameters", "stack": ["Menu"], "to": "Chat", "parameters": {"userId": "2"},
       "expect": {"stack": ["Menu", "Connections", {"screen": "Chat"}]}},
      {"name": "expected error, got a route", "stack": ["Menu"], "to": "Folder", "expect": {"error": "unreachable"}},
      {"name": "expected a route, got an error", "stack": ["Menu"], "to": "Nowhere", "expect": {"steps": 1}},
      {"name": "wrong error", "stack": ["Menu"], "to": "Nowhere", "expect": {"error": "unreachable"}},
      {"name": "right error", "stack": ["Menu"], "to": "Nowhere", "expect": {"error": "unknownScreen"}},
      {"name": "a link", "stack": ["Menu"], "link": "folder/profile?userId=2", "expect": {"steps": 1}},
      {"name": "a bad link", "stack": ["Menu"], "link": "profile/2", "expect": {"steps": 1}},
      {"name": "an invalid stack value", "note": "Chat's userId is an integer",
       "stack": ["Menu", {"screen": "Chat", "parameters": {"userId": "x"}}], "to": "Menu",
       "expect": {"error": "invalidRequest"}}
    ]}
    """

  @Test func reportsEachCaseAndTheTally() {
    let result = Tool.run(
      ["test", "SampleApp.json", "cases.json"], files: ["cases.json": Self.cases])
    #expect(result.exitCode == 1)
    #expect(
      Tool.lines(result.output) == [
        "PASS passes",
        "cases.json:3:3: error: FAIL wrong stack: expected stack Menu > Connections, got Menu > Folder",
        "cases.json:4:3: error: FAIL wrong steps: expected 2 steps, got 1",
        "cases.json:5:3: error: FAIL wrong parameters: expected stack Menu > Connections > Chat(userId: 3), got Menu > Connections > Chat(userId: 2)",
        "PASS parameters compared typed",
        "PASS names only ignore parameters",
        "cases.json:11:3: error: FAIL an object compares all parameters: expected stack Menu > Connections > Chat, got Menu > Connections > Chat(userId: 2)",
        "cases.json:13:3: error: FAIL expected error, got a route: expected error unreachable, got a route of 1 step to Menu > Folder",
        "cases.json:14:3: error: FAIL expected a route, got an error: expected a route, got error unknownScreen: to: unknown screen 'Nowhere'",
        "cases.json:15:3: error: FAIL wrong error: expected error unreachable, got error unknownScreen: to: unknown screen 'Nowhere'",
        "PASS right error",
        "cases.json:17:3: error: FAIL a link: expected 1 step, got 2",
        "cases.json:18:3: error: FAIL a bad link: expected a route, got error invalidLink: cases[12].link: no screen's path pattern reads segment 1 '2'",
        "PASS an invalid stack value",
        "5 passed, 9 failed",
      ])
    #expect(result.errors.isEmpty)
  }

  @Test func aFailingCaseFromStandardInputIsPlacedThere() {
    let cases = """
      {"cases": [{"name": "passes", "stack": ["Menu"], "to": "Folder", "expect": {"steps": 1}},
        {"name": "fails", "stack": ["Menu"], "to": "Folder", "expect": {"steps": 3}}]}
      """
    let result = Tool.run(["test", "SampleApp.json", "-"], input: cases)
    #expect(result.exitCode == 1)
    #expect(
      Tool.lines(result.output) == [
        "PASS passes", "<stdin>:2:3: error: FAIL fails: expected 3 steps, got 1",
        "1 passed, 1 failed",
      ])
  }

  @Test func anEmptyFilePassesNothing() {
    let result = Tool.run(["test", "SampleApp.json", "-"], input: #"{"cases": []}"#)
    #expect(result.exitCode == 0)
    #expect(result.output == "0 passed, 0 failed\n")
  }

  /// Malformed expectation files: exit 2, nothing run, the place named.
  static let malformed: [(String, String)] = [
    ("", "no JSON value"),
    ("[]", "expected an object, found an array"),
    (#"{"tests": []}"#, "tests: unknown key 'tests'"),
    (#"{}"#, "cases: the required key 'cases' is missing"),
    (
      #"{"cases": [{"stack": ["Menu"], "to": "Menu", "expect": {"steps": 0}}]}"#,
      "cases[0].name: the required key"
    ),
    (
      #"{"cases": [{"name": 1, "stack": ["Menu"], "to": "Menu", "expect": {"steps": 0}}]}"#,
      "cases[0].name: expected a string"
    ),
    (
      #"{"cases": [{"name": "x", "to": "Menu", "expect": {"steps": 0}}]}"#,
      "cases[0].stack: the required key"
    ),
    (
      #"{"cases": [{"name": "x", "stack": [], "to": "Menu", "expect": {"steps": 0}}]}"#,
      "cases[0].stack: the stack is empty"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "expect": {"steps": 0}}]}"#,
      "cases[0].to: the required key 'to' or 'link' is missing"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "to": "A", "link": "a", "expect": {"steps": 0}}]}"#,
      "cases[0].link: give either 'to' or 'link'"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "link": "a", "via": [], "expect": {"steps": 0}}]}"#,
      "cases[0].via: a link gives its own breadcrumbs"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "to": "Menu"}]}"#,
      "cases[0].expect: the required key"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "to": "Menu", "expect": {}}]}"#,
      "cases[0].expect: expect 'stack', 'steps', 'tab', 'stacks', 'layers', 'detour' or 'error'"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "to": "Menu", "expect": {"steps": -1}}]}"#,
      "cases[0].expect.steps: expected a number of steps"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "to": "Menu", "expect": {"steps": 1.5}}]}"#,
      "cases[0].expect.steps: expected a number of steps"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "to": "Menu", "expect": {"error": "lost"}}]}"#,
      "cases[0].expect.error: unknown error kind 'lost'"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "to": "Menu", "expect": {"error": "unreachable", "steps": 1}}]}"#,
      "cases[0].expect.error: an expected error goes without"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "to": "Menu", "expect": {"stack": ["Menu", 1]}}]}"#,
      "cases[0].expect.stack[1]: expected a screen name or an object"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "to": "Menu", "expect": {"stack": [{"name": "Menu"}]}}]}"#,
      "cases[0].expect.stack[0].name: unknown key"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "to": "Menu", "expect": {"stack": [{"screen": "Menu", "parameters": {"a": [1]}}]}}]}"#,
      "cases[0].expect.stack[0].parameters.a: expected a string, a number or a boolean, found an array"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "to": "Menu", "expect": {"steps": 0}, "colour": 1}]}"#,
      "cases[0].colour: unknown key"
    ),
    (
      #"{"cases": [{"name": "x", "stack": ["Menu"], "to": "Menu", "expect": {"steps": 0}}, 3]}"#,
      "cases[1]: expected an object"
    ),
  ]

  @Test(arguments: malformed)
  func refusesMalformedFiles(text: String, message: String) {
    let result = Tool.run(["test", "SampleApp.json", "cases.json"], files: ["cases.json": text])
    #expect(result.exitCode == 2)
    #expect(result.output.isEmpty)
    // `cases.json:LINE:COLUMN: error: PLACE: MESSAGE`.
    let parts = result.errors.split(separator: ":", maxSplits: 3)
    #expect(parts.count == 4 && parts[0] == "cases.json", "\(result.errors)")
    #expect(parts.count == 4 && Int(parts[1]) != nil && Int(parts[2]) != nil)
    #expect(result.errors.contains(": error: \(message)"), "\(result.errors)")
  }
}

/// `--help` for the tool and every command.
@Suite struct HelpTests {
  @Test(arguments: [
    (["--help"], "Usage: routing COMMAND"), (["-h"], "Usage: routing COMMAND"),
    (["help"], "Usage: routing COMMAND"), (["help", "route"], "Usage: routing route TABLE"),
    (["route", "--help"], "Usage: routing route TABLE"),
    (["route", "SampleApp.json", "--bogus", "--help"], "Usage: routing route TABLE"),
    (["check", "--help"], "Usage: routing check TABLE"),
    (["graph", "-h"], "Usage: routing graph TABLE"),
    (["test", "--help"], "Usage: routing test TABLE CASES"),
  ])
  func printsHelp(arguments: [String], start: String) {
    let result = Tool.run(arguments)
    #expect(result.exitCode == 0)
    #expect(result.output.contains(start))
    #expect(result.output.contains("Exit codes"))
    #expect(result.errors.isEmpty)
  }

  @Test func offersLinks() {
    #expect(Tool.run(["--help"]).output.contains("link TABLE --from A,B LINK"))
    #expect(Tool.run(["link", "SampleApp.json"]).exitCode == 2)
  }
}
