import Routing
import Testing

/// Presenting commands in Swift and in route-table files: `"present": true` is read,
/// kept on the compiled command and written back by the export.
@Suite struct PresentingCommandFileTests {
  static let text = """
    {
      "screens": [
        {"name": "Inbox"},
        {"name": "Compose"}
      ],
      "commands": [
        {"id": "compose", "from": ["Inbox"], "to": "Compose", "present": true},
        {"to": "Inbox"}
      ]
    }

    """

  @Test func aSwiftCommandPresentsWhenItSaysSo() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Command(id: "compose", from: ["Inbox"], to: "Compose", presents: true)
      Command(to: "Inbox")
    }
    #expect(table.commands.map(\.presents) == [true, false])
    #expect(table.exportedJSON().contains(#""to": "Compose", "present": true}"#))
  }

  @Test func aFileCommandPresentsAndTheExportWritesItBack() throws {
    let table = try RouteTable(json: Self.text)
    #expect(table.commands.map(\.presents) == [true, false])
    #expect(table.exportedJSON() == Self.text)
  }

  @Test func presentFalseIsTheDefaultAndIsNotWritten() throws {
    let table = try RouteTable(
      json: #"{"commands": [{"to": "A", "present": false}, {"to": "B"}]}"#)
    #expect(table.commands.map(\.presents) == [false, false])
    #expect(!table.exportedJSON().contains("present"))
  }

  /// A custom command type presents nothing unless it says so.
  @Test func aCustomCommandPushesByDefault() throws {
    struct Open: NavigationCommand {
      let destination: ScreenName = "A"
    }
    struct Sheet: NavigationCommand {
      let destination: ScreenName = "B"
      let presents = true
    }
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Open())
    registry.register(Sheet())
    #expect(try registry.compile().commands.map(\.presents) == [false, true])
  }
}
