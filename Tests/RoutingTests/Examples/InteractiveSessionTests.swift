import Routing
import SampleApp
import Testing

@MainActor
@Suite struct InteractiveSessionTests {
  @Test func answersEveryCommand() async throws {
    let session = try InteractiveSession()
    #expect(
      await session.respond(to: "go Profile userId=2 via Folder") == [
        "1. push Folder by openFolder", "2. push Profile(userId: 2) by openProfile",
        "stack: Menu > Folder > Profile(userId: 2)",
      ])
    #expect(await session.respond(to: "stack") == ["stack: Menu > Folder > Profile(userId: 2)"])
    #expect(await session.respond(to: "back") == ["back to Folder", "stack: Menu > Folder"])
    #expect(await session.respond(to: "go Folder") == ["(already there)", "stack: Menu > Folder"])
    #expect(
      await session.respond(to: "go Menu") == ["1. back to Menu by home", "stack: Menu"])
    _ = await session.respond(to: "go Folder")
    #expect(
      await session.respond(to: "link folder/profile?userId=5") == [
        "1. push Profile(userId: 5) by openProfile", "stack: Menu > Folder > Profile(userId: 5)",
      ])
    _ = await session.respond(to: "back")
    #expect(await session.respond(to: "save") == ["saved: Menu > Folder"])
    _ = await session.respond(to: "go Chat userId=3")
    #expect(await session.respond(to: "restore") == ["restored", "stack: Menu > Folder"])
    #expect(await session.respond(to: "help") == InteractiveSession.help)
    #expect(await session.respond(to: "quit") == ["bye"])
    #expect(session.isFinished)
  }

  @Test func drivesTheAppUnderTabs() async throws {
    let session = try InteractiveSession()
    #expect(
      await session.respond(to: "tabs") == ["tabs: Folders: Folder | Connections: Connections"])
    #expect(
      await session.respond(to: "go Chat userId=7") == [
        "1. select Connections", "2. push Chat(userId: 7) by openChat",
        "tabs: Connections: Connections > Chat(userId: 7) | Folders: Folder",
      ])
    #expect(
      await session.respond(to: "tab Folders") == [
        "tabs: Folders: Folder | Connections: Connections > Chat(userId: 7)"
      ])
    #expect(
      await session.respond(to: "tab Folder") == ["unknown tab 'Folder'; did you mean 'Folders'?"])
    // The words are the library's own error for the same mistake.
    #expect(
      await session.respond(to: "tab Folder") == [
        RoutingError.unknownTab("Folder", suggestion: "Folders").description
      ])
    #expect(await session.respond(to: "save").first?.hasPrefix("saved every tab") == true)
    #expect(
      await session.respond(to: "link people/Connections") == [
        "1. select Connections", "2. back to Connections by connections",
        "tabs: Connections: Connections | Folders: Folder",
      ])
    #expect(
      await session.respond(to: "restore") == [
        "restored", "tabs: Folders: Folder | Connections: Connections > Chat(userId: 7)",
      ])
    #expect(
      await session.respond(to: "back") == [
        "already at the tab's first screen",
        "tabs: Folders: Folder | Connections: Connections > Chat(userId: 7)",
      ])
  }

  /// The mail app with layers: presents, dismisses, a sign-in detour and its resume,
  /// each in the library's words.
  @Test func drivesTheMailAppWithLayers() async throws {
    let session = try InteractiveSession()
    #expect(
      await session.respond(to: "resume") == ["resume works in the mail app: type mail first"])
    #expect(await session.respond(to: "mail") == ["state: Inbox"])
    #expect(
      await session.respond(to: "go Photo photoId=5") == [
        "1. present Compose by compose", "2. present Picker by attach",
        "3. push Photo(photoId: 5) by photo", "state: Inbox | Compose | Picker > Photo(photoId: 5)",
      ])
    #expect(
      await session.respond(to: "back") == [
        "back to Picker", "state: Inbox | Compose | Picker",
      ])
    #expect(
      await session.respond(to: "go Account") == [
        "1. present Settings by settings", "2. present Login by signIn",
        "state: Inbox | Compose | Picker | Settings | Login",
        "detour: signedIn → Login, then to Account",
      ])
    #expect(await session.respond(to: "signin") == ["signed in"])
    #expect(
      await session.respond(to: "resume") == [
        "1. back to Settings by settings", "2. push Account by account",
        "state: Inbox | Compose | Picker | Settings > Account",
      ])
    #expect(
      await session.respond(to: "resume") == [
        "nothing waits for a sign-in", "state: Inbox | Compose | Picker | Settings > Account",
      ])
    let archive = await session.respond(to: "go Archive")
    // Back to Compose closes the layers above it (a command ties with a dismiss and
    // comes first), a dismiss closes Compose, then a push on the base.
    #expect(
      archive == [
        "1. back to Compose by compose", "2. dismiss", "3. push Archive by archive",
        "state: Inbox > Archive",
      ])
    #expect(
      await session.respond(to: "go Nowhere").first
        == "error: unknown screen 'Nowhere'")
    #expect(await session.respond(to: "tabs").first?.hasPrefix("tabs:") == true)
    #expect(!session.isInMail)
  }

  @Test func badInputGetsAHelpfulMessage() async throws {
    let session = try InteractiveSession()
    #expect(
      await session.respond(to: "fly Profile") == [
        "unknown command 'fly': type help for the commands"
      ])
    #expect(
      await session.respond(to: "go") == ["go needs a screen: go Profile userId=2 via Folder"])
    #expect(
      await session.respond(to: "go Nowhere") == ["error: unknown screen 'Nowhere'", "stack: Menu"])
    #expect(
      await session.respond(to: "go Profile userId=abc") == [
        "error: parameter 'userId': 'abc' is not a valid integer", "stack: Menu",
      ])
    #expect(
      await session.respond(to: "go Profile via") == ["via needs screens: via Folder, Connections"])
    #expect(await session.respond(to: "back") == ["already at the first screen", "stack: Menu"])
    #expect(await session.respond(to: "restore") == ["nothing saved yet: type save first"])
    #expect(
      await session.respond(to: "link") == ["link needs one link: link folder/profile?userId=2"])
    #expect(
      await session.respond(to: "link https://other.org/profile").first?.hasPrefix(
        "error: invalid link:")
        == true)
    #expect(await session.respond(to: "") == [])
    #expect(!session.isFinished)
  }

  @Test(arguments: [
    ("go profile", "error: unknown screen 'profile'; did you mean 'Profile'?"),
    ("go CONTACTCARD userId=3", "error: unknown screen 'CONTACTCARD'; did you mean 'ContactCard'?"),
    ("go Profle userId=2", "error: unknown screen 'Profle'; did you mean 'Profile'?"),
    ("go Profile via folder", "error: unknown screen 'folder'; did you mean 'Folder'?"),
    (
      "go Profile via Folder, Conections",
      "error: unknown screen 'Conections'; did you mean 'Connections'?"
    ),
    (
      "go Profile userid=2",
      "error: parameter 'userid' is declared by neither the destination, a breadcrumb nor a screen the route pushes; did you mean 'userId'?"
    ),
    (
      "go Profile usrId=2",
      "error: parameter 'usrId' is declared by neither the destination, a breadcrumb nor a screen the route pushes; did you mean 'userId'?"
    ),
    // Every key is checked, not only the first: nothing is dropped.
    (
      "go Profile userId=2 admin=true",
      "error: parameter 'admin' is declared by neither the destination, a breadcrumb nor a screen the route pushes"
    ),
    ("go Settings", "error: unknown screen 'Settings'"),
    (
      "go Profile colour=red",
      "error: parameter 'colour' is declared by neither the destination, a breadcrumb nor a screen the route pushes"
    ),
  ])
  func unknownNamesSuggestTheClosestKnownOne(line: String, answer: String) async throws {
    let session = try InteractiveSession()
    #expect(await session.respond(to: line) == [answer, "stack: Menu"])
    #expect(session.navigator.stack.stackDescription == "Menu")
  }

  @Test(arguments: [
    "go Profile userId=2 via Connections,Folder",
    "go Profile userId=2 via Connections, Folder",
    "go Profile userId=2 via Connections ,Folder",
    "go Profile userId=2 via  Connections ,  Folder",
  ])
  func listsMayHaveSpacesAroundTheirCommas(line: String) async throws {
    let session = try InteractiveSession()
    // Through Connections, then back to the menu and through Folder.
    #expect(
      await session.respond(to: line) == [
        "1. push Connections by openConnections", "2. back to Menu by home",
        "3. push Folder by openFolder", "4. push Profile(userId: 2) by openProfile",
        "stack: Menu > Folder > Profile(userId: 2)",
      ])
  }

  @Test func endOfInputEndsTheLineBeforeLeaving() async throws {
    let session = try InteractiveSession()
    var input = ["go Folder"]
    var output = ""
    await session.run(
      reading: { input.isEmpty ? nil : input.removeFirst() }, writing: { output += $0 })
    #expect(
      output == """
        The sample app. Type help for the commands.
        stack: Menu
        > 1. push Folder by openFolder
        stack: Menu > Folder
        > \n
        """)
    #expect(!session.isFinished)
  }

  @Test func quitEndsWithoutAnExtraLine() async throws {
    let session = try InteractiveSession()
    var input = ["quit", "go Folder"]
    var output = ""
    await session.run(
      reading: { input.isEmpty ? nil : input.removeFirst() }, writing: { output += $0 })
    #expect(output.hasSuffix("> bye\n"))
    #expect(input == ["go Folder"])
    #expect(session.isFinished)
  }
}
