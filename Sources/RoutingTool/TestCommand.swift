import Routing
import RoutingJSON

/// `routing test TABLE CASES [--format text|json|junit|github] [--coverage]`: runs an
/// expectation file (Docs/RouteTables.md, "`routing test`").
enum TestCommand {
  static let name = "test"
  static let spec = OptionSpec(flags: ["coverage"], single: ["format"])

  /// One case run.
  struct Outcome {
    var testCase: TestCase
    /// What differs from the expectation; empty when the case passed.
    var mismatches: [String]
    /// Where the case is in the expectation file.
    var message: FileMessage
  }

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: spec, command: name)
    let paths = try options.positionals(["TABLE", "CASES"], command: name)
    let format = try OutputFormat.parse(options, allowed: OutputFormat.allCases, command: name)
    if paths[0] == "-" && paths[1] == "-" {
      throw ToolFailure.usage(
        "the table and the cases cannot both come from standard input", command: name)
    }
    let table = try console.loadTable(paths[0], format: format)
    let bytes = try console.read(paths[1])
    let file: ExpectationFile
    do {
      file = try ExpectationFile(bytes: bytes)
    } catch {
      throw console.failure(
        Console.message(error.path, error.message, file: paths[1], bytes: bytes), format: format)
    }
    var coverage = Coverage(table: table, uncoverable: file.uncovered)
    var outcomes: [Outcome] = []
    for testCase in file.cases {
      let mismatches: [String]
      if let saved = testCase.snapshot {
        mismatches = saved.mismatches(with: testCase.expectation, in: table)
      } else if testCase.request.plansWithLayers(on: table) {
        let outcome = RouteRunner.routeLayered(testCase.request, in: table)
        coverage.add(testCase.request, steps: try? outcome.get().commandSteps)
        mismatches = testCase.expectation.mismatches(with: outcome, in: table)
      } else if testCase.request.tabs != nil {
        let outcome = RouteRunner.routeTabs(testCase.request, in: table)
        coverage.add(testCase.request, steps: try? outcome.get().commandSteps)
        mismatches = testCase.expectation.mismatches(with: outcome, in: table)
      } else {
        let outcome = RouteRunner.route(testCase.request, in: table)
        coverage.add(testCase.request, steps: try? outcome.get().steps)
        mismatches = testCase.expectation.mismatches(with: outcome, in: table)
      }
      let message = FileMessage(
        file: Console.displayName(paths[1]), position: nil, severity: .error,
        message: "FAIL \(testCase.name): \(mismatches.joined(separator: "; "))")
      outcomes.append(Outcome(testCase: testCase, mismatches: mismatches, message: message))
    }
    // Where each case is: every case for the reports that list them all, the failing
    // ones for those that list failures only.
    let placed = outcomes.indices.filter {
      format == .json || format == .junit || !outcomes[$0].mismatches.isEmpty
    }
    if !placed.isEmpty {
      let locator = JSONLocator(bytes)
      let positions = locator.positions(of: placed.map { file.path(ofCase: $0) })
      for (index, position) in zip(placed, positions) {
        outcomes[index].message.position = position
      }
    }
    let failed = outcomes.filter { !$0.mismatches.isEmpty }.count
    let summary = "\(outcomes.count - failed) passed, \(failed) failed"
    let wantsCoverage = options.has("coverage")
    switch format {
    case .text:
      for outcome in outcomes {
        console.print(
          outcome.mismatches.isEmpty ? "PASS \(outcome.testCase.name)" : outcome.message.text)
      }
      if wantsCoverage { coverage.lines.forEach(console.print) }
      console.print(summary)
    case .github:
      for outcome in outcomes where !outcome.mismatches.isEmpty {
        console.print(outcome.message.annotation)
      }
      if wantsCoverage { coverage.lines.forEach(console.printError) }
      console.print(summary)
    case .junit:
      console.print(junit(outcomes, suite: Console.displayName(paths[1])))
      if wantsCoverage { coverage.lines.forEach(console.printError) }
      console.printError(summary)
    case .json:
      var document: JSONObject = [
        "file": .string(Console.displayName(paths[1])),
        "cases": .array(outcomes.map(json)),
        "passed": .number(JSONNumber(outcomes.count - failed)),
        "failed": .number(JSONNumber(failed)),
      ]
      if wantsCoverage { document.append("coverage", coverage.json) }
      console.print(JSONValue.object(document).serialized())
    }
    return failed > 0 ? .failure : .success
  }

  /// `{"name": …, "line": …, "column": …, "passed": false, "failures": […]}`.
  static func json(_ outcome: Outcome) -> JSONValue {
    var object: JSONObject = ["name": .string(outcome.testCase.name)]
    object.members += outcome.message.placeJSON.members.dropFirst()
    object.append("passed", .bool(outcome.mismatches.isEmpty))
    if !outcome.mismatches.isEmpty {
      object.append("failures", .array(outcome.mismatches.map { .string($0) }))
    }
    return .object(object)
  }

  /// A JUnit XML report: one test suite, the expectation file, and one test case per
  /// case, with a `failure` element for each case that failed.
  static func junit(_ outcomes: [Outcome], suite: String) -> String {
    let failed = outcomes.filter { !$0.mismatches.isEmpty }.count
    let counts = "tests=\"\(outcomes.count)\" failures=\"\(failed)\""
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      "<testsuites name=\"routing test\" \(counts)>",
      "  <testsuite name=\"\(xmlEscaped(suite))\" \(counts) errors=\"0\" skipped=\"0\">",
    ]
    for outcome in outcomes {
      let place = outcome.message.position.map { " line=\"\($0.line)\"" } ?? ""
      let head =
        "    <testcase name=\"\(xmlEscaped(outcome.testCase.name))\" classname=\"\(xmlEscaped(suite))\" file=\"\(xmlEscaped(suite))\"\(place)"
      guard !outcome.mismatches.isEmpty else {
        lines.append(head + "/>")
        continue
      }
      let text = xmlEscaped(outcome.mismatches.joined(separator: "\n"))
      lines.append(head + ">")
      lines.append(
        "      <failure message=\"\(xmlEscaped(outcome.mismatches[0]))\">\(text)</failure>")
      lines.append("    </testcase>")
    }
    lines.append("  </testsuite>")
    lines.append("</testsuites>")
    return lines.joined(separator: "\n")
  }
}

