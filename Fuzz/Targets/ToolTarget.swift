import Routing
import RoutingJSON
import RoutingTool

/// Bytes → the `routing` tool, in-process. The first line holds the arguments,
/// separated by spaces (a tab stands for a space inside an argument); the rest is both
/// standard input and the file `in`, and the file `t.json` is the fuzz table. The tool
/// must not trap, and its exit code must be one it documents.
///
/// The commands that plan over `t.json` take the table compiled once for the process
/// (`RoutingTool.run`'s `tables`): compiling the same bytes on every run was about half
/// of the target's time. `check t.json` still reads the file, and a table given as `in`
/// or `-` is read and compiled from the fuzzed bytes on every run.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTool(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
  let line = String(decoding: bytes[..<newline], as: UTF8.self)
  let rest = newline < bytes.count ? Array(bytes[(newline + 1)...]) : []
  let arguments = line.split(separator: " ", omittingEmptySubsequences: true).map {
    String($0.map { $0 == "\t" ? " " : $0 })
  }
  let result = RoutingTool.run(
    arguments: arguments, input: rest,
    readFile: { (path: String) throws(FileReadError) -> [UInt8] in
      switch path {
      case "t.json": return sampleBytes
      case "in": return rest
      default: throw FileReadError(path: path, reason: "No such file or directory")
      }
    }, tables: compiled)
  guard (0...2).contains(result.exitCode) else {
    fuzzFailure("exit code \(result.exitCode) for \(arguments)")
  }
  // Error messages quote at most an excerpt of the input: no line of them is long.
  for message in result.errors.split(separator: "\n") where message.utf8.count > 1_024 {
    fuzzFailure("a \(message.utf8.count)-byte error line: \(message.prefix(200))")
  }
  return 0
}

/// The bytes of the file `t.json`, and its table.
private let sampleBytes = Array(FuzzTables.sampleJSON.utf8)
private let compiled = ["t.json": FuzzTables.sample]
