import Routing
import RoutingJSON

/// The `routing` command-line tool: every command, in-process.
///
/// The executable only passes its arguments and standard streams; tests call
/// ``run(arguments:input:readFile:)`` and look at what it printed.
///
/// ```swift
/// let result = RoutingTool.run(
///   arguments: ["route", "SampleApp.json", "--from", "Menu", "--to", "Chat"])
/// print(result.output, result.exitCode)
/// ```
package enum RoutingTool {
  /// The release this tool belongs to, as `CHANGELOG.md` heads it (`## 0.2.0`); a test
  /// keeps the two, and the README's dependency line, in step.
  package static let version = "0.2.0"

  /// Runs the tool with real or substitute streams.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - environment: Where to read and write.
  /// - Returns: The exit code: 0 success, 1 the request was understood but failed, 2 bad
  ///   input.
  package static func run(arguments: [String], environment: ToolEnvironment) -> Int32 {
    let console = Console(environment: environment)
    do {
      return try dispatch(arguments, console).rawValue
    } catch {
      console.printError(error.message)
      return error.exitCode.rawValue
    }
  }

  /// Runs the tool on an in-memory standard input and collects what it prints.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - input: Standard input.
  ///   - readFile: Reads files; the C library by default.
  ///   - tables: Tables already compiled, by path, that the commands take instead of
  ///     reading those files (``ToolEnvironment/tables``); none by default.
  /// - Returns: Standard output, standard error and the exit code.
  /// - Complexity: That of the command, plus O(*n*) for an input of *n* bytes.
  package static func run(
    arguments: [String], input: [UInt8] = [],
    readFile: @escaping (String) throws(FileReadError) -> [UInt8] = FileBytes.read(atPath:),
    tables: [String: RouteTable] = [:]
  ) -> ToolResult {
    var lines = input.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if input.last == 0x0A || input.isEmpty { lines.removeLast() }
    var next = 0
    var output = ""
    var errors = ""
    var environment = ToolEnvironment(
      readLine: {
        guard next < lines.count else { return nil }
        next += 1
        return lines[next - 1]
      },
      readFile: readFile,
      write: { output += $0 },
      writeError: { errors += $0 },
      readLines: { limit in
        guard next < lines.count else { return nil }
        let end = min(lines.count, next + max(1, limit))
        defer { next = end }
        return Array(lines[next..<end])
      })
    environment.tables = tables
    let code = run(arguments: arguments, environment: environment)
    return ToolResult(output: output, errors: errors, exitCode: code)
  }

  static func dispatch(_ arguments: [String], _ console: Console) throws(ToolFailure) -> ExitCode {
    guard let command = arguments.first else {
      console.printError(Help.overview)
      return .badInput
    }
    let rest = Array(arguments.dropFirst())
    if command == "--version" || command == "version" {
      guard rest.isEmpty else {
        throw ToolFailure.usage("'\(excerpt(command))' takes no arguments", command: nil)
      }
      console.print("routing \(version)")
      return .success
    }
    if command == "--help" || command == "-h" || command == "help" {
      if let topic = rest.first {
        guard let text = Help.text(for: topic) else {
          throw ToolFailure.usage(
            "unknown command '\(excerpt(topic))'" + didYouMean(topic, among: Help.commands),
            command: nil)
        }
        console.print(text)
      } else {
        console.print(Help.overview)
      }
      return .success
    }
    guard let help = Help.text(for: command) else {
      throw ToolFailure.usage(
        "unknown command '\(excerpt(command))'" + didYouMean(command, among: Help.commands),
        command: nil)
    }
    // After `--` every argument is taken literally, so `--help` there is a value.
    if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
      console.print(help)
      return .success
    }
    switch command {
    case RouteCommand.name: return try RouteCommand.run(rest, console)
    case CheckCommand.name: return try CheckCommand.run(rest, console)
    case GraphCommand.name: return try GraphCommand.run(rest, console)
    case TestCommand.name: return try TestCommand.run(rest, console)
    case LinkCommand.name: return try LinkCommand.run(rest, console)
    case DiffCommand.name: return try DiffCommand.run(rest, console)
    case StatsCommand.name: return try StatsCommand.run(rest, console)
    case CoverCommand.name: return try CoverCommand.run(rest, console)
    case ServeCommand.name: return try ServeCommand.run(rest, console)
    default: throw ToolFailure.usage("unknown command '\(excerpt(command))'", command: nil)
    }
  }
}

