import Routing
import Synchronization

/// Whether the sample mail app's user has signed in: the `signedIn` guard reads it.
public final class MailSession: Sendable {
  private let signedIn = Atomic<Bool>(false)

  /// A session, signed out.
  public init() {}

  /// Whether the user has signed in.
  public var isSignedIn: Bool { signedIn.load(ordering: .relaxed) }

  /// Signs the user in.
  public func signIn() {
    signedIn.store(true, ordering: .relaxed)
  }
}

extension SampleApp {
  /// A mail app with layers: a compose sheet (presented) with a photo picker over it
  /// (presented again), a settings cover presented from anywhere, and an account screen
  /// behind a `signedIn` guard whose remedy is a sign-in screen, presented from anywhere.
  ///
  /// - Parameter session: The session the guard reads.
  /// - Returns: The compiled table.
  /// - Complexity: O(1): the table is fixed.
  public static func makeLayeredTable(session: MailSession) throws(TableError) -> RouteTable {
    let signedIn = RouteGuard("signedIn", remedy: "Login") { _ in session.isSignedIn }
    return try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Inbox", restorationIdentifier: "inbox")
      Screen("Archive", restorationIdentifier: "archive")
      Screen("Compose", restorationIdentifier: "compose")
      Screen("Picker")
      Screen("Photo", parameters: [Parameter("photoId", .integer)])
      Screen("Settings", restorationIdentifier: "settings")
      Screen("Account")
      Screen("Login")
      Command(id: "archive", from: ["Inbox"], to: "Archive")
      Command(id: "compose", from: ["Inbox", "Archive"], to: "Compose", presents: true)
      Command(id: "attach", from: ["Compose"], to: "Picker", presents: true)
      Command(id: "photo", from: ["Picker"], to: "Photo")
      Command(id: "settings", to: "Settings", presents: true)
      Command(id: "account", from: ["Settings"], to: "Account", when: signedIn)
      Command(id: "signIn", to: "Login", presents: true)
    }
  }
}
