// The examples in the doc comments of route-table files and their JSON reader and writer
// (Sources/Routing/Files and the RoutingJSON target), which DocC shows on each public symbol's page. SnippetTests
// checks that each of those examples shows a region below exactly; the example of
// RouteTable(contentsOfFile:) is in RouteTables.swift, beside the guide's.

import Routing
import RoutingJSON
import Testing

@Suite struct FileSymbolExamples {
  @Test func tableFromJSON() throws {
    // snippet symbol-route-table-json
    let table = try RouteTable(
      json: """
        {"screens": [{"name": "Menu"}, {"name": "Profile", "parameters": ["userId"]}],
         "commands": [{"to": "Menu"}, {"id": "openProfile", "from": ["Menu"], "to": "Profile"}]}
        """)
    // snippet.end
    #expect(table.screens.map(\.name) == ["Menu", "Profile"])
    let route = try table.route(from: [Entry("Menu")], to: "Profile", parameters: ["userId": 2])
    #expect(route.steps.map(\.commandID) == ["openProfile"])
  }

  @Test func parses() throws {
    // snippet symbol-json-value
    let value = try JSONValue(parsing: #"{"to": "Menu", "from": []}"#)
    let destination = value["to"]?.stringValue  // "Menu"
    let text = value.serialized()  // {"to":"Menu","from":[]}
    // snippet.end
    #expect(destination == "Menu")
    #expect(text == #"{"to":"Menu","from":[]}"#)
  }

  @Test func readsFields() throws {
    let value = try JSONValue(parsing: #"{"to": "Menu", "from": ["Folder"]}"#)
    // snippet symbol-json-fields
    let fields = try JSONFields(value, at: .root, keys: ["to", "from"])
    let destination = try fields.requiredString("to")
    let origins = try fields.stringArray("from") ?? []
    // snippet.end
    #expect(destination == "Menu")
    #expect(origins == ["Folder"])
  }

  @Test func serializes() {
    // snippet symbol-json-serialized
    let value: JSONValue = ["screen": "Menu", "parameters": [:]]
    let text = value.serialized()  // {"screen":"Menu","parameters":{}}
    // snippet.end
    #expect(text == #"{"screen":"Menu","parameters":{}}"#)
  }

  @Test func pullsValues() throws {
    let bytes = Array(#"[1, {"a": [true, null]}, "x"]"#.utf8)
    // snippet symbol-json-reader
    try JSONReader.read(bytes[...]) { reader throws(JSONParseError) in
      try reader.enterArray()
      while try reader.nextElement() { try reader.skipValue() }
    }
    // snippet.end
    // snippet symbol-json-reader-read
    let count = try JSONReader.read(bytes[...]) { reader throws(JSONParseError) in
      var count = 0
      try reader.enterArray()
      while try reader.nextElement() {
        try reader.skipValue()
        count += 1
      }
      return count
    }
    // snippet.end
    #expect(count == 3)
    let broken = Array("[1, 2".utf8)
    #expect(throws: JSONParseError.self) {
      var reader = try JSONReader(broken)
      try reader.enterArray()
      while try reader.nextElement() { try reader.skipValue() }
      try reader.finish()
    }
  }

  @Test func exportsATable() throws {
    let signedIn = RouteGuard("signedIn") { _ in true }
    // snippet symbol-exported-json
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Home")
      Screen("Account", parameters: [.integer("userId", required: true)])
      Command(id: "openAccount", from: ["Home"], to: "Account", when: signedIn)
    }
    let text = table.exportedJSON()
    // snippet.end
    #expect(
      text.contains(
        #"{"id": "openAccount", "from": ["Home"], "to": "Account", "guard": "signedIn"}"#))
    #expect(try RouteTable(json: text).exportedJSON() == text)
  }
}
