import Routing

#if canImport(Glibc)
  import Glibc
#endif

/// Times reading deep links against tables of 1,000 and 10,000 path patterns: the
/// median and 99th percentile of single reads, each timed with `ContinuousClock` (and,
/// for comparison, the median of an empty timed region, which is not subtracted); then
/// the worst case, one 64-segment link against 10,000 and 30,000 patterns made of `a`
/// and capture segments.
///
/// Each link is a sequence of one to four screens' patterns, captures filled, half of
/// them with a query item. Reading walks a trie over segments, so the two tables should
/// read at about the same speed.
///
/// `ROUTING_LINK_READS=N` makes the first table read its links `N` more times, and
/// nothing else run: under `valgrind --tool=memcheck`, the difference between the heap
/// allocations of two values of `N` is what that many reads allocate, to compare with
/// the buffers their requests hold (printed); under `valgrind --tool=callgrind`, the
/// difference of the instructions is what those reads cost. `ROUTING_LINK_PATTERNS=M`
/// reads against the table of `M` patterns instead of 1,000.
///
/// - Returns: The figures, one table a line.
func benchmarkLinks() -> String {
  if let text = getenv("ROUTING_LINK_READS"), let reads = Int(String(cString: text)) {
    let patterns = getenv("ROUTING_LINK_PATTERNS").flatMap { Int(String(cString: $0)) }
    return countLinkReads(reads, patterns: patterns ?? 1_000)
  }
  var lines: [String] = []
  for patterns in [1_000, 10_000] {
    lines.append(benchmarkLinks(patterns: patterns, reads: 20_000))
  }
  for patterns in [10_000, 30_000] {
    lines.append(benchmarkWorstLink(patterns: patterns))
  }
  return lines.joined(separator: "\n")
}

/// Reads the benchmark's links `reads` more times, for counting allocations; says how
/// many buffers the requests of those reads hold (a breadcrumb array when a link reads
/// several screens, a dictionary when it has parameters), which is all they may
/// allocate.
private func countLinkReads(_ reads: Int, patterns: Int) -> String {
  let (table, shapes) = linkBenchmarkTable(patterns: patterns)
  let links = benchmarkLinkSet(shapes).0
  var read = 0
  for link in links where (try? table.resolve(link)) != nil { read += 1 }
  var buffers = 0
  for index in 0..<reads {
    guard let request = try? table.resolve(links[index % links.count]) else { continue }
    read += 1
    buffers += (request.breadcrumbs.isEmpty ? 0 : 1) + (request.parameters.isEmpty ? 0 : 1)
  }
  return "links: \(read) reads; the last \(reads) return \(buffers) buffers"
}

/// One link of 64 `a` segments against `count` patterns of one to sixteen segments,
/// each `a` or a capture (`:c3` at position 3), chosen at random: every pattern matches
/// everywhere, so a reader that walks every matching trie node from every segment visits
/// the whole trie 64 times.
private func benchmarkWorstLink(patterns count: Int) -> String {
  var random = SplitMix(state: 7)
  var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
  var seen: Set<String> = []
  let parameters = (0..<16).map { Parameter("c\($0)") }
  while seen.count < count {
    let length = Int.random(in: 1...16, using: &random)
    let path = (0..<length).map { Bool.random(using: &random) ? "a" : ":c\($0)" }
      .joined(separator: "/")
    guard seen.insert(path).inserted else { continue }
    registry.register(
      Screen(ScreenName("W\(seen.count)"), parameters: parameters, path: path))
  }
  let table: RouteTable
  do {
    table = try registry.compile()
  } catch {
    preconditionFailure("the worst-case table compiles: \(error)")
  }
  let clock = ContinuousClock()
  var slowest = Duration.zero
  var outcome = ""
  for link in [
    Array(repeating: "a", count: 64).joined(separator: "/"),
    Array(repeating: "a", count: 63).joined(separator: "/") + "/b",
    "b/" + Array(repeating: "a", count: 63).joined(separator: "/"),
  ] {
    let start = clock.now
    let result = Result { () throws(LinkError) -> Request in try table.resolve(link) }
    slowest = max(slowest, clock.now - start)
    if outcome.isEmpty {
      switch result {
      case .success(let request): outcome = "\(request.breadcrumbs.count + 1) screens"
      case .failure(let error): outcome = error.kind.name
      }
    }
  }
  return
    "links, worst case: 64 segments against \(count) patterns of a and captures "
    + "(all-a link read as \(outcome)): slowest of 3 links \(microseconds(slowest)) µs"
}

