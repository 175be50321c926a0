import Routing
import RoutingJSON

/// `routing link TABLE --from A,B LINK [--strict-links] [--json]`: reads a deep link, then routes to what
/// it names (Docs/DeepLinks.md for the reading, Docs/RouteTables.md, "`routing link`",
/// for the output). `routing link TABLE --request FILE` takes a JSON request with `"link"`
/// in place of `"to"`, across tabs too (Docs/Tabs.md).
enum LinkCommand {
  static let name = "link"
  static let spec = OptionSpec(
    flags: ["json", "strict-links"], single: ["from", "request"], repeated: [])

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let strict = options.has("strict-links")
    if let file = options.value("request") {
      let tablePath = try options.positionals(["TABLE"], command: name)[0]
      if options.contains("from") {
        throw ToolFailure.usage("'--from' does not go with '--request'", command: name)
      }
      if tablePath == "-" && file == "-" {
        throw ToolFailure.usage(
          "the table and the request cannot both come from standard input", command: name)
      }
      let table = try console.loadTable(tablePath)
      return try routeRequestFile(file, table, strict: strict, console)
    }
    let positionals = try options.positionals(["TABLE", "LINK"], command: name)
    guard let from = options.value("from") else {
      throw ToolFailure.usage("missing '--from'", command: name)
    }
    let stack = try screenList(from, option: "from", command: name).map { Entry(ScreenName($0)) }
    let json = options.has("json")
    let table = try console.loadTable(positionals[0], format: json ? .json : .text)
    let link = positionals[1]
    let reading: LinkReading
    do {
      reading = try table.read(link, strict: strict)
    } catch {
      return RouteCommand.report(
        Result<Route, _>.failure(RequestFailure(error, link: link)), json: json, console)
    }
    let request = reading.request
    // On a table with presenting commands, the route presents where its commands do,
    // and on one whose guards have remedies it may detour.
    if table.answersWithLayers {
      return report(
        RouteRunner.route(request, from: ModalState(stack: stack), tabs: nil, in: table),
        reading, json: json, console)
    }
    return report(
      RouteRunner.route(request, from: stack, in: table), reading, json: json, console)
  }

  /// Prints the route of a link read from the command line, as text or JSON.
  static func report(
    _ outcome: Result<some PlannedRoute, RequestFailure>, _ reading: LinkReading, json: Bool,
    _ console: Console
  ) -> ExitCode {
    let request = reading.request
    switch (outcome, json) {
    case (.success(let route), true):
      console.print(RouteJSON.json(route.json, link: reading).serialized())
      return .success
    case (.success, false):
      console.print("link: \(request)")
      if !reading.ignored.isEmpty {
        console.print("ignored: \(reading.ignored.joined(separator: ", "))")
      }
      if let fragment = reading.fragment { console.print("fragment: \(fragment)") }
      return RouteCommand.report(outcome, json: false, console)
    case (.failure, _):
      return RouteCommand.report(outcome, json: json, console)
    }
  }

  /// `--request FILE`: one JSON request with `"link"`, one JSON result.
  static func routeRequestFile(
    _ path: String, _ table: RouteTable, strict: Bool, _ console: Console
  ) throws(ToolFailure) -> ExitCode {
    let bytes = try console.read(path)
    let outcome: Result<JSONValue, RequestFailure>
    do {
      // Read once, in place, by the request reader, as a `--batch` line is.
      let raw = try RawRequest(json: bytes[...], keys: linkKeys, allowsLink: true)
      outcome = answer(raw, in: table, strict: strict)
    } catch {
      outcome = .failure(RequestFailure(error))
    }
    switch outcome {
    case .success(let answer):
      console.print(answer.serialized())
      return .success
    case .failure(let failure):
      return RouteCommand.report(Result<Route, _>.failure(failure), json: true, console)
    }
  }

  /// The keys of a request with `"link"`.
  static let linkKeys = RawRequest.keys + ["link"]

  /// The keys of a `link` call's params in `routing serve`: a request with `"link"`, and
  /// `strictLinks` in place of `--strict-links`, listed so that a misspelt one gets its
  /// suggestion.
  static let callKeys = linkKeys + ["strictLinks"]

  /// The JSON answer to a request read with `"link"`: the route and what the link read
  /// as, as `--request` prints it and `routing serve` answers it.
  ///
  /// - Complexity: That of reading the link and planning its route.
  static func answer(_ raw: RawRequest, in table: RouteTable, strict: Bool) -> Result<
    JSONValue, RequestFailure
  > {
    do throws(RequestFailure) {
      guard case .link(let link) = raw.target else {
        throw RequestFailure.invalidRequest(
          at: JSONPath.root.appending("link"), "the required key 'link' is missing")
      }
      let reading: TabLinkReading
      let outcome: Result<any PlannedRoute, RequestFailure>
      if raw.tabs != nil {
        // Refuses layers across tabs, which a link is not planned under.
        if raw.plansWithLayers(on: table) { _ = try raw.resolveLayered(in: table, strict: strict) }
        let (state, target) = try raw.resolveTabs(in: table, strict: strict)
        guard case .link(let read) = target else { preconditionFailure("the target is a link") }
        reading = read
        outcome = RouteRunner.route(target, from: state, in: table).map { $0 }
      } else {
        let (stack, _) = try raw.resolve(in: table, strict: strict)
        do {
          reading = TabLinkReading(tab: nil, reading: try table.read(link, strict: strict))
        } catch {
          throw RequestFailure(error, link: link, at: JSONPath.root.appending("link"))
        }
        if raw.plansWithLayers(on: table) {
          let (state, _, _) = try raw.resolveLayered(in: table, strict: strict)
          outcome = RouteRunner.route(reading.reading.request, from: state, tabs: nil, in: table)
            .map { $0 }
        } else {
          outcome = RouteRunner.route(reading.reading.request, from: stack, in: table).map { $0 }
        }
      }
      let route = try outcome.get()
      return .success(RouteJSON.json(route.json, link: reading.reading, tab: reading.tab))
    } catch {
      return .failure(error)
    }
  }
}
