import Routing

/// A request no command can answer, from an `n`-deep stack on an `n`-screen chain
/// (`S0 > S1 > … > Sn-1`, each `Si` leading to `Si+1`): the search may pop back to every
/// entry. With `breadcrumbs`, three screens pushed from the top come first. Returns the
/// time of one plan and whether it answered `unreachable`.
func benchmarkDeepStack(screens n: Int, breadcrumbs: Bool) throws -> (Duration, Bool) {
  var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
  let names = (0..<n).map { ScreenName("S\($0)") }
  for name in names { registry.register(Screen(name)) }
  let extra: [ScreenName] = ["E1", "E2", "E3"]
  for name in extra { registry.register(Screen(name)) }
  registry.register(Screen("X"))
  for index in 1..<n { registry.register(Command(from: [names[index - 1]], to: names[index])) }
  registry.register(Command(from: [names[n - 1]], to: extra[0]))
  registry.register(Command(from: [extra[0]], to: extra[1]))
  registry.register(Command(from: [extra[1]], to: extra[2]))
  let table = try registry.compile()
  let stack = names.map { Entry($0) }
  let clock = ContinuousClock()
  let began = clock.now
  var unreachable = false
  do {
    _ = try table.route(from: stack, to: "X", via: breadcrumbs ? extra : [])
  } catch .unreachable {
    unreachable = true
  } catch {}
  return (clock.now - began, unreachable)
}
