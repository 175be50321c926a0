// The main demonstration: `swift run RoutingExamples`, or with `--interactive` a prompt
// where you navigate the sample app yourself.
import SampleApp

if CommandLine.arguments.contains("--interactive") {
  do {
    let session = try InteractiveSession()
    print("The sample app. Type help for the commands.")
    print("stack: Menu")
    while !session.isFinished {
      print("> ", terminator: "")
      guard let line = readLine() else { break }
      for answer in await session.respond(to: line) {
        print(answer)
      }
    }
  } catch {
    print("error: \(error)")
  }
} else {
  for line in await Tour.run() {
    print(line)
  }
}
