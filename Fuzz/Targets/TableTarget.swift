import Routing

/// Bytes → `RouteTable(json:)` → a few routes, each checked: it ends on its
/// destination, and planning it again from its own end changes nothing; and the table
/// exported loads again and exports to the same text.
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
