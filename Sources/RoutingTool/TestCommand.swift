import Routing

/// `routing test TABLE CASES`: runs an expectation file (Docs/RouteTables.md, "`routing test`").
enum TestCommand {
  static let name = "test"

  static func run(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    let options = try Arguments(arguments, spec: OptionSpec(), command: name)
    let paths = try options.positionals(["TABLE", "CASES"], command: name)
    if paths[0] == "-" && paths[1] == "-" {
      throw ToolFailure.usage(
        "the table and the cases cannot both come from standard input", command: name)
    }
    let table = try console.loadTable(paths[0])
    let file: ExpectationFile
    do {
      file = try ExpectationFile(bytes: console.read(paths[1]))
    } catch let problem as RequestProblem {
      throw ToolFailure.badInput("error: \(paths[1] == "-" ? "<stdin>" : paths[1]): \(problem)")
    } catch let error as ToolFailure {
      throw error
    } catch {
      throw ToolFailure.badInput("error: \(error)")
    }
    var passed = 0
    var failed = 0
    for testCase in file.cases {
      let mismatches =
        testCase.request.tabs != nil
        ? testCase.expectation.mismatches(
          with: RouteRunner.routeTabs(testCase.request, in: table), in: table)
        : testCase.expectation.mismatches(
          with: RouteRunner.route(testCase.request, in: table), in: table)
      if mismatches.isEmpty {
        passed += 1
        console.print("PASS \(testCase.name)")
      } else {
        failed += 1
        console.print("FAIL \(testCase.name): \(mismatches.joined(separator: "; "))")
      }
    }
    console.print("\(passed) passed, \(failed) failed")
    return failed > 0 ? .failure : .success
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
    "name", "note", "stack", "tab", "stacks", "to", "link", "via", "parameters", "expect",
  ]

  var cases: [TestCase] = []

  init(bytes: [UInt8]) throws(RequestProblem) {
    let document: JSONValue
    do {
      document = try JSONValue(parsing: bytes)
    } catch {
      throw RequestProblem(at: error.path, error.description)
    }
    do {
      let file = try JSONFields(document, at: .root, keys: ["cases"])
      let list = try JSONFields.array(try file.required("cases"), at: file.path("cases"))
      for (index, value) in list.enumerated() {
        let fields = try JSONFields(
          value, at: file.path("cases").appending(index), keys: Self.caseKeys)
        cases.append(try TestCase(fields))
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
  var request: RawRequest
  var expectation: Expectation

  init(_ fields: JSONFields) throws {
    name = try fields.requiredString("name")
    _ = try fields.string("note")
    request = try RawRequest(fields, allowsLink: true)
    expectation = try Expectation(try fields.required("expect"), at: fields.path("expect"))
  }
}

/// What a case expects: a stack, a number of steps, or an error kind; across tabs, the
/// selected tab and some tabs' stacks too.
struct Expectation {
  struct ExpectedEntry {
    var screen: String
    /// `nil` when the entry gives a name only: parameters are not compared.
    var parameters: [String: String]?
  }

  static let errorKinds: [RequestFailure.Kind] = [
    .unreachable, .unknownScreen, .invalidRequest, .invalidLink,
  ]

  var stack: [ExpectedEntry]?
  var steps: Int?
  var error: RequestFailure.Kind?
  /// The selected tab after the route.
  var tab: String?
  /// Some tabs' stacks after the route, by tab name.
  var stacks: [(tab: String, entries: [ExpectedEntry])]?

  init(_ value: JSONValue, at path: JSONPath) throws {
    let fields = try JSONFields(
      value, at: path, keys: ["stack", "steps", "error", "tab", "stacks"])
    if let entries = fields["stack"] {
      stack = try Self.entries(entries, at: fields.path("stack"))
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
    let expectsRoute = stack != nil || steps != nil || tab != nil || stacks != nil
    if error == nil && !expectsRoute {
      throw RequestProblem(at: path, "expect 'stack', 'steps', 'tab', 'stacks' or 'error'")
    }
    if error != nil && expectsRoute {
      throw RequestProblem(
        at: fields.path("error"),
        "an expected error goes without 'stack', 'steps', 'tab' and 'stacks'")
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