/// The help texts.
enum Help {
  static let overview = """
    routing: plan routes on a route table, check it, draw it, compare two versions of it,
    and test expectations.

    Usage: routing COMMAND [ARGUMENTS]

    Commands:
      route TABLE --from A,B --to D   plan a route (also --request FILE, --batch FILE);
                                      --explain says why there is none
      link TABLE --from A,B LINK      read a deep link, then plan its route
      check TABLE                     report problems in a table
      stats TABLE                     how deep each screen lies from the root (--max-depth N
                                      fails on deeper ones)
      cover TABLE                     write an expectation file whose cases take every
                                      command a route from the root takes
      graph TABLE                     print the table as a Graphviz or Mermaid graph
                                      (--route FROM TO highlights a route)
      diff OLD NEW                    compare the routes of two versions of a table
      test TABLE CASES                run an expectation file
      serve TABLE                     answer JSON-RPC and MCP requests on standard input
                                      and output (--watch re-reads a changed table)

    Run 'routing COMMAND --help' for a command's options, and 'routing --version' for
    the version. Every file argument (TABLE, CASES, FILE, OLD, NEW) may be '-' for
    standard input, one per command. 'check', 'test' and 'diff' print --format text or
    json, and for CI 'check' and 'test' also github, 'test' also junit; messages about
    a file name it as FILE:LINE:COLUMN.

    Exit codes: 0 success; 1 the request was understood but failed (no route, a failed
    check or test, a lost route); 2 bad input (an unreadable or invalid table, request,
    link or arguments).
    """

  /// The commands, for "did you mean".
  static let commands = [
    RouteCommand.name, LinkCommand.name, CheckCommand.name, StatsCommand.name, CoverCommand.name,
    GraphCommand.name, DiffCommand.name, TestCommand.name, ServeCommand.name,
  ]

  static func text(for command: String) -> String? {
    switch command {
    case RouteCommand.name: route
    case CheckCommand.name: check
    case GraphCommand.name: graph
    case TestCommand.name: test
    case LinkCommand.name: link
    case DiffCommand.name: diff
    case StatsCommand.name: stats
    case CoverCommand.name: cover
    case ServeCommand.name: serve
    default: nil
    }
  }

  static let route = """
    Usage: routing route TABLE --from A,B,C [--layer L1,L2]... --to D [--via M1,M2] [--param KEY=VALUE]... [--explain] [--json]
           routing route TABLE --request FILE|-
           routing route TABLE --batch FILE|-

    Plans the route from a stack (bottom first) to a screen, through optional
    breadcrumbs, with request parameters (text values, typed by each screen's
    declarations). With modal layers open over the stack, or on a table whose commands
    present, the route may present (open a layer) and dismiss (close the top one); the
    answer then gives the layers open after it, bottom first, when any is. TABLE may be
    '-' for standard input, when no request comes from it.

    Options:
      --from A,B,C        the stack to start from, bottom first (names without parameters)
      --layer L1,L2       a modal layer open over the stack (or the layers before it),
                          bottom first; repeat for more
      --to D              the destination
      --via M1,M2         milestones to pass on the way, in order
      --param KEY=VALUE   a request parameter; repeat for more
      --json              print the result as JSON instead of text
      --explain           when there is no route, say why: the screens the failing leg
                          reaches, each command into its milestone and why it cannot
                          apply, and the reached screen nearest to the milestone; with
                          layers, also why a leg closes them (what keeping each open
                          would take) and why a route detours
      --request FILE|-    read one JSON request from FILE or standard input; prints JSON:
                          {"stack": ["Menu", {"screen": "Profile", "parameters": {"userId": "1"}}],
                           "to": "Chat", "via": ["Connections"], "parameters": {"userId": "2"}}
                          ("layers": [["Compose"], ["Picker"]] gives open layers, entries as
                          the stack's; a route answers "present" and {"action": "dismiss"}
                          steps, and "layers" after the stack when any is open;
                          "guards": {"signedIn": true} says how named guards answer, others
                          refuse; a route to a guard's remedy answers "detour")
      --batch FILE|-      read one JSON request a line, print one JSON result a line, in
                          order; a bad line is answered with an error carrying its line
                          number and the run goes on; blank lines are skipped. A summary
                          goes to standard error. Exits 0 once every line is answered.

    Exit codes: 0 routed; 1 no route or unknown screen; 2 bad table, request or arguments.
    """

  static let link = """
    Usage: routing link TABLE --from A,B,C LINK [--strict-links] [--json]

    Reads the deep link LINK ([scheme://][/]path[?query][#fragment]) with the table's
    path patterns: the path's screens become the breadcrumbs and the destination (the
    last screen read), its captures and query items the request parameters. An http or
    https link must name one of the table's "links" hosts. A query item that no screen
    read declares is ignored (listed), or refused with --strict-links. Then plans the
    route from the stack, as 'routing route' does. The text output starts with what the
    link read as; the JSON output adds "link": {"to": …, "via": […], "parameters": {…},
    "ignored": […]}, and "fragment" when the link has one. TABLE may be '-' for
    standard input.

    Options:
      --from A,B,C     the stack to start from, bottom first (names without parameters)
      --strict-links   refuse a query item that no screen read declares
      --json           print the result as JSON instead of text

    Exit codes: 0 routed; 1 no route; 2 bad table, link (kind invalidLink) or arguments.
    """

