import FoundationEssentials
import Routing

/// Bytes → `NavigationSnapshot` (JSON) → `restore` on a stack and on a drill-down: a
/// refused snapshot leaves the container exactly as it was; a restored one saves again
/// as a snapshot that restores to the same entries.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzSnapshot(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  guard let snapshot = try? JSONDecoder().decode(NavigationSnapshot.self, from: bytes) else {
    return 0
  }
  MainActor.assumeIsolated {
    checkRestore(snapshot, using: FuzzTables.sample)
  }
  return 0
}

@MainActor
func checkRestore(_ snapshot: NavigationSnapshot, using table: RouteTable) {
  let root = Entry("Menu")
  let stack = StackContainer(
    root: StackItem(entry: root, screen: HeadlessScreen(ScreenContext(entry: root))))
  let before = stack.items
  do {
    try stack.restore(snapshot, using: table)
    let saved = stack.snapshot(using: table)
    let copy = StackContainer(items: [])
    try copy.restore(saved, using: table)
    guard copy.entries == stack.entries else {
      fuzzFailure("a restored stack saves as \(saved), which restores as \(copy.entries)")
    }
  } catch {
    guard stack.items == before else {
      fuzzFailure("a refused restore changed the stack: \(error)")
    }
  }
  let folder = Entry("Folder")
  let left = [root, folder].map {
    StackItem(entry: $0, screen: HeadlessScreen(ScreenContext(entry: $0)))
  }
  guard let drillDown = try? DrillDownContainer(left: left, right: nil) else {
    fuzzFailure("the drill-down does not start")
  }
  let state = drillDown.state
  do {
    try drillDown.restore(snapshot, using: table)
  } catch {
    guard drillDown.state == state else {
      fuzzFailure("a refused restore changed the drill-down: \(error)")
    }
  }
}
