// Prints the figures recorded in Docs/Performance.md. Run in release mode:
//   swift run -c release RoutingBenchmarks
import Routing

try runLoadingModeIfAsked()

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
print(benchmarkLinks())

print("")
print(benchmarkBatch(requests: 20_000, seed: 7))

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
