import Foundation
import Routing
import RoutingTool
import Testing

/// `routing route --batch`: one result a line, in order, bad lines answered and skipped
/// over.
@Suite struct BatchRouteTests {
  static let lines = [
    #"{"stack": ["Menu"], "to": "Folder"}"#,
    #"{"stack": ["Menu"], "to": "Settings"}"#,
    "not json",
    "",
    #"{"stack": ["Menu"], "to": "Chat", "parameters": {"userId": "2"}}"#,
    #"{"stack": [], "to": "Chat"}"#,
    "   ",
    #"{"stack": ["Menu", "Folder"], "to": "Menu"}"#,
    #"{"stack": ["Menu"], "to": "Chat", "parameters": {"userId": "x"}}"#,
  ]

  func check(_ result: ToolResult) {
    #expect(result.exitCode == 0)
    let output = Tool.lines(result.output)
    #expect(output.count == 7, "blank lines get no answer: \(output)")
    guard output.count == 7 else { return }
    #expect(output[0].hasPrefix(#"{"steps":[{"command":1,"id":"openFolder""#))
    #expect(
      output[1]
        == #"{"error":{"kind":"unknownScreen","line":2,"screen":"Settings","path":"to","message":"to: unknown screen 'Settings'"}}"#
    )
    #expect(
      output[2].hasPrefix(
        #"{"error":{"kind":"invalidRequest","line":3,"path":"","message":"column 1: "#))
    #expect(
      output[3].hasSuffix(
        #""stack":[{"screen":"Menu","parameters":{}},{"screen":"Connections","parameters":{}},{"screen":"Chat","parameters":{"userId":"2"}}]}"#
      ))
    #expect(
      output[4].hasPrefix(
        #"{"error":{"kind":"invalidRequest","line":6,"path":"stack","message":"stack: the stack is empty"#
      ))
    #expect(
      output[5]
        == #"{"steps":[{"command":0,"id":"home","action":"pop","screen":"Menu"}],"stack":[{"screen":"Menu","parameters":{}}]}"#
    )
    #expect(
      output[6].hasPrefix(#"{"error":{"kind":"invalidRequest","line":9,"path":"parameters.userId""#)
    )
    #expect(result.errors == "batch: 7 requests: 3 routed, 1 failed, 3 invalid\n")
  }

  @Test func answersEveryLineInOrderFromAFile() {
    check(
      Tool.run(
        ["route", "SampleApp.json", "--batch", "b.jsonl"],
        files: ["b.jsonl": Self.lines.joined(separator: "\n") + "\n"]))
  }

  @Test func answersEveryLineInOrderFromStandardInput() {
    check(
      Tool.run(
        ["route", "SampleApp.json", "--batch", "-"], input: Self.lines.joined(separator: "\r\n")))
  }

  @Test func readsLinesWithInvalidUTF8AsBadLines() {
    let bytes =
      Array(#"{"stack": ["Menu"], "to": "Folder"}"#.utf8) + [0x0A, 0xC3, 0x0A]
      + Array(#"{"stack": ["Menu"], "to": "Folder"}"#.utf8)
    let result = Tool.run(["route", "SampleApp.json", "--batch", "-"], input: bytes, files: [:])
    let output = Tool.lines(result.output)
    #expect(output.count == 3)
    #expect(output[1].contains(#""line":2"#) && output[1].contains("invalid UTF-8"))
    #expect(output[0] == output[2])
  }

  @Test func anEmptyBatchAnswersNothing() {
    let result = Tool.run(["route", "SampleApp.json", "--batch", "-"])
    #expect(result.exitCode == 0)
    #expect(result.output.isEmpty)
    #expect(result.errors == "batch: 0 requests: 0 routed, 0 failed, 0 invalid\n")
  }

  @Test func agreesWithSingleRequestsOnManyRandomRequests() throws {
    var random = SeededGenerator(seed: 99)
    let names = ["Menu", "Folder", "Connections", "Chat", "Profile", "ContactCard", "Login"]
    var requests: [String] = []
    for _ in 0..<300 {
      var stack: [String] = []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let name = names.randomElement(using: &random)!
        if name == "Chat" || name == "Profile" {
          stack.append(
            #"{"screen": "\#(name)", "parameters": {"userId": "\#(Int.random(in: 1...2, using: &random))"}}"#
          )
        } else {
          stack.append(#""\#(name)""#)
        }
      }
      let to = names.randomElement(using: &random)!
      let user = Int.random(in: 1...2, using: &random)
      requests.append(
        #"{"stack": [\#(stack.joined(separator: ", "))], "to": "\#(to)", "parameters": {"userId": "\#(user)"}}"#
      )
    }
    let batch = Tool.run(
      ["route", "SampleApp.json", "--batch", "-"], input: requests.joined(separator: "\n"))
    let answers = Tool.lines(batch.output)
    #expect(answers.count == requests.count)
    for (number, request) in requests.enumerated() where number < answers.count {
      let single = Tool.run(["route", "SampleApp.json", "--request", "-"], input: request)
      var expected = Tool.lines(single.output).first ?? ""
      // Batch errors carry their line number.
      if expected.hasPrefix(#"{"error":"#), let kindEnd = expected.range(of: #"","#) {
        expected.insert(
          contentsOf: #","line":\#(number + 1)"#, at: expected.index(after: kindEnd.lowerBound))
      }
      #expect(answers[number] == expected, "\(request)")
    }
  }
}
