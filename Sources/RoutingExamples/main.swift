// The main demonstration: `swift run RoutingExamples`, or with `--interactive` a prompt
// where you navigate the sample app yourself; `--help` says so.
import Foundation
import SampleApp

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
  if let errors = launch.errors {
    FileHandle.standardError.write(Data((errors + "\n").utf8))
  }
  exit(launch.exitCode ?? 0)
}
