import SampleApp
import Testing

@MainActor
@Suite struct InteractiveSessionTests {
  @Test func answersEveryCommand() async throws {
    let session = try InteractiveSession()
    #expect(
      await session.respond(to: "go Profile userId=2 via Folder") == [
        "  push Folder  [openFolder]", "  push Profile(userId: 2)  [openProfile]",
        "stack: Menu > Folder > Profile(userId: 2)",
      ])
    #expect(await session.respond(to: "stack") == ["stack: Menu > Folder > Profile(userId: 2)"])
    #expect(await session.respond(to: "back") == ["back to Folder", "stack: Menu > Folder"])
    #expect(await session.respond(to: "go Folder") == ["  already there", "stack: Menu > Folder"])
    #expect(
      await session.respond(to: "link folder/profile?userId=5") == [
        "  push Profile(userId: 5)  [openProfile]", "stack: Menu > Folder > Profile(userId: 5)",
      ])
    _ = await session.respond(to: "back")
    #expect(await session.respond(to: "save") == ["saved: menu > folder"])
    _ = await session.respond(to: "go Chat userId=3")
    #expect(await session.respond(to: "restore") == ["restored", "stack: Menu > Folder"])
    #expect(await session.respond(to: "help") == InteractiveSession.help)
    #expect(await session.respond(to: "quit") == ["bye"])
    #expect(session.isFinished)
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
      await session.respond(to: "go Profile via") == ["via needs screens: via Folder,Connections"])
    #expect(await session.respond(to: "back") == ["already at the first screen", "stack: Menu"])
    #expect(await session.respond(to: "restore") == ["nothing saved yet: type save first"])
    #expect(
      await session.respond(to: "link") == ["link needs one link: link folder/profile?userId=2"])
    #expect(
      await session.respond(to: "link profile?admin=true").first?.hasPrefix("error: invalid link:")
        == true)
    #expect(await session.respond(to: "") == [])
    #expect(!session.isFinished)
  }
}
