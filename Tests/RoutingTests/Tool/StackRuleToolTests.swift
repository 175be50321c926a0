import Routing
import Testing

/// The rules on the stack a request starts from (`StackRuleTests` for the Swift API)
/// through every entry point of the tool that takes a stack: `route` by options,
/// `--request` and `--batch`, `link` by options and `--request`, and `test`. The
/// interactive mode takes no stack: it routes from its navigator's container, which
/// `StackRuleTests` covers.
@Suite struct StackRuleToolTests {
  static let tabs = (try? Tool.packageFile("Docs/Examples/SampleTabs.json")) ?? ""

  /// What every entry point answers for `Foldr` at entry 1 of the stack, in JSON.
  static let typo =
    #"{"error":{"kind":"unknownScreen","screen":"Foldr","path":"stack[1]","suggestion":"Folder","message":"unknown screen 'Foldr' at stack entry 1; did you mean 'Folder'?"}}"#

  // MARK: Screens on a stack

  @Test func routeOptionsRefuseAnUndeclaredScreen() {
    let text = Tool.run(["route", "SampleApp.json", "--from", "Menu,Foldr", "--to", "Profile"])
    #expect(text.exitCode == 1)
    #expect(text.output.isEmpty)
    #expect(
      text.errors == "error: unknown screen 'Foldr' at stack entry 1; did you mean 'Folder'?\n")
    let json = Tool.run([
      "route", "SampleApp.json", "--from", "Menu,Foldr", "--to", "Profile", "--json",
    ])
    #expect(json.exitCode == 1)
    #expect(json.output == Self.typo + "\n")
    // The first screen too, without a near name: no route pushes on top of it.
    let first = Tool.run(["route", "SampleApp.json", "--from", "Nope", "--to", "Profile"])
    #expect(first.exitCode == 1)
    #expect(first.errors == "error: unknown screen 'Nope' at stack entry 0\n")
  }

  @Test func aRequestFileRefusesAnUndeclaredScreen() {
    let request = #"{"stack": ["Menu", "Foldr"], "to": "Profile", "parameters": {"userId": 2}}"#
    let result = Tool.run(
      ["route", "SampleApp.json", "--request", "r.json"], files: ["r.json": request])
    #expect(result.exitCode == 1)
    #expect(result.output == Self.typo + "\n")
  }

  @Test func aBatchLineRefusesAnUndeclaredScreen() {
    // The plain line and one only the JSON reader reads (an escape) answer alike.
    let lines = [
      #"{"stack": ["Menu", "Foldr"], "to": "Profile"}"#,
      #"{"stack": ["Menu", "Fold\u0072"], "to": "Profile"}"#,
      #"{"stack": ["Menu"], "to": "Folder"}"#,
    ]
    let result = Tool.run(
      ["route", "SampleApp.json", "--batch", "-"], input: lines.joined(separator: "\n"))
    #expect(result.exitCode == 0)
    let answers = Tool.lines(result.output)
    for line in [1, 2] {
      #expect(
        answers[line - 1]
          == Self.typo.replacingOccurrences(
            of: #""kind":"unknownScreen","#, with: #""kind":"unknownScreen","line":\#(line),"#))
    }
    #expect(answers[2].hasPrefix(#"{"steps":"#))
    #expect(result.errors == "batch: 3 requests: 1 routed, 2 failed, 0 invalid\n")
  }

  @Test func linkRefusesAnUndeclaredScreen() {
    let options = Tool.run([
      "link", "SampleApp.json", "--from", "Menu,Foldr", "profile?userId=2", "--json",
    ])
    #expect(options.exitCode == 1)
    #expect(options.output == Self.typo + "\n")
    let request = #"{"stack": ["Menu", "Foldr"], "link": "profile?userId=2"}"#
    let file = Tool.run(
      ["link", "SampleApp.json", "--request", "r.json"], files: ["r.json": request])
    #expect(file.exitCode == 1)
    #expect(file.output == Self.typo + "\n")
  }

  @Test func anExpectationFileRefusesAnUndeclaredScreen() {
    let cases = #"""
      {"cases": [
        {"name": "typo", "stack": ["Menu", "Foldr"], "to": "Profile",
         "expect": {"error": "unknownScreen"}},
        {"name": "typo as a route", "stack": ["Menu", "Foldr"], "to": "Profile",
         "expect": {"steps": 1}}
      ]}
      """#
    let result = Tool.run(["test", "SampleApp.json", "cases.json"], files: ["cases.json": cases])
    #expect(result.exitCode == 1)
    #expect(
      Tool.lines(result.output) == [
        "PASS typo",
        "cases.json:4:3: error: FAIL typo as a route: expected a route, got error unknownScreen: unknown screen 'Foldr' at stack entry 1; did you mean 'Folder'?",
        "1 passed, 1 failed",
      ])
  }

  @Test func aTabStackNamesItsTab() {
    let request =
      #"{"tab": "Folders", "stacks": {"Connections": ["Connections", "Chta"]}, "to": "Profile"}"#
    let result = Tool.run(
      ["route", "t.json", "--request", "r.json"], files: ["t.json": Self.tabs, "r.json": request])
    #expect(result.exitCode == 1)
    #expect(
      result.output
        == #"{"error":{"kind":"unknownScreen","screen":"Chta","path":"stacks.Connections[1]","suggestion":"Chat","message":"unknown screen 'Chta' at entry 1 of tab 'Connections'; did you mean 'Chat'?"}}"#
        + "\n")
  }

  @Test func aTableWithoutScreensTakesAnyName() {
    let table = #"{"commands": [{"to": "Menu"}, {"from": ["Menu"], "to": "Folder"}]}"#
    let result = Tool.run(
      ["route", "t.json", "--from", "Login", "--to", "Folder"], files: ["t.json": table])
    #expect(result.exitCode == 0, "\(result)")
    #expect(Tool.lines(result.output).last == "stack: Login > Menu > Folder")
  }

  // MARK: A single stack on a table with tabs

  @Test func aSingleStackStaysInItsTab() {
    // chatWithProfile is Connections' only: from Folders' stack, no route.
    let folders = Tool.run(
      ["route", "t.json", "--from", "Folder,Profile", "--to", "Chat", "--param", "userId=3"],
      files: ["t.json": Self.tabs])
    #expect(folders.exitCode == 1)
    #expect(folders.errors == "error: no route from Profile to Chat\n")
    let connections = Tool.run(
      ["route", "t.json", "--from", "Connections,Profile", "--to", "Chat", "--param", "userId=3"],
      files: ["t.json": Self.tabs])
    #expect(connections.exitCode == 0)
    #expect(Tool.lines(connections.output).first == "1. push Chat(userId: 3) by chatWithProfile")
  }

  @Test func theExplanationNamesTheTab() {
    let result = Tool.run(
      [
        "route", "t.json", "--from", "Folder,Profile", "--to", "Chat", "--param", "userId=3",
        "--explain", "--json",
      ], files: ["t.json": Self.tabs])
    #expect(result.exitCode == 1)
    // chatWithProfile (command 4) leads to Chat from Profile, in Connections only.
    #expect(
      result.output.contains(
        #"{"command":4,"id":"chatWithProfile","from":["Profile"],"reason":"leftOutOfTab","tab":"Folders"}"#
      ), "\(result.output)")
  }

  /// The message every entry point gives for a stack that starts at no tab's root.
  static let noTab =
    "the table has tabs and 'Profile', the stack's first entry, is no tab's root: start the stack at a tab's root, or give a tab state"

  @Test func aStackOutsideEveryTabIsRefused() {
    let files = ["t.json": Self.tabs]
    let options = Tool.run(["route", "t.json", "--from", "Profile", "--to", "Chat"], files: files)
    #expect(options.exitCode == 2)
    #expect(options.errors == "error: \(Self.noTab)\n")
    let link = Tool.run(["link", "t.json", "--from", "Profile", "chat/3"], files: files)
    #expect(link.exitCode == 2)
    #expect(link.errors == "error: \(Self.noTab)\n")
    // Given by options, the entry keeps its path, as an unknown screen's does.
    let optionsJSON = Tool.run(
      ["route", "t.json", "--from", "Profile", "--to", "Chat", "--json"], files: files)
    #expect(optionsJSON.exitCode == 2)
    #expect(
      optionsJSON.output
        == #"{"error":{"kind":"invalidRequest","path":"stack[0]","message":"stack[0]: \#(Self.noTab)"}}"#
        + "\n")
    let json =
      #"{"error":{"kind":"invalidRequest","path":"stack[0]","message":"stack[0]: \#(Self.noTab)"}}"#
    let request = Tool.run(
      ["route", "t.json", "--request", "-"], input: #"{"stack": ["Profile"], "to": "Chat"}"#,
      files: files)
    #expect(request.exitCode == 2)
    #expect(request.output == json + "\n")
    let batch = Tool.run(
      ["route", "t.json", "--batch", "-"], input: #"{"stack": ["Profile"], "to": "Chat"}"#,
      files: files)
    #expect(
      batch.output
        == json.replacingOccurrences(
          of: #""kind":"invalidRequest","#, with: #""kind":"invalidRequest","line":1,"#) + "\n")
    let cases = #"""
      {"cases": [
        {"name": "outside", "stack": ["Profile"], "to": "Chat", "expect": {"error": "invalidRequest"}},
        {"name": "in Connections", "stack": ["Connections"], "to": "Chat",
         "parameters": {"userId": 1}, "expect": {"stack": ["Connections", "Chat"]}}
      ]}
      """#
    let test = Tool.run(
      ["test", "t.json", "cases.json"], files: ["t.json": Self.tabs, "cases.json": cases])
    #expect(test.output == "PASS outside\nPASS in Connections\n2 passed, 0 failed\n")
  }
}
