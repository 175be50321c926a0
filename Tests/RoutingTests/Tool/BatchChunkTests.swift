import Routing
import RoutingJSON
import Testing

@testable import RoutingTool

/// `routing route --batch` on batches larger than a chunk: answers planned concurrently,
/// written as bytes, kept in input order, identical to single requests' answers.
@Suite struct BatchChunkTests {
  /// A seeded random table: `screens` screens, one in four declaring an integer `id` and
  /// one in seven a string `note`, a few with names that JSON must escape; commands from
  /// one to three origins, some from anywhere, some with ids that need escaping.
  static func randomTable(screens: Int, commands: Int, seed: UInt64) -> (
    json: String, names: [String]
  ) {
    var random = SeededGenerator(seed: seed)
    let names = (0..<screens).map { number in
      switch number % 13 {
      case 5: #"Say "hi" \#(number)"#
      case 9: #"Café\\\#(number)"#
      default: "S\(number)"
      }
    }
    var screenObjects: [String] = []
    for (number, name) in names.enumerated() {
      var parameters: [String] = []
      if number % 4 == 1 { parameters.append(#"{"name": "id", "type": "integer"}"#) }
      if number % 7 == 3 { parameters.append(#"{"name": "note", "type": "string"}"#) }
      screenObjects.append(
        #"{"name": \#(quoted(name)), "parameters": [\#(parameters.joined(separator: ", "))]}"#)
    }
    var commandObjects: [String] = []
    for number in 0..<commands {
      let to = quoted(names[Int.random(in: 0..<screens, using: &random)])
      let label = quoted("go \"\(number)\" \\ é")
      let id = number % 3 == 0 ? #""id": \#(label), "# : ""
      if Int.random(in: 0..<40, using: &random) == 0 {
        commandObjects.append(#"{\#(id)"to": \#(to)}"#)
      } else {
        let origins = (0..<Int.random(in: 1...3, using: &random)).map { _ in
          quoted(names[Int.random(in: 0..<screens, using: &random)])
        }
        commandObjects.append(
          #"{\#(id)"from": [\#(origins.joined(separator: ", "))], "to": \#(to)}"#)
      }
    }
    let json = """
      {"screens": [\(screenObjects.joined(separator: ",\n"))],
       "commands": [\(commandObjects.joined(separator: ",\n"))]}
      """
    return (json, names)
  }

  /// Random requests on the table's screens: stacks of one to four entries, some with
  /// parameters, breadcrumbs now and then, and parameter values that need escaping.
  static func randomRequests(_ count: Int, names: [String], seed: UInt64) -> [String] {
    var random = SeededGenerator(seed: seed)
    var requests: [String] = []
    for _ in 0..<count {
      var stack: [String] = []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let name = quoted(names.randomElement(using: &random)!)
        if Bool.random(using: &random) {
          let id = Int.random(in: 1...3, using: &random)
          stack.append(#"{"screen": \#(name), "parameters": {"id": "\#(id)"}}"#)
        } else {
          stack.append(name)
        }
      }
      var request = #"{"stack": [\#(stack.joined(separator: ", "))], "#
      request += #""to": \#(quoted(names.randomElement(using: &random)!))"#
      if Int.random(in: 0..<5, using: &random) == 0 {
        request += #", "via": [\#(quoted(names.randomElement(using: &random)!))]"#
      }
      let id = Int.random(in: 1...3, using: &random)
      requests.append(request + #", "parameters": {"id": "\#(id)", "note": "a\"b\\c\tdé"}}"#)
    }
    return requests
  }

  /// The single `--request` answer to a request, as the batch writes it for line
  /// `number`: error objects carry the line number after their kind.
  static func singleAnswer(_ request: String, number: Int, table: String) -> String {
    let single = Tool.run(
      ["route", "table.json", "--request", "-"], input: request, files: ["table.json": table])
    var expected = Tool.lines(single.output).first ?? ""
    if expected.hasPrefix(#"{"error":"#), let kindEnd = expected.range(of: #"","#) {
      expected.insert(
        contentsOf: #","line":\#(number)"#, at: expected.index(after: kindEnd.lowerBound))
    }
    return expected
  }

  @Test func aLargeRandomBatchAgreesWithSingleRequestsLineByLine() {
    let (table, names) = Self.randomTable(screens: 60, commands: 240, seed: 11)
    let requests = Self.randomRequests(TestScale.isFull ? 5_000 : 50, names: names, seed: 12)
    let batch = Tool.run(
      ["route", "table.json", "--batch", "requests.jsonl"],
      files: ["table.json": table, "requests.jsonl": requests.joined(separator: "\n")])
    #expect(batch.exitCode == 0)
    let answers = Tool.lines(batch.output)
    #expect(answers.count == requests.count)
    var kinds: Set<String> = []
    for (index, request) in requests.enumerated() where index < answers.count {
      let expected = Self.singleAnswer(request, number: index + 1, table: table)
      #expect(answers[index] == expected, "line \(index + 1): \(request)")
      kinds.insert(String(answers[index].prefix(12)))
    }
    // The batch holds routes and failures both, or the comparison proves little.
    #expect(kinds.contains(#"{"steps":[{""#) && kinds.contains(#"{"error":{"k"#))
  }

  @Test func standardInputAndAFileAnswerAlike() {
    let (table, names) = Self.randomTable(screens: 30, commands: 120, seed: 21)
    // Two chunks by default, three in CI.
    let requests = Self.randomRequests(TestScale.isFull ? 9_000 : 4_200, names: names, seed: 22)
    let text = requests.joined(separator: "\n") + "\n"
    let fromFile = Tool.run(
      ["route", "table.json", "--batch", "requests.jsonl"],
      files: ["table.json": table, "requests.jsonl": text])
    let fromInput = Tool.run(
      ["route", "table.json", "--batch", "-"], input: text, files: ["table.json": table])
    #expect(fromFile.exitCode == 0 && fromInput.exitCode == 0)
    #expect(Tool.lines(fromFile.output).count == requests.count)
    #expect(fromFile.output == fromInput.output)
    #expect(fromFile.errors == fromInput.errors)
  }

  @Test func answersKeepTheirInputOrderAcrossChunks() {
    // Line n asks for a screen named after it, so every answer names its own line;
    // 10,000 lines span three chunks in CI, 4,200 two by default.
    let (table, _) = Self.randomTable(screens: 50, commands: 200, seed: 31)
    let count = TestScale.isFull ? 10_000 : 4_200
    let requests = (0..<count).map { line in
      #"{"stack": ["S\#(line % 50)"], "to": "Nowhere\#(line)"}"#
    }
    let result = Tool.run(
      ["route", "table.json", "--batch", "-"], input: requests.joined(separator: "\n"),
      files: ["table.json": table])
    let answers = Tool.lines(result.output)
    #expect(answers.count == count)
    for (index, answer) in answers.enumerated() {
      let expected =
        #"{"error":{"kind":"unknownScreen","line":\#(index + 1),"screen":"Nowhere\#(index)","path":"to","message":"to: unknown screen 'Nowhere\#(index)'"}}"#
      guard answer == expected else {
        Issue.record("line \(index + 1): \(answer)")
        return
      }
    }
    #expect(result.errors == "batch: \(count) requests: 0 routed, \(count) failed, 0 invalid\n")
  }

  @Test func badLinesAreAnsweredInPlaceAmongGoodOnes() {
    let (table, names) = Self.randomTable(screens: 40, commands: 160, seed: 41)
    let good = Self.randomRequests(TestScale.isFull ? 4_500 : 100, names: names, seed: 42)
    let bad = [
      "not json",
      #"{"stack": ["S1"], "to": "#,
      #"{"stack": [], "to": "S2"}"#,
      #"{"stack": ["S1"], "to": "S2", "extra": 1}"#,
      #"{"stack": [3], "to": "S2"}"#,
      #"{"stack": ["S1"], "to": ""}"#,
      #"{"stack": [{"screen": "S1", "parameters": {"id": "x"}}], "to": "S2"}"#,
      #"{"stack": ["S1"], "to": "S2", "parameters": {"id": "seven"}}"#,
      "",
      "   \t",
    ]
    var random = SeededGenerator(seed: 43)
    var lines: [String] = []
    for request in good {
      lines.append(request)
      if Int.random(in: 0..<10, using: &random) == 0 {
        lines.append(bad.randomElement(using: &random)!)
      }
    }
    let result = Tool.run(
      ["route", "table.json", "--batch", "-"], input: lines.joined(separator: "\r\n"),
      files: ["table.json": table])
    #expect(result.exitCode == 0)
    let answers = Tool.lines(result.output)
    var next = 0
    var invalid = 0
    for (index, line) in lines.enumerated() {
      guard line.contains(where: { !$0.isWhitespace }) else { continue }  // no answer
      guard next < answers.count else {
        Issue.record("no answer for line \(index + 1)")
        return
      }
      let answer = answers[next]
      next += 1
      if line == "not json" || line.hasSuffix(#""to": "#) {
        // A syntax error's message names the column on a batch line.
        invalid += 1
        #expect(
          answer.hasPrefix(#"{"error":{"kind":"invalidRequest","line":\#(index + 1),"path":"#)
            && answer.contains("column "), "line \(index + 1): \(answer)")
        continue
      }
      if answer.hasPrefix(#"{"error":{"kind":"invalidRequest""#) { invalid += 1 }
      #expect(
        answer == Self.singleAnswer(line, number: index + 1, table: table),
        "line \(index + 1): \(line)")
    }
    #expect(next == answers.count)
    #expect(invalid > 0 && result.errors.contains("\(invalid) invalid\n"))
  }

  @Test(arguments: [
    "", "plain", "say \"hi\"", "back\\slash", "tab\tnew\nline\r", "\u{1}\u{1F}\u{7F}",
    "café ✓ 🚀", "\u{8}\u{C}",
  ])
  func bytesEscapeStringsAsTheSerializerDoes(text: String) {
    var json = JSONBytes()
    json.string(text)
    #expect(String(decoding: json.bytes, as: UTF8.self) == JSONValue.string(text).serialized())
  }

  @Test(arguments: [0, 7, 10, 99, 100, 12_345, -1, -40, Int.max, Int.min])
  func bytesWriteNumbersAsTheSerializerDoes(number: Int) {
    var json = JSONBytes()
    json.number(number)
    #expect(
      String(decoding: json.bytes, as: UTF8.self)
        == JSONValue.number(JSONNumber(number)).serialized())
  }

  /// Writes one string JSON needs to escape, for the random table.
  static func quoted(_ text: String) -> String {
    JSONValue.string(text).serialized()
  }

  /// The end of a line found eight bytes at a time is the next line feed's offset, as a
  /// plain search finds it: seeded random text, line feeds at every place in a word,
  /// bytes that differ from a line feed by one bit beside them.
  @Test func findsTheEndOfEveryLine() {
    var random = SeededGenerator(seed: 41)
    let alphabet: [UInt8] = [0x0A, 0x0B, 0x08, 0x8A, 0x2A, 0x61, 0x00, 0xFF]
    for length in 0...40 {
      for _ in 0..<50 {
        let bytes = (0..<length).map { _ in alphabet[Int(random.next() % 8)] }
        for start in 0...length {
          let expected = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
          let found = BatchRoute.lineEnd(in: bytes.span, from: start)
          #expect(found == expected, "\(bytes) from \(start)")
          if found != expected { return }
        }
      }
    }
  }
}
