import Testing

@testable import Routing

/// A request's values are typed once, as the request enters the planner, for the keys
/// the table declares with one kind; a key declared with two kinds is typed by each
/// screen, and a value that does not convert stays as given, so that matching and
/// pushing report it as they always did.
@Suite struct TypedOnceTests {
  static let table = try! RouteTable(defaultFactory: HeadlessScreen.factory) {
    Screen("A", parameters: [.integer("id"), .string("name")])
    Screen("B", parameters: [.string("id"), .boolean("flag")])
    Command(id: "openA", from: ["B"], to: "A")
    Command(id: "openB", from: ["A"], to: "B")
  }

  @Test func keysOfOneKindAreTypedOnce() {
    let planner = Self.table.planner
    #expect(planner.keyKinds == ["name": .string, "flag": .boolean])
    let typed = planner.typedOnce(
      ["name": 3, "flag": "true", "id": "7", "other": "x"])
    #expect(typed == ["name": "3", "flag": true, "id": "7", "other": "x"])
    // Nothing to convert, or a value that does not: as given.
    #expect(planner.typedOnce(["flag": "maybe", "name": "n"]) == ["flag": "maybe", "name": "n"])
  }

  @Test func aKeyOfTwoKindsIsTypedByEachScreen() throws {
    let toB = try Self.table.route(
      from: [Entry("A", parameters: ["id": 7])], to: "B", parameters: ["id": "7", "flag": "true"])
    #expect(toB.stack.last == Entry("B", parameters: ["id": "7", "flag": true]))
    let toA = try Self.table.route(from: [Entry("B")], to: "A", parameters: ["id": "7"])
    #expect(toA.stack.last == Entry("A", parameters: ["id": 7]))
    // A typed value matches the entry it would push: A(id: 7) is popped back to.
    let back = try Self.table.route(from: toB.stack, to: "A", parameters: ["id": "7"])
    #expect(back.steps.map(\.action) == [.pop])
    // A value that does not convert is reported where a push would type it.
    #expect(throws: RoutingError.invalidParameter(name: "flag", value: "maybe", expected: .boolean))
    {
      try Self.table.route(from: [Entry("A")], to: "B", parameters: ["flag": "maybe"])
    }
  }
}
