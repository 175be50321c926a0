import Testing

@testable import Routing

/// Guards must hold for the whole request even when the planner's generation counter
/// wraps around between two searches of that request.
@Suite struct GuardScratchTests {
  @Test func guardsHoldAcrossAGenerationWrapInsideOneRequest() throws {
    let table = try GuardTests.sampleTable()
    let stack = [Entry("Menu"), Entry("Folder"), Entry("Profile", parameters: ["userId": 1])]
    // Leave pooled buffers whose next request takes the last generation before the
    // counter wraps, so the request's first search wraps it.
    table.scratch.withScratch { buffers in
      buffers.prepare(screens: table.screens.count, commands: table.commands.count, depth: 0)
      buffers.generation = UInt32.max - 1
    }
    let route = try table.route(from: stack, to: "Chat", parameters: ["userId": 2])
    // The guard said no to Profile > Chat: the route must still go through Connections.
    #expect(route.steps.map(\.command) == [3, 5])
  }

  @Test func staleGuardAnswersDoNotSurviveARequestCounterWrap() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Open")
      Screen("Closed")
      Command(from: ["Menu"], to: "Open", when: RouteGuard { _ in true })
      Command(from: ["Menu"], to: "Closed", when: RouteGuard { _ in false })
    }
    // Every command carries the stamp of an old request 1, and the request counter is
    // about to wrap: the next request must not read those stamps as its own.
    table.scratch.withScratch { buffers in
      buffers.prepare(screens: table.screens.count, commands: table.commands.count, depth: 0)
      buffers.requestGeneration = UInt32.max
      for index in buffers.disabledStamp.indices { buffers.disabledStamp[index] = 1 }
    }
    let route = try table.route(from: [Entry("Menu")], to: "Open")
    #expect(route.steps.map(\.command) == [0])
  }
}
