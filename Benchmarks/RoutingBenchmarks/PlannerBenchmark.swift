import Routing

#if canImport(Glibc)
  import Glibc
#endif

/// Resident memory of this process in bytes, read from `/proc/self/statm`.
func residentBytes() -> Int {
  #if canImport(Glibc)
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = fread(&buffer, 1, buffer.count, file)
    let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
    return 0
  #endif
}

/// The processor time this process has used, in seconds: beside wall-clock figures on a
/// shared machine, where other processes stretch those.
func processorSeconds() -> Double {
  #if canImport(Glibc)
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  #else
    return 0
  #endif
}

/// A repeatable random generator (SplitMix64).
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Figures for one table size.
struct PlannerFigures {
  var screens: Int
  var commands: Int
  var compileSeconds: Double
  var compileBytes: Int
  var firstPlan: Duration
  var median: Duration
  var p99: Duration
  /// The median plan once every query has been planned before (warm plans).
  var warmMedian: Duration
  var routed: Int
  var plans: Int
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

func format(_ duration: Duration) -> String {
  let value = seconds(duration)
  if value >= 1e-3 { return String(format3(value * 1e3)) + " ms" }
  return String(format3(value * 1e6)) + " µs"
}

func format3(_ value: Double) -> String {
  let scaled = (value * 1000).rounded() / 1000
  return String(scaled)
}

/// Compiles a seeded random table and times plans between random screens.
///
/// Every screen declares nothing except one in ten, which declares `id`; commands start
/// from one or two random screens, one in a hundred from anywhere. A plan starts from a
/// stack of one to four random entries and asks for a random destination, with a random
/// `id` when the destination declares one. Cold plans run on the table with its warm-plan cache turned off; warm plans
/// repeat the same queries on the table with its default cache, after one pass.
func benchmarkPlanner(screens: Int, commands: Int, plans: Int, seed: UInt64) throws
  -> PlannerFigures
{
  var random = SplitMix(state: seed)
  let names = (0..<screens).map { ScreenName("S\($0)") }
  var registry = RouteRegistry(defaultFactory: HeadlessScreen.factory)
  for (number, name) in names.enumerated() {
    registry.register(Screen(name, parameters: number % 10 == 0 ? [.string("id")] : []))
  }
  for _ in 0..<commands {
    let destination = names[Int.random(in: 0..<screens, using: &random)]
    if Int.random(in: 0..<100, using: &random) == 0 {
      registry.register(Command(to: destination))
    } else {
      let origins = (0..<Int.random(in: 1...2, using: &random)).map { _ in
        names[Int.random(in: 0..<screens, using: &random)]
      }
      registry.register(Command(from: origins, to: destination))
    }
  }
  let memoryBefore = residentBytes()
  let clock = ContinuousClock()
  let start = clock.now
  let table = try registry.compile()
  let compileTime = clock.now - start
  let memoryAfter = residentBytes()

  let cold = table.limitingPlanCache(to: 0)
  var durations: [Duration] = []
  durations.reserveCapacity(plans)
  var routed = 0
  var firstPlan = Duration.zero
  var queries: [([Entry], ScreenName, Parameters)] = []
  for index in 0..<plans {
    let depth = Int.random(in: 1...4, using: &random)
    let stack = (0..<depth).map { _ in Entry(names[Int.random(in: 0..<screens, using: &random)]) }
    let target = Int.random(in: 0..<screens, using: &random)
    let destination = names[target]
    let id = ParameterValue.string(String(Int.random(in: 0..<3, using: &random)))
    // A request may name only keys its screens declare: `id` goes to the screens that do.
    let parameters: Parameters = target % 10 == 0 ? ["id": id] : [:]
    queries.append((stack, destination, parameters))
    let began = clock.now
    let outcome = try? cold.route(from: stack, to: destination, parameters: parameters)
    let took = clock.now - began
    if index == 0 { firstPlan = took }
    durations.append(took)
    if outcome != nil { routed += 1 }
  }
  durations.sort()
  // Warm: every query planned twice before (the second time builds its field).
  for _ in 0..<2 {
    for (stack, destination, parameters) in queries {
      _ = try? table.route(from: stack, to: destination, parameters: parameters)
    }
  }
  var warm: [Duration] = []
  warm.reserveCapacity(plans)
  for (stack, destination, parameters) in queries {
    let began = clock.now
    _ = try? table.route(from: stack, to: destination, parameters: parameters)
    warm.append(clock.now - began)
  }
  warm.sort()
  return PlannerFigures(
    screens: screens, commands: commands, compileSeconds: seconds(compileTime),
    compileBytes: max(0, memoryAfter - memoryBefore), firstPlan: firstPlan,
    median: durations[durations.count / 2],
    p99: durations[min(durations.count - 1, durations.count * 99 / 100)],
    warmMedian: warm[warm.count / 2],
    routed: routed, plans: plans)
}
