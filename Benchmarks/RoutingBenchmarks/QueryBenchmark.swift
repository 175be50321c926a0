import Routing
import RoutingJSON

#if canImport(Glibc)
  import Glibc
#endif

/// `RoutingBenchmarks plan --table T.json --queries Q.txt [--lengths OUT.txt]`: loads a
/// route table from its JSON file and plans each query of a file, one `FROM TO` pair of
/// screen names a line, from the one-entry stack `[FROM]`.
///
/// Prints the load time and the median and 99th percentile per query, three times:
/// *cold*, each query planned once with the warm-plan cache off, so that every plan
/// searches; *again*, each query planned twice with the cache on and the second plan
/// timed (what a repeated request costs before the warm-plan
/// cache has earned the milestone's field); *warm*, in a second pass, each query planned
/// until its destination's distance field is cached (at most 100,000 times), then once
/// more, timed: what a warm plan costs. The last line, `figures: …`, is for scripts
/// (times in microseconds). With `--lengths`,
/// writes each query's route length (its number of steps), `-1` when it has no route, one
/// a line, for comparing with other tools.
func benchmarkQueries(_ arguments: [String]) throws -> String {
  let options = try BenchmarkOptions(arguments, known: ["table", "queries", "lengths"])
  let tablePath = try options.required("table")
  let queriesPath = try options.required("queries")

  let clock = ContinuousClock()
  let memoryBefore = residentBytes()
  let readStart = clock.now
  let tableBytes = try FileBytes.read(atPath: tablePath)
  let readTime = clock.now - readStart
  let loadStart = clock.now
  let table = try RouteTable(json: tableBytes)
  let loadTime = clock.now - loadStart
  let memoryAfter = residentBytes()

  let queries = try readQueries(queriesPath)

  var cold: [Duration] = []
  var again: [Duration] = []
  var warm: [Duration] = []
  cold.reserveCapacity(queries.count)
  again.reserveCapacity(queries.count)
  warm.reserveCapacity(queries.count)
  var lengths: [Int] = []
  lengths.reserveCapacity(queries.count)
  var firstRoutes: [Route?] = []
  firstRoutes.reserveCapacity(queries.count)
  // Each query's one-entry stack is made before its clock starts, as the peers' inputs
  // are: the figures time the plan, not the making of its argument.
  let stacks = queries.map { [$0.0] }
  // Cold: every plan searches, on this table without a warm-plan cache.
  let uncached = table.limitingPlanCache(to: 0)
  for (index, (_, destination)) in queries.enumerated() {
    let began = clock.now
    let first = try? uncached.route(from: stacks[index], to: destination)
    let ended = clock.now
    cold.append(ended - began)
    lengths.append(first?.steps.count ?? -1)
    firstRoutes.append(first)
  }
  // Again: each query planned twice on the table with its cache, the second plan timed.
  for (index, (_, destination)) in queries.enumerated() {
    let first = try? table.route(from: stacks[index], to: destination)
    let began = clock.now
    let second = try? table.route(from: stacks[index], to: destination)
    let ended = clock.now
    again.append(ended - began)
    precondition(
      first == firstRoutes[index] && second == first,
      "planning the same query again gives the same route")
  }
  // Warm: plan each query until its destination's field is cached, then time one more.
  var warmedPlans = 0
  var notCached = 0
  for (index, (_, destination)) in queries.enumerated() {
    var tries = 0
    while !table.isPlanCached(to: destination) && tries < 100_000 {
      _ = try? table.route(from: stacks[index], to: destination)
      tries += 1
    }
    warmedPlans += tries
    if !table.isPlanCached(to: destination) { notCached += 1 }
    let began = clock.now
    let route = try? table.route(from: stacks[index], to: destination)
    let ended = clock.now
    warm.append(ended - began)
    precondition(route == firstRoutes[index], "a warm plan gives the cold plan's route")
  }
  if let path = options.value("lengths") {
    let text = lengths.map(String.init).joined(separator: "\n") + "\n"
    try writeFile(path, text)
  }
  cold.sort()
  again.sort()
  warm.sort()
  let routed = lengths.filter { $0 >= 0 }.count
  let megabytes = Double(max(0, memoryAfter - memoryBefore)) / 1_048_576
  return """
    plan: \(tablePath): \(table.screens.count) screens, \(table.commands.count) commands; \
    \(queries.count) queries, \(routed) routed
    load: read \(format(readTime)), parse and compile \(format(loadTime)), \
    resident growth \(format3(megabytes)) MiB, peak resident \(format3(Double(peakResidentBytes()) / 1_048_576)) MiB
    cold (each query once, warm-plan cache off): median \(format(percentile(cold, 50))), p99 \(format(percentile(cold, 99)))
    again (each query twice, cache on, second plan timed): median \(format(percentile(again, 50))), p99 \(format(percentile(again, 99)))
    warm (each query planned until its destination's field was cached, then timed; \
    \(warmedPlans) warm-up plans, \(notCached) queries not cached): \
    median \(format(percentile(warm, 50))), p99 \(format(percentile(warm, 99)))
    figures: cold_median_us=\(micro(percentile(cold, 50))) cold_p99_us=\(micro(percentile(cold, 99))) \
    again_median_us=\(micro(percentile(again, 50))) again_p99_us=\(micro(percentile(again, 99))) \
    warm_median_us=\(micro(percentile(warm, 50))) warm_p99_us=\(micro(percentile(warm, 99))) \
    load_s=\(format3(seconds(readTime + loadTime)))
    """
}

