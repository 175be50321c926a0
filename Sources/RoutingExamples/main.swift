// The main demonstration: `swift run RoutingExamples`.
import SampleApp

for line in await Tour.run() {
  print(line)
}
