import Routing

/// Plans on a seeded random table with tabs and on the same table without them: the
/// same commands, the same requests, the tab table's requests starting from a state
/// whose selected tab holds the stack the plain table starts from. Two tabs, rooted at
/// random screens; one command in ten is limited to one of them. Cold plans (the
/// warm-plan cache off), medians of each.
///
/// - Returns: The figures as a Markdown table row: screens, commands, the medians and
///   their ratio.
func benchmarkTabs(screens: Int, commands: Int, plans: Int, seed: UInt64) throws -> String {
  var random = SplitMix(state: seed)
  let names = (0..<screens).map { ScreenName("S\($0)") }
  var plain = RouteRegistry(defaultFactory: HeadlessScreen.factory)
  var tabbed = plain
  let tabs = ["One", "Two"]
  for (number, name) in tabs.enumerated() {
    tabbed.register(Tab(name, root: names[number]))
  }
  for _ in 0..<commands {
    let destination = names[Int.random(in: 0..<screens, using: &random)]
    let origins = (0..<Int.random(in: 1...2, using: &random)).map { _ in
      names[Int.random(in: 0..<screens, using: &random)]
    }
    let limited =
      Int.random(in: 0..<10, using: &random) == 0 ? [tabs.randomElement(using: &random)!] : []
    plain.register(Command(from: origins, to: destination))
    tabbed.register(Command(from: origins, to: destination, tabs: limited))
  }
  let plainTable = try plain.compile().limitingPlanCache(to: 0)
  let tabTable = try tabbed.compile().limitingPlanCache(to: 0)
  let clock = ContinuousClock()
  var plainTimes: [Duration] = []
  var tabTimes: [Duration] = []
  var selects = 0
  for _ in 0..<plans {
    var stacks: [String: [Entry]] = [:]
    for tab in tabs {
      stacks[tab] = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        Entry(names[Int.random(in: 0..<screens, using: &random)])
      }
    }
    let selected = tabs.randomElement(using: &random)!
    let destination = names[Int.random(in: 0..<screens, using: &random)]
    var began = clock.now
    _ = try? plainTable.route(from: stacks[selected]!, to: destination)
    plainTimes.append(clock.now - began)
    began = clock.now
    let route = try? tabTable.route(
      from: TabState(selected: selected, stacks: stacks), to: destination)
    tabTimes.append(clock.now - began)
    if route?.steps.contains(where: { if case .select = $0 { true } else { false } }) == true {
      selects += 1
    }
  }
  plainTimes.sort()
  tabTimes.sort()
  let plainMedian = plainTimes[plans / 2]
  let tabMedian = tabTimes[plans / 2]
  let ratio = seconds(tabMedian) / seconds(plainMedian)
  return "| \(screens) | \(commands) | \(format(plainMedian)) | \(format(tabMedian)) "
    + "| \(format3(ratio))× | \(selects)/\(plans) |"
}
