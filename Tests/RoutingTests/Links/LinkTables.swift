import Routing

/// Route tables for the link tests, each chosen so that the rule a test checks decides
/// the outcome.
enum LinkTables {
  /// The seed sample: Menu > Folder > Profile, with Chat and Connections. Profile's
  /// pattern is `profile` (its user comes from the query), Chat's `chat/:userId`.
  static func sample() throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Folder", path: "folder")
      Screen("Connections")
      Screen("Chat", parameters: [.integer("userId")], path: "chat/:userId")
      Screen("Profile", parameters: [.integer("userId"), .string("tab")], path: "profile")
      Screen("Search", parameters: [.string("term"), .string("q")], path: "/search/:term")
      Screen("Contact Card", parameters: [.boolean("compact")])
      Command(to: "Menu")
      Command(from: ["Menu"], to: "Folder")
      Command(from: ["Folder"], to: "Profile")
      Command(from: ["Menu", "Profile"], to: "Connections")
      Command(from: ["Profile", "Connections"], to: "Chat")
      Command(to: "Search")
      Command(to: "Contact Card")
    }
  }

  /// Patterns that compete for the same segments.
  ///
  /// - `profile` (ProfileList), `profile/:id` (Profile), `profile/settings` (Settings)
  /// - `:slug` (Page), which reads any one segment
  /// - `x/:p` (XP), `x` (X), `y` (Y): a literal reading beats a reading with fewer screens
  /// - `a/b/c` (ABC), `a` (A), `b/d` (BD): `a/b/d` must give up ABC and backtrack
  /// - `m/n` (MN), `o` (O), `m` (M, declares `k`), `n/o` (NO): `m/n/o` reads two ways
  ///   alike
  static func competing() throws -> RouteTable {
    try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("ProfileList", path: "profile")
      Screen("Profile", parameters: [.integer("id")], path: "profile/:id")
      Screen("Settings", path: "profile/settings")
      Screen("Page", parameters: [.string("slug")], path: ":slug")
      Screen("XP", parameters: [.string("p")], path: "x/:p")
      Screen("X", path: "x")
      Screen("Y", path: "y")
      Screen("ABC", path: "a/b/c")
      Screen("A", path: "a")
      Screen("BD", path: "b/d")
      Screen("MN", path: "m/n")
      Screen("O", path: "o")
      Screen("M", parameters: [.string("k")], path: "m")
      Screen("NO", path: "n/o")
    }
  }
}