private func benchmarkLinks(patterns count: Int, reads: Int) -> String {
  let clock = ContinuousClock()
  let compileStart = clock.now
  let (table, shapes) = linkBenchmarkTable(patterns: count)
  let compileTime = clock.now - compileStart

  let (links, segmentTotal) = benchmarkLinkSet(shapes)

  var failures = 0
  for link in links.prefix(200) {  // warm up, and check that every link reads
    do { _ = try table.resolve(link) } catch { failures += 1 }
  }
  var samples: [Duration] = []
  samples.reserveCapacity(reads)
  var destinations = 0
  for index in 0..<reads {
    let link = links[index % links.count]
    let start = clock.now
    let request = try? table.resolve(link)
    samples.append(clock.now - start)
    if request != nil { destinations += 1 }
  }
  samples.sort()
  let median = samples[samples.count / 2]
  let p99 = samples[samples.count * 99 / 100]
  // What the clock itself adds to a sample: the median of as many empty timed regions.
  var empty: [Duration] = []
  empty.reserveCapacity(reads)
  for _ in 0..<reads {
    let start = clock.now
    empty.append(clock.now - start)
  }
  empty.sort()
  let average = Double(segmentTotal) / Double(links.count)
  return
    "links: \(count) patterns (compiled in \(microseconds(compileTime)) µs), \(reads) reads of "
    + "\(links.count) links (\(String(average.rounded(toPlaces: 1))) segments on average, "
    + "\(failures + reads - destinations) failed): median \(microseconds(median)) µs, "
    + "p99 \(microseconds(p99)) µs (an empty timed region: median "
    + "\(microseconds(empty[empty.count / 2])) µs)"
}

/// The benchmark's 1,000 links: each a sequence of one to four of the shapes, captures
/// filled with one value, half of them with a query item; and their segments in all.
private func benchmarkLinkSet(_ shapes: [LinkShape]) -> ([String], Int) {
  var random = SplitMix(state: 42)
  var links: [String] = []
  var segmentTotal = 0
  for _ in 0..<1_000 {
    var parts: [String] = []
    var query: String?
    // One value for every capture of the link: two screens that capture `id` agree.
    let value = "\(Int.random(in: 1...999, using: &random))"
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      let shape = shapes[Int.random(in: 0..<shapes.count, using: &random)]
      parts.append(shape.path.replacingCaptures(with: value))
      if let key = shape.queryKey, Bool.random(using: &random) { query = "\(key)=on" }
    }
    let link = parts.joined(separator: "/") + (query.map { "?" + $0 } ?? "")
    segmentTotal += link.split(separator: "?")[0].split(separator: "/").count
    links.append(link)
  }

  return (links, segmentTotal)
}

/// A pattern of the benchmark table, and a query key its screen declares.
private struct LinkShape {
  var path: String
  var queryKey: String?
}

/// `count` screens whose patterns share prefixes, as an app's would: `area7/page12`,
/// `area7/page13/:id`, `page14`, `area7/:slug/view15`.
private func linkBenchmarkTable(patterns count: Int) -> (RouteTable, [LinkShape]) {
  var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
  var shapes: [LinkShape] = []
  for number in 0..<count {
    let area = "area\(number % 25)"
    let shape: LinkShape
    var parameters: [Parameter] = []
    switch number % 4 {
    case 0:
      shape = LinkShape(path: "\(area)/page\(number)", queryKey: nil)
    case 1:
      parameters = [.integer("id")]
      shape = LinkShape(path: "\(area)/page\(number)/:id", queryKey: nil)
    case 2:
      parameters = [.string("tab")]
      shape = LinkShape(path: "page\(number)", queryKey: "tab")
    default:
      parameters = [.string("slug")]
      shape = LinkShape(path: "\(area)/:slug/view\(number)", queryKey: nil)
    }
    registry.register(Screen(ScreenName("S\(number)"), parameters: parameters, path: shape.path))
    shapes.append(shape)
  }
  do {
    return (try registry.compile(), shapes)
  } catch {
    preconditionFailure("the benchmark table compiles: \(error)")
  }
}

private func microseconds(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  let value = Double(seconds) * 1e6 + Double(attoseconds) / 1e12
  return String(value.rounded(toPlaces: 2))
}

extension Double {
  fileprivate func rounded(toPlaces places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (self * scale).rounded() / scale
  }
}

extension String {
  /// The pattern with every `:name` segment replaced by `value`.
  fileprivate func replacingCaptures(with value: String) -> String {
    split(separator: "/").map { $0.hasPrefix(":") ? value : String($0) }
      .joined(separator: "/")
  }
}
