import Routing
import RoutingJSON
import RoutingTool

/// Bytes → `routing serve`'s answers, in-process: each line of the input is a message to
/// one session on the fuzz table (whose `reload` reads the same table again). The
/// session must not trap, and every answer must be one line of JSON: an object, or a
/// non-empty array for a batch.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzServe(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
    guard let answer = session.answer(line) else { continue }
    if answer.contains(0x0A) { fuzzFailure("an answer of more than one line") }
    switch try? JSONValue(parsing: answer) {
    case .object?: break
    case .array(let answers)? where !answers.isEmpty: break
    default:
      fuzzFailure("an answer that is not a response: \(String(decoding: answer, as: UTF8.self))")
    }
  }
  return 0
}

/// One session for the process, as a server keeps one.
private let session: ServeSession = {
  let bytes = Array(FuzzTables.sampleJSON.utf8)
  do throws(ServeLoadFailure) {
    return try ServeSession(
      path: "t.json", readFile: { (_: String) throws(FileReadError) -> [UInt8] in bytes },
      log: { _ in }, table: FuzzTables.sample)
  } catch {
    fuzzFailure("the fuzz table does not load: \(error.text)")
  }
}()
