// swift-tools-version:6.0
import PackageDescription

let settings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
  name: "Routing",
  products: [
    .library(name: "Routing", targets: ["Routing"]),
    .executable(name: "routing", targets: ["RoutingCLI"]),
    .executable(name: "RoutingExamples", targets: ["RoutingExamples"]),
  ],
  targets: [
    .target(name: "Routing", swiftSettings: settings),
    .target(name: "RoutingTool", dependencies: ["Routing"], swiftSettings: settings),
    .target(name: "SampleApp", dependencies: ["Routing"], swiftSettings: settings),
    .executableTarget(
      name: "RoutingCLI", dependencies: ["RoutingTool"], swiftSettings: settings),
    .executableTarget(
      name: "RoutingExamples", dependencies: ["SampleApp"], swiftSettings: settings),
    .executableTarget(
      name: "RoutingBenchmarks", dependencies: ["Routing", "RoutingTool"],
      path: "Benchmarks/RoutingBenchmarks", swiftSettings: settings),
    .testTarget(
      name: "RoutingTests",
      dependencies: ["Routing", "RoutingTool", "SampleApp"],
      resources: [.copy("Fixtures")],
      swiftSettings: settings),
    .testTarget(
      name: "DocumentationTests", dependencies: ["Routing"], swiftSettings: settings),
  ],
  swiftLanguageModes: [.v6]
)
