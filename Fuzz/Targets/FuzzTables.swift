import Routing

/// Tables every target shares: the sample app's, and one whose path patterns capture
/// parameters of every kind, with literals and captures competing for a segment.
enum FuzzTables {
  /// `Docs/Examples/SampleApp.json`, with a restorable screen whose only factory is
  /// the command that opens it.
  static let sampleJSON = """
    {
      "screens": [
        {"name": "Menu", "path": "menu", "restorationIdentifier": "menu"},
        {"name": "Folder", "path": "folder", "restorationIdentifier": "folder"},
        {"name": "Connections", "path": "connections", "restorationIdentifier": "connections"},
        {"name": "Chat", "parameters": [{"name": "userId", "type": "integer"}],
         "path": "chat/:userId", "restorationIdentifier": "chat"},
        {"name": "Profile", "parameters": [{"name": "userId", "type": "integer"}],
         "path": "profile", "restorationIdentifier": "profile"},
        {"name": "ContactCard", "parameters": [{"name": "userId", "type": "integer"}],
         "path": "card/:userId"},
        {"name": "Settings", "parameters": [{"name": "dark", "type": "boolean"},
         {"name": "scale", "type": "decimal"}], "path": "settings/:dark",
         "restorationIdentifier": "settings"},
        {"name": "Search", "parameters": [{"name": "q"}], "path": "search/:q"},
        {"name": "SearchAll", "path": "search/all"},
        {"name": "Tag", "parameters": [{"name": "name"}], "path": ":name/tag",
         "restorationIdentifier": "tag"}
      ],
      "commands": [
        {"id": "home", "to": "Menu"},
        {"id": "openFolder", "from": ["Menu"], "to": "Folder"},
        {"id": "openConnections", "from": ["Menu"], "to": "Connections"},
        {"id": "openProfile", "from": ["Folder", "Connections"], "to": "Profile"},
        {"id": "openChat", "from": ["Connections"], "to": "Chat"},
        {"id": "chatWithProfile", "from": ["Profile"], "to": "Chat"},
        {"id": "profileOfChat", "from": ["Chat"], "to": "Profile"},
        {"id": "openContactCard", "from": ["Profile"], "to": "ContactCard"},
        {"id": "settings", "to": "Settings"},
        {"id": "search", "from": ["Menu", "Folder"], "to": "Search"},
        {"id": "searchAll", "from": ["Menu"], "to": "SearchAll"},
        {"id": "tag", "from": ["Folder", "Search"], "to": "Tag"}
      ]
    }
    """

  /// The table of ``sampleJSON``.
  static let sample: RouteTable = {
    do {
      return try RouteTable(json: sampleJSON)
    } catch {
      fatalError("the fuzz table does not compile: \(error)")
    }
  }()
}

/// Stops the run with a message: a property the target checks does not hold.
func fuzzFailure(_ message: String) -> Never {
  fatalError("fuzz property failed: \(message)")
}
