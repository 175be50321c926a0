import Routing

/// Bytes → a link → `resolve` → `route` → `link(for:)` → `resolve` again: a link that
/// reads and plans renders the route's stack as a link that reads back as that stack,
/// and plans to the same stack.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLink(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let table = FuzzTables.sample
  let link = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let request = try? table.resolve(link) else { return 0 }
  let start = [Entry("Menu")]
  guard let route = try? table.route(request, from: start) else { return 0 }
  let stack = route.stack
  guard stack.last?.screen == request.destination else {
    fuzzFailure("'\(link)' plans to \(stack.last?.screen.rawValue ?? "-")")
  }
  // Some stacks have no link (a capture with an empty value, say): that is an error.
  guard let rendered = try? table.link(for: stack) else { return 0 }
  let again: Request
  do {
    again = try table.resolve(rendered)
  } catch {
    fuzzFailure("'\(link)' renders as '\(rendered)', which does not read: \(error)")
  }
  var held: Parameters = [:]
  for entry in stack { held.merge(entry.parameters) { first, _ in first } }
  let expected = Request(
    to: stack[stack.count - 1].screen, via: stack.dropLast().map(\.screen), parameters: held)
  guard again == expected else {
    fuzzFailure("'\(link)' renders as '\(rendered)', which reads as \(again), not \(expected)")
  }
  guard let replanned = try? table.route(again, from: start), replanned.stack == stack else {
    fuzzFailure("'\(rendered)' does not plan back to \(stack)")
  }
  guard (try? table.link(for: replanned.stack)) == rendered else {
    fuzzFailure("'\(rendered)' renders differently the second time")
  }
  return 0
}
