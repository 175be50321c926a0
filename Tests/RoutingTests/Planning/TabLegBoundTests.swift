import Routing
import Testing

/// Another tab wins a leg by one or two steps, each way the first of them can go: the
/// bound that spares its search when it cannot win must let it through.
@Suite struct TabLegBoundTests {
  /// Tab `A` reaches `M` from its root in `length` pushes; tab `B` has `extra`.
  static func table(_ length: Int, _ extra: [Command]) throws -> RouteTable {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Tab("A", root: "A"))
    registry.register(Tab("B", root: "B"))
    let chain = ["A"] + (1..<length).map { "X\($0)" } + ["M"]
    for index in 0..<length {
      registry.register(
        Command(from: [ScreenName(chain[index])], to: ScreenName(chain[index + 1])))
    }
    for command in extra { registry.register(command) }
    return try registry.compile()
  }

  /// The steps of the route from `A` at its root and `B` at `stack` to `M`, in words.
  static func steps(_ table: RouteTable, _ stack: [ScreenName]) throws -> [String] {
    let state = TabState(selected: "A", stacks: ["A": [Entry("A")], "B": stack.map { Entry($0) }])
    return try table.route(from: state, to: "M").steps.map {
      switch $0 {
      case .select(let tab): "select \(tab)"
      case .command(let step): "\(step.command) \(step.action.rawValue) \(step.screen.rawValue)"
      }
    }
  }

  @Test func oneStepByAPushFromTheTop() throws {
    let table = try Self.table(3, [Command(from: ["B"], to: "M")])
    #expect(try Self.steps(table, ["B"]) == ["select B", "3 push M"])
  }

  @Test func oneStepByAPopBackToTheMilestone() throws {
    let table = try Self.table(3, [Command(from: ["M"], to: "Q")])
    #expect(try Self.steps(table, ["B", "M", "Q"]) == ["select B", "2 pop M"])
  }

  @Test func twoStepsByPushes() throws {
    let table = try Self.table(
      4, [Command(from: ["B"], to: "P"), Command(from: ["P"], to: "M")])
    #expect(try Self.steps(table, ["B"]) == ["select B", "4 push P", "5 push M"])
  }

  @Test func twoStepsByAPopThenAPush() throws {
    let table = try Self.table(
      4,
      [
        Command(from: ["B"], to: "P"), Command(from: ["P"], to: "M"),
        Command(from: ["P"], to: "Q"),
      ])
    #expect(try Self.steps(table, ["B", "P", "Q"]) == ["select B", "4 pop P", "5 push M"])
  }

  @Test func twoStepsFirstFromAnywhere() throws {
    let table = try Self.table(
      4, [Command(from: [], to: "R", tabs: ["B"]), Command(from: ["R"], to: "M")])
    #expect(try Self.steps(table, ["B"]) == ["select B", "4 push R", "5 push M"])
  }

  @Test func aTabThatCannotWinIsLeftAlone() throws {
    let table = try Self.table(
      3, [Command(from: ["B"], to: "P"), Command(from: ["P"], to: "M")])
    #expect(try Self.steps(table, ["B"]) == ["0 push X1", "1 push X2", "2 push M"])
  }
}
