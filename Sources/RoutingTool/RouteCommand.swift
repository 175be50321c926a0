import Routing
import RoutingJSON
import RoutingStorage

/// `routing route`: plans one request from the command line, one from a JSON file, or a
/// batch of JSON lines.
enum RouteCommand {
  static let name = "route"
  static let spec = OptionSpec(
    flags: ["json", "explain"], single: ["from", "to", "via", "request", "batch"],
    repeated: ["param", "layer"])

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let tablePath = try options.positionals(["TABLE"], command: name)[0]
    let flagOptions = ["from", "to", "via", "param", "layer", "explain"].filter(options.contains)
    switch (options.value("request"), options.value("batch")) {
    case (.some, .some):
      throw ToolFailure.usage("give either '--request' or '--batch', not both", command: name)
    case (let file?, nil), (nil, let file?):
      let mode = options.contains("request") ? "--request" : "--batch"
      if let first = flagOptions.first {
        throw ToolFailure.usage("'--\(first)' does not go with '\(excerpt(mode))'", command: name)
      }
      if tablePath == "-" && file == "-" {
        throw ToolFailure.usage(
          "the table and the requests cannot both come from standard input", command: name)
      }
      let table = try console.loadTable(tablePath)
      if options.contains("request") {
        return try routeRequestFile(file, table, console)
      }
      return try BatchRoute.run(file, table, console)
    case (nil, nil):
      let (stack, request) = try requestFromFlags(options)
      // `--layer A,B`, each a layer open over the stack, bottom first.
      let layers = try options.all("layer").map { (list) throws(ToolFailure) in
        try screenList(list, option: "layer", command: name).map { Entry(ScreenName($0)) }
      }
      let table = try console.loadTable(tablePath, format: options.has("json") ? .json : .text)
      // With layers open, or on a table with presenting commands, a route may close or
      // open layers. Without layers, a failure is planned again as a stack's, which
      // fails alike, to be explained.
      if !layers.isEmpty || table.answersWithLayers {
        let state = ModalState(stack: stack, layers: layers)
        let layered = RouteRunner.route(request, from: state, tabs: nil, in: table)
        // The explanation plans as the route did: it throws nothing the route did not.
        if options.has("explain"), let why = try? table.explanation(request, from: state) {
          return ExplainReport.reportLayered(layered, why, json: options.has("json"), console)
        }
        switch (layered, layers.isEmpty) {
        case (.failure, true): break
        default: return report(layered, json: options.has("json"), console)
        }
      }
      let outcome = RouteRunner.route(request, from: stack, in: table)
      // The explanation plans the legs as the route did: it throws nothing the route did
      // not, and finds the leg that failed.
      if options.has("explain"), case .failure(let failure) = outcome, failure.kind == .unreachable,
        let explanation = try? table.explanation(
          from: stack, to: request.destination, via: request.breadcrumbs,
          parameters: request.parameters)
      {
        return ExplainReport.report(failure, explanation, json: options.has("json"), console)
      }
      return report(outcome, json: options.has("json"), console)
    }
  }

  /// `--from A,B --to D --via M --param k=v`.
  static func requestFromFlags(_ options: Arguments) throws(ToolFailure) -> (
    [Entry], Request
  ) {
    guard let from = options.value("from") else {
      throw ToolFailure.usage(
        "missing '--from' (or give the request with '--request' or '--batch')", command: name)
    }
    guard let to = options.value("to") else {
      throw ToolFailure.usage("missing '--to'", command: name)
    }
    let stack = try screenList(from, option: "from", command: name).map { Entry(ScreenName($0)) }
    let destination = try screenList(to, option: "to", command: name)
    guard destination.count == 1 else {
      throw ToolFailure.usage("option '--to' takes one screen name", command: name)
    }
    let via = try options.value("via").map { (list) throws(ToolFailure) in
      try screenList(list, option: "via", command: name)
    }
    let parameters = try parameters(options, command: name)
    let request = Request(
      to: ScreenName(destination[0]), via: (via ?? []).map { ScreenName($0) },
      parameters: parameters)
    return (stack, request)
  }

  /// The values of `--param k=v`, each as text, for `command`'s usage errors.
  static func parameters(_ options: Arguments, command: String) throws(ToolFailure)
    -> Parameters
  {
    var parameters: Parameters = [:]
    for item in options.all("param") {
      guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
        throw ToolFailure.usage(
          "option '--param' takes key=value, not '\(excerpt(item))'", command: command)
      }
      let key = String(item[..<equals])
      guard parameters[key] == nil else {
        throw ToolFailure.usage("parameter '\(excerpt(key))' is given twice", command: command)
      }
      parameters[key] = .string(String(item[item.index(after: equals)...]))
    }
    return parameters
  }

  /// `--request FILE`: one JSON request, one JSON result.
  static func routeRequestFile(
    _ path: String, _ table: RouteTable, _ console: Console
  ) throws(ToolFailure) -> ExitCode {
    let bytes = try console.read(path)
    let raw: RawRequest
    do {
      raw = try RawRequest(json: bytes[...])
    } catch {
      return report(Result<Route, _>.failure(RequestFailure(error)), json: true, console)
    }
    if raw.plansWithLayers(on: table) {
      return report(RouteRunner.routeLayered(raw, in: table), json: true, console)
    }
    if raw.tabs != nil { return report(RouteRunner.routeTabs(raw, in: table), json: true, console) }
    return report(RouteRunner.route(raw, in: table), json: true, console)
  }

  /// Prints an outcome as text or JSON, and says how the run ends.
  static func report(
    _ outcome: Result<some PlannedRoute, RequestFailure>, json: Bool, _ console: Console
  ) -> ExitCode {
    switch (outcome, json) {
    case (.success(let route), false):
      console.print(route.description)
      return .success
    case (.success(let route), true):
      var json = JSONBytes()
      route.write(to: &json)
      console.print(String(decoding: json.bytes, as: UTF8.self))
      return .success
    case (.failure(let failure), false):
      // Text answers a request given by options, which has no JSON path to name: the
      // reason is the library's message word for word. JSON keeps the path.
      console.printError("error: \(failure.reason)")
      return failure.exitCode
    case (.failure(let failure), true):
      var json = JSONBytes()
      json.failure(failure, line: nil)
      console.print(String(decoding: json.bytes, as: UTF8.self))
      return failure.exitCode
    }
  }
}

