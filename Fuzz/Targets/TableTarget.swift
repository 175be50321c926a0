import Routing

/// Bytes → `RouteTable(json:)` → a few routes, each checked: it ends on its
/// destination, and planning it again from its own end changes nothing; on a table with
/// tabs, the same for routes across tabs from every tab at its root, which never select
/// the tab they are in; and the table exported loads again and exports to the same text.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTable(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let table = try? RouteTable(json: bytes) else { return 0 }
  let names = table.screens.prefix(4).map(\.name)
  for origin in [[Entry]]([[]]) + names.prefix(2).map({ [Entry($0)] }) {
    for destination in names {
      guard let route = try? table.route(from: origin, to: destination) else { continue }
      guard route.stack.last?.screen == destination else {
        fuzzFailure("route to \(destination) ends on \(route.stack.last?.screen.rawValue ?? "-")")
      }
      guard let again = try? table.route(from: route.stack, to: destination) else {
        fuzzFailure("no route to \(destination) from its own route's end")
      }
      guard again.steps.isEmpty, again.stack == route.stack else {
        fuzzFailure("a route from its own end to \(destination) moves: \(again)")
      }
      if let link = try? table.link(for: route.stack) {
        guard (try? table.resolve(link)) != nil else {
          fuzzFailure("the link '\(link)' rendered for a route does not read")
        }
      }
    }
  }
  if !table.tabs.isEmpty { checkTabRoutes(table, to: names) }
  _ = table.diagnostics()
  let exported = table.exportedJSON()
  guard let reloaded = try? RouteTable(json: exported) else {
    fuzzFailure("an exported table does not load: \(exported)")
  }
  guard reloaded.exportedJSON() == exported else {
    fuzzFailure("an exported table exports differently once loaded: \(exported)")
  }
  return 0
}

/// Routes across tabs from the first tab, every tab at its root (a state that leaves a tab
/// out stands it at its root), and single stacks at each tab's root.
func checkTabRoutes(_ table: RouteTable, to names: [ScreenName]) {
  let tabNames = table.tabs.map(\.name)
  for destination in names {
    let start = TabState(selected: tabNames[0])
    if let route = try? table.route(from: start, to: destination) {
      guard route.state.stack.last?.screen == destination else {
        fuzzFailure("a route across tabs to \(destination) ends on \(route.state)")
      }
      var selected = start.selected
      for case .select(let tab) in route.steps {
        guard tab != selected, tabNames.contains(tab) else {
          fuzzFailure("a route across tabs selects \(tab) from \(selected): \(route)")
        }
        selected = tab
      }
      guard selected == route.state.selected else {
        fuzzFailure("a route across tabs ends in \(route.state.selected), not \(selected)")
      }
      guard let again = try? table.route(from: route.state, to: destination),
        again.steps.isEmpty, again.state == route.state
      else {
        fuzzFailure("a route across tabs from its own end to \(destination) moves")
      }
    }
    for tab in table.tabs.prefix(2) {
      guard let route = try? table.route(from: [Entry(tab.root)], to: destination) else {
        continue
      }
      guard route.stack.first?.screen == tab.root, route.stack.last?.screen == destination else {
        fuzzFailure("a route in tab \(tab.name) to \(destination) leaves \(route.stack)")
      }
    }
  }
}
