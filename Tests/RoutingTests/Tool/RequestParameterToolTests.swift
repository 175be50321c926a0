import Foundation
import Routing
import RoutingTool
import Testing

/// The rules on request parameters (required values, declared keys, typed values in JSON)
/// through every way the tool takes a request: flags, `--request`, `--batch` lines and
/// expectation files.
@Suite struct RequestParameterToolTests {
  /// The sample table, whose Profile requires `userId`.
  static let strictTable = Tool.sampleTable

  static let undeclared =
    "parameter 'userid' is declared by neither the destination, a breadcrumb nor a screen the route pushes; did you mean 'userId'?"

  @Test func theStrictTableDeclaresARequiredParameter() throws {
    let table = try RouteTable(json: Self.strictTable)
    #expect(table.screen(named: "Profile")?.parameters == [.integer("userId", required: true)])
  }

  @Test func flagsRefuseAnUndeclaredKey() {
    let result = Tool.run(
      ["route", "SampleApp.json", "--from", "Menu", "--to", "Profile", "--param", "userid=2"])
    #expect(result.exitCode == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors == "error: \(Self.undeclared)\n")
  }

  @Test func flagsRefuseAMissingRequiredValue() {
    let result = Tool.run(
      ["route", "t.json", "--from", "Menu", "--to", "Profile"], files: ["t.json": Self.strictTable])
    #expect(result.exitCode == 2)
    #expect(
      result.errors
        == "error: Profile requires parameter 'userId', and no value is given for it\n")
    let given = Tool.run(
      ["route", "t.json", "--from", "Menu", "--to", "Profile", "--param", "userId=2"],
      files: ["t.json": Self.strictTable])
    #expect(given.exitCode == 0)
  }

  @Test func aRequestFileRefusesAnUndeclaredKeyWithTheSuggestion() throws {
    let request = #"{"stack": ["Menu"], "to": "Profile", "parameters": {"userid": 2}}"#
    let result = Tool.run(
      ["route", "SampleApp.json", "--request", "r.json"], files: ["r.json": request])
    #expect(result.exitCode == 2)
    let error = try #require(Tool.object(result.output)?["error"] as? [String: Any])
    #expect(error["kind"] as? String == "invalidRequest")
    #expect(error["path"] as? String == "parameters.userid")
    #expect(error["suggestion"] as? String == "userId")
    #expect(error["message"] as? String == "parameters.userid: \(Self.undeclared)")
  }

  @Test func aRequestFileRefusesAMissingRequiredValue() throws {
    let request = #"{"stack": ["Menu"], "to": "Profile"}"#
    let result = Tool.run(
      ["route", "t.json", "--request", "r.json"],
      files: ["t.json": Self.strictTable, "r.json": request])
    #expect(result.exitCode == 2)
    let error = try #require(Tool.object(result.output)?["error"] as? [String: Any])
    #expect(error["kind"] as? String == "invalidRequest")
    #expect(error["path"] as? String == "parameters.userId")
  }

  @Test func batchLinesFollowTheSameRules() throws {
    let lines = [
      #"{"stack": ["Menu"], "to": "Profile", "parameters": {"userId": 2}}"#,
      #"{"stack": ["Menu"], "to": "Profile", "parameters": {"userid": "2"}}"#,
      #"{"stack": ["Menu"], "to": "Profile"}"#,
      // An unknown screen is reported before the key.
      #"{"stack": ["Menu"], "to": "Settings", "parameters": {"userid": "2"}}"#,
    ]
    let result = Tool.run(
      ["route", "t.json", "--batch", "b.jsonl"],
      files: ["t.json": Self.strictTable, "b.jsonl": lines.joined(separator: "\n")])
    let answers = Tool.lines(result.output).map { Tool.object($0) }
    #expect(answers.count == 4)
    #expect(answers[0]?["steps"] != nil)
    let second = try #require(answers[1]?["error"] as? [String: Any])
    #expect(second["kind"] as? String == "invalidRequest")
    #expect(second["path"] as? String == "parameters.userid")
    #expect(second["suggestion"] as? String == "userId")
    let third = try #require(answers[2]?["error"] as? [String: Any])
    #expect(third["path"] as? String == "parameters.userId")
    let fourth = try #require(answers[3]?["error"] as? [String: Any])
    #expect(fourth["kind"] as? String == "unknownScreen")
  }

  @Test func expectationFilesFollowTheSameRules() {
    let cases = #"""
      {"cases": [
        {"name": "typo", "stack": ["Menu"], "to": "Profile", "parameters": {"userid": "2"},
         "expect": {"error": "invalidRequest"}},
        {"name": "missing", "stack": ["Menu"], "to": "Profile",
         "expect": {"error": "invalidRequest"}},
        {"name": "unknown screen first", "stack": ["Menu"], "to": "Settings",
         "parameters": {"colour": "red"}, "expect": {"steps": 2}},
        {"name": "typo as a route", "stack": ["Menu"], "to": "Profile",
         "parameters": {"userid": "2"}, "expect": {"steps": 2}}
      ]}
      """#
    let result = Tool.run(
      ["test", "t.json", "cases.json"], files: ["t.json": Self.strictTable, "cases.json": cases])
    #expect(result.exitCode == 1)
    let lines = Tool.lines(result.output)
    #expect(lines[0] == "PASS typo")
    #expect(lines[1] == "PASS missing")
    #expect(
      lines[2].hasPrefix(
        "cases.json:6:3: error: FAIL unknown screen first: expected a route, got error unknownScreen"
      ))
    #expect(
      lines[3]
        == "cases.json:8:3: error: FAIL typo as a route: expected a route, got error invalidRequest: parameters.userid: \(Self.undeclared)"
    )
  }

  /// `"userId": 2`, `"userId": "2"` and the other JSON spellings of a value are one
  /// request, in a case's parameters, in its stack and in `expect.stack`.
  @Test(arguments: [
    (#"2"#, #""2""#), (#""2""#, #"2"#), (#"2"#, #"2"#), (#""2""#, #""2""#),
  ])
  func expectationFilesTakeTypedValues(given: String, expected: String) {
    let cases = """
      {"cases": [
        {"name": "typed", "stack": ["Menu"], "to": "Profile", "via": ["Folder"],
         "parameters": {"userId": \(given)},
         "expect": {"stack": ["Menu", "Folder", {"screen": "Profile", "parameters": {"userId": \(expected)}}]}},
        {"name": "from a typed stack", "stack": ["Menu", {"screen": "Chat", "parameters": {"userId": \(given)}}],
         "to": "Chat", "parameters": {"userId": \(expected)}, "expect": {"steps": 0}}
      ]}
      """
    let result = Tool.run(["test", "SampleApp.json", "cases.json"], files: ["cases.json": cases])
    #expect(result.output == "PASS typed\nPASS from a typed stack\n2 passed, 0 failed\n")
    #expect(result.exitCode == 0)
  }

  @Test func booleansAndDecimalsAreTypedToo() {
    let table = """
      {"screens": [{"name": "A"},
        {"name": "B", "parameters": [{"name": "on", "type": "boolean"}, {"name": "x", "type": "decimal"}]}],
       "commands": [{"from": ["A"], "to": "B"}]}
      """
    let cases = """
      {"cases": [
        {"name": "json", "stack": ["A"], "to": "B", "parameters": {"on": true, "x": 2.5},
         "expect": {"stack": ["A", {"screen": "B", "parameters": {"on": "true", "x": "2.5"}}]}},
        {"name": "text", "stack": ["A"], "to": "B", "parameters": {"on": "true", "x": "2.5"},
         "expect": {"stack": ["A", {"screen": "B", "parameters": {"on": true, "x": 2.5}}]}},
        {"name": "wrong", "stack": ["A"], "to": "B", "parameters": {"on": 1},
         "expect": {"error": "invalidRequest"}}
      ]}
      """
    let result = Tool.run(["test", "t.json", "c.json"], files: ["t.json": table, "c.json": cases])
    #expect(result.output == "PASS json\nPASS text\nPASS wrong\n3 passed, 0 failed\n")
  }

  @Test func aRequiredFlagOfTheWrongTypeIsALocatedError() {
    let table = #"{"screens": [{"name": "A", "parameters": [{"name": "id", "required": "yes"}]}]}"#
    let result = Tool.run(["check", "t.json"], files: ["t.json": table])
    #expect(result.exitCode == 2)
    #expect(
      (result.output + result.errors).contains(
        "screens[0].parameters[0].required: expected a boolean, found a string"),
      "\(result.errors)")
  }
}
