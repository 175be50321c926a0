import Routing
import RoutingTool

/// Bytes → the `routing` tool, in-process. The first line holds the arguments,
/// separated by spaces (a tab stands for a space inside an argument); the rest is both
/// standard input and the file `in`, and the file `t.json` is the fuzz table. The tool
/// must not trap, and its exit code must be one it documents.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTool(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
  let line = String(decoding: bytes[..<newline], as: UTF8.self)
  let rest = newline < bytes.count ? Array(bytes[(newline + 1)...]) : []
  let arguments = line.split(separator: " ", omittingEmptySubsequences: true).map {
    String($0.map { $0 == "\t" ? " " : $0 })
  }
  let table = Array(FuzzTables.sampleJSON.utf8)
  let result = RoutingTool.run(arguments: arguments, input: rest) {
    (path: String) throws(FileReadError) -> [UInt8] in
    switch path {
    case "t.json": return table
    case "in": return rest
    default: throw FileReadError(path: path, reason: "No such file or directory")
    }
  }
  guard (0...2).contains(result.exitCode) else {
    fuzzFailure("exit code \(result.exitCode) for \(arguments)")
  }
  // Error messages quote at most an excerpt of the input: no line of them is long.
  for message in result.errors.split(separator: "\n") where message.utf8.count > 1_024 {
    fuzzFailure("a \(message.utf8.count)-byte error line: \(message.prefix(200))")
  }
  return 0
}
