import Foundation
import Routing
import Testing

/// Loading large and hostile route-table files with the pull reader: the table equals the
/// one a registry compiles, errors keep their place deep in a file, and every error is
/// the one the former tree walk (`TreeTableReference`) reported.
@Suite struct LargeTableFileTests {
  /// A seeded random table as a file's text, one command a line, and the same table
  /// declared through a registry.
  static func generate(screens: Int, commands: Int, seed: UInt64, declareScreens: Bool)
    -> (text: String, registry: RouteRegistry)
  {
    var random = SeededGenerator(seed: seed)
    // Names of several lengths, some past eight bytes and some not ASCII.
    let names = (0..<screens).map { number in
      ScreenName(
        number % 7 == 0
          ? "Screen-\(number)-long-name" : number % 11 == 0 ? "Écran\(number)" : "S\(number)")
    }
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    var lines: [String] = []
    var screenLines: [String] = []
    if declareScreens {
      for (number, name) in names.enumerated() {
        let parameters: [Parameter] = number % 5 == 0 ? [.integer("id"), .string("tab")] : []
        let path = number % 3 == 0 ? "p\(number)" : nil
        registry.register(Screen(name, parameters: parameters, path: path))
        var fields = [#""name": \#(quoted(name.rawValue))"#]
        if !parameters.isEmpty {
          fields.append(#""parameters": [{"name": "id", "type": "integer"}, "tab"]"#)
        }
        if let path { fields.append(#""path": "\#(path)""#) }
        screenLines.append("{" + fields.joined(separator: ", ") + "}")
      }
    }
    for number in 0..<commands {
      let destination = names[Int.random(in: 0..<screens, using: &random)]
      let origins: [ScreenName] =
        Int.random(in: 0..<50, using: &random) == 0
        ? []
        : (0..<Int.random(in: 1...3, using: &random)).map { _ in
          names[Int.random(in: 0..<screens, using: &random)]
        }
      let id = number % 4 == 0 ? "c\(number)" : nil
      let cost =
        Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: 2...5, using: &random) : 1
      registry.register(Command(id: id, from: origins, to: destination, cost: cost))
      var fields: [String] = []
      // Keys in varying order: a file may write them in any.
      let list = "[" + origins.map { quoted($0.rawValue) }.joined(separator: ", ") + "]"
      if number % 2 == 0 {
        fields.append(#""from": \#(list)"#)
        fields.append(#""to": \#(quoted(destination.rawValue))"#)
      } else {
        fields.append(#""to": \#(quoted(destination.rawValue))"#)
        if !origins.isEmpty { fields.append(#""from": \#(list)"#) }
      }
      if let id { fields.append(#""id": "\#(id)""#) }
      if cost != 1 { fields.append(#""cost": \#(cost)"#) }
      lines.append("  {" + fields.joined(separator: ", ") + "}")
    }
    var text = "{\n"
    if declareScreens { text += #""screens": ["# + screenLines.joined(separator: ",\n") + "],\n" }
    text += "\"commands\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
    return (text, registry)
  }

  /// A JSON string, escaping one character in a few names so that escapes are read too.
  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "-", with: "\\u002d") + "\""
  }

  /// The error loading `bytes` throws, if any.
  static func failure(_ bytes: [UInt8]) -> TableError? { RouteTableFileTests.failure(bytes) }

  @Test(arguments: [false, true])
  func loadsTheSameTableAsARegistry(declareScreens: Bool) throws {
    let size = TestScale.isFull ? 200_000 : 2_000
    let (text, registry) = Self.generate(
      screens: size / 10, commands: size, seed: 9, declareScreens: declareScreens)
    let loaded = try RouteTable(json: text)
    let compiled = try registry.compile()
    #expect(loaded.screens.map(\.name) == compiled.screens.map(\.name))
    #expect(loaded.screens.map(\.parameters) == compiled.screens.map(\.parameters))
    #expect(loaded.screens.map(\.path) == compiled.screens.map(\.path))
    #expect(loaded.commands.count == compiled.commands.count)
    // One comparison a field: an expectation per command costs seconds in a debug build.
    #expect(loaded.commands.map(\.origins) == compiled.commands.map(\.origins))
    #expect(loaded.commands.map(\.destination) == compiled.commands.map(\.destination))
    #expect(loaded.commands.map(\.id) == compiled.commands.map(\.id))
    #expect(loaded.commands.map(\.cost) == compiled.commands.map(\.cost))
    var random = SeededGenerator(seed: 3)
    let names = compiled.screens.map(\.name)
    var routed = 0
    // Its costs make every plan a weighted search, slow in a debug build: a quick share.
    let requests = TestScale.isFull ? 200 : 12
    for _ in 0..<requests {
      let stack = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        Entry(names.randomElement(using: &random)!)
      }
      let destination = names.randomElement(using: &random)!
      // A request key must be one the route's screens declare: give `id` where the
      // destination does.
      let parameters: Parameters =
        compiled.screen(named: destination)?.kind(of: "id") != nil ? ["id": 1] : [:]
      let fromFile = Result { () throws(RoutingError) in
        try loaded.route(from: stack, to: destination, parameters: parameters)
      }
      let fromRegistry = Result { () throws(RoutingError) in
        try compiled.route(from: stack, to: destination, parameters: parameters)
      }
      #expect(fromFile == fromRegistry)
      if case .success = fromFile { routed += 1 }
    }
    #expect(routed > requests / 2)
  }

  /// Deep nesting is refused at the depth limit, having built nothing: the same error
  /// for a few megabytes of brackets as for 257 of them.
  @Test func refusesHostileNestingWithTheDepthError() {
    let count = TestScale.isFull ? 50_000_000 : 1_000_000
    for (opening, prefix) in [("[", #"{"commands": "#), ("[", ""), ("{\"a\":[", #"{"commands": "#)]
    {
      let bytes =
        Array(prefix.utf8)
        + Array(String(repeating: opening, count: count / opening.utf8.count).utf8)
      let error = Self.failure(bytes)
      #expect(error?.kind == .malformedJSON)
      #expect(
        error?.message.contains("nest deeper than 256 levels") == true,
        "\(String(describing: error))")
      if case .failure(let reference) = TreeTableReference.load(Array(bytes.prefix(100_000))) {
        #expect(error?.location == reference.location)
      }
    }
  }

  /// An error deep in a large file names its line and column, and the command it is in.
  @Test func keepsLineAndColumnInTheMiddleOfAHugeFile() throws {
    let size = TestScale.isFull ? 300_000 : 2_000
    let (text, _) = Self.generate(
      screens: 1_000, commands: size, seed: 5, declareScreens: false)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Line 0 is `{`, line 1 opens the commands; command k is on line k + 2 (1-based k + 3).
    let broken = size / 2
    let line = lines[broken + 2]
    let cases: [(String, TableError.Kind, String, String)] = [
      (
        line.replacingOccurrences(of: "], \"to\"", with: "] \"to\"")
          .replacingOccurrences(of: "\", \"from\"", with: "\" \"from\""),
        .malformedJSON, "commands[\(broken)]", "expected ',' or '}'"
      ),
      (
        line.replacingOccurrences(of: "\"to\": \"", with: "\"to\": 7, \"x\": \""),
        .malformedJSON, "", ""
      ),
      (
        "  {\"to\": \"S1\", \"to\": \"S2\"}", .duplicateKey, "commands[\(broken)].to",
        "appears twice"
      ),
      (
        "  {\"to\": \"S1\", \"from\": [\"S2\", tru]}", .malformedJSON,
        "commands[\(broken)].from[1]", "expected a value"
      ),
    ]
    for (replacement, kind, location, phrase) in cases {
      var edited = lines
      edited[broken + 2] = replacement
      let bytes = Array(edited.joined(separator: "\n").utf8)
      guard case .failure(let expected) = TreeTableReference.load(bytes) else {
        Issue.record("the reference loads \(replacement)")
        continue
      }
      let error = Self.failure(bytes)
      #expect(error == expected, "\(replacement)")
      if !location.isEmpty {
        #expect(error?.kind == kind)
        #expect(error?.location == location)
        #expect(error?.message.contains("line \(broken + 3), column ") == true)
        #expect(error?.message.contains(phrase) == true, "\(String(describing: error))")
      }
    }
    // A value of the wrong type deep in the file, and invalid UTF-8 after it: the JSON
    // error wins, with its line and column.
    var edited = lines
    edited[broken + 2] = "  {\"to\": 7},"
    edited[broken + 3] = "  {\"to\": \"\u{2603}\"},"
    var bytes = Array(edited.joined(separator: "\n").utf8)
    #expect(Self.failure(bytes)?.kind == .wrongType)
    #expect(Self.failure(bytes)?.location == "commands[\(broken)].to")
    let snowman = try #require(bytes.firstIndex(of: 0xE2))
    bytes[snowman] = 0xFF
    let invalid = Self.failure(bytes)
    #expect(invalid?.kind == .malformedJSON)
    #expect(invalid?.message.hasPrefix("line \(broken + 4), column 11: invalid UTF-8") == true)
    lines.removeAll()
  }

  /// Seeded random edits of small tables: whatever the edit, the pull reader reports
  /// what the tree walk did (kind, place and message), or loads the same table.
  @Test func reportsWhatTheTreeWalkReported() {
    let bases = [
      #"{"screens": [{"name": "A", "parameters": ["p", {"name": "n", "type": "integer"}], "path": "a/:n"}, {"name": "B"}], "commands": [{"to": "A"}, {"id": "x", "from": ["A"], "to": "B", "cost": 2}]}"#,
      #"{"commands": [{"from": ["A", "B"], "to": "C"}, {"to": "A", "id": "y"}], "screens": []}"#,
      #"{"commands": [{"to": "B", "from": ["A"]}, {"to": "C", "cost": 1}]}"#,
    ]
    var random = SeededGenerator(seed: 11)
    let rounds = TestScale.isFull ? 40_000 : 1_000
    var failures = 0
    for _ in 0..<rounds {
      var text = Array(bases.randomElement(using: &random)!)
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        Self.edit(&text, at: Int.random(in: 0...text.count, using: &random), using: &random)
      }
      if !Self.readsAsTheTreeWalk(String(text)) { failures += 1 }
    }
    #expect(failures > rounds / 2)
  }

  /// The same past the first batch of names the reader numbers at once (64): an edit
  /// among the later commands of a larger file, whose earlier names wait for their
  /// numbers when the edit breaks a command.
  @Test func reportsWhatTheTreeWalkReportedPastTheFirstBatch() {
    let (base, _) = Self.generate(screens: 40, commands: 120, seed: 3, declareScreens: false)
    let bytes = Array(base)
    var random = SeededGenerator(seed: 12)
    let rounds = TestScale.isFull ? 2_000 : 50
    var failures = 0
    for _ in 0..<rounds {
      var text = bytes
      Self.edit(
        &text, at: Int.random(in: text.count / 2...text.count, using: &random), using: &random)
      if !Self.readsAsTheTreeWalk(String(text)) { failures += 1 }
    }
    #expect(failures > rounds / 4)
  }

  /// Removes, inserts or replaces a piece of JSON at `at`.
  static func edit(_ text: inout [Character], at: Int, using random: inout SeededGenerator) {
    let pieces = [
      "{", "}", "[", "]", ",", ":", "\"", "\"to\"", "\"from\"", "\"id\"", "\"cost\"",
      "\"screens\"", "\"name\"", "\"parameters\"", "\"type\"", "\"path\"", "1", "-2", "1.5",
      "null", "true", "\"A\"", "\"\"", "\"x\"", "[]", "{}", "\\u0041", " ", "\n", "\u{E9}",
      "\"integer\"", "\"intger\"", "\"extra\"",
    ]
    switch Int.random(in: 0..<3, using: &random) {
    case 0 where at < text.count:
      text.remove(at: at)
    case 1:
      text.insert(contentsOf: pieces.randomElement(using: &random)!, at: at)
    default:
      let end = min(text.count, at + Int.random(in: 1...6, using: &random))
      text.replaceSubrange(at..<end, with: pieces.randomElement(using: &random)!)
    }
  }

  /// Whether loading `text` reports what the tree walk does, or loads the same table;
  /// `false` when both refuse it.
  static func readsAsTheTreeWalk(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    switch TreeTableReference.load(bytes) {
    case .failure(let expected):
      #expect(failure(bytes) == expected, "\(text)")
      return false
    case .success(let table):
      let loaded = try? RouteTable(json: bytes)
      #expect(loaded?.screens.map(\.name) == table.screens.map(\.name), "\(text)")
      #expect(loaded?.commands.map(\.destination) == table.commands.map(\.destination))
      #expect(loaded?.commands.map(\.origins) == table.commands.map(\.origins))
      #expect(loaded?.commands.map(\.id) == table.commands.map(\.id))
      return true
    }
  }
}
