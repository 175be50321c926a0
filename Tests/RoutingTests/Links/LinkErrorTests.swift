import Routing
import Testing

/// Every way a link can fail, each with its own kind and a message that says where.
@Suite struct LinkErrorTests {
  static let longest = "search/" + String(repeating: "a", count: RouteTable.maximumLinkLength - 7)

  @Test(
    arguments: [
      (longest + "a", .tooLong(bytes: 4_097), "4097 bytes"),
      // Bytes, not characters: 2,049 two-byte characters.
      ("search/" + String(repeating: "é", count: 2_045), .tooLong(bytes: 4_097), "4097"),
      (
        Array(repeating: "Menu", count: 65).joined(separator: "/"), .tooManySegments(count: 65),
        "65 segments"
      ),
      ("", .emptyPath, "no path"),
      ("/", .emptyPath, "no path"),
      ("?userId=2", .emptyPath, "no path"),
      ("myapp://", .emptyPath, "no path"),
      ("myapp://?q=1", .emptyPath, "no path"),
      ("folder//profile", .emptySegment(index: 1), "segment 1"),
      ("//", .emptySegment(index: 0), "segment 0"),
      ("folder/profile//", .emptySegment(index: 2), "segment 2"),
      ("myapp:////folder", .emptySegment(index: 0), "segment 0"),
      ("search/%zz", .badEncoding(.segment(1), text: "%zz"), "segment 1 '%zz'"),
      ("search/a%4", .badEncoding(.segment(1), text: "a%4"), "segment 1"),
      ("search/100%", .badEncoding(.segment(1), text: "100%"), "segment 1"),
      // Escapes that are not UTF-8: a lone lead byte, a lone continuation byte.
      ("search/%C3", .badEncoding(.segment(1), text: "%C3"), "not valid"),
      ("%80/search", .badEncoding(.segment(0), text: "%80"), "segment 0"),
      ("search/x?q=%G1", .badEncoding(.queryItem(0), text: "q=%G1"), "query item 0"),
      ("search/x?q=1&%FF=2", .badEncoding(.queryItem(1), text: "%FF=2"), "query item 1"),
      ("search/x?q", .malformedQuery(item: 0, text: "q"), "query item 0 'q'"),
      ("search/x?q=1&&", .malformedQuery(item: 1, text: ""), "query item 1"),
      ("search/x?q=1&", .malformedQuery(item: 1, text: ""), "query item 1"),
      ("search/x?=1", .malformedQuery(item: 0, text: "=1"), "non-empty key"),
      ("search/x?q=1&q=1", .repeatedQueryKey("q"), "'q' more than once"),
      ("search/x?q=1&%71=2", .repeatedQueryKey("q"), "'q'"),
      ("folder/nowhere", .unknownSegment(index: 1, segment: "nowhere"), "segment 1 'nowhere'"),
      ("Nowhere/folder", .unknownSegment(index: 0, segment: "Nowhere"), "segment 0"),
      ("folder/Menu/x%20y", .unknownSegment(index: 2, segment: "x y"), "segment 2 'x y'"),
      ("chat", .incompletePath, "ends inside a pattern"),
      ("folder/search", .incompletePath, "ends inside a pattern"),
      ("https://example.org/folder", .unknownHost("example.org"), "'example.org' is not"),
      ("http://a@example.org:80/folder", .unknownHost("example.org"), "link hosts"),
      ("https:///folder", .unknownHost(""), "host ''"),
      // Profile declares userId, but a link that reads only Folder cannot set it.
      (
        "chat/abc", .invalidParameter(name: "userId", value: "abc", expected: .integer),
        "'abc' is not a valid integer"
      ),
      (
        "Contact%20Card?compact=yes",
        .invalidParameter(name: "compact", value: "yes", expected: .boolean), "boolean"
      ),
      (
        "chat/1?userId=2", .conflictingValues(key: "userId", first: "1", second: "2"),
        "'1' and '2'"
      ),
      (
        "chat/1/Menu/chat/2", .conflictingValues(key: "userId", first: "1", second: "2"),
        "two values"
      ),
    ] as [(String, LinkError.Kind, String)])
  func failures(link: String, kind: LinkError.Kind, message: String) throws {
    let table = try LinkTables.sample()
    let error = #expect(throws: LinkError.self) { try table.resolve(link) }
    #expect(error?.kind == kind)
    #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
  }

  @Test(arguments: [
    ("folder/profile?userId=2&admin=true", "admin"),
    ("folder?userId=2", "userId"),
    ("chat/1?utm_source=mail#top", "utm_source"),
  ])
  func aStrictReadingRefusesWhatNoScreenDeclares(link: String, key: String) throws {
    let table = try LinkTables.sample()
    let error = #expect(throws: LinkError.self) { try table.resolve(link, strict: true) }
    #expect(error?.kind == .undeclaredParameter(key))
    #expect(error?.description.contains("'\(key)' is not declared") == true)
    #expect(try table.read(link).ignored == [key])
  }

  @Test func theLimitsThemselvesAreAccepted() throws {
    let table = try LinkTables.sample()
    #expect(Self.longest.utf8.count == RouteTable.maximumLinkLength)
    #expect(try table.resolve(Self.longest).destination == "Search")
    let deepest = Array(repeating: "Menu", count: 64).joined(separator: "/")
    let request = try table.resolve(deepest + "/")
    #expect(request.breadcrumbs.count == 63)
  }

  @Test func checksComeInTheDocumentedOrder() throws {
    let table = try LinkTables.sample()
    // Segments before the query, the query before reading, reading before parameters.
    let cases: [(String, String)] = [
      ("https://nowhere.org/a//b?q", "unknownHost"),
      ("a//b?q", "emptySegment"),
      ("%zz?q", "badEncoding"),
      ("nowhere?q", "malformedQuery"),
      ("nowhere?q=1&q=1", "repeatedQueryKey"),
      ("nowhere?admin=1", "unknownSegment"),
      ("chat/abc?admin=1", "invalidParameter"),
      ("folder/profile?admin=1&userId=x", "undeclaredParameter"),
      ("folder/profile?userId=x&admin=1", "invalidParameter"),
    ]
    for (link, name) in cases {
      let error = #expect(throws: LinkError.self) { try table.resolve(link, strict: true) }
      #expect(error?.kind.name == name, "\(link)")
    }
  }
}
