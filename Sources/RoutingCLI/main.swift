import RoutingTool

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The tool's logic lives in RoutingTool; this only connects it to the process.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(RoutingTool.run(arguments: arguments, environment: .standard()))