/// Which commands and screens the cases of an expectation file exercised.
///
/// A command is exercised when it is a step of a route a case planned; a screen when it
/// is on a case's starting stack or a step of such a route reaches it. A command the file
/// lists under `"uncovered"` (as `routing cover` writes it) and no case exercises is not
/// coverable rather than missed.
struct Coverage {
  let table: RouteTable
  /// The commands the expectation file says no route takes, with the reason.
  let uncoverable: [Int: String]
  private var commands: Set<Int> = []
  private var screens: Set<ScreenName> = []

  init(table: RouteTable, uncoverable: [Int: String] = [:]) {
    self.table = table
    self.uncoverable = uncoverable
  }

  /// Counts what one case exercised: the screens it starts on (every tab's, across tabs:
  /// its root when the case gives no stack for it; every open layer's) and the steps of
  /// its route, `nil` when it has none.
  mutating func add(_ request: RawRequest, steps: [Step]?) {
    for entry in request.stack { screens.insert(ScreenName(entry.screen)) }
    for layer in request.layers ?? [] {
      for entry in layer { screens.insert(ScreenName(entry.screen)) }
    }
    // A tab the request gives no stack for starts at its root.
    if request.tabs != nil {
      for tab in table.tabs { screens.insert(tab.root) }
    }
    for (_, entries) in request.tabs?.stacks ?? [] {
      for entry in entries { screens.insert(ScreenName(entry.screen)) }
    }
    for step in steps ?? [] {
      commands.insert(step.command)
      screens.insert(step.screen)
    }
  }

  /// The commands no case exercised and the file does not list as uncovered, in order.
  var missedCommands: [Int] {
    table.commands.indices.filter { !commands.contains($0) && uncoverable[$0] == nil }
  }
  /// The commands no case exercised that the file lists as uncovered, in order.
  var notCoverable: [Int] {
    table.commands.indices.filter { !commands.contains($0) && uncoverable[$0] != nil }
  }
  /// The screens no case exercised, in table order.
  var missedScreens: [ScreenName] { table.screens.map(\.name).filter { !screens.contains($0) } }

