import Foundation
import Routing
import RoutingTool
import Testing

/// JSON-RPC 2.0 and the Model Context Protocol as `routing serve` speaks them.
@Suite struct ServeProtocolTests {
  static let route =
    #"{"jsonrpc":"2.0","id":7,"method":"route","params":{"stack":["Menu"],"to":"Connections"}}"#

  // MARK: JSON-RPC errors

  @Test func aLineThatIsNotJSONIsAParseError() throws {
    let serve = try ServeHarness()
    for line in ["nope", #"{"jsonrpc": "2.0""#, #"{"a": 1, "a": 2}"#, "[1,]"] {
      let response = serve.object(line)
      #expect(Response.code(response) == -32700, "\(line)")
      #expect(response?["id"] is NSNull, "\(line)")
      #expect(Response.data(response)?["kind"] as? String == "invalidRequest", "\(line)")
    }
    // Nesting past the parser's depth limit is an error, not a crash.
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(Response.code(serve.object(deep)) == -32700)
    #expect(serve.answer("  \t") == nil)
  }

  @Test func aValueThatIsNotARequestIsAnInvalidRequest() throws {
    let serve = try ServeHarness()
    let cases: [(String, String?, Any?)] = [
      ("3", "", nil),
      (#"{"id": 1, "method": "route"}"#, "jsonrpc", 1),
      (#"{"jsonrpc": "1.0", "id": "a", "method": "route"}"#, "jsonrpc", "a"),
      (#"{"jsonrpc": "2.0", "id": 2}"#, "method", 2),
      (#"{"jsonrpc": "2.0", "id": 2, "method": 5}"#, "method", 2),
      (#"{"jsonrpc": "2.0", "id": [1], "method": "ping"}"#, "id", nil),
      (#"{"jsonrpc": "2.0", "id": 3, "method": "ping", "params": 4}"#, "params", 3),
      (#"{"jsonrpc": "2.0", "id": 3, "method": "ping", "parms": {}}"#, "parms", 3),
      ("[]", "", nil),
    ]
    for (line, path, id) in cases {
      let response = serve.object(line)
      #expect(Response.code(response) == -32600, "\(line)")
      #expect(Response.data(response)?["path"] as? String == path, "\(line)")
      if let id {
        #expect(Response.same(response?["id"], id), "\(line)")
      } else {
        #expect(response?["id"] is NSNull, "\(line)")
      }
    }
    let typo = serve.object(#"{"jsonrpc": "2.0", "id": 3, "method": "ping", "parms": {}}"#)
    #expect((Response.data(typo)?["message"] as? String)?.contains("did you mean 'params'") == true)
  }

  @Test func anUnknownMethodSuggestsTheNearest() throws {
    let serve = try ServeHarness()
    let response = serve.call("rout", "{}")
    #expect(Response.code(response) == -32601)
    #expect(Response.data(response)?["suggestion"] as? String == "route")
    #expect(Response.data(response)?["kind"] as? String == "unknownMethod")
    #expect(Response.data(serve.call("tools/lst"))?["suggestion"] as? String == "tools/list")
  }

  @Test func badParamsAndRoutingFailuresCarryTheToolsErrorObject() throws {
    let serve = try ServeHarness()
    let bad = serve.call("route", #"{"stack": ["Menu", ""], "to": "Chat"}"#)
    #expect(Response.code(bad) == -32602)
    #expect(Response.data(bad)?["path"] as? String == "stack[1]")
    #expect(Response.code(serve.call("route", #"["Menu"]"#)) == -32602)
    #expect(Response.code(serve.call("route")) == -32602)
    let unknown = serve.call("route", #"{"stack": ["Menu"], "to": "Profil"}"#)
    #expect(Response.code(unknown) == 1)
    #expect(Response.data(unknown)?["kind"] as? String == "unknownScreen")
    #expect(Response.data(unknown)?["suggestion"] as? String == "Profile")
    // The message is the tool's, and says it all.
    #expect(
      (Response.error(unknown)?["message"] as? String)?.contains("did you mean 'Profile'") == true)
  }

  // MARK: Batches and notifications

  @Test func batchesAnswerAsArraysWithoutTheirNotifications() throws {
    let serve = try ServeHarness()
    let answer = serve.answer(
      #"[\#(Self.route), {"jsonrpc":"2.0","method":"route","params":{"stack":["Menu"],"to":"Chat"}}, 5, {"jsonrpc":"2.0","id":"p","method":"ping"}]"#
    )
    let array =
      answer.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) } as? [[String: Any]]
    #expect(array?.count == 3)
    #expect(array?[0]["id"] as? Int == 7)
    #expect(Response.result(array?[0]) != nil)
    #expect(Response.code(array?[1]) == -32600)
    #expect(array?[2]["id"] as? String == "p")
    // A batch of notifications, and a notification alone, get no answer at all.
    #expect(
      serve.answer(#"[{"jsonrpc":"2.0","method":"ping"},{"jsonrpc":"2.0","method":"nope"}]"#) == nil
    )
    #expect(serve.answer(#"{"jsonrpc":"2.0","method":"route","params":{"stack":[]}}"#) == nil)
    #expect(serve.answer(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == nil)
    // A null id is a request, answered.
    #expect(serve.object(#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#)?["id"] is NSNull)
  }

  // MARK: The Model Context Protocol

  @Test func initializeNegotiatesTheProtocolVersion() throws {
    let serve = try ServeHarness()
    for version in ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] {
      let result = Response.result(
        serve.call(
          "initialize",
          #"{"protocolVersion": "\#(version)", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}"#
        ))
      #expect(result?["protocolVersion"] as? String == version)
      #expect((result?["serverInfo"] as? [String: Any])?["name"] as? String == "routing")
      #expect(
        (result?["serverInfo"] as? [String: Any])?["version"] as? String == RoutingTool.version)
      #expect((result?["capabilities"] as? [String: Any])?["tools"] != nil)
    }
    for params in [
      #"{"protocolVersion": "2099-01-01"}"#, #"{"protocolVersion": "2024-01-01"}"#, "{}",
    ] {
      #expect(
        Response.result(serve.call("initialize", params))?["protocolVersion"] as? String
          == "2025-11-25")
    }
    #expect(Response.same(Response.result(serve.call("ping")), [String: Any]()))
  }

  @Test func toolsListHasEveryMethodWithASchema() throws {
    let serve = try ServeHarness()
    let tools = Response.result(serve.call("tools/list"))?["tools"] as? [[String: Any]] ?? []
    #expect(
      tools.map { $0["name"] as? String } == [
        "route", "link", "explain", "check", "stats", "cover", "graph", "reload",
      ])
    for tool in tools {
      let description = tool["description"] as? String ?? ""
      #expect(!description.isEmpty && !description.contains("\n"))
      let schema = tool["inputSchema"] as? [String: Any]
      #expect(schema?["type"] as? String == "object")
      #expect(schema?["properties"] is [String: Any])
    }
  }

  @Test func toolsCallAnswersAsTheMethodDoes() throws {
    let serve = try ServeHarness()
    let params = #"{"stack": ["Menu"], "to": "Chat", "parameters": {"userId": "2"}}"#
    let result = Response.result(
      serve.call("tools/call", #"{"name": "route", "arguments": \#(params)}"#))
    let route = Response.result(serve.call("route", params))
    #expect(result?["isError"] as? Bool == false)
    #expect(Response.same(result?["structuredContent"], route))
    let content = result?["content"] as? [[String: Any]]
    #expect(content?.first?["type"] as? String == "text")
    #expect(Response.same(Tool.object(content?.first?["text"] as? String ?? ""), route))
    // A routing failure and bad arguments are tool results with isError.
    for arguments in [
      #"{"stack": ["Menu"], "to": "Chatt"}"#, #"{"stack": "Menu", "to": "Chat"}"#, "7",
    ] {
      let failed = Response.result(
        serve.call("tools/call", #"{"name": "route", "arguments": \#(arguments)}"#))
      #expect(failed?["isError"] as? Bool == true, "\(arguments)")
      let error = (failed?["structuredContent"] as? [String: Any])?["error"] as? [String: Any]
      #expect(error?["message"] is String, "\(arguments)")
      let text = (failed?["content"] as? [[String: Any]])?.first?["text"] as? String ?? ""
      #expect(text.contains(error?["message"] as? String ?? "?"), "\(arguments)")
    }
    let suggested = Response.result(
      serve.call(
        "tools/call", #"{"name": "route", "arguments": {"stack": ["Menu"], "to": "Chatt"}}"#))
    #expect(
      ((suggested?["structuredContent"] as? [String: Any])?["error"] as? [String: Any])?[
        "suggestion"] as? String == "Chat")
    // An unknown tool is a protocol error.
    let unknown = serve.call("tools/call", #"{"name": "rute", "arguments": {}}"#)
    #expect(Response.code(unknown) == -32602)
    #expect(Response.data(unknown)?["suggestion"] as? String == "route")
    #expect(Response.code(serve.call("tools/call", #"{"arguments": {}}"#)) == -32602)
  }

  // MARK: The command

  @Test func servesStandardInputUntilItsEnd() {
    let lines = [
      Self.route, "", "nope", #"{"jsonrpc":"2.0","method":"ping"}"#,
      #"{"jsonrpc":"2.0","id":8,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#,
    ]
    let result = Tool.run(["serve", "SampleApp.json"], input: lines.joined(separator: "\n"))
    #expect(result.exitCode == 0, "\(result)")
    let answers = Tool.lines(result.output).compactMap(Tool.object)
    #expect(answers.count == 3)
    #expect(Set(answers.map { "\($0["id"] ?? "")" }) == ["7", "8", "<null>"])
    #expect(result.errors.contains("serve: end of input after 5 lines"))
  }

  @Test func answersManyRequestsOnBothCoresMatchedByID() {
    let requests = ServeMethodTests.requests(count: 2_000, seed: 5)
    let lines = requests.enumerated().map { number, request in
      #"{"jsonrpc":"2.0","id":\#(number),"method":"route","params":\#(request)}"#
    }
    let result = Tool.run(["serve", "SampleApp.json"], input: lines.joined(separator: "\n"))
    #expect(result.exitCode == 0)
    var byID: [Int: String] = [:]
    let serve = try? ServeHarness()
    for answer in Tool.lines(result.output) {
      guard let id = Tool.object(answer)?["id"] as? Int else { continue }
      #expect(byID[id] == nil)
      byID[id] = answer
    }
    #expect(byID.count == requests.count)
    for (number, line) in lines.enumerated().prefix(200) {
      #expect(byID[number] == serve?.answer(line), "\(line)")
    }
  }

  @Test func aLineOverTheLimitIsAnInvalidRequestAndTheServerGoesOn() {
    let long =
      #"{"jsonrpc":"2.0","id":1,"method":"route","params":{"stack":["\#(String(repeating: "M", count: 300))"],"to":"Chat"}}"#
    let result = Tool.run(
      ["serve", "SampleApp.json", "--max-line", "200"], input: long + "\n" + Self.route)
    #expect(result.exitCode == 0)
    let answers = Tool.lines(result.output).compactMap(Tool.object)
    #expect(answers.count == 2)
    let error = answers.first { $0["error"] != nil }
    #expect(Response.code(error) == -32600)
    #expect(error?["id"] is NSNull)
    #expect(answers.contains { $0["id"] as? Int == 7 && $0["result"] != nil })
    #expect(result.errors.contains("line 1: \(long.utf8.count) bytes, over the limit of 200"))
  }

  @Test func refusesBadArgumentsAndATableThatDoesNotLoad() {
    #expect(Tool.run(["serve"]).exitCode == 2)
    #expect(Tool.run(["serve", "-"]).errors.contains("standard input"))
    #expect(Tool.run(["serve", "SampleApp.json", "--max-line", "0"]).exitCode == 2)
    #expect(Tool.run(["serve", "SampleApp.json", "--watch=yes"]).exitCode == 2)
    let broken = Tool.run(
      ["serve", "t.json"], files: ["t.json": "{\"screens\": [],\n \"commands\": [{\"to\": 3}]}"])
    #expect(broken.exitCode == 2)
    #expect(broken.errors.hasPrefix("t.json:2:"))
    #expect(Tool.run(["serve", "--help"]).output.contains("--max-line"))
  }
}
