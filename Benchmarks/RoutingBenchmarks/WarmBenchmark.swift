import Routing
import RoutingJSON

/// `RoutingBenchmarks warm --table T.json --queries Q.txt [--rounds R]`: plans each query
/// until its destination's distance field is cached, then plans every query `R` times
/// (1 by default) in one loop, and prints the mean time a plan: what to run under
/// `valgrind --tool=callgrind --toggle-collect='*warmPlans*'` to count a warm plan's
/// instructions, which the machine's load does not change.
func benchmarkWarmPlans(_ arguments: [String]) throws -> String {
  let options = try BenchmarkOptions(arguments, known: ["table", "queries", "rounds"])
  let table = try RouteTable(json: try FileBytes.read(atPath: try options.required("table")))
  let queries = try readQueries(try options.required("queries"))
  let rounds = try options.integer("rounds", default: 1)
  var notCached = 0
  for (start, destination) in queries {
    var tries = 0
    while !table.isPlanCached(to: destination) && tries < 100_000 {
      _ = try? table.route(from: [start], to: destination)
      tries += 1
    }
    if !table.isPlanCached(to: destination) { notCached += 1 }
  }
  let clock = ContinuousClock()
  let began = clock.now
  let steps = warmPlans(table, queries, rounds: rounds)
  let took = clock.now - began
  let plans = rounds * queries.count
  return """
    warm: \(queries.count) queries (\(notCached) not cached) planned \(rounds) times, \
    \(steps) steps: \(format3(seconds(took) * 1e9 / Double(max(1, plans)))) ns a plan
    """
}

/// Plans every query `rounds` times and returns the number of steps, so that no plan is
/// optimized away; a function of its own for callgrind's `--toggle-collect`.
@inline(never)
func warmPlans(_ table: RouteTable, _ queries: [(Entry, ScreenName)], rounds: Int) -> Int {
  var steps = 0
  for _ in 0..<rounds {
    for (start, destination) in queries {
      if let route = try? table.route(from: [start], to: destination) {
        steps &+= route.steps.count
      }
    }
  }
  return steps
}

/// ``warmPlans(_:_:rounds:)`` for cold plans (a table without a warm-plan cache), also
/// counting the plans that found no route; a function of its own for
/// `--toggle-collect='*coldPlans*'` (a body of its own too, so that the compiler does not
/// fold the two functions into one).
@inline(never)
func coldPlans(_ table: RouteTable, _ queries: [(Entry, ScreenName)], rounds: Int) -> (
  steps: Int, failed: Int
) {
  var steps = 0
  var failed = 0
  for _ in 0..<rounds {
    for (start, destination) in queries {
      guard let route = try? table.route(from: [start], to: destination) else {
        failed += 1
        continue
      }
      steps &+= route.steps.count
    }
  }
  return (steps, failed)
}

/// `RoutingBenchmarks cold --table T.json --queries Q.txt [--rounds R]`: plans every
/// query `R` times (1 by default) on the table with its warm-plan cache off, so that
/// each plan searches, and prints the mean time a plan: what to run under
/// `valgrind --tool=callgrind --toggle-collect='*coldPlans*'` to count the instructions
/// of cold plans.
func benchmarkColdPlans(_ arguments: [String]) throws -> String {
  let options = try BenchmarkOptions(arguments, known: ["table", "queries", "rounds"])
  let table = try RouteTable(json: try FileBytes.read(atPath: try options.required("table")))
    .limitingPlanCache(to: 0)
  let queries = try readQueries(try options.required("queries"))
  let rounds = try options.integer("rounds", default: 1)
  let clock = ContinuousClock()
  let began = clock.now
  let (steps, failed) = coldPlans(table, queries, rounds: rounds)
  let took = clock.now - began
  let plans = rounds * queries.count
  return """
    cold: \(queries.count) queries planned \(rounds) times, \(steps) steps, \
    \(failed) plans without a route: \
    \(format3(seconds(took) * 1e9 / Double(max(1, plans)))) ns a plan
    """
}
