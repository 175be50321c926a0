import Routing

/// What `RoutingExamples` was asked to do, read from its command-line arguments.
///
/// ```swift
/// ExamplesLaunch(arguments: [])                 // .tour
/// ExamplesLaunch(arguments: ["--interactive"])  // .interactive
/// ExamplesLaunch(arguments: ["--interactiv"])   // .invalid("unknown option ...")
/// ```
public enum ExamplesLaunch: Hashable, Sendable {
  /// Run the tour of the library (no arguments).
  case tour
  /// Start the interactive session (`--interactive`).
  case interactive
  /// Print the usage and exit 0 (`--help` or `-h`).
  case help
  /// Print the message and the usage to standard error and exit 2: an unknown option or
  /// an unexpected argument.
  case invalid(String)

  /// How to run the program.
  public static let usage = """
    usage: RoutingExamples [--interactive]

      (no option)     run the tour: the sample app, deep links, a two-pane mail app,
                      saving and restoring, each navigation printed with its route
      --interactive   navigate the sample app yourself, one typed command a line
      -h, --help      show this help
    """

  /// The options the program knows.
  static let options = ["--interactive", "--help", "-h"]

  /// Reads the arguments, the program's name left out.
  ///
  /// `--help` anywhere wins; otherwise the first argument that is not `--interactive`
  /// makes the launch ``invalid(_:)``, with a suggestion when it looks like a misspelt
  /// option.
  ///
  /// - Parameter arguments: The arguments after the program's name.
  /// - Complexity: O(*n*), where *n* is the number of arguments.
  public init(arguments: [String]) {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
      self = .help
      return
    }
    guard let unknown = arguments.first(where: { $0 != "--interactive" }) else {
      self = arguments.isEmpty ? .tour : .interactive
      return
    }
    guard unknown.hasPrefix("-") else {
      self = .invalid("unexpected argument '\(unknown)'")
      return
    }
    self = .invalid("unknown option '\(unknown)'" + didYouMean(unknown, among: Self.options))
  }

  /// The code the program exits with once it has printed what this launch prints: 0 for
  /// ``help``, 2 for ``invalid(_:)``; `nil` for a launch that runs.
  public var exitCode: Int32? {
    switch self {
    case .tour, .interactive: nil
    case .help: 0
    case .invalid: 2
    }
  }

  /// What goes to standard output before exiting: the usage for ``help``.
  public var output: String? {
    if case .help = self { return Self.usage }
    return nil
  }

  /// What goes to standard error before exiting: for ``invalid(_:)``, the message and
  /// the usage.
  public var errors: String? {
    if case .invalid(let message) = self { return "error: \(message)\n\n\(Self.usage)" }
    return nil
  }
}
