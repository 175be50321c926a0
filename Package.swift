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
    // The package's pointer code (byte hash, byte comparison, flat and open-addressing
    // tables) behind safe APIs: internal, not a product.
    .target(name: "RoutingStorage", swiftSettings: settings),
    // The package's JSON reader, writer and locator: internal, not a product.
    .target(name: "RoutingJSON", dependencies: ["RoutingStorage"], swiftSettings: settings),
    .target(
      name: "Routing", dependencies: ["RoutingJSON", "RoutingStorage"], swiftSettings: settings),
    .target(
      name: "RoutingTool", dependencies: ["Routing", "RoutingJSON", "RoutingStorage"],
      swiftSettings: settings),
    .target(name: "SampleApp", dependencies: ["Routing"], swiftSettings: settings),
    .executableTarget(
      name: "RoutingCLI", dependencies: ["RoutingTool"], swiftSettings: settings),
    .executableTarget(
      name: "RoutingExamples", dependencies: ["SampleApp"], swiftSettings: settings),
    .executableTarget(
      name: "RoutingBenchmarks", dependencies: ["Routing", "RoutingJSON", "RoutingTool"],
      path: "Benchmarks/RoutingBenchmarks", swiftSettings: settings),
    .testTarget(
      name: "RoutingTests",
      dependencies: ["Routing", "RoutingJSON", "RoutingStorage", "RoutingTool", "SampleApp"],
      resources: [.copy("Fixtures")],
      swiftSettings: settings),
    .testTarget(
      name: "DocumentationTests", dependencies: ["Routing", "RoutingJSON"], swiftSettings: settings),
  ],
  swiftLanguageModes: [.v6]
)
