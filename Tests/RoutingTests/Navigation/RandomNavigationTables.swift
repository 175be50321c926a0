import Routing

/// A screen object that records which factory made it and with what.
@MainActor
final class FactoryMadeScreen: ScreenController {
  let maker: String
  let context: ScreenContext
  init(_ maker: String, _ context: ScreenContext) {
    self.maker = maker
    self.context = context
  }

  /// A factory whose screens name `maker`.
  nonisolated static func factory(_ maker: String) -> ScreenFactory {
    { FactoryMadeScreen(maker, $0) }
  }
}

/// Seeded random tables for navigation and restoration properties: screens `S0`, `S1`, …
/// with random parameters and restoration identifiers, commands with random origins, and
/// factories placed at random on screens, on commands or on the table.
struct RandomNavigationTable {
  var screens: [Screen] = []
  var commands: [Command] = []
  var defaultFactory: ScreenFactory?
  /// Per screen: whether it has a factory of its own, and a restoration identifier.
  var screenHasFactory: [Bool] = []
  var restorable: [Bool] = []
  var commandHasFactory: [Bool] = []
  var commandDestination: [Int] = []

  static let kinds: [Parameter] = [
    .integer("id"), .string("name"), .boolean("flag"), .decimal("scale"),
  ]

  init(_ random: inout SeededGenerator, maxScreens: Int = 8) {
    let count = Int.random(in: 2...maxScreens, using: &random)
    let hasDefault = Int.random(in: 0..<4, using: &random) == 0
    defaultFactory = hasDefault ? FactoryMadeScreen.factory("default") : nil
    for number in 0..<count {
      let parameters = Self.kinds.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
      let hasFactory = Bool.random(using: &random)
      let isRestorable = Int.random(in: 0..<3, using: &random) != 0
      screens.append(
        Screen(
          ScreenName("S\(number)"), parameters: parameters,
          restorationIdentifier: isRestorable
            ? "s\(number)" : (Bool.random(using: &random) ? "" : nil),
          factory: hasFactory ? FactoryMadeScreen.factory("screen S\(number)") : nil))
      screenHasFactory.append(hasFactory)
      restorable.append(isRestorable)
    }
    for number in 0..<Int.random(in: 1...(3 * count), using: &random) {
      let destination = Int.random(in: 0..<count, using: &random)
      let origins = (0..<Int.random(in: 0...2, using: &random)).map { _ in
        ScreenName("S\(Int.random(in: 0..<count, using: &random))")
      }
      // Every command needs a factory somewhere; else a coin decides.
      let needsOne = !screenHasFactory[destination] && !hasDefault
      let hasFactory = needsOne || Bool.random(using: &random)
      commands.append(
        Command(
          from: origins, to: ScreenName("S\(destination)"),
          factory: hasFactory ? FactoryMadeScreen.factory("command \(number)") : nil))
      commandHasFactory.append(hasFactory)
      commandDestination.append(destination)
    }
  }

  /// The first restorable screen that nothing makes, by the rule written out: no factory
  /// of its own, no default, no command to it.
  var firstUnconstructible: Int? {
    screens.indices.first { number in
      restorable[number] && !screenHasFactory[number] && defaultFactory == nil
        && !commandDestination.contains(number)
    }
  }

  /// Adds a command from anywhere, with a factory, to every screen nothing makes.
  mutating func makeEveryScreenConstructible() {
    while let number = firstUnconstructible {
      commands.append(
        Command(
          to: ScreenName("S\(number)"),
          factory: FactoryMadeScreen.factory("command \(commands.count)")))
      commandHasFactory.append(true)
      commandDestination.append(number)
    }
  }

  /// The maker a screen object made outside a route must name: the screen's factory,
  /// else the table's default, else the lowest-numbered command's to it.
  func expectedMaker(of screen: Int) -> String? {
    if screenHasFactory[screen] { return "screen S\(screen)" }
    if defaultFactory != nil { return "default" }
    guard let command = commandDestination.firstIndex(of: screen) else { return nil }
    // That command's factory, else (compiling guarantees one) its screen's or default.
    return commandHasFactory[command] ? "command \(command)" : nil
  }

  func compile() throws(TableError) -> RouteTable {
    var registry = RouteRegistry(defaultFactory: defaultFactory)
    for screen in screens { registry.register(screen) }
    for command in commands { registry.register(command) }
    return try registry.compile()
  }

  /// A random request to a random screen, with a value of its kind for every key the
  /// destination declares.
  func randomRequest(_ random: inout SeededGenerator) -> Request {
    let destination = screens.randomElement(using: &random)!
    var parameters: Parameters = [:]
    for parameter in destination.parameters {
      parameters[parameter.name] =
        switch parameter.kind {
        case .integer: .integer(Int.random(in: -3...3, using: &random))
        case .string: .string(["Inbox", "", "a b/c", "Ünï"].randomElement(using: &random)!)
        case .boolean: .boolean(Bool.random(using: &random))
        case .decimal: .decimal(Double(Int.random(in: -80...80, using: &random)) / 8)
        }
    }
    return Request(to: destination.name, parameters: parameters)
  }
}