/// `routing route TABLE --batch FILE`: one JSON request a line in, one JSON result a line
/// out, in order.
///
/// Every line gets an answer, a bad one an error object carrying its line number, and the
/// run goes on; blank lines are skipped. The run exits 0 once every line is answered,
/// whatever the answers; 2 only when it cannot run (arguments, table, unreadable file).
///
/// Lines are answered a chunk at a time (at most ``chunkLines``): the chunk is cut into
/// parts planned at once on the machine's cores, each part writing its answers as JSON
/// bytes into a buffer of its own, and the buffers are printed in input order. Standard
/// input is read a chunk at a time too, so memory stays bounded by the chunk, and a
/// chunk holds only the lines already read, so a process talking through a pipe gets
/// each answer without sending more.
enum BatchRoute {
  /// The most lines answered at once.
  static let chunkLines = 4_096
  /// The fewest lines worth a part of their own.
  static let partLines = 128

  struct Tally: Sendable {
    var routed = 0
    var failed = 0
    var invalid = 0

    mutating func add(_ other: Tally) {
      routed += other.routed
      failed += other.failed
      invalid += other.invalid
    }
  }

  static func run(_ path: String, _ table: RouteTable, _ console: Console) throws(ToolFailure)
    -> ExitCode
  {
    var tally = Tally()
    var number = 0
    if path == "-" {
      while let lines = try console.nextLines(upTo: chunkLines) {
        let slices = lines.map { $0[...] }
        answer(slices, firstNumber: number + 1, table, console, &tally)
        number += lines.count
      }
    } else {
      let bytes = try console.read(path)
      var start = bytes.startIndex
      var chunk: [ArraySlice<UInt8>] = []
      chunk.reserveCapacity(chunkLines)
      while start < bytes.endIndex {
        let end = lineEnd(in: bytes.span, from: start)
        chunk.append(bytes[start..<end])
        start = end + 1
        if chunk.count == chunkLines {
          answer(chunk, firstNumber: number + 1, table, console, &tally)
          number += chunk.count
          chunk.removeAll(keepingCapacity: true)
        }
      }
      answer(chunk, firstNumber: number + 1, table, console, &tally)
    }
    let total = tally.routed + tally.failed + tally.invalid
    console.printError(
      "batch: \(total) request\(total == 1 ? "" : "s"): \(tally.routed) routed, \(tally.failed) failed, \(tally.invalid) invalid"
    )
    return .success
  }

