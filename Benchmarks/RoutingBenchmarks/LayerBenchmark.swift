import Routing

/// Planning with modal layers (`RoutingBenchmarks layers`):
///
/// - the same seeded random table twice, one command in three presenting in one copy and
///   pushing in the other, planned from one-entry stacks to random screens with the
///   cache off (the presenting copy as a `ModalState`, the other as a plain stack), at
///   1,000 / 5,000 and 100,000 / 1,000,000: the median of each and their ratio;
/// - three layers open over a 20,000-deep base (a chain `S0 > … > S19999`, each leading to
///   the next), to a screen pushed from the base's top (the layers closed first: a pop
///   back to the base's top) and to one no command reaches: the time of one plan each.
func benchmarkLayers() throws -> String {
  var lines: [String] = []
  for (screens, commands, plans) in [(1_000, 5_000, 5_000), (100_000, 1_000_000, 1_000)] {
    let (pushingTable, presentingTable, queries) = try layerTables(
      screens: screens, commands: commands, plans: plans, seed: 11)
    let pushing = pushingTable.limitingPlanCache(to: 0)
    let presenting = presentingTable.limitingPlanCache(to: 0)
    var plain: [Duration] = []
    var layered: [Duration] = []
    let clock = ContinuousClock()
    // Alternated, so that the machine's load falls on both alike.
    for (start, destination) in queries {
      let stack = [Entry(start)]
      let state = ModalState(stack: stack)
      var began = clock.now
      _ = try? pushing.route(from: stack, to: destination)
      plain.append(clock.now - began)
      began = clock.now
      _ = try? presenting.route(from: state, to: destination)
      layered.append(clock.now - began)
    }
    plain.sort()
    layered.sort()
    let ratio = seconds(layered[layered.count / 2]) / seconds(plain[plain.count / 2])
    lines.append(
      "layers: \(screens) / \(commands), \(plans) cold plans: pushing median "
        + "\(micro(plain[plain.count / 2])) µs, presenting median "
        + "\(micro(layered[layered.count / 2])) µs, ratio \(format3(ratio))")
  }
  let (deepDismiss, deepUnreachable) = try deepBaseWithLayers(depth: 20_000)
  lines.append(
    "layers: 3 layers over a 20000-deep base: to a screen below them "
      + "\(micro(deepDismiss)) µs, to an unreachable screen \(micro(deepUnreachable)) µs")
  return lines.joined(separator: "\n")
}

/// A seeded random table as `benchmarkPlanner` makes them (commands from one or two
/// random screens, one in a hundred from anywhere), once pushing and once with one
/// command in three presenting, and `plans` queries from random screens.
private func layerTables(screens: Int, commands: Int, plans: Int, seed: UInt64) throws -> (
  RouteTable, RouteTable, [(ScreenName, ScreenName)]
) {
  var random = SplitMix(state: seed)
  let names = (0..<screens).map { ScreenName("S\($0)") }
  var pushing = RouteRegistry(defaultFactory: HeadlessScreen.factory)
  var presenting = RouteRegistry(defaultFactory: HeadlessScreen.factory)
  for name in names {
    pushing.register(Screen(name))
    presenting.register(Screen(name))
  }
  for _ in 0..<commands {
    let origins =
      Int.random(in: 0..<100, using: &random) == 0
      ? []
      : (0..<Int.random(in: 1...2, using: &random)).map { _ in names.randomElement(using: &random)!
      }
    let destination = names.randomElement(using: &random)!
    pushing.register(Command(from: origins, to: destination))
    presenting.register(
      Command(
        from: origins, to: destination, presents: Int.random(in: 0..<3, using: &random) == 0))
  }
  let queries = (0..<plans).map { _ in
    (names.randomElement(using: &random)!, names.randomElement(using: &random)!)
  }
  return (try pushing.compile(), try presenting.compile(), queries)
}

/// One plan each from three layers over a `depth`-deep base: to a screen pushed from the
/// base's top, and to a screen no command reaches.
private func deepBaseWithLayers(depth: Int) throws -> (Duration, Duration) {
  var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
  let names = (0..<depth).map { ScreenName("S\($0)") }
  for name in names { registry.register(Screen(name)) }
  for name: ScreenName in ["L1", "L2", "L3", "After", "Nowhere"] { registry.register(Screen(name)) }
  for index in 1..<depth { registry.register(Command(from: [names[index - 1]], to: names[index])) }
  registry.register(Command(from: [names[depth - 1]], to: "L1", presents: true))
  registry.register(Command(from: ["L1"], to: "L2", presents: true))
  registry.register(Command(from: ["L2"], to: "L3", presents: true))
  registry.register(Command(from: [names[depth - 1]], to: "After"))
  let table = try registry.compile()
  let state = ModalState(
    stack: names.map { Entry($0) }, layers: [[Entry("L1")], [Entry("L2")], [Entry("L3")]])
  let clock = ContinuousClock()
  var began = clock.now
  let route = try table.route(from: state, to: "After")
  let dismiss = clock.now - began
  guard route.state.layers.isEmpty, route.state.stack.last == Entry("After") else {
    throw BenchmarkError("unexpected route: \(route.steps)")
  }
  began = clock.now
  _ = try? table.route(from: state, to: "Nowhere")
  return (dismiss, clock.now - began)
}