  /// `coverage: 5 of 7 commands, 4 of 6 screens` (with `, 1 not coverable` when the file
  /// lists uncovered commands), then a line for each command no case exercised, the
  /// not coverable ones with their reason, and each screen no case exercised.
  var lines: [String] {
    let commandCount = table.commands.count
    let screenCount = table.screens.count
    let missedCommands = missedCommands
    let notCoverable = notCoverable
    let missedScreens = missedScreens
    let exercised = commandCount - missedCommands.count - notCoverable.count
    let coverable = notCoverable.isEmpty ? "" : " (\(notCoverable.count) not coverable)"
    var lines = [
      "coverage: \(exercised) of \(commandCount) command\(commandCount == 1 ? "" : "s")\(coverable), "
        + "\(screenCount - missedScreens.count) of \(screenCount) screen\(screenCount == 1 ? "" : "s")"
    ]
    for number in missedCommands {
      let id = table.commands[number].id.map { " '\(excerpt($0))'" } ?? ""
      lines.append("not exercised: commands[\(number)]\(id)")
    }
    for number in notCoverable {
      let id = table.commands[number].id.map { " '\(excerpt($0))'" } ?? ""
      lines.append("not coverable: commands[\(number)]\(id): \(uncoverable[number]!)")
    }
    for screen in missedScreens {
      lines.append("not exercised: screen '\(excerpt(screen))'")
    }
    return lines
  }

  /// `{"commands": {"total": …, "exercised": …, "missed": [{"command": 3, "id": …}]},
  /// "screens": {"total": …, "exercised": …, "missed": ["Archive"]}}`; when the file lists
  /// uncovered commands, `"commands"` also has `"notCoverable": [{"command": …, "id": …,
  /// "reason": …}]`.
  var json: JSONValue {
    let missedCommands = missedCommands
    let notCoverable = notCoverable
    let missedScreens = missedScreens
    let commandList = missedCommands.map { number -> JSONValue in
      var object: JSONObject = ["command": .number(JSONNumber(number))]
      if let id = table.commands[number].id { object.append("id", .string(id)) }
      return .object(object)
    }
    var commands: JSONObject = [
      "total": .number(JSONNumber(table.commands.count)),
      "exercised": .number(
        JSONNumber(table.commands.count - missedCommands.count - notCoverable.count)),
      "missed": .array(commandList),
    ]
    if !notCoverable.isEmpty {
      commands.append(
        "notCoverable",
        .array(
          notCoverable.map { number in
            var object: JSONObject = ["command": .number(JSONNumber(number))]
            if let id = table.commands[number].id { object.append("id", .string(id)) }
            object.append("reason", .string(uncoverable[number]!))
            return .object(object)
          }))
    }
    return [
      "commands": .object(commands),
      "screens": [
        "total": .number(JSONNumber(table.screens.count)),
        "exercised": .number(JSONNumber(table.screens.count - missedScreens.count)),
        "missed": .array(missedScreens.map { .string($0.rawValue) }),
      ],
    ]
  }
}

/// An expectation file: `{"cases": [...]}`.
///
/// A file whose shape is wrong (a missing or unknown key, a value of the wrong type, an
/// empty stack, an empty `expect`) is malformed and runs nothing. A case whose request
/// is well formed but invalid for the table (a parameter that does not convert, an
/// empty screen name) runs and comes out as the error `invalidRequest`.
struct ExpectationFile {
  static let caseKeys = [
    "name", "note", "stack", "tab", "stacks", "layers", "to", "link", "via", "parameters",
    "guards", "snapshot", "expect",
  ]

  var cases: [TestCase] = []
  /// The commands the file says no route takes, by number, with the reason: what
  /// `routing cover` lists under `"uncovered"`.
  var uncovered: [Int: String] = [:]

  /// Where case `index` is in the file.
  func path(ofCase index: Int) -> JSONPath {
    JSONPath.root.appending("cases").appending(index)
  }

  init(bytes: [UInt8]) throws(RequestProblem) {
    let document: JSONValue
    do {
      document = try JSONValue(parsing: bytes)
    } catch {
      throw RequestProblem(at: error.path, error.description)
    }
    do {
      let file = try JSONFields(document, at: .root, keys: ["cases", "uncovered"])
      let list = try JSONFields.array(try file.required("cases"), at: file.path("cases"))
      for (index, value) in list.enumerated() {
        let fields = try JSONFields(
          value, at: file.path("cases").appending(index), keys: Self.caseKeys)
        cases.append(try TestCase(fields))
      }
      if let list = file["uncovered"] {
        for (index, value) in try JSONFields.array(list, at: file.path("uncovered")).enumerated() {
          let fields = try JSONFields(
            value, at: file.path("uncovered").appending(index), keys: ["command", "id", "reason"])
          _ = try fields.string("id")
          let reason = try fields.requiredString("reason")
          guard case .number(let number) = try fields.required("command"),
            let command = number.integer, command >= 0
          else {
            throw RequestProblem(
              at: fields.path("command"), "expected a command number (0 or more)")
          }
          uncovered[command] = reason
        }
      }
    } catch let error as JSONShapeError {
      throw RequestProblem(at: error.path, error.message)
    } catch let error as RequestProblem {
      throw error
    } catch {
      throw RequestProblem(at: .root, "\(error)")
    }
  }
}

