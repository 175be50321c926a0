import Routing
import Testing

/// Compiling looks the names of 64 commands up at once before reading them; these
/// registries span several such batches and check the result against a reference that
/// numbers screens one name at a time.
@Suite struct CompileBatchTests {
  /// A name made anew at each use: names longer than 15 bytes are then separate
  /// strings with the same bytes, which a lookup must still find.
  static func name(_ number: Int) -> ScreenName {
    number % 3 == 0
      ? ScreenName(String(repeating: "Long", count: 4) + String(number)) : ScreenName("S\(number)")
  }

  /// A random registry over `screens` names, with screens declared or taken from its
  /// commands, and the reference numbering: screens in declaration or first-mention
  /// order.
  static func registry(seed: UInt64, screens: Int, commands: Int, declared: Bool) -> (
    RouteRegistry, [ScreenName]
  ) {
    var random = SeededGenerator(seed: seed)
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    var order: [ScreenName] = []
    func mention(_ name: ScreenName) {
      if !order.contains(name) { order.append(name) }
    }
    if declared {
      for number in (0..<screens).shuffled(using: &random) {
        registry.register(Screen(name(number)))
        mention(name(number))
      }
    }
    for _ in 0..<commands {
      let origins = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        name(Int.random(in: 0..<screens, using: &random))
      }
      let destination = name(Int.random(in: 0..<screens, using: &random))
      origins.forEach(mention)
      mention(destination)
      registry.register(Command(from: origins, to: destination))
    }
    return (registry, order)
  }

  @Test(arguments: TestScale.cases(Array(0..<12), quick: 4))
  func screensAndCommandsAreNumberedAsOneAtATime(seed: Int) throws {
    let declared = seed % 2 == 0
    let screens = [5, 40, 300][seed % 3]
    let (registry, order) = Self.registry(
      seed: UInt64(seed), screens: screens, commands: 500, declared: declared)
    let table = try registry.compile()
    #expect(table.screens.map(\.name) == order)
    for (number, command) in registry.commands.enumerated() {
      #expect(table.commands[number].destination == command.destination)
      #expect(table.commands[number].origins == command.origins)
    }
  }

  /// The error compiling `registry` throws, if any.
  static func failure(_ registry: RouteRegistry) -> TableError? {
    do {
      _ = try registry.compile()
      return nil
    } catch {
      return error
    }
  }

  @Test func anUndeclaredOriginPastTheFirstBatchIsLocated() {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    registry.register(Screen("A"))
    registry.register(Screen("B"))
    for _ in 0..<150 { registry.register(Command(from: ["A"], to: "B")) }
    registry.register(Command(from: ["B", "C"], to: "A"))
    let error = Self.failure(registry)
    #expect(error?.kind == .undeclaredScreen)
    #expect(error?.location == "commands[150].from[1]")
  }

  @Test func anInvalidNameInALaterBatchIsLocated() {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    for number in 0..<200 { registry.register(Command(from: ["A"], to: Self.name(number))) }
    registry.register(Command(from: ["A"], to: "Bad\u{7}"))
    let error = Self.failure(registry)
    #expect(error?.kind == .invalidName)
    #expect(error?.location == "commands[200].to")
  }
}
