import Routing

/// `routing route`: plans one request from the command line, one from a JSON file, or a
/// batch of JSON lines.
enum RouteCommand {
  static let name = "route"
  static let spec = OptionSpec(
    flags: ["json"], single: ["from", "to", "via", "request", "batch"], repeated: ["param"])

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let tablePath = try options.positionals(["TABLE"], command: name)[0]
    let flagOptions = ["from", "to", "via", "param"].filter(options.contains)
    switch (options.value("request"), options.value("batch")) {
    case (.some, .some):
      throw ToolFailure.usage("give either '--request' or '--batch', not both", command: name)
    case (let file?, nil), (nil, let file?):
      let mode = options.contains("request") ? "--request" : "--batch"
      if let first = flagOptions.first {
        throw ToolFailure.usage("'--\(first)' does not go with '\(mode)'", command: name)
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
      let table = try console.loadTable(tablePath)
      // The request came from flags: a JSON path would name nothing the user wrote.
      let outcome = RouteRunner.route(request, from: stack, in: table).mapError { failure in
        guard failure.kind == .invalidRequest else { return failure }
        var plain = failure
        plain.place = nil
        plain.details = [:]
        return plain
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
    var parameters: Parameters = [:]
    for item in options.all("param") {
      guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
        throw ToolFailure.usage("option '--param' takes key=value, not '\(item)'", command: name)
      }
      let key = String(item[..<equals])
      guard parameters[key] == nil else {
        throw ToolFailure.usage("parameter '\(key)' is given twice", command: name)
      }
      parameters[key] = .string(String(item[item.index(after: equals)...]))
    }
    let request = Request(
      to: ScreenName(destination[0]), via: (via ?? []).map { ScreenName($0) },
      parameters: parameters)
    return (stack, request)
  }

  /// `--request FILE`: one JSON request, one JSON result.
  static func routeRequestFile(
    _ path: String, _ table: RouteTable, _ console: Console
  ) throws(ToolFailure) -> ExitCode {
    let bytes = try console.read(path)
    let outcome: Result<Route, RequestFailure>
    do {
      outcome = RouteRunner.route(try RawRequest(document: parseRequest(bytes)), in: table)
    } catch {
      outcome = .failure(RequestFailure(error))
    }
    return report(outcome, json: true, console)
  }

  /// A request document; a JSON syntax error names its line and column.
  static func parseRequest(_ bytes: [UInt8]) throws(RequestProblem) -> JSONValue {
    do {
      return try JSONValue(parsing: bytes)
    } catch {
      throw RequestProblem(at: error.path, error.description)
    }
  }

  /// Prints an outcome as text or JSON, and says how the run ends.
  static func report(
    _ outcome: Result<Route, RequestFailure>, json: Bool, _ console: Console
  ) -> ExitCode {
    switch (outcome, json) {
    case (.success(let route), false):
      console.print(route.description)
      return .success
    case (.success(let route), true):
      console.print(RouteJSON.json(route).serialized())
      return .success
    case (.failure(let failure), false):
      console.printError("error: \(failure.message)")
      return failure.exitCode
    case (.failure(let failure), true):
      console.print(failure.json().serialized())
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
enum BatchRoute {
  struct Tally {
    var routed = 0
    var failed = 0
    var invalid = 0
  }

  static func run(_ path: String, _ table: RouteTable, _ console: Console) throws(ToolFailure)
    -> ExitCode
  {
    var tally = Tally()
    if path == "-" {
      var number = 0
      while let line = try console.nextLine() {
        number += 1
        answer(line[...], number: number, table, console, &tally)
      }
    } else {
      let bytes = try console.read(path)
      var number = 0
      var start = bytes.startIndex
      while start < bytes.endIndex {
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
        number += 1
        answer(bytes[start..<end], number: number, table, console, &tally)
        start = end + 1
      }
    }
    let total = tally.routed + tally.failed + tally.invalid
    console.printError(
      "batch: \(total) request\(total == 1 ? "" : "s"): \(tally.routed) routed, \(tally.failed) failed, \(tally.invalid) invalid"
    )
    return .success
  }

  static func answer(
    _ line: ArraySlice<UInt8>, number: Int, _ table: RouteTable, _ console: Console,
    _ tally: inout Tally
  ) {
    guard line.contains(where: { !isBlank($0) }) else { return }
    let outcome: Result<Route, RequestFailure>
    do {
      outcome = RouteRunner.route(try RawRequest(document: parseLine(line)), in: table)
    } catch {
      outcome = .failure(RequestFailure(error))
    }
    switch outcome {
    case .success(let route):
      tally.routed += 1
      console.print(RouteJSON.json(route).serialized())
    case .failure(let failure):
      if failure.exitCode == .badInput { tally.invalid += 1 } else { tally.failed += 1 }
      console.print(failure.json(line: number).serialized())
    }
  }

  /// A line is a document of its own: its column says enough.
  private static func parseLine(_ line: ArraySlice<UInt8>) throws(RequestProblem) -> JSONValue {
    do {
      return try JSONValue(parsing: Array(line))
    } catch {
      throw RequestProblem(at: error.path, "column \(error.column): \(error.message)")
    }
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }
}
