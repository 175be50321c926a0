import Routing
import Testing

/// Reading links: the seed example, precedence, backtracking, schemes, encoding.
@Suite struct LinkReadingTests {
  @Test func seedExampleFromMenu() throws {
    let table = try LinkTables.sample()
    let request = try table.resolve("folder/profile?userId=2")
    #expect(request == Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2]))
    let route = try table.route(request, from: [Entry("Menu")])
    #expect(route.stack.stackDescription == "Menu > Folder > Profile(userId: 2)")
    #expect(route.steps.map(\.command) == [1, 2])
  }

  @Test(arguments: [
    "folder/profile?userId=2", "/folder/profile?userId=2", "folder/profile/?userId=2",
    "myapp://folder/profile?userId=2", "my-app+v2.0://folder/profile?userId=2",
    "myapp:///folder/profile?userId=2", "folder/profile?userId=%32",
    "fol%64er/profile?user%49d=2",
  ])
  func spellingsOfTheSeedExample(link: String) throws {
    let table = try LinkTables.sample()
    #expect(
      try table.resolve(link) == Request(to: "Profile", via: ["Folder"], parameters: ["userId": 2]))
  }

  @Test func withASchemeTheHostIsTheFirstSegment() throws {
    let table = try LinkTables.sample()
    #expect(try table.resolve("myapp://chat/7") == Request(to: "Chat", parameters: ["userId": 7]))
    // Without "://" there is no scheme: "myapp:chat" is one segment that nothing reads.
    #expect(throws: LinkError(.unknownSegment(index: 0, segment: "myapp:chat"))) {
      try table.resolve("myapp:chat/7")
    }
  }

  @Test func aScreenWithoutPatternIsReadByItsName() throws {
    let table = try LinkTables.sample()
    #expect(
      try table.resolve("Menu/Contact%20Card?compact=true")
        == Request(to: "Contact Card", via: ["Menu"], parameters: ["compact": true]))
    // Names compare exactly.
    #expect(throws: LinkError(.unknownSegment(index: 0, segment: "menu"))) {
      try table.resolve("menu")
    }
  }

  @Test func capturesAndQueryArePercentDecoded() throws {
    let table = try LinkTables.sample()
    #expect(
      try table.resolve("search/caf%C3%A9%20au%20lait?q=a%26b%3Dc")
        == Request(to: "Search", parameters: ["term": "café au lait", "q": "a&b=c"]))
    // An encoded slash stays inside its segment; a plus sign is a plus sign.
    #expect(try table.resolve("search/a%2Fb").parameters == ["term": "a/b"])
    #expect(try table.resolve("search/1+1?q=x+y").parameters == ["term": "1+1", "q": "x+y"])
    // Only the first "=" of an item separates; a value may be empty.
    #expect(try table.resolve("search/x?q=a=b").parameters == ["term": "x", "q": "a=b"])
    #expect(try table.resolve("search/x?q=").parameters == ["term": "x", "q": ""])
    #expect(try table.resolve("search/x?").parameters == ["term": "x"])
  }

  @Test func aValueMayRepeatWhenItIsTheSame() throws {
    let table = try LinkTables.sample()
    // The capture and the query agree once converted to the declared integer.
    #expect(try table.resolve("chat/1?userId=01").parameters == ["userId": 1])
  }

  @Test func valuesTakeTheKindTheirScreensDeclare() throws {
    let table = try LinkTables.sample()
    let request = try table.resolve("folder/profile?userId=-3&tab=42")
    #expect(request.parameters == ["userId": -3, "tab": "42"])
  }

  // MARK: Precedence and backtracking

  @Test(
    arguments: [
      // A literal beats a capture in the same place.
      ("profile", ["ProfileList"], [:]),
      ("profile/settings", ["Settings"], [:]),
      ("hello", ["Page"], ["slug": "hello"]),
      // Both readings are literal then capture; the one with fewer screens wins.
      ("profile/42", ["Profile"], ["id": 42]),
      // A literal reading beats one with fewer screens: X then Y, not XP(p: y).
      ("x/y", ["X", "Y"], [:]),
      ("x/z", ["XP"], ["p": "z"]),
      // ABC reads a/b and then fails on d: the reading backtracks to A then BD.
      ("a/b/d", ["A", "BD"], [:]),
      ("a/b/c", ["ABC"], [:]),
      // Equal readings (literal, literal, literal; two screens): the first screen that
      // reads more segments wins.
      ("m/n/o", ["MN", "O"], [:]),
      // Segment by segment: Settings then Page (literal, literal, capture) beats
      // Profile(id: settings) then Page, and ProfileList then Page twice (literal,
      // capture, capture).
      ("profile/settings/z", ["Settings", "Page"], ["slug": "z"]),
    ] as [(String, [ScreenName], Parameters)])
  func precedence(link: String, screens: [ScreenName], parameters: Parameters) throws {
    let table = try LinkTables.competing()
    let request = try table.resolve(link)
    #expect(request.breadcrumbs + [request.destination] == screens)
    #expect(request.parameters == parameters)
  }

  @Test func readingDoesNotLookAtKindsSoAWrongKindIsAnError() throws {
    let table = try LinkTables.competing()
    // profile/abc reads as Profile(id: abc) (literal, capture; one screen) rather than
    // ProfileList then Page; the value then fails to be an integer.
    #expect(
      throws: LinkError(.invalidParameter(name: "id", value: "abc", expected: .integer))
    ) {
      try table.resolve("profile/abc")
    }
  }

  /// Values are typed from the link's bytes as `ParameterValue.converted(to:)` types text.
  @Test func valuesAreTypedAsTheirTextWouldBe() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen(
        "Item",
        parameters: [.integer("n"), .boolean("b"), .decimal("d"), .string("s")],
        path: "item/:n")
    }
    for value in [
      "0", "007", "-0", "-12", "9223372036854775807", "-9223372036854775808",
      "9223372036854775808", "-9223372036854775809", "+5", "-", "1e3", "1.0", " 1", "x",
    ] {
      let expected = ParameterValue.string(value).converted(to: .integer)
      let read = try? table.resolve("item/\(value)")
      #expect(read?.parameters["n"] == expected, "\(value)")
      let decimal = try? table.resolve("item/1?d=\(value)")
      #expect(decimal?.parameters["d"] == ParameterValue.string(value).converted(to: .decimal))
      #expect(try table.resolve("item/1?s=\(value)").parameters["s"] == .string(value))
    }
    for value in ["true", "false", "True", "1", ""] {
      let read = try? table.resolve("item/1?b=\(value)")
      #expect(read?.parameters["b"] == ParameterValue.string(value).converted(to: .boolean))
    }
    #expect(try table.resolve("item/1?d=2.5e1").parameters["d"] == .decimal(25))
  }

  /// Keys compare as strings: a query key that is the same text as a declared name in
  /// other bytes (the Kelvin sign is canonically `K`) reads as that parameter, whichever
  /// side is ASCII.
  @Test func queryKeysCompareAsStrings() throws {
    let kelvin = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Heat", parameters: [.integer("\u{212A}")], path: "heat")
    }
    #expect(try kelvin.resolve("heat?K=3").parameters == ["K": 3])
    let plain = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Heat", parameters: [.integer("K")], path: "heat")
    }
    #expect(try plain.resolve("heat?%E2%84%AA=3").parameters == ["K": 3])
    #expect(try plain.read("heat?k=3").ignored == ["k"])
  }
}
