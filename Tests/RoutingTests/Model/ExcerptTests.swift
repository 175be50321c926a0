import Foundation
import Routing
import RoutingTool
import Testing

/// Error messages quote at most an excerpt of the input: a 5 MB number, key, screen name
/// or link segment makes a message of a few hundred bytes that still says what and
/// where.
@Suite struct ExcerptTests {
  /// 5 MB in CI (`ROUTING_FULL_TESTS=1`); 250 kB in a quick run, which checks the same
  /// bound in a twentieth of the time.
  static let huge = TestScale.isFull ? 5_000_000 : 250_000
  /// The longest message a test accepts: a sentence quoting two 80-byte excerpts (a path
  /// and a key, say) stays under it.
  static let bound = 500

  static func check(
    _ message: String, says parts: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(message.utf8.count <= bound, "\(message.prefix(300))", sourceLocation: sourceLocation)
    for part in parts {
      #expect(
        message.contains(part), "\(message.prefix(300)) lacks \(part)",
        sourceLocation: sourceLocation)
    }
  }

  @Test func shortTextIsQuotedWhole() {
    #expect(excerpt("userId") == "userId")
    let eighty = String(repeating: "x", count: 80)
    #expect(excerpt(eighty) == eighty)
    #expect(
      excerpt(String(repeating: "a", count: 1_000))
        == String(repeating: "a", count: 65) + "…(1000 bytes)")
  }

  @Test(arguments: [81, 1_000, Self.huge])
  func longTextKeepsItsStartAndLength(count: Int) {
    let text = String(repeating: "7", count: count)
    let quoted = excerpt(text)
    #expect(quoted.utf8.count <= 80)
    #expect(quoted.hasPrefix("7777777777"))
    #expect(quoted.hasSuffix("…(\(count) bytes)"))
  }

  @Test func theCutFallsBetweenScalars() {
    // Two-byte, three-byte and combining scalars: the excerpt is valid text that starts
    // the input, however the bytes fall.
    for text in ["é", "€", "e\u{301}", "𝄞"].map({ String(repeating: $0, count: 200) }) {
      let quoted = excerpt(text)
      #expect(quoted.utf8.count <= 80)
      let start = String(quoted.unicodeScalars.prefix { $0 != "…" })
      #expect(text.unicodeScalars.starts(with: start.unicodeScalars))
      #expect(!start.isEmpty)
    }
  }

  @Test func aHugeNumberInATableFile() {
    let number = String(repeating: "9", count: Self.huge)
    let json = #"{"commands": [{"to": "A", "cost": "# + number + "}]}"
    let error = #expect(throws: TableError.self) { try RouteTable(json: json) }
    Self.check(
      error?.description ?? "",
      says: ["commands[0].cost", "99999", "is not a positive integer", "(\(Self.huge) bytes)"])
  }

  @Test func aHugeUnknownKeyInATableFile() {
    let key = String(repeating: "k", count: Self.huge)
    let json = #"{"commands": [{"to": "A", ""# + key + #"": 1}]}"#
    let error = #expect(throws: TableError.self) { try RouteTable(json: json) }
    Self.check(
      error?.description ?? "", says: ["commands[0]", "unknown key 'kkkk", "(\(Self.huge) bytes)"])
  }

  @Test func aHugeRepeatedKey() {
    let key = String(repeating: "k", count: Self.huge)
    let json = #"{""# + key + #"": 1, ""# + key + #"": 2}"#
    let error = #expect(throws: TableError.self) { try RouteTable(json: json) }
    Self.check(error?.description ?? "", says: ["line 1", "appears twice", "(\(Self.huge) bytes)"])
  }

  @Test func aHugeKeyDeepInAToolRequest() {
    let key = String(repeating: "p", count: Self.huge)
    let request = #"{"stack": ["Menu"], "to": "Profile", "parameters": {""# + key + #"": 2}}"#
    let result = Tool.run(["route", "SampleApp.json", "--request", "-"], input: request)
    #expect(result.exitCode == 2)
    // With --request, the failure is a JSON object on standard output.
    Self.check(result.output, says: ["parameters", "pppp", "(\(Self.huge) bytes)"])
  }

  @Test func aHugeScreenName() {
    let name = String(repeating: "S", count: Self.huge)
    let json = #"{"screens": [{"name": "A"}], "commands": [{"to": ""# + name + #""}]}"#
    let error = #expect(throws: TableError.self) { try RouteTable(json: json) }
    Self.check(error?.description ?? "", says: ["commands[0].to", "is not declared", "SSSS"])
    let table = try? RouteTable(json: #"{"commands": [{"to": "A"}]}"#)
    let unknown = #expect(throws: RoutingError.self) {
      try table?.route(from: [Entry("A")], to: ScreenName(name))
    }
    Self.check(unknown?.description ?? "", says: ["unknown screen", "SSSS"])
    let tool = Tool.run(["route", "SampleApp.json", "--from", "Menu", "--to", name])
    #expect(tool.exitCode != 0)
    Self.check(tool.errors, says: ["SSSS"])
    let screens = Tool.run([
      "route", "SampleApp.json", "--from", "Menu," + name + "\u{1}", "--to", "Chat",
    ])
    #expect(screens.exitCode == 2)
    Self.check(screens.errors, says: ["--from", "control character"])
  }

  /// Found by the tool's fuzz target (Docs/Reliability.md): a screen name with a control
  /// character in `--to` was quoted whole.
  @Test func aScreenNameWithAControlCharacterIsQuotedAsAnExcerpt() {
    let name = "Ch1q" + String(repeating: "1", count: 2_000) + "\u{7}"
    let result = Tool.run(["route", "SampleApp.json", "--from", "Menu", "--to", name])
    #expect(result.exitCode == 2)
    Self.check(result.errors, says: ["'--to'", "control character", "Ch1q111", "(2005 bytes)"])
  }

  @Test func aHugeToolArgument() {
    let argument = String(repeating: "-", count: Self.huge)
    for arguments in [
      [argument], ["route", "SampleApp.json", argument],
      ["route", "SampleApp.json", "--from", "Menu", "--to", "Chat", "--param", "x" + argument],
    ] {
      let result = Tool.run(arguments)
      #expect(result.exitCode == 2)
      Self.check(result.errors, says: ["----", "…(", " bytes)"])
    }
  }

  @Test func aHugeLinkSegment() throws {
    let table = try LinkTables.sample()
    // Longer than a link may be: refused before it is read.
    let long = #expect(throws: LinkError.self) {
      try table.resolve("folder/" + String(repeating: "s", count: Self.huge))
    }
    Self.check(long?.description ?? "", says: ["bytes long"])
    // The longest segment a link may hold.
    let segment = String(repeating: "s", count: RouteTable.maximumLinkLength - 10)
    let unknown = #expect(throws: LinkError.self) { try table.resolve("folder/" + segment) }
    Self.check(
      unknown?.description ?? "", says: ["segment 1", "ssss", "(\(segment.utf8.count) bytes)"])
    let value = #expect(throws: LinkError.self) { try table.resolve("chat/" + segment) }
    Self.check(value?.description ?? "", says: ["userId", "not a valid integer", "ssss"])
    // A query key no screen declares is dropped, unless the reading is strict.
    let query = #expect(throws: LinkError.self) {
      try table.resolve("folder?" + segment + "=1", strict: true)
    }
    Self.check(query?.description ?? "", says: ["ssss"])
    let link = Tool.run(["link", "SampleApp.json", "--from", "Menu", "chat/" + segment])
    #expect(link.exitCode == 2)
    Self.check(link.errors, says: ["userId", "ssss"])
  }

  @Test @MainActor func aHugeRestorationIdentifierAndParameter() throws {
    let table = try RestorationTable.make()
    let name = String(repeating: "r", count: Self.huge)
    let stack = StackContainer(items: [])
    for snapshot in [
      NavigationSnapshot(entries: [SavedEntry(identifier: name)]),
      NavigationSnapshot(entries: [SavedEntry(identifier: "message", parameters: [name: "1"])]),
      NavigationSnapshot(entries: [SavedEntry(identifier: "message", parameters: ["id": name])]),
    ] {
      let error = #expect(throws: RestorationError.self) {
        try stack.restore(snapshot, using: table)
      }
      Self.check(error?.description ?? "", says: ["entries[0]", "rrrr", "(\(Self.huge) bytes)"])
    }
    let key = #"{"version": 1, "entries": [], ""# + name + #"": 1}"#
    let error = #expect(throws: DecodingError.self) { try RestorationTable.decode(key) }
    Self.check("\(error.map { $0 } as Any)", says: ["unknown key", "rrrr"])
  }
}
