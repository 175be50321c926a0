import Routing

extension ScreenName {
  /// The sample app's first screen.
  public static let menu: ScreenName = "Menu"
  /// A folder of contacts.
  public static let folder: ScreenName = "Folder"
  /// The list of the user's connections.
  public static let connections: ScreenName = "Connections"
  /// A chat with one user.
  public static let chat: ScreenName = "Chat"
  /// One user's profile.
  public static let profile: ScreenName = "Profile"
  /// A contact card, opened from its view model.
  public static let contactCard: ScreenName = "ContactCard"
}

/// A screen of the sample app: it remembers the entry and view model it was made with,
/// the way a view controller would read them into its outlets.
@MainActor
public final class SampleScreen: ScreenController {
  /// The entry the screen shows.
  public let entry: Entry
  /// The contact card's view model, for the contact card.
  public let card: ContactCardModel?

  /// Makes a screen from its factory context.
  ///
  /// - Parameter context: The entry and view model.
  public init(_ context: ScreenContext) {
    entry = context.entry
    card = context.viewModel as? ContactCardModel
  }

  /// The screen's name, with the user for screens about one.
  public var title: String? {
    if let card { return "\(card.name)'s card" }
    guard let user = entry.parameters["userId"] else { return entry.screen.rawValue }
    return "\(entry.screen) of user \(user)"
  }
}

/// The view model of a contact card: navigating to it opens a ``ScreenName/contactCard``
/// that shows it.
public struct ContactCardModel: ViewModel, Hashable {
  /// Contact cards show view models of this type.
  public static let destination: ScreenName = .contactCard
  /// The contact's name.
  public let name: String
  /// The contact's user id.
  public let userId: Int

  /// Creates a contact card model.
  ///
  /// - Parameters:
  ///   - name: The contact's name.
  ///   - userId: The contact's user id.
  public init(name: String, userId: Int) {
    self.name = name
    self.userId = userId
  }

  /// The card belongs to its user.
  public var parameters: Parameters { ["userId": .integer(userId)] }
}

/// The sample app as a route table: a menu, a folder and a list of connections, chats
/// and profiles of users, and a contact card.
public enum SampleApp {
  /// The sample app's guard: from a Profile, Chat opens only for the same user; any
  /// other user's chat goes through Connections.
  public static let sameUser = RouteGuard { context in
    guard context.top?.screen == .profile else { return true }
    let wanted = context.request.parameters["userId"]?.converted(to: .integer)
    return wanted == nil || context.top?.parameters["userId"] == wanted
  }

  /// The screens of a user: the chat, the profile and the contact card, in both tables.
  private static var userScreens: [RouteTableComponent] {
    [
      .screen(
        Screen(
          .chat, parameters: [.integer("userId", required: true)], path: "chat/:userId",
          restorationIdentifier: "chat")),
      .screen(
        Screen(
          .profile, parameters: [.integer("userId", required: true)], path: "profile",
          restorationIdentifier: "profile")),
      .screen(
        Screen(.contactCard, parameters: [.integer("userId", required: true)], path: "card/:userId")
      ),
    ]
  }

  /// The sample app's table: six screens, eight commands, and links from
  /// `https://example.com`.
  ///
  /// - Returns: The compiled table.
  /// - Complexity: O(1): the table is fixed.
  public static func makeTable() throws(TableError) -> RouteTable {
    let factory: ScreenFactory = { SampleScreen($0) }
    return try RouteTable(defaultFactory: factory, linkHosts: ["example.com"]) {
      Screen(.menu, path: "menu", restorationIdentifier: "menu")
      Screen(.folder, path: "folder", restorationIdentifier: "folder")
      Screen(.connections, path: "connections", restorationIdentifier: "connections")
      userScreens
      Command(id: "home", to: .menu)
      Command(id: "openFolder", from: [.menu], to: .folder)
      Command(id: "openConnections", from: [.menu], to: .connections)
      Command(id: "openProfile", from: [.folder, .connections], to: .profile)
      Command(id: "openChat", from: [.connections], to: .chat)
      Command(id: "chatWithProfile", from: [.profile], to: .chat, when: sameUser)
      Command(id: "profileOfChat", from: [.chat], to: .profile)
      Command(id: "openContactCard", from: [.profile], to: .contactCard)
    }
  }

  /// The sample app under a tab bar: a Folders tab and a Connections tab, each with its
  /// own stack; chats open only in Connections, and each tab's root is a command of that
  /// tab only (tapping the tab's icon again). The same table as
  /// `Docs/Examples/SampleTabs.json`.
  ///
  /// - Returns: The compiled table.
  /// - Complexity: O(1): the table is fixed.
  public static func makeTabbedTable() throws(TableError) -> RouteTable {
    let factory: ScreenFactory = { SampleScreen($0) }
    return try RouteTable(defaultFactory: factory, linkHosts: ["example.com"]) {
      Tab("Folders", root: .folder, path: "folders")
      Tab("Connections", root: .connections, path: "people")
      Screen(.folder, restorationIdentifier: "folder")
      Screen(.connections, restorationIdentifier: "connections")
      userScreens
      // Tapping a tab's icon again goes back to its root: a command of that tab only.
      Command(id: "folders", to: .folder, tabs: ["Folders"])
      Command(id: "connections", to: .connections, tabs: ["Connections"])
      Command(id: "openProfile", from: [.folder, .connections], to: .profile)
      Command(id: "openChat", from: [.connections], to: .chat)
      Command(id: "chatWithProfile", from: [.profile], to: .chat, tabs: ["Connections"])
      Command(id: "profileOfChat", from: [.chat], to: .profile)
      Command(id: "openContactCard", from: [.profile], to: .contactCard)
    }
  }
}