  static let stats = """
    Usage: routing stats TABLE [--root NAME] [--max-depth N] [--format text|json|github]

    Reports how deep each screen lies from the root: the number of steps of the route
    'routing route' gives from the root's one-entry stack, with no request parameters
    (a required one counts as given) and every guard refusing, as a table loaded without
    code refuses. Also the screens no route reaches even with every guard allowing, the
    deepest screens, how many lie at each depth, and the gated screens (reached only when
    guards allow) with the guards on their routes. The root is the table's first screen,
    or on a table with tabs each tab's root (each tab counted inside itself). TABLE may be
    '-' for standard input.

    Options:
      --root NAME      count from this screen instead
      --max-depth N    fail (exit 1) naming each reached screen deeper than N steps
      --format F       text (the default), json ({"root": …, "depths": {…},
                       "unreached": […], "deepest": […], "histogram": {…},
                       "gated": {…}}; with tabs {"tabs": [{"tab": …, …}]}), or github
                       (an annotation per screen deeper than --max-depth)

    Exit codes: 0 reported; 1 a screen deeper than --max-depth; 2 bad table or arguments.
    """

  static let cover = """
    Usage: routing cover TABLE [--root NAME]

    Writes an expectation file (for 'routing test') whose cases, together, take every
    command that a route from the root takes: at least every command of the route from
    the root to any screen through at most one breadcrumb. Each case starts from the
    root's one-entry stack (with tabs, from every tab at its root, the case's tab
    selected), names its destination and breadcrumb, and expects the stack the planner
    gives. Routes are planned as 'routing stats' counts them: every guard refusing, and a
    value for each required parameter. Each case takes a command no earlier case took,
    and is named after those commands; the same table gives the same bytes. The commands
    no route from the root takes are listed under "uncovered", each with the reason.
    A summary goes to standard error. TABLE may be '-' for standard input.

    Options:
      --root NAME      start from this screen instead of the table's first screen (or
                       every tab's root)

    Exit codes: 0 written; 2 bad table or arguments.
    """

  static let check = """
    Usage: routing check TABLE [--root NAME[,NAME...]] [--strict] [--format text|json|github]

    Reports problems in a route table, one a line, as 'TABLE:LINE:COLUMN: error: PLACE:
    MESSAGE' or '… warning: …', and a summary on standard error. TABLE may be '-' for
    standard input (named <stdin>).

    Errors: a screen that commands lead to but that cannot be reached from the root; a
    command that can never apply: it leads only from a screen that declares no
    parameters to that screen, so it never pushes, and pops back to the screen use
    another command (the cheapest command to a screen pops, the first among equals).
    Warnings: a screen no command leads to (other than the root); a command that only
    ever pops back to its destination (as above, but it is the command pops use); a
    command that repeats or is covered by an earlier one, so it is never chosen; an
    origin listed twice, or that is the command's own parameterless destination (the
    command never pushes from it).

    Options:
      --root NAME     the screen(s) the app starts on; default: the table's first screen
      --strict        treat warnings as errors
      --format F      text (default); json: one document {"file", "roots", "diagnostics":
                      [{"severity", "line", "column", "kind", …, "location", "message"}],
                      "errors", "warnings"}; github: '::error file=…,line=…,col=…::…'
                      annotations for GitHub Actions

    Exit codes: 0 no error (with --strict, no warning); 1 otherwise; 2 a table that does
    not load (reported as its one diagnostic, at its line and column) or bad arguments.
    """

  static let graph = """
    Usage: routing graph TABLE [--format dot|mermaid] [--route FROM TO [--param K=V]...]

    Prints the table as a graph: screens are nodes, commands are edges labelled with
    their id or #number (and '[guard NAME]' for a guarded command). A command from
    anywhere is one dashed edge from the node "any screen". Pipe Graphviz output to
    'dot -Tsvg' to draw it. TABLE may be '-' for standard input.

    Options:
      --format dot|mermaid   the graph language; dot (Graphviz) by default
      --route FROM TO        highlight the route from the stack FROM (A,B,C, bottom
                             first) to the screen TO: its screens and edges in red,
                             each edge numbered by its step; a pop is an extra edge
                             "back" from the top it leaves
      --param KEY=VALUE      a value for the route's request, as for 'routing route'
                             (a screen it pushes may require one); repeatable

    Exit codes: 0 printed; 1 no route for --route; 2 bad table or arguments.
    """