/// The queries of a file, one `FROM TO` pair of screen names a line, each as the
/// one-entry stack `[FROM]` and the destination `TO`.
func readQueries(_ path: String) throws -> [(Entry, ScreenName)] {
  var queries: [(Entry, ScreenName)] = []
  for line in try FileBytes.read(atPath: path).split(separator: 0x0A) {
    let names = line.split(separator: 0x20)
    guard names.count == 2 else { continue }
    queries.append(
      (
        Entry(ScreenName(String(decoding: names[0], as: UTF8.self))),
        ScreenName(String(decoding: names[1], as: UTF8.self))
      ))
  }
  guard !queries.isEmpty else { throw BenchmarkError("no queries in \(path)") }
  return queries
}

/// `RoutingBenchmarks compile --screens N --commands M [--seed S]`: declares a random
/// table in Swift, `N` parameterless screens and `M` commands each from one random screen
/// to a random screen, and prints how long compiling it takes and how much the resident
/// set grows, per command.
func benchmarkCompile(_ arguments: [String]) throws -> String {
  let options = try BenchmarkOptions(arguments, known: ["screens", "commands", "seed"])
  let screens = try options.integer("screens", default: 100_000)
  let commands = try options.integer("commands", default: 1_000_000)
  var random = SplitMix(state: UInt64(try options.integer("seed", default: 1)))
  let names = (0..<screens).map { ScreenName("S\($0)") }
  var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
  for name in names { registry.register(Screen(name)) }
  for _ in 0..<commands {
    let origin = names[Int.random(in: 0..<screens, using: &random)]
    let destination = names[Int.random(in: 0..<screens, using: &random)]
    registry.register(Command(from: [origin], to: destination))
  }
  let memoryBefore = residentBytes()
  let clock = ContinuousClock()
  let start = clock.now
  let processorStart = processorSeconds()
  let table = try registry.compile()
  let processor = processorSeconds() - processorStart
  let took = clock.now - start
  let growth = max(0, residentBytes() - memoryBefore)
  // The same with the allocator's free memory given back: what the table itself holds.
  trimHeap()
  let held = max(0, residentBytes() - memoryBefore)
  withExtendedLifetime(table) {}
  return """
    compile: \(screens) screens, \(commands) commands declared in Swift: \(format(took)) \
    (\(format3(processor * 1e3)) ms of processor time), resident growth \(format3(Double(growth) / 1_048_576)) MiB \
    (\(format3(Double(growth) / Double(max(1, commands)))) bytes per command; \
    \(format3(Double(held) / Double(max(1, commands)))) once free memory is trimmed)
    figures: compile_s=\(format3(seconds(took))) bytes_per_command=\(format3(Double(growth) / Double(max(1, commands))))
    """
}

/// `--name value` options of a benchmark mode.
struct BenchmarkOptions {
  private var values: [String: String] = [:]

  init(_ arguments: [String], known: Set<String>) throws {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      guard argument.hasPrefix("--"), known.contains(String(argument.dropFirst(2))),
        index + 1 < arguments.count
      else {
        throw BenchmarkError(
          "unexpected '\(argument)'; options: \(known.sorted().map { "--" + $0 }.joined(separator: " "))"
        )
      }
      values[String(argument.dropFirst(2))] = arguments[index + 1]
      index += 2
    }
  }

  func value(_ name: String) -> String? { values[name] }

  func required(_ name: String) throws -> String {
    guard let value = values[name] else { throw BenchmarkError("missing --\(name)") }
    return value
  }

  func integer(_ name: String, default fallback: Int) throws -> Int {
    guard let text = values[name] else { return fallback }
    guard let value = Int(text), value >= 0 else {
      throw BenchmarkError("--\(name) takes a whole number, not '\(text)'")
    }
    return value
  }
}

/// A benchmark that cannot run, and why.
struct BenchmarkError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// The value at `percent` of sorted samples.
func percentile(_ sorted: [Duration], _ percent: Int) -> Duration {
  sorted[min(sorted.count - 1, sorted.count * percent / 100)]
}

/// A duration in microseconds, three decimals.
func micro(_ duration: Duration) -> String {
  format3(seconds(duration) * 1e6)
}

/// The peak resident set of this process in bytes (`VmHWM` of `/proc/self/status`).
func peakResidentBytes() -> Int {
  guard let bytes = try? FileBytes.read(atPath: "/proc/self/status") else { return 0 }
  for line in bytes.split(separator: 0x0A) where line.starts(with: Array("VmHWM:".utf8)) {
    let digits = line.filter { $0 >= 0x30 && $0 <= 0x39 }
    return (Int(String(decoding: digits, as: UTF8.self)) ?? 0) * 1024
  }
  return 0
}

/// Writes text to a file, replacing it.
func writeFile(_ path: String, _ text: String) throws {
  #if canImport(Glibc)
    guard let file = fopen(path, "w") else { throw BenchmarkError("cannot write \(path)") }
    defer { fclose(file) }
    var text = text
    let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
    guard written == text.utf8.count else { throw BenchmarkError("cannot write \(path)") }
  #else
    throw BenchmarkError("writing files needs Glibc")
  #endif
}
