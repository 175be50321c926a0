import Routing
import RoutingJSON
import Testing

/// `JSONLocator`: the line and column of the value at a path, checked against documents
/// that record where they put each value as they write it.
@Suite struct JSONLocatorTests {
  /// A seeded random document, and the path and line/column of every value in it,
  /// counted as the text is written.
  struct Document {
    var text = ""
    var line = 1
    var column = 1
    var places: [(path: JSONPath, line: Int, column: Int)] = []

    mutating func write(_ piece: String) {
      for scalar in piece.unicodeScalars {
        if scalar == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
      }
      text += piece
    }

    mutating func whitespace(_ random: inout SeededGenerator) {
      write(["", " ", "\n", "  ", "\n\t", "\r\n "].randomElement(using: &random)!)
    }

    mutating func value(at path: JSONPath, depth: Int, _ random: inout SeededGenerator) {
      places.append((path, line, column))
      switch Int.random(in: 0..<(depth > 3 ? 3 : 5), using: &random) {
      case 0: write(JSONValue.string(Self.word(&random)).serialized())
      case 1: write(["12", "-3.5e2", "true", "false", "null"].randomElement(using: &random)!)
      case 2: write(#""é\"\\ 🙂 \u00e9""#)
      case 3:
        write("[")
        let count = Int.random(in: 0...4, using: &random)
        for index in 0..<count {
          if index > 0 { write(",") }
          whitespace(&random)
          value(at: path.appending(index), depth: depth + 1, &random)
          whitespace(&random)
        }
        write("]")
      default:
        write("{")
        var keys: Set<String> = []
        for _ in 0..<Int.random(in: 0...4, using: &random) {
          let key = Self.word(&random)
          guard keys.insert(key).inserted else { continue }
          if keys.count > 1 { write(",") }
          whitespace(&random)
          write(JSONValue.string(key).serialized())
          whitespace(&random)
          write(":")
          whitespace(&random)
          value(at: path.appending(key), depth: depth + 1, &random)
        }
        whitespace(&random)
        write("}")
      }
    }

    /// Keys and strings: plain, with spaces, escapes and other scripts.
    static func word(_ random: inout SeededGenerator) -> String {
      ["to", "from", "a b", "é", "x\"y", "line\nbreak", "commands", "😀", "k\\", "0"]
        .randomElement(using: &random)!
    }
  }

  @Test func findsEveryValueOfRandomDocuments() {
    var random = SeededGenerator(seed: 11)
    for _ in 0..<(TestScale.isFull ? 5_000 : 200) {
      var document = Document()
      if Bool.random(using: &random) { document.whitespace(&random) }
      document.value(at: .root, depth: 0, &random)
      document.whitespace(&random)
      let locator = JSONLocator(Array(document.text.utf8))
      #expect(locator.syntaxError == nil)
      // Through the path's text too, as a table error writes it.
      let paths = document.places.map { JSONPath(parsing: $0.path.description) }
      #expect(paths == document.places.map(\.path))
      let found = locator.positions(of: paths)
      for (place, position) in zip(document.places, found) {
        #expect(
          position == TextPosition(line: place.line, column: place.column),
          "\(place.path) in \(document.text)")
      }
    }
  }

  @Test func aMissingValueIsPlacedAtTheDeepestOneFound() {
    let text = "{\"commands\": [\n  {\"to\": \"A\"},\n  {\"from\": [\"B\"]}]}"
    let bytes = Array(text.utf8)
    #expect(
      JSONLocator.position(of: "commands[1].to", in: bytes) == TextPosition(line: 3, column: 3))
    #expect(JSONLocator.position(of: "commands[7]", in: bytes) == TextPosition(line: 1, column: 14))
    #expect(JSONLocator.position(of: "", in: bytes) == TextPosition(line: 1, column: 1))
    #expect(
      JSONLocator.position(of: "commands[1].from[0]", in: bytes)
        == TextPosition(line: 3, column: 13))
  }

  @Test func aPathThroughAValueThatHoldsNothingStopsAtThatValue() {
    let text = "{\"a\": \"text\",\n \"b\": [1, {\"c\": null}], \"\\u0064\": true}"
    let bytes = Array(text.utf8)
    #expect(JSONLocator.position(of: "a.x", in: bytes) == TextPosition(line: 1, column: 7))
    #expect(JSONLocator.position(of: "a[0]", in: bytes) == TextPosition(line: 1, column: 7))
    #expect(JSONLocator.position(of: "b[0].c", in: bytes) == TextPosition(line: 2, column: 8))
    #expect(JSONLocator.position(of: "b[1].c", in: bytes) == TextPosition(line: 2, column: 17))
    // A key written with an escape is found by what it says, as loading reads it.
    #expect(JSONLocator.position(of: "d", in: bytes) == TextPosition(line: 2, column: 35))
    #expect(JSONLocator.position(of: "nope", in: bytes) == TextPosition(line: 1, column: 1))
    // Several paths at once, some sharing their start, in the order asked.
    let locator = JSONLocator(bytes)
    #expect(
      locator.positions(of: ["b[1].c", "a", "b[1]"].map { JSONPath(parsing: $0) }) == [
        TextPosition(line: 2, column: 17), TextPosition(line: 1, column: 7),
        TextPosition(line: 2, column: 11),
      ])
  }

  @Test func aByteOrderMarkIsNoColumnAndSyntaxErrorsKeepTheirPlace() {
    let marked: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": [1, 2]}"#.utf8)
    #expect(JSONLocator.position(of: "a[1]", in: marked) == TextPosition(line: 1, column: 11))
    let broken = Array("{\"a\": [1,\n 2,]}".utf8)
    #expect(JSONLocator.position(of: "a[0]", in: broken) == TextPosition(line: 2, column: 4))
    #expect(JSONLocator(broken).syntaxError?.message.contains("expected a value") == true)
  }

  @Test(arguments: [
    (
      "commands[2].from[0]",
      [JSONPath.Component.key("commands"), .index(2), .key("from"), .index(0)]
    ),
    (#"parameters["user id"].x"#, [.key("parameters"), .key("user id"), .key("x")]),
    ("[3]", [.index(3)]),
    ("", []),
  ])
  func pathsReadBackFromTheirText(text: String, components: [JSONPath.Component]) {
    #expect(JSONPath(parsing: text).components == components)
    #expect(JSONPath(components: components).description == text)
  }
}
