import Testing

@testable import Routing

/// Guards must hold for the whole request even when the planner's generation counters
/// wrap around between two searches of that request.
@Suite struct GuardScratchTests {
  @Test func guardsHoldAcrossAGenerationWrapInsideOneRequest() throws {
    let table = try GuardTests.sampleTable()
    let stack = [Entry("Menu"), Entry("Folder"), Entry("Profile", parameters: ["userId": 1])]
    // Leave pooled buffers whose search arrays are about to wrap, so the request's
    // searches wrap them while its guards' answers stand.
    table.planner.scratch.withScratch { buffers in
      buffers.prepare(screens: table.screens.count, commands: table.commands.count)
      buffers.marks.setGeneration(UInt32.max - 1)
      buffers.weighted.setGeneration(UInt32.max - 1)
      buffers.space.setNextBase(UInt32.max - 1)
    }
    let route = try table.route(from: stack, to: "Chat", parameters: ["userId": 2])
    // The guard said no to Profile > Chat: the route must still go through Connections.
    #expect(route.steps.map(\.command) == [3, 5])
  }

  @Test func staleGuardAnswersDoNotSurviveIntoTheNextRequest() throws {
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Menu")
      Screen("Open")
      Screen("Closed")
      Command(from: ["Menu"], to: "Open", when: RouteGuard { _ in true })
      Command(from: ["Menu"], to: "Closed", when: RouteGuard { _ in false })
    }
    // Pooled buffers with every command marked, as an earlier request may leave them:
    // the next request must not read those marks as its own.
    table.planner.scratch.withScratch { buffers in
      buffers.prepare(screens: table.screens.count, commands: table.commands.count)
      for index in 0..<buffers.disabled.count { buffers.disabled.insert(index) }
    }
    let route = try table.route(from: [Entry("Menu")], to: "Open")
    #expect(route.steps.map(\.command) == [0])
  }

  @Test func aStampedArrayReadsUnsetAfterItsCounterWraps() {
    var array = StampedArray<Int32>(count: 3, filler: 0)
    array.setGeneration(UInt32.max)
    array[1] = 7
    #expect(array[1] == 7)
    array.clear()
    #expect(array[1] == nil && !array.contains(1))
    array[2] = 5
    #expect(array[2] == 5 && array.generation == 1)
    array.clear()
    #expect(array[2] == nil)
  }

  @Test func aBreadthFirstSpaceResetsBeforeItsBaseOverflows() {
    var space = BreadthFirstSpace()
    space.resize(to: 3)
    space.setNextBase(UInt32.max - 6)
    space.begin()
    #expect(space.base == UInt32.max - 6)
    space.withMemory { levels, words, _, _ in
      levels.setForward(1, 1, in: &words)
      levels.setBackward(2, 0, in: &words)
      #expect(
        levels.forward(1, in: words) == 1 && levels.backward(2, in: words) == 0
          && levels.forward(0, in: words) == -1)
    }
    space.reach(1)
    // A search from the next base could write past 2³² − 1: every word is reset first.
    space.begin()
    #expect(space.base == 0)
    space.withMemory { levels, words, _, _ in
      #expect(levels.forward(1, in: words) == -1 && levels.backward(2, in: words) == -1)
      levels.setForward(0, 3, in: &words)
      #expect(levels.forward(0, in: words) == 3)
    }
  }
}
