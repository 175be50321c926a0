import Foundation
import Routing
import RoutingTool
import Testing

/// Guard answers and detours through the tool: text and JSON answers, a bad answer as
/// one error at every entry point, and expectation files that expect a detour.
@Suite struct DetourToolTests {
  static let table = (try? LayerToolTests.tableText("modal")) ?? ""

  /// The text answer says the detour in the words of ``ModalRoute/description``.
  @Test func textAnswersSayTheDetour() {
    let result = Tool.run(
      ["route", "t.json", "--from", "Inbox", "--to", "Account"], files: ["t.json": Self.table])
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      Tool.lines(result.output) == [
        "1. present Settings by settings", "2. present Login by signIn", "stack: Inbox",
        "layers: Settings | Login", "detour: signedIn → Login, then to Account",
      ])
  }

  /// A link to a guarded screen detours too.
  @Test func aLinkDetours() throws {
    let result = Tool.run(
      ["link", "t.json", "--from", "Inbox", "myapp://Account", "--json"],
      files: ["t.json": Self.table])
    #expect(result.exitCode == 0, "\(result)")
    let answer = try #require(Tool.object(result.output), "\(result)")
    let route = answer["route"] as? [String: Any] ?? answer
    let detour = try #require(route["detour"] as? [String: Any], "\(result.output)")
    #expect(detour["remedy"] as? String == "Login")
  }

  /// A guard answer that is not a boolean is one error, at its place, through
  /// `--request`, a batch line, `routing serve` and an expectation file.
  @Test func aBadAnswerIsOneErrorAtEveryEntryPoint() throws {
    let request = #"{"stack": ["Inbox"], "to": "Account", "guards": {"signedIn": "yes"}}"#
    let files = ["t.json": Self.table, "r.json": request, "b.jsonl": request + "\n"]
    let answered = Tool.run(["route", "t.json", "--request", "r.json"], files: files)
    // A request of the wrong shape is bad input, as any other.
    #expect(answered.exitCode == 2, "\(answered)")
    let error = try #require(Tool.object(answered.output)?["error"] as? [String: Any])
    #expect(error["kind"] as? String == "invalidRequest")
    #expect(error["path"] as? String == "guards.signedIn")
    #expect(
      error["message"] as? String == "guards.signedIn: expected true or false, found a string")
    let batch = Tool.run(["route", "t.json", "--batch", "b.jsonl"], files: files)
    var lineError = try #require(Tool.object(batch.output)?["error"] as? [String: Any])
    #expect(lineError.removeValue(forKey: "line") as? Int == 1)
    #expect(lineError as NSDictionary == error as NSDictionary)
    let call = #"{"jsonrpc": "2.0", "id": 1, "method": "route", "params": \#(request)}"#
    let served = Tool.run(["serve", "t.json"], input: call + "\n", files: files)
    let data = (Tool.object(served.output)?["error"] as? [String: Any])?["data"] as? NSDictionary
    #expect(data == error as NSDictionary, "\(served)")
    let cases =
      #"{"cases": [{"name": "x", "stack": ["Inbox"], "to": "Account", "guards": {"signedIn": 1}, "expect": {"detour": "Login"}}]}"#
    let tested = Tool.run(
      ["test", "t.json", "c.json"], files: files.merging(["c.json": cases]) { $1 })
    #expect(tested.exitCode == 2, "\(tested)")
    #expect(tested.errors.contains("cases[0].guards.signedIn: expected true or false"), "\(tested)")
  }

  /// A case that expects a detour passes when the route detours to that remedy and
  /// fails, saying what came instead, when it does not; a detour nobody expected fails.
  @Test func expectationFilesExpectDetours() {
    let cases = """
      {"cases": [
        {"name": "signed out", "stack": ["Inbox"], "to": "Account", "expect": {"detour": "Login"}},
        {"name": "signed in", "stack": ["Inbox"], "to": "Account", "guards": {"signedIn": true},
         "expect": {"detour": "Login"}},
        {"name": "unexpected", "stack": ["Inbox"], "to": "Account", "expect": {"steps": 2}}
      ]}
      """
    let tested = Tool.run(
      ["test", "t.json", "c.json"], files: ["t.json": Self.table, "c.json": cases])
    #expect(tested.exitCode == 1, "\(tested)")
    #expect(tested.output.contains("1 passed, 2 failed"), "\(tested.output)")
    #expect(
      tested.output.contains("expected a detour to Login, got a route to the destination"),
      "\(tested.output)")
    #expect(tested.output.contains("expected no detour, got a detour to Login"), "\(tested.output)")
  }

  /// Across tabs without a layer open, a table whose guards have remedies detours too.
  @Test func aTabRequestWithoutLayersDetours() throws {
    let table = """
      {"tabs": [{"name": "Mail", "root": "Inbox"}, {"name": "Me", "root": "Profile"}],
       "screens": [{"name": "Inbox"}, {"name": "Profile"}, {"name": "Account"}, {"name": "Login"}],
       "guards": {"signedIn": {"remedy": "Login"}},
       "commands": [{"id": "account", "from": ["Profile"], "to": "Account", "guard": "signedIn"},
                    {"id": "signIn", "to": "Login", "present": true}]}
      """
    let request =
      #"{"tab": "Mail", "stacks": {"Mail": ["Inbox"], "Me": ["Profile"]}, "to": "Account"}"#
    let result = Tool.run(
      ["route", "t.json", "--request", "r.json"], files: ["t.json": table, "r.json": request])
    #expect(result.exitCode == 0, "\(result)")
    let answer = try #require(Tool.object(result.output), "\(result)")
    #expect(
      (answer["detour"] as? [String: Any])?["remedy"] as? String == "Login", "\(result.output)")
    #expect(answer["tab"] as? String == "Me", "\(result.output)")
  }
}
