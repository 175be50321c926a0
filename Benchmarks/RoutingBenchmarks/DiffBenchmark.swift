import Routing
import RoutingJSON
import RoutingTool

/// `routing diff` in-process on a seeded table and a changed copy, files held in memory.
///
/// The table has `screens` screens (one in ten declares a parameter `id`) and `commands`
/// commands, each from one or two random screens (one in a hundred from anywhere), two
/// in three with an id. The copy loses one command in fifty and one screen, moves the
/// origins of another one in fifty, and gains a screen and a command at the front, so
/// every later command is renumbered. Also times the table against itself.
func benchmarkDiff(screens: Int, commands: Int, seed: UInt64) -> String {
  var random = SplitMix(state: seed)
  typealias Command = (id: String?, from: [Int], to: Int)
  var table: [Command] = []
  for number in 0..<commands {
    let from =
      Int.random(in: 0..<100, using: &random) == 0
      ? []
      : (0..<Int.random(in: 1...2, using: &random)).map { _ in
        Int.random(in: 0..<screens, using: &random)
      }
    table.append(
      (
        number % 3 == 0 ? nil : "c\(number)", Array(Set(from)).sorted(),
        Int.random(in: 0..<screens, using: &random)
      ))
  }
  var copy: [Command] = [("openExtra", [1], -1)]
  for command in table {
    switch Int.random(in: 0..<50, using: &random) {
    case 0: continue
    case 1: copy.append((command.id, [Int.random(in: 0..<screens, using: &random)], command.to))
    default: copy.append(command)
    }
  }
  let removed = 7
  copy.removeAll { $0.to == removed || $0.from.contains(removed) }
  func json(_ commands: [Command], screens names: [String]) -> [UInt8] {
    let screens = names.enumerated().map { number, name in
      number % 10 == 0 ? #"{"name": "\#(name)", "parameters": ["id"]}"# : #"{"name": "\#(name)"}"#
    }
    let lines = commands.map { command in
      let id = command.id.map { #""id": "\#($0)", "# } ?? ""
      let from = command.from.map { #""S\#($0)""# }.joined(separator: ", ")
      let to = command.to < 0 ? "Extra" : "S\(command.to)"
      return #"{\#(id)"from": [\#(from)], "to": "\#(to)"}"#
    }
    let text =
      #"{"screens": [\#(screens.joined(separator: ", "))], "commands": [\#(lines.joined(separator: ",\n"))]}"#
    return Array(text.utf8)
  }
  let names = (0..<screens).map { "S\($0)" }
  let files = [
    "old.json": json(table, screens: names),
    "new.json": json(copy, screens: names.filter { $0 != "S\(removed)" } + ["Extra"]),
  ]
  func time(_ arguments: [String]) -> (Duration, ToolResult) {
    let clock = ContinuousClock()
    var result: ToolResult?
    let took = clock.measure {
      result = RoutingTool.run(arguments: arguments) { (path: String) throws(FileReadError) in
        guard let bytes = files[path] else {
          throw FileReadError(path: path, reason: "No such file or directory")
        }
        return bytes
      }
    }
    return (took, result!)
  }
  var lines = [
    "Diff: routing diff on a seeded table of \(screens) screens and \(commands) commands and a changed copy (in-process, loading both included)",
    "| compared with | output | time | peak memory | output size | summary |",
    "|---|---|---:|---:|---:|---|",
  ]
  for (against, output) in [("itself", "text"), ("the copy", "text"), ("the copy", "json")] {
    let new = against == "itself" ? "old.json" : "new.json"
    resetPeakResident()
    let baseline = statusBytes("VmHWM")
    let (took, result) = time(["diff", "old.json", new, "--format", output])
    let peak = statusBytes("VmHWM") - baseline
    let size = result.output.utf8.count
    lines.append(
      "| \(against) | \(output) | \(format(took)) | \(peak / 1_000_000) MB | \(size / 1_000) kB | \(result.errors.dropLast()) |"
    )
  }
  return lines.joined(separator: "\n")
}
