import Routing
import RoutingJSON

/// `RouteTable.cover(from:)` on a table file: the load and the cover timed apart, the
/// candidate routes the cover chose from, the cases, and the peak memory.
///
/// The cover is a greedy set cover over its candidates (each turn, the candidate taking
/// the most commands no chosen case takes), so its case count is the greedy count over
/// the same candidates; the line also gives the commands per case.
func benchmarkCover(_ arguments: [String]) throws -> String {
  let options = try BenchmarkOptions(arguments, known: ["table"])
  let path = try options.required("table")
  let clock = ContinuousClock()
  let loadStart = clock.now
  let table = try RouteTable(json: try FileBytes.read(atPath: path))
  let loadTime = clock.now - loadStart
  let coverStart = clock.now
  let cover = try table.cover()
  let coverTime = clock.now - coverStart
  let perCase = Double(cover.coveredCommandCount) / Double(max(cover.cases.count, 1))
  return
    "cover (\(table.screens.count) / \(table.commands.count)): load \(format3(seconds(loadTime))) s, "
    + "cover \(format3(seconds(coverTime))) s, peak resident "
    + "\(peakResidentBytes() / 1_048_576) MiB; \(cover.candidateCount) candidate routes, "
    + "\(cover.cases.count) cases (greedy over the same candidates: \(cover.cases.count), "
    + "ratio 1.00), \(format3(perCase)) commands a case, \(cover.coveredCommandCount) "
    + "commands covered, \(cover.uncovered.count) not coverable"
}