/// One case: a name, a request and what should come of it.
struct TestCase {
  var name: String
  /// The request; an empty one for a saved-state case.
  var request: RawRequest
  /// A saved-state case's snapshot, restored instead of a request planned.
  var snapshot: SavedState?
  var expectation: Expectation

  /// The keys of a request, which a saved-state case goes without.
  static let requestKeys = [
    "stack", "tab", "stacks", "layers", "to", "link", "via", "parameters", "guards",
  ]

  init(_ fields: JSONFields) throws {
    name = try fields.requiredString("name")
    _ = try fields.string("note")
    if let value = fields["snapshot"] {
      if let key = Self.requestKeys.first(where: { fields[$0] != nil }) {
        throw RequestProblem(
          at: fields.path(key), "a case with a 'snapshot' restores it: it holds no request")
      }
      snapshot = try SavedState(value, at: fields.path("snapshot"))
      request = RawRequest.none
    } else {
      request = try RawRequest(fields, allowsLink: true)
    }
    expectation = try Expectation(try fields.required("expect"), at: fields.path("expect"))
  }
}

/// What a case expects: a stack, a number of steps, or an error kind; across tabs, the
/// selected tab and some tabs' stacks too; and the layers open after the route. An
/// expectation of the final state (a stack, a tab, stacks or layers) without `layers`
/// expects none open.
struct Expectation {
  struct ExpectedEntry {
    var screen: String
    /// `nil` when the entry gives a name only: parameters are not compared.
    var parameters: [String: String]?
  }

  static let errorKinds: [RequestFailure.Kind] = [
    .unreachable, .unknownScreen, .invalidRequest, .invalidLink, .invalidSnapshot,
  ]

  var stack: [ExpectedEntry]?
  var steps: Int?
  var error: RequestFailure.Kind?
  /// The selected tab after the route.
  var tab: String?
  /// Some tabs' stacks after the route, by tab name.
  var stacks: [(tab: String, entries: [ExpectedEntry])]?
  /// The layers open after the route, bottom first.
  var layers: [[ExpectedEntry]]?
  /// The remedy the route detours to; a route that detours where the case does not
  /// expect it fails.
  var detour: String?

  init(_ value: JSONValue, at path: JSONPath) throws {
    let fields = try JSONFields(
      value, at: path, keys: ["stack", "steps", "error", "tab", "stacks", "layers", "detour"])
    detour = try fields.string("detour")
    if let entries = fields["stack"] {
      stack = try Self.entries(entries, at: fields.path("stack"))
    }
    if let value = fields["layers"] {
      layers = try JSONFields.array(value, at: fields.path("layers")).enumerated().map {
        try Self.entries($1, at: fields.path("layers").appending($0))
      }
    }
    tab = try fields.string("tab")
    if let value = fields["stacks"] {
      guard case .object(let object) = value else {
        throw RequestProblem(
          at: fields.path("stacks"), "expected an object, found \(value.typeDescription)")
      }
      stacks = try object.members.map {
        ($0.key, try Self.entries($0.value, at: fields.path("stacks").appending($0.key)))
      }
    }
    if let count = fields["steps"] {
      guard case .number(let number) = count, let whole = number.integer, whole >= 0 else {
        throw RequestProblem(
          at: fields.path("steps"), "expected a number of steps (0 or more), found \(count)")
      }
      steps = whole
    }
    if let kind = try fields.string("error") {
      guard let known = RequestFailure.Kind(rawValue: kind), Self.errorKinds.contains(known) else {
        let names = Self.errorKinds.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        throw RequestProblem(
          at: fields.path("error"), "unknown error kind '\(excerpt(kind))' (known kinds: \(names))")
      }
      error = known
    }
    let expectsRoute =
      stack != nil || steps != nil || tab != nil || stacks != nil || layers != nil
      || detour != nil
    if error == nil && !expectsRoute {
      throw RequestProblem(
        at: path, "expect 'stack', 'steps', 'tab', 'stacks', 'layers', 'detour' or 'error'")
    }
    if error != nil && expectsRoute {
      throw RequestProblem(
        at: fields.path("error"),
        "an expected error goes without 'stack', 'steps', 'tab', 'stacks', 'layers' and 'detour'"
      )
    }
  }

