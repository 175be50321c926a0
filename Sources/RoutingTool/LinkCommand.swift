import Routing

/// `routing link TABLE --from A,B LINK [--strict-links] [--json]`: reads a deep link, then routes to what
/// it names (Docs/DeepLinks.md for the reading, Docs/RouteTables.md, "`routing link`",
/// for the output).
enum LinkCommand {
  static let name = "link"
  static let spec = OptionSpec(flags: ["json", "strict-links"], single: ["from"], repeated: [])

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let positionals = try options.positionals(["TABLE", "LINK"], command: name)
    guard let from = options.value("from") else {
      throw ToolFailure.usage("missing '--from'", command: name)
    }
    let stack = try screenList(from, option: "from", command: name).map { Entry(ScreenName($0)) }
    let table = try console.loadTable(positionals[0])
    let link = positionals[1]
    let json = options.has("json")
    let reading: LinkReading
    do {
      reading = try table.read(link, strict: options.has("strict-links"))
    } catch {
      return RouteCommand.report(.failure(RequestFailure(error, link: link)), json: json, console)
    }
    let request = reading.request
    let outcome = RouteRunner.route(request, from: stack, in: table)
    switch (outcome, json) {
    case (.success(let route), true):
      console.print(RouteJSON.json(route, link: reading).serialized())
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
}
