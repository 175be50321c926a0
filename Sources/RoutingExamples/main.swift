// The main demonstration: `swift run RoutingExamples`, or with `--interactive` a prompt
// where you navigate the sample app yourself; `--help` says so.
import SampleApp

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let launch = ExamplesLaunch(arguments: Array(CommandLine.arguments.dropFirst()))
switch launch {
case .tour:
  for line in await Tour.run() {
    print(line)
  }
case .interactive:
  do {
    let session = try InteractiveSession()
    await session.run(reading: { readLine() }, writing: { print($0, terminator: "") })
  } catch {
    print("error: \(error)")
  }
case .help, .invalid:
  if let output = launch.output { print(output) }
  if var errors = launch.errors {
    errors += "\n"
    errors.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  }
  exit(launch.exitCode ?? 0)
}