  /// An expected stack: screen names, or objects with `screen` and `parameters`.
  private static func entries(_ value: JSONValue, at path: JSONPath) throws -> [ExpectedEntry] {
    var expected: [ExpectedEntry] = []
    for (index, entry) in try JSONFields.array(value, at: path).enumerated() {
      let place = path.appending(index)
      if case .string(let name) = entry {
        expected.append(ExpectedEntry(screen: name, parameters: nil))
        continue
      }
      guard case .object = entry else {
        throw RequestProblem(
          at: place,
          "expected a screen name or an object with 'screen' and 'parameters', found \(entry.typeDescription)"
        )
      }
      let object = try JSONFields(entry, at: place, keys: ["screen", "parameters"])
      expected.append(
        ExpectedEntry(
          screen: try object.requiredString("screen"),
          parameters: try RawRequest.values(object["parameters"], at: object.path("parameters"))
            ?? [:]))
    }
    return expected
  }

  /// What differs between this expectation and an outcome; empty when the case passes.
  func mismatches(
    with outcome: Result<some PlannedRoute, RequestFailure>, in table: RouteTable
  ) -> [String] {
    switch (outcome, error) {
    case (.failure(let failure), let expected?):
      return failure.kind == expected
        ? []
        : [
          "expected error \(expected.rawValue), got error \(failure.kind.rawValue): \(failure.message)"
        ]
    case (.success(let route), let expected?):
      return [
        "expected error \(expected.rawValue), got a route of \(route.stepCount) step\(route.stepCount == 1 ? "" : "s") to \(route.finalStack.stackDescription)"
      ]
    case (.failure(let failure), nil):
      return ["expected a route, got error \(failure.kind.rawValue): \(failure.message)"]
    case (.success(let route), nil):
      var found: [String] = []
      let remedy = route.detourRemedy?.rawValue
      if detour != remedy {
        let wanted = detour.map { "expected a detour to \($0)" } ?? "expected no detour"
        let got = remedy.map { "a detour to \($0)" } ?? "a route to the destination"
        found.append("\(wanted), got \(got)")
      }
      if let stack, !matches(stack, route.finalStack, table) {
        found.append(
          "expected stack \(describe(stack, table)), got \(route.finalStack.stackDescription)")
      }
      if let steps, steps != route.stepCount {
        found.append("expected \(steps) step\(steps == 1 ? "" : "s"), got \(route.stepCount)")
      }
      if let tab, tab != route.finalTabs?.selected {
        found.append(
          "expected tab \(tab), got \(route.finalTabs?.selected ?? "a route without tabs")")
      }
      for (tab, stack) in stacks ?? [] {
        let actual = route.finalTabs?.stacks[tab] ?? []
        if !matches(stack, actual, table) {
          found.append(
            "expected \(tab) stack \(describe(stack, table)), got \(actual.stackDescription)")
        }
      }
      // An expected final state without layers expects none open.
      if stack != nil || tab != nil || stacks != nil || layers != nil {
        let expected = layers ?? []
        let actual = route.finalLayers
        if expected.count != actual.count
          || zip(expected, actual).contains(where: { !matches($0, $1, table) })
        {
          let wanted = expected.map { describe($0, table) }.joined(separator: " | ")
          let got = actual.map(\.stackDescription).joined(separator: " | ")
          found.append(
            "expected \(expected.isEmpty ? "no layer" : "layers \(wanted)"), got \(actual.isEmpty ? "none" : got)"
          )
        }
      }
      return found
    }
  }

  private func matches(_ expected: [ExpectedEntry], _ actual: [Entry], _ table: RouteTable) -> Bool
  {
    guard expected.count == actual.count else { return false }
    for (wanted, entry) in zip(expected, actual) {
      guard wanted.screen == entry.screen.rawValue else { return false }
      guard let parameters = wanted.parameters else { continue }
      guard let typed = try? table.parameters(parameters, for: entry.screen),
        typed == entry.parameters
      else { return false }
    }
    return true
  }

  private func describe(_ expected: [ExpectedEntry], _ table: RouteTable) -> String {
    expected.map { wanted in
      let name = ScreenName(wanted.screen)
      guard let parameters = wanted.parameters else { return wanted.screen }
      let typed =
        (try? table.parameters(parameters, for: name)) ?? parameters.mapValues { .string($0) }
      return Entry(name, parameters: typed).description
    }.joined(separator: " > ")
  }
}
