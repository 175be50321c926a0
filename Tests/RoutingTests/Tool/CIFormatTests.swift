import Foundation
import Routing
import RoutingJSON
import Testing

@testable import RoutingTool

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `--format json|junit|github` for `check` and `test`, `test --coverage`, and the
/// escaping each format needs.
@Suite struct CIFormatTests {
  static let cases = """
    {"cases": [
      {"name": "menu to folder", "stack": ["Menu"], "to": "Folder", "expect": {"steps": 1}},
      {"name": "wrong <count> & \\"more\\"", "stack": ["Menu"], "to": "Folder",
       "expect": {"steps": 3}},
      {"name": "50% off\\nnow", "stack": ["Menu"], "to": "Nowhere", "expect": {"steps": 0}}
    ]}
    """

  @Test func checkPrintsJSONWithLinesAndColumns() throws {
    let result = Tool.run(
      ["check", "t.json", "--root", "Home", "--format", "json"],
      files: ["t.json": CheckCommandTests.flawed])
    #expect(result.exitCode == 1)
    let document = try #require(Tool.object(result.output))
    #expect(document["file"] as? String == "t.json")
    #expect(document["errors"] as? Int == 2)
    #expect(document["warnings"] as? Int == 5)
    let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 7)
    let first = try #require(diagnostics.first)
    #expect(first["severity"] as? String == "warning")
    #expect(first["kind"] as? String == "noCommandLeadsToScreen")
    #expect(first["location"] as? String == "screens[3]")
    #expect(first["screen"] as? String == "Orphan")
    #expect(first["line"] as? Int == 3 && first["column"] as? Int == 4)
    #expect(first["message"] as? String == "no command leads to it")
    let repeated = try #require(diagnostics.first { $0["kind"] as? String == "repeatedCommand" })
    #expect(repeated["of"] as? Int == 0 && repeated["command"] as? Int == 4)
    #expect(repeated["id"] as? String == "again")
    // Every line and column is where the text format puts it.
    let text = Tool.run(
      ["check", "t.json", "--root", "Home"], files: ["t.json": CheckCommandTests.flawed])
    let places = Tool.lines(text.output).map {
      $0.split(separator: ":").prefix(3).joined(separator: ":")
    }
    #expect(places == diagnostics.map { "t.json:\($0["line"] ?? 0):\($0["column"] ?? 0)" })
  }

  @Test func checkPrintsGitHubAnnotations() {
    let result = Tool.run(
      ["check", "t.json", "--root", "Home", "--format", "github"],
      files: ["t.json": CheckCommandTests.flawed])
    #expect(result.exitCode == 1)
    let lines = Tool.lines(result.output)
    #expect(lines.count == 7)
    #expect(
      lines.first
        == "::warning file=t.json,line=3,col=4::screens[3] 'Orphan': no command leads to it")
    #expect(lines.filter { $0.hasPrefix("::error ") }.count == 2)
    #expect(result.errors == "check: 2 errors, 5 warnings (root: Home)\n")
  }

  @Test func aTableThatDoesNotLoadIsOneDiagnosticInEveryFormat() throws {
    let table = "{\"commands\": [\n  {\"to\": \"A\", \"from\": [\"B\", 2]}]}"
    let json = Tool.run(["check", "t.json", "--format", "json"], files: ["t.json": table])
    #expect(json.exitCode == 2)
    let document = try #require(Tool.object(json.output))
    let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?["kind"] as? String == "wrongType")
    #expect(diagnostics.first?["location"] as? String == "commands[0].from[1]")
    #expect(diagnostics.first?["line"] as? Int == 2 && diagnostics.first?["column"] as? Int == 29)
    let github = Tool.run(["check", "t.json", "--format", "github"], files: ["t.json": table])
    #expect(github.exitCode == 2)
    #expect(
      github.output
        == "::error file=t.json,line=2,col=29::commands[0].from[1]: expected a string, found a number\n"
    )
  }

  @Test func testPrintsJUnitXMLThatParses() throws {
    let result = Tool.run(
      ["test", "SampleApp.json", "cases.json", "--format", "junit"],
      files: ["cases.json": Self.cases])
    #expect(result.exitCode == 1)
    #expect(result.errors == "1 passed, 2 failed\n")
    let lines = Tool.lines(result.output)
    #expect(lines.first == #"<?xml version="1.0" encoding="UTF-8"?>"#)
    #expect(lines.contains(#"<testsuites name="routing test" tests="3" failures="2">"#))
    #expect(
      lines.contains(
        #"    <testcase name="menu to folder" classname="cases.json" file="cases.json" line="2"/>"#)
    )
    #expect(
      lines.contains(
        #"    <testcase name="wrong &lt;count&gt; &amp; &quot;more&quot;" classname="cases.json" file="cases.json" line="3">"#
      ))
    #expect(
      lines.contains(
        #"      <failure message="expected 3 steps, got 1">expected 3 steps, got 1</failure>"#))
    #if canImport(FoundationXML)
      let names = try JUnitNames.parse(result.output)
      #expect(names == ["menu to folder", "wrong <count> & \"more\"", "50% off\nnow"])
    #endif
  }

  @Test func xmlEscapingCoversEveryCharacterXMLReserves() throws {
    #expect(
      xmlEscaped(#"<a href="x">'&'</a>"#)
        == "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;")
    #expect(xmlEscaped("a\tb\nc\rd\u{1}e\u{FFFE}") == "a&#9;b&#10;c&#13;d\u{FFFD}e\u{FFFD}")
    #expect(xmlEscaped("Écran 画面 🙂") == "Écran 画面 🙂")
    #if canImport(FoundationXML)
      // A name with every kind of character comes back from a real XML parser.
      let name = "a<b>&\"'\t\n\r c\u{7}"
      let cases =
        #"{"cases": [{"name": \#(JSONValue.string(name).serialized()), "stack": ["Menu"], "to": "Menu", "expect": {"steps": 1}}]}"#
      let result = Tool.run(
        ["test", "SampleApp.json", "c.json", "--format", "junit"], files: ["c.json": cases])
      #expect(try JUnitNames.parse(result.output) == ["a<b>&\"'\t\n\r c\u{FFFD}"])
    #endif
  }

  @Test func githubEscaping() {
    #expect(GitHubAnnotation.escapedData("50% a\r\nb: c, d") == "50%25 a%0D%0Ab: c, d")
    #expect(GitHubAnnotation.escapedProperty("dir,a:b%\n.json") == "dir%2Ca%3Ab%25%0A.json")
    let message = FileMessage(
      file: "a:b,c.json", position: TextPosition(line: 2, column: 5), severity: .warning,
      message: "x%y\nz")
    #expect(message.annotation == "::warning file=a%3Ab%2Cc.json,line=2,col=5::x%25y%0Az")
    #expect(message.text == "a:b,c.json:2:5: warning: x%y\nz")
  }

  @Test func testPrintsAnnotationsAtEachFailingCase() {
    let result = Tool.run(
      ["test", "SampleApp.json", "odd:name,.json", "--format", "github"],
      files: ["odd:name,.json": Self.cases])
    #expect(result.exitCode == 1)
    #expect(
      Tool.lines(result.output) == [
        "::error file=odd%3Aname%2C.json,line=3,col=3::FAIL wrong <count> & \"more\": expected 3 steps, got 1",
        "::error file=odd%3Aname%2C.json,line=5,col=3::FAIL 50%25 off%0Anow: expected a route, got error unknownScreen: to: unknown screen 'Nowhere'",
        "1 passed, 2 failed",
      ])
  }

  @Test func testPrintsJSONAndCoverage() throws {
    let result = Tool.run(
      ["test", "SampleApp.json", "cases.json", "--format", "json", "--coverage"],
      files: ["cases.json": Self.cases])
    #expect(result.exitCode == 1)
    let document = try #require(Tool.object(result.output))
    #expect(document["passed"] as? Int == 1 && document["failed"] as? Int == 2)
    let cases = try #require(document["cases"] as? [[String: Any]])
    #expect(cases.map { $0["passed"] as? Bool } == [true, false, false])
    #expect(cases.map { $0["line"] as? Int } == [2, 3, 5])
    #expect(cases[1]["failures"] as? [String] == ["expected 3 steps, got 1"])
    let coverage = try #require(document["coverage"] as? [String: Any])
    let commands = try #require(coverage["commands"] as? [String: Any])
    let table = try RouteTable(json: Tool.sampleTable)
    #expect(commands["total"] as? Int == table.commands.count)
    // Menu to Folder takes one command; every other command is missed.
    #expect(commands["exercised"] as? Int == 1)
    let missed = try #require(commands["missed"] as? [[String: Any]])
    #expect(missed.count == table.commands.count - 1)
    let screens = try #require(coverage["screens"] as? [String: Any])
    #expect(screens["exercised"] as? Int == 2)
    #expect((screens["missed"] as? [String])?.contains("Menu") == false)
    #expect((screens["missed"] as? [String])?.contains("Chat") == true)
  }

  @Test func coverageInTextListsWhatNoCaseExercised() {
    let table =
      #"{"commands": [{"id": "open", "from": ["A"], "to": "B"}, {"from": ["B"], "to": "C"}, {"to": "A"}]}"#
    let cases =
      #"{"cases": [{"name": "a to b", "stack": ["A"], "to": "B", "expect": {"steps": 1}}]}"#
    let result = Tool.run(
      ["test", "t.json", "c.json", "--coverage"], files: ["t.json": table, "c.json": cases])
    #expect(result.exitCode == 0)
    #expect(
      Tool.lines(result.output) == [
        "PASS a to b", "coverage: 1 of 3 commands, 2 of 3 screens", "not exercised: commands[1]",
        "not exercised: commands[2]", "not exercised: screen 'C'", "1 passed, 0 failed",
      ])
    // Elsewhere than the text format, coverage goes to standard error.
    let junit = Tool.run(
      ["test", "t.json", "c.json", "--coverage", "--format", "junit"],
      files: ["t.json": table, "c.json": cases])
    #expect(junit.errors.hasPrefix("coverage: 1 of 3 commands, 2 of 3 screens\n"))
  }

  @Test(arguments: [
    (
      ["check", "SampleApp.json", "--format", "junit"],
      "unknown format 'junit' (allowed: text, json, github)"
    ),
    (["check", "SampleApp.json", "--format", "jsn"], "did you mean 'json'?"),
    (
      ["test", "SampleApp.json", "c.json", "--format", "xml"],
      "(allowed: text, json, junit, github)"
    ),
    (["rout"], "unknown command 'rout'; did you mean 'route'?"),
    (["grpah"], "unknown command 'grpah'; did you mean 'graph'?"),
    (["dif", "a.json", "b.json"], "unknown command 'dif'; did you mean 'diff'?"),
    (["test", "SampleApp.json", "c.json", "--format", "jnuit"], "did you mean 'junit'?"),
    (["help", "grap"], "did you mean 'graph'?"),
    (
      ["route", "SampleApp.json", "--from", "Menu", "--to", "Chat", "--parm", "userId=2"],
      "unknown option '--parm'; did you mean '--param'?"
    ),
    (
      ["check", "SampleApp.json", "--root", "Mnu"],
      "the root 'Mnu' is not a screen of the table; did you mean 'Menu'?"
    ),
    (["test", "SampleApp.json", "c.json", "--coverag"], "did you mean '--coverage'?"),
  ])
  func refusesBadOptionsWithASuggestion(arguments: [String], message: String) {
    let result = Tool.run(arguments, files: ["c.json": #"{"cases": []}"#])
    #expect(result.exitCode == 2)
    #expect(result.errors.contains(message), "\(result.errors)")
  }

  @Test func anUnknownScreenSuggestsTheNearest() throws {
    let text = Tool.run(["route", "SampleApp.json", "--from", "Menu", "--to", "Profil"])
    #expect(text.exitCode == 1)
    #expect(text.errors == "error: unknown screen 'Profil'; did you mean 'Profile'?\n")
    let json = Tool.run(["route", "SampleApp.json", "--from", "Menu", "--to", "Profil", "--json"])
    let error = try #require(Tool.object(json.output)?["error"] as? [String: Any])
    #expect(error["suggestion"] as? String == "Profile")
    #expect(
      Tool.run(["route", "SampleApp.json", "--from", "Menu", "--to", "Xyzzy"]).errors
        == "error: unknown screen 'Xyzzy'\n")
  }

  /// A table that does not load stops every command, in every format, with exit code 2
  /// and the message at its line and column on standard error; asked for JSON or
  /// annotations, a command also prints the message so on standard output (`check`
  /// prints it as its one diagnostic).
  @Test(arguments: [
    ["route", "t.json", "--from", "A", "--to", "B"],
    ["route", "t.json", "--from", "A", "--to", "B", "--json", "--explain"],
    ["route", "t.json", "--batch", "-"],
    ["link", "t.json", "--from", "A", "x", "--json"],
    ["graph", "t.json", "--format", "mermaid", "--route", "A", "B"],
    ["diff", "SampleApp.json", "t.json", "--format", "json"],
    ["diff", "t.json", "SampleApp.json"],
    ["test", "t.json", "c.json"],
    ["test", "t.json", "c.json", "--format", "json", "--coverage"],
    ["test", "t.json", "c.json", "--format", "junit"],
    ["test", "t.json", "c.json", "--format", "github"],
  ])
  func aBadTableStopsEveryCommandAtItsPlace(arguments: [String]) {
    let table = "{\"commands\": [\n  {\"to\": 1}]}"
    let result = Tool.run(arguments, files: ["t.json": table, "c.json": #"{"cases": []}"#])
    #expect(result.exitCode == 2)
    #expect(
      result.errors == "t.json:2:10: error: commands[0].to: expected a string, found a number\n")
    let json = arguments.contains("--json") || arguments.contains("json")
    #expect(
      result.output
        == (arguments.contains("github")
          ? "::error file=t.json,line=2,col=10::commands[0].to: expected a string, found a number\n"
          : json
            ? #"{"error":{"file":"t.json","line":2,"column":10,"message":"commands[0].to: expected a string, found a number"}}"#
              + "\n"
            : ""))
  }

  @Test func aBadCaseFileIsLocatedInEveryFormat() {
    let cases =
      "{\"cases\": [\n  {\"name\": \"x\", \"stack\": [], \"to\": \"Menu\", \"expect\": {\"steps\": 0}}]}"
    for format in ["text", "json", "junit", "github"] {
      let result = Tool.run(
        ["test", "SampleApp.json", "c.json", "--format", format], files: ["c.json": cases])
      #expect(result.exitCode == 2)
      #expect(
        result.errors
          == "c.json:2:26: error: cases[0].stack: the stack is empty: it needs at least one entry\n"
      )
      #expect(
        result.output
          == (format == "github"
            ? "::error file=c.json,line=2,col=26::cases[0].stack: the stack is empty: it needs at least one entry\n"
            : format == "json"
              ? #"{"error":{"file":"c.json","line":2,"column":26,"message":"cases[0].stack: the stack is empty: it needs at least one entry"}}"#
                + "\n"
              : ""))
    }
  }

  @Test func standardInputIsNamedAndLocated() {
    let table = "{\"commands\": [\n {\"to\": 1}]}"
    let result = Tool.run(["check", "-"], input: table)
    #expect(result.exitCode == 2)
    #expect(
      result.output == "<stdin>:2:9: error: commands[0].to: expected a string, found a number\n")
    let clean = Tool.run(
      ["check", "-", "--format", "json"],
      input: #"{"commands": [{"from": ["A"], "to": "B"}, {"from": ["A"], "to": "B"}]}"#)
    #expect(clean.output.contains(#""file":"<stdin>""#))
    #expect(clean.output.contains(#""line":1,"column":43"#))
  }

  /// Many cases: the report lists each once, in order, and parses.
  @Test func aLargeExpectationFile() throws {
    let count = TestScale.isFull ? 20_000 : 2_000
    var lines: [String] = []
    for number in 0..<count {
      let steps = number % 10 == 0 ? 9 : 1
      lines.append(
        #"  {"name": "case \#(number) <\#(number)>", "stack": ["Menu"], "to": "Folder", "expect": {"steps": \#(steps)}}"#
      )
    }
    let text = "{\"cases\": [\n" + lines.joined(separator: ",\n") + "\n]}"
    let result = Tool.run(
      ["test", "SampleApp.json", "c.json", "--format", "junit"], files: ["c.json": text])
    #expect(result.exitCode == 1)
    #expect(result.errors == "\(count - count / 10) passed, \(count / 10) failed\n")
    #expect(Tool.lines(result.output).filter { $0.contains("<failure ") }.count == count / 10)
    #expect(
      result.output.contains(
        #"<testcase name="case 10 &lt;10&gt;" classname="c.json" file="c.json" line="12">"#))
    #if canImport(FoundationXML)
      #expect(try JUnitNames.parse(result.output).count == count)
    #endif
    let github = Tool.run(
      ["test", "SampleApp.json", "c.json", "--format", "github"], files: ["c.json": text])
    let annotations = Tool.lines(github.output).dropLast()
    #expect(annotations.count == count / 10)
    #expect(
      annotations.enumerated().allSatisfy {
        $1.hasPrefix("::error file=c.json,line=\($0 * 10 + 2),col=3::")
      })
  }
}

#if canImport(FoundationXML)
  /// The test case names of a JUnit report, read with Foundation's XML parser, which
  /// fails on XML that is not well formed.
  final class JUnitNames: NSObject, XMLParserDelegate {
    var names: [String] = []

    static func parse(_ text: String) throws -> [String] {
      let parser = XMLParser(data: Data(text.utf8))
      let delegate = JUnitNames()
      parser.delegate = delegate
      guard parser.parse() else {
        throw parser.parserError ?? CocoaError(.coderReadCorrupt)
      }
      return delegate.names
    }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      if elementName == "testcase", let name = attributes["name"] { names.append(name) }
    }
  }
#endif
