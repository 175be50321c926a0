import Routing

/// Executing long routes: a chain table `S0 > S1 > … > Sn` (one command per link), a
/// navigator on a plain stack at `S0`, and one request to `Sn`, a route of `n` pushes.
/// Planning is timed alone, then the whole `go` (planning, making the screen objects and
/// running every step); then a request back to `S1`, one pop of `n - 1` screens.
@MainActor
func benchmarkNavigation(lengths: [Int], drillDown: Bool) async throws -> String {
  var lines = [
    "Executing a route of n pushes, then one pop back to S1, on a \(drillDown ? "drill-down" : "plain stack")",
    "| steps | plan | go (plan + run) | go per step | pop back |",
    "|---:|---:|---:|---:|---:|",
  ]
  let clock = ContinuousClock()
  for length in lengths {
    var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
    for number in 0..<length {
      registry.register(Command(from: [ScreenName("S\(number)")], to: ScreenName("S\(number + 1)")))
    }
    let table = try registry.compile()
    let target = ScreenName("S\(length)")
    let planStart = clock.now
    let planned = try table.route(from: [Entry("S0")], to: target)
    let plan = clock.now - planStart
    let root = StackItem(
      entry: Entry("S0"), screen: HeadlessScreen(ScreenContext(entry: Entry("S0"))))
    let (steps, ran, back) =
      drillDown
      ? try await timeRoute(
        Navigator(table: table, container: DrillDownContainer(root: root)), target)
      : try await timeRoute(Navigator(table: table, container: StackContainer(root: root)), target)
    precondition(steps == planned.steps.count && steps == length, "the route ran every step")
    lines.append(
      "| \(steps) | \(format(plan)) | \(format(ran)) | \(format(ran / steps)) | \(format(back)) |")
  }
  return lines.joined(separator: "\n")
}

/// Runs the route to `target`, then the pop back to `S1`, and times both.
@MainActor
private func timeRoute<Container: NavigationContainer>(
  _ navigator: Navigator<Container>, _ target: ScreenName
) async throws -> (steps: Int, ran: Duration, back: Duration) {
  let clock = ContinuousClock()
  let start = clock.now
  let steps = try await navigator.go(to: target).steps.count
  let ran = clock.now - start
  let popStart = clock.now
  try await navigator.go(to: "S1")
  return (steps, ran, clock.now - popStart)
}