  /// Where the line that starts at `start` ends: the offset of the next line feed, or
  /// the end of `bytes`.
  ///
  /// The bytes are read eight at a time: XOR with line feeds makes a line feed's byte
  /// zero, and the classic test for a zero byte sets the top bit of the first one
  /// exactly (a lane above it may be set too, never one below).
  ///
  /// - Complexity: O(*n*), where *n* is the length of the line.
  static func lineEnd(in bytes: Span<UInt8>, from start: Int) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    var offset = start
    while offset + 8 <= bytes.count {
      let marked = Bytes.word(bytes, at: offset) ^ (ones &* 0x0A)
      let zeros = (marked &- ones) & ~marked & (ones &* 0x80)
      if zeros != 0 { return offset + zeros.trailingZeroBitCount / 8 }
      offset += 8
    }
    while offset < bytes.count && bytes[offset] != 0x0A { offset += 1 }
    return offset
  }

  /// Answers a chunk of lines, the first numbered `firstNumber`, and prints the answers
  /// in order.
  ///
  /// - Complexity: O(*n*) plus the plans, where *n* is the length of the lines; the
  ///   parts run concurrently.
  static func answer(
    _ lines: [ArraySlice<UInt8>], firstNumber: Int, _ table: RouteTable, _ console: Console,
    _ tally: inout Tally
  ) {
    guard !lines.isEmpty else { return }
    let parts = min(16, (lines.count + partLines - 1) / partLines)
    let results = Concurrently.map(parts) { part in
      let range = (lines.count * part / parts)..<(lines.count * (part + 1) / parts)
      return answer(lines[range], firstNumber: firstNumber + range.lowerBound, table)
    }
    // Part by part, in order: one buffer for the chunk was a fresh mapping to fault in.
    for result in results {
      if !result.bytes.isEmpty { console.write(result.bytes) }
      tally.add(result.tally)
    }
  }

  /// The answers to consecutive lines, the first numbered `firstNumber`, one a line.
  static func answer(
    _ lines: ArraySlice<ArraySlice<UInt8>>, firstNumber: Int, _ table: RouteTable
  ) -> (bytes: [UInt8], tally: Tally) {
    // Room for a route of a few steps a line, so that the buffer seldom grows.
    var json = JSONBytes(capacity: lines.count * 512)
    var tally = Tally()
    // One reader's storage for the part's lines, allocated once.
    var buffers = JSONReader.Buffers()
    let layered = table.answersWithLayers
    for (offset, line) in zip(0..., lines) {
      answer(
        line, number: firstNumber + offset, table, layered: layered, into: &json, &tally,
        buffers: &buffers)
    }
    return (json.bytes, tally)
  }

  /// Writes the answer to one line, and a line break; nothing for a blank line.
  static func answer(
    _ line: ArraySlice<UInt8>, number: Int, _ table: RouteTable, layered: Bool,
    into json: inout JSONBytes, _ tally: inout Tally, buffers: inout JSONReader.Buffers
  ) {
    guard line.contains(where: { !isBlank($0) }) else { return }
    let outcome: Result<Route, RequestFailure>
    do {
      let raw = try RawRequest(json: line, syntax: .line, reusing: &buffers)
      // A request with layers, and one across tabs, answers with its own shape
      // (Docs/RouteTables.md, "Layers"; Docs/Tabs.md).
      if raw.plansWithLayers(layered: layered) {
        switch RouteRunner.routeLayered(raw, in: table) {
        case .success(let route):
          tally.routed += 1
          json.layeredRoute(route)
          json.byte(0x0A)
          return
        case .failure(let failure): outcome = .failure(failure)
        }
      } else if raw.tabs != nil {
        switch RouteRunner.routeTabs(raw, in: table) {
        case .success(let route):
          tally.routed += 1
          json.tabRoute(route)
          json.byte(0x0A)
          return
        case .failure(let failure): outcome = .failure(failure)
        }
      } else {
        outcome = RouteRunner.route(raw, in: table)
      }
    } catch {
      outcome = .failure(RequestFailure(error))
    }
    switch outcome {
    case .success(let route):
      tally.routed += 1
      json.route(route)
    case .failure(let failure):
      if failure.exitCode == .badInput { tally.invalid += 1 } else { tally.failed += 1 }
      json.failure(failure, line: number)
    }
    json.byte(0x0A)
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }
}
