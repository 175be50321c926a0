// The code of the DocC article LayersAndDetours.md and the doc comments of
// Sources/Routing/Layers: a mail app whose compose sheet and picker are presented.

import Routing
import Testing

@Suite struct LayerExamples {
  @Test func plansOverLayers() throws {
    // snippet layers-table
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      Screen("Inbox")
      Screen("Archive")
      Screen("Compose")
      Screen("Recipients")
      Screen("Picker")
      Command(id: "archive", from: ["Inbox"], to: "Archive")
      Command(id: "compose", from: ["Inbox"], to: "Compose", presents: true)
      Command(id: "recipients", from: ["Compose"], to: "Recipients")
      Command(id: "attach", from: ["Compose"], to: "Picker", presents: true)
    }
    let open = ModalState(stack: [Entry("Inbox")], layers: [[Entry("Compose")]])
    let route = try table.route(from: open, to: "Archive")
    // 1. dismiss
    // 2. push Archive by archive
    // state: Inbox > Archive
    // snippet.end
    #expect(route.description == "1. dismiss\n2. push Archive by archive\nstate: Inbox > Archive")

    // snippet layers-in-layer
    // From Inbox with Compose open: recipients is a command of the top layer.
    let inLayer = try table.route(from: open, to: "Recipients")
    // 1. push Recipients by recipients
    // state: Inbox | Compose > Recipients
    // snippet.end
    #expect(
      inLayer.description
        == "1. push Recipients by recipients\nstate: Inbox | Compose > Recipients")

    // snippet layers-deep
    let deep = try table.route(from: ModalState(stack: [Entry("Inbox")]), to: "Picker")
    // 1. present Compose by compose
    // 2. present Picker by attach
    // state: Inbox | Compose | Picker
    // snippet.end
    #expect(
      deep.description
        == "1. present Compose by compose\n2. present Picker by attach\nstate: Inbox | Compose | Picker"
    )
    #expect(deep.state.layers == [[Entry("Compose")], [Entry("Picker")]])

    // snippet layers-state
    let state = ModalState(stack: [Entry("Inbox")], layers: [[Entry("Compose")]])
    let again = try table.route(from: state, to: "Archive")
    print(again)
    // 1. dismiss
    // 2. push Archive by archive
    // state: Inbox > Archive
    // snippet.end
    #expect(again == route)
  }
}
