// Prints the figures recorded in Docs/Performance.md. Run in release mode:
//   swift run -c release RoutingBenchmarks
// Modes that read files, for running beside other tools (Benchmarks/compare.sh):
//   swift run -c release RoutingBenchmarks plan --table T.json --queries Q.txt [--lengths L.txt]
//   swift run -c release RoutingBenchmarks warm --table T.json --queries Q.txt [--rounds R]
//   swift run -c release RoutingBenchmarks compile --screens 100000 --commands 1000000
//   swift run -c release RoutingBenchmarks batch --table T.json --requests R.jsonl
//   swift run -c release RoutingBenchmarks load [COMMANDS]
//   swift run -c release RoutingBenchmarks tabs [SCREENS COMMANDS PLANS]
//   swift run -c release RoutingBenchmarks cover --table T.json
//   swift run -c release RoutingBenchmarks layers
// Figures of one part alone:
//   swift run -c release RoutingBenchmarks diff [SCREENS COMMANDS]
//   swift run -c release RoutingBenchmarks links
import Routing

#if canImport(Glibc)
  import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
if let mode = arguments.first {
  let rest = Array(arguments.dropFirst())
  do {
    switch mode {
    case "plan": print(try benchmarkQueries(rest))
    case "warm": print(try benchmarkWarmPlans(rest))
    case "cold": print(try benchmarkColdPlans(rest))
    case "compile": print(try benchmarkCompile(rest))
    case "batch": print(try benchmarkBatchFile(rest))
    case "load": print(try benchmarkLoadingMode(rest))
    case "diff":
      let sizes = rest.compactMap { Int($0) }
      print(
        benchmarkDiff(
          screens: sizes.count == 2 ? sizes[0] : 1_000,
          commands: sizes.count == 2 ? sizes[1] : 5_000, seed: 11))
    case "tabs":
      let sizes = rest.compactMap { Int($0) }
      print(
        try benchmarkTabs(
          screens: sizes.count == 3 ? sizes[0] : 1_000,
          commands: sizes.count == 3 ? sizes[1] : 5_000,
          plans: sizes.count == 3 ? sizes[2] : 5_000, seed: 11))
    case "links": print(benchmarkLinks())
    case "cover": print(try benchmarkCover(rest))
    case "layers": print(try benchmarkLayers())
    default:
      throw BenchmarkError(
        "unknown mode '\(mode)': plan, warm, cold, compile, batch, load, diff, tabs, links, cover or layers"
      )
    }
    exit(0)
  } catch {
    print("error: \(error)")
    exit(2)
  }
}

print("Routing benchmarks (release build; figures, not assertions)")
print("")
print("Planner: seeded random tables, cold plans between random screens")
print(
  "| screens | commands | compile | compile memory | first plan | median plan | p99 plan | warm plan | routed |"
)
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for (screens, commands, plans) in [(1_000, 5_000, 5_000), (100_000, 1_000_000, 1_000)] {
  let figures = try benchmarkPlanner(screens: screens, commands: commands, plans: plans, seed: 42)
  let megabytes = Double(figures.compileBytes) / 1_048_576
  print(
    "| \(figures.screens) | \(figures.commands) | \(format3(figures.compileSeconds * 1e3)) ms "
      + "| \(format3(megabytes)) MiB | \(format(figures.firstPlan)) | \(format(figures.median)) "
      + "| \(format(figures.p99)) | \(format(figures.warmMedian)) "
      + "| \(figures.routed)/\(figures.plans) |")
}

print("")
print("Tabs: the same requests on the same table, with two tabs and without (cold medians)")
print("| screens | commands | without tabs | with tabs | ratio | selected another tab |")
print("|---:|---:|---:|---:|---:|---:|")
for (screens, commands, plans) in [(1_000, 5_000, 5_000), (100_000, 1_000_000, 1_000)] {
  print(try benchmarkTabs(screens: screens, commands: commands, plans: plans, seed: 11))
}

print("")
print(benchmarkLinks())

print("")
print(benchmarkBatch(requests: 20_000, seed: 7))

print("")
print(benchmarkDiff(screens: 1_000, commands: 5_000, seed: 11))

print("")
print("Deep stacks: an n-deep stack on an n-screen chain, to a screen no command reaches")
print("| n | breadcrumbs | plan | unreachable |")
print("|---:|---|---:|---|")
for n in [5_000, 20_000] {
  for breadcrumbs in [false, true] {
    let (took, unreachable) = try benchmarkDeepStack(screens: n, breadcrumbs: breadcrumbs)
    print("| \(n) | \(breadcrumbs ? "3" : "none") | \(format(took)) | \(unreachable) |")
  }
}

print("")
print(try await benchmarkNavigation(lengths: [1_000, 4_000, 16_000, 64_000], drillDown: false))
print("")
print(try await benchmarkNavigation(lengths: [1_000, 4_000], drillDown: true))
