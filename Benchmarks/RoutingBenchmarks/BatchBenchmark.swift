import Routing
import RoutingJSON
import RoutingTool

/// The sample app's table, as `Docs/Examples/SampleApp.json` holds it (without its
/// restoration identifiers, which routing does not read).
private let sampleTable = """
  {"screens": [
    {"name": "Menu", "path": "menu"}, {"name": "Folder", "path": "folder"},
    {"name": "Connections", "path": "connections"},
    {"name": "Chat", "parameters": [{"name": "userId", "type": "integer"}], "path": "chat/:userId"},
    {"name": "Profile", "parameters": [{"name": "userId", "type": "integer"}], "path": "profile"},
    {"name": "ContactCard", "parameters": [{"name": "userId", "type": "integer"}], "path": "card/:userId"}],
   "commands": [
    {"id": "home", "to": "Menu"}, {"id": "openFolder", "from": ["Menu"], "to": "Folder"},
    {"id": "openConnections", "from": ["Menu"], "to": "Connections"},
    {"id": "openProfile", "from": ["Folder", "Connections"], "to": "Profile"},
    {"id": "openChat", "from": ["Connections"], "to": "Chat"},
    {"id": "chatWithProfile", "from": ["Profile"], "to": "Chat"},
    {"id": "profileOfChat", "from": ["Chat"], "to": "Profile"},
    {"id": "openContactCard", "from": ["Profile"], "to": "ContactCard"}]}
  """

/// `routing route TABLE --batch -` in-process: random JSON requests on the sample table,
/// one a line, answered in order. Includes reading the table and writing the answers.
func benchmarkBatch(requests count: Int, seed: UInt64) -> String {
  var random = SplitMix(state: seed)
  let screens = ["Menu", "Folder", "Connections", "Chat", "Profile", "ContactCard"]
  var input = ""
  for _ in 0..<count {
    let depth = Int.random(in: 1...4, using: &random)
    let stack = (0..<depth).map { _ in "\"\(screens.randomElement(using: &random)!)\"" }
    let user = Int.random(in: 1...5, using: &random)
    input +=
      #"{"stack": [\#(stack.joined(separator: ", "))], "to": "\#(screens.randomElement(using: &random)!)", "parameters": {"userId": "\#(user)"}}"#
    input += "\n"
  }
  let bytes = Array(input.utf8)
  let clock = ContinuousClock()
  let began = clock.now
  let result = RoutingTool.run(arguments: ["route", "table.json", "--batch", "-"], input: bytes) {
    (_: String) throws(FileReadError) -> [UInt8] in Array(sampleTable.utf8)
  }
  let took = seconds(clock.now - began)
  let answered = result.output.split(separator: "\n").count
  let rate = Int((Double(answered) / took).rounded())
  return
    "batch: \(answered) of \(count) requests answered in \(format3(took * 1e3)) ms "
    + "(\(rate) requests per second, exit code \(result.exitCode))"
}

/// `RoutingBenchmarks batch --table T.json --requests R.jsonl`: `routing route T --batch R`
/// in-process, the files read from disk; prints the requests answered per second, reading
/// the table and the requests included.
///
/// The answers are not kept, as the command line writes them to standard output and
/// lets them go; their number is read from the tool's summary on standard error. Kept in
/// one `String` a run (8 MB for before-after.sh's 20,000 lines), each run's string was
/// freed at the top of the heap, the C library gave that memory back to the system, and
/// the next run faulted it in again: a cost of the benchmark's own string, which came
/// and went with the layout of the heap (`Docs/Performance.md`, "Before and after").
func benchmarkBatchFile(_ arguments: [String]) throws -> String {
  let options = try BenchmarkOptions(arguments, known: ["table", "requests"])
  let table = try options.required("table")
  let requests = try options.required("requests")
  let clock = ContinuousClock()
  var best: Duration?
  var answered = 0
  for _ in 0..<3 {
    let errors = StandardError()
    let environment = ToolEnvironment(
      readLine: { nil }, write: { _ in }, writeError: { errors.text += $0 }, writeBytes: { _ in })
    let began = clock.now
    let exitCode = RoutingTool.run(
      arguments: ["route", table, "--batch", requests], environment: environment)
    let took = clock.now - began
    // "batch: N requests: …"
    guard exitCode == 0,
      let count = errors.text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { throw BenchmarkError(errors.text) }
    answered = count
    best = min(best ?? took, took)
  }
  let took = seconds(best ?? .zero)
  let rate = Int((Double(answered) / took).rounded())
  return """
    batch: \(answered) requests answered in-process in \(format3(took * 1e3)) ms, best of 3 \
    (\(rate) requests per second)
    figures: batch_in_process_per_s=\(rate)
    """
}

/// What the tool writes to standard error.
private final class StandardError {
  var text = ""
}
