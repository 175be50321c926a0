import Testing

@testable import Routing

/// Path patterns are checked when the table is compiled.
@Suite struct LinkPatternTableTests {
  static func compile(_ screens: [Screen]) throws(TableError) -> RouteTable {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    for screen in screens { registry.register(screen) }
    return try registry.compile()
  }

  static let user = Parameter.integer("userId")

  @Test(
    arguments: [
      (Screen("P", path: ""), "has no segment"),
      (Screen("P", path: "/"), "has no segment"),
      (Screen("P", path: "profile/"), "ends with '/'"),
      (Screen("P", path: "profile//x"), "segment 1 of the path pattern 'profile//x' is empty"),
      (Screen("P", path: "//profile"), "segment 0 of the path pattern '//profile' is empty"),
      (Screen("P", parameters: [user], path: "profile/:"), "capture without a name"),
      (Screen("P", parameters: [user], path: "profile/:id"), "':id' is not a parameter"),
      (Screen("P", path: "profile/:userId"), "':userId' is not a parameter"),
      (
        Screen("P", parameters: [user], path: "profile/:userId/:userId"),
        "':userId' appears twice"
      ),
      (
        Screen("P", path: Array(repeating: "a", count: 65).joined(separator: "/")),
        "65 segments"
      ),
    ] as [(Screen, String)])
  func malformedPatterns(screen: Screen, problem: String) throws {
    let error = #expect(throws: TableError.self) {
      try Self.compile([Screen("Menu"), screen])
    }
    #expect(error?.kind == .invalidPath)
    #expect(error?.location == "screens[1].path")
    #expect(error?.message.contains(problem) == true, "\(error?.message ?? "")")
  }

  @Test func patternsThatDifferOnlyByCaptureNamesCollide() throws {
    let error = #expect(throws: TableError.self) {
      try Self.compile([
        Screen("Profile", parameters: [Self.user], path: "profile/:userId"),
        Screen("Menu"),
        Screen("Post", parameters: [.string("postId")], path: "/profile/:postId"),
      ])
    }
    #expect(error?.kind == .invalidPath)
    #expect(error?.location == "screens[2].path")
    #expect(error?.message.contains("screens[0] ('Profile')") == true)
  }

  @Test func aNameIsAPatternToo() throws {
    // Folder reads its name, "Folder", which is also Archive's path.
    let error = #expect(throws: TableError.self) {
      try Self.compile([Screen("Folder"), Screen("Archive", path: "Folder")])
    }
    #expect(error?.location == "screens[1].path")
  }

  @Test func patternsThatDifferInALiteralOrCaptureDoNotCollide() throws {
    let table = try Self.compile([
      Screen("Profile", parameters: [Self.user], path: "profile/:userId"),
      Screen("Settings", path: "profile/settings"),
      Screen("List", path: "profile"),
      Screen("Folder"),
      Screen("Archive", path: "folder"),
      Screen("Slug", parameters: [.string("slug")], path: ":slug"),
    ])
    #expect(try table.resolve("folder").destination == "Archive")
    #expect(try table.resolve("Folder").destination == "Folder")
  }

  @Test func aNameReadsFromEverySegmentThatEqualsItAsAString() throws {
    // Segments compare as Swift strings (canonical equivalence): the Kelvin sign equals
    // `K`, and a decomposed `é` the composed one, for screens read by their names.
    let table = try Self.compile([
      Screen("Kin"), Screen("Caf\u{E9}"), Screen("Plain"),
      Screen("Other", parameters: [.string("x")], path: "o/:x"),
    ])
    #expect(try table.resolve("Kin").destination == "Kin")
    #expect(try table.resolve("\u{212A}in").destination == "Kin")
    #expect(try table.resolve("%E2%84%AAin").destination == "Kin")
    #expect(try table.resolve("Cafe%CC%81").destination == "Caf\u{E9}")
    #expect(try table.resolve("Caf%C3%A9").destination == "Caf\u{E9}")
    #expect(try table.resolve("Plain").destination == "Plain")
    // A text whose characters each equal an ASCII one, but not the name.
    #expect(throws: LinkError(.unknownSegment(index: 0, segment: "\u{212A}"))) {
      try table.resolve("\u{212A}")
    }
    #expect(throws: LinkError(.unknownSegment(index: 0, segment: "Kin\u{301}"))) {
      try table.resolve("Kin\u{301}")
    }
  }

  @Test func literalsWithTheSameHashAndFirstBytesAreToldApart() throws {
    // "pagenamer5eqkd33m" and "pagename7iy486vvn" have the same hash (`LinkIndex.hash`,
    // the index's hash of a segment or query key), the same length and the same first
    // eight bytes: as path literals and as parameter names, only their last bytes tell
    // them apart.
    let (a, b) = ("pagenamer5eqkd33m", "pagename7iy486vvn")
    #expect(hash(a) == hash(b))
    let keys = [Parameter.integer(a), .string(b)]
    let table = try Self.compile([
      Screen("A", parameters: keys, path: a),
      Screen("B", path: b),
    ])
    #expect(try table.resolve(a).destination == "A")
    #expect(try table.resolve(b).destination == "B")
    #expect(try table.resolve("\(a)?\(b)=x") == Request(to: "A", parameters: [b: "x"]))
    #expect(try table.resolve("\(a)?\(a)=3") == Request(to: "A", parameters: [a: 3]))
  }

  private func hash(_ text: String) -> UInt32 {
    LinkIndex.hash(text.utf8.span)
  }

  @Test func aLeadingSlashInAPatternIsIgnored() throws {
    let table = try Self.compile([Screen("Profile", parameters: [Self.user], path: "/p/:userId")])
    #expect(try table.resolve("p/3") == Request(to: "Profile", parameters: ["userId": 3]))
  }

  @Test func literalsAreTakenAsWritten() throws {
    // A pattern is not percent-decoded: "100%" is the text 100%, read from "100%25".
    let table = try Self.compile([Screen("Full", path: "100%"), Screen("Cafe", path: "café")])
    #expect(try table.resolve("100%25").destination == "Full")
    #expect(try table.resolve("caf%C3%A9").destination == "Cafe")
    #expect(try table.resolve("café").destination == "Cafe")
  }

  @Test func tablesWithoutDeclaredScreensReadTheirNames() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Command(to: "Menu")
      Command(from: ["Menu"], to: "Settings")
    }
    #expect(try table.resolve("Menu/Settings") == Request(to: "Settings", via: ["Menu"]))
  }
}