  static let serve = """
    Usage: routing serve TABLE [--watch] [--max-line BYTES]

    Serves the table as JSON-RPC 2.0 on standard input and output, one JSON value a
    line, and as a Model Context Protocol server (stdio transport) in the same process.
    Methods (and MCP tools): route, link, explain, check, stats, cover, graph, reload;
    their params are the request objects and options of 'routing route --request',
    'routing link --request', 'route --explain', 'check', 'stats', 'cover' and 'graph',
    and their results the JSON those commands print. Errors: -32700 not JSON, -32600
    not a request (or a line over the limit), -32601 unknown method, -32602 bad
    params, 1 no route or unknown screen, 2 a reloaded table that does not load (the
    old one goes on serving). Batches answer as arrays, notifications get no answer,
    answers may come in any order (match them by id). Logs go to standard error. Runs until standard input ends.

    Options:
      --watch            re-read the table when its file changes
      --max-line BYTES   the longest line read (1048576 by default); a longer one is
                         discarded and answered -32600

    Exit codes: 0 at the end of input; 2 a table that does not load at the start, or bad
    arguments.
    """

  static let diff = """
    Usage: routing diff OLD NEW [--from A,B]... [--json | --format text|json] [--fail-on KINDS] [--limit N]

    Compares the routes of two versions of a table: for every start (each screen both
    tables hold, alone on the stack; on a table with tabs, a tab's root) and every
    destination (the screens of either table), the route 'routing route' plans in OLD
    and in NEW, with no request parameters: on a table with tabs inside the start's tab,
    with the commands it allows. A table that refuses a start as a stack (no tab's root,
    an undeclared screen) has no route from it. Screens are matched by name, commands
    by id (by destination and origins without one). A route is lost (NEW has none),
    gained (OLD had none), longer, shorter (more or fewer steps, or a higher or lower
    cost with costs) or changed (as long, another way).
    Prints the screens removed and added, then one line a change; a summary goes to
    standard error. A route to a screen only one table holds is lost or gained. OLD or
    NEW (not both) may be '-' for standard input.

    Options:
      --from A,B,C         start from this stack (bottom first) instead; repeat for more
      --json               print JSON: {"screens": {"removed", "added"}, "refused": [...],
                           "changes": [...], "summary": {...}}, each change with its
                           "old" and "new" route
      --format text|json   the same as --json for json; text by default
      --fail-on KINDS      also fail on these kinds of change (comma-separated: gained,
                           longer, shorter, changed, or any); a lost route always fails
      --limit N            list at most N changes (200 by default; 0 lists all); when
                           some are left out, the summary and the starts and screens
                           with the most changes come first

    Exit codes: 0 no lost route (nor one of --fail-on); 1 otherwise; 2 a bad table or
    arguments (a --from screen in neither table, a --from stack neither table plans from).
    """

  static let test = """
    Usage: routing test TABLE CASES [--format text|json|junit|github] [--coverage]

    Runs the expectation file CASES against the table:
      {"cases": [{"name": "menu to profile", "stack": ["Menu"], "to": "Profile",
                  "parameters": {"userId": "2"},
                  "expect": {"stack": ["Menu", "Folder", "Profile"], "steps": 2}}]}
    'expect' holds 'stack' (names, or objects whose parameters are compared too),
    'layers' (the layers open after the route, each as a stack; an expected stack
    without 'layers' expects none open), 'steps' (a count) and/or 'error' (unreachable,
    unknownScreen, invalidRequest, invalidLink) and/or 'detour' (the remedy a route
    detours to; a route that detours where the case expects none fails). A case may give
    "layers" open over its stack, and "guards" answers, as a request does. A case may give "link" instead of "to" (and "via"): the link is read
    (see 'routing link --help') and its route compared. Each case prints 'PASS NAME' or,
    at the case's place, 'CASES:LINE:COLUMN: error: FAIL NAME: expected …, got …'; the
    last line is 'N passed, N failed'. TABLE or CASES (not both) may be '-' for standard
    input.

    Options:
      --format F    text (default); json: {"file", "cases": [{"name", "line", "column",
                    "passed", "failures"}], "passed", "failed"}; junit: JUnit XML, one
                    test case per case (the summary goes to standard error); github: an
                    '::error' annotation at each failing case's line, then the summary
      --coverage    also report the commands and screens no case exercised (in text
                    before the summary, in JSON as "coverage", otherwise on standard
                    error)

    Exit codes: 0 all passed; 1 some failed; 2 a malformed table, case file or arguments
    (located as FILE:LINE:COLUMN).
    """
}
