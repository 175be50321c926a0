import Routing

/// The sample app driven by typed commands: `swift run RoutingExamples --interactive`.
///
/// Each line is answered with the lines to print, so the session is tested without a
/// terminal.
@MainActor
public final class InteractiveSession {
  /// The navigator the commands drive.
  public let navigator: Navigator<StackContainer>
  /// The last state `save` kept.
  public private(set) var saved: NavigationSnapshot?
  /// Whether `quit` was typed.
  public private(set) var isFinished = false

  /// Starts a session on the sample app, with Menu on the stack.
  ///
  /// - Throws: ``TableError`` if the sample table does not compile.
  public init() throws(TableError) {
    let table = try SampleApp.makeTable()
    let root = StackItem(
      entry: Entry(.menu), screen: SampleScreen(ScreenContext(entry: Entry(.menu))))
    navigator = Navigator(table: table, container: StackContainer(root: root))
  }

  /// The commands a person can type.
  public static let help = [
    "go SCREEN [key=value ...] [via A,B]   navigate, e.g. go Profile userId=2 via Folder",
    "link LINK                              open a deep link, e.g. link folder/profile?userId=2",
    "back                                   leave the top screen",
    "stack                                  show the stack",
    "save                                   keep the current state",
    "restore                                go back to the state save kept",
    "help                                   show this list",
    "quit                                   leave",
  ]

  /// Answers one typed line.
  ///
  /// - Parameter line: What the person typed.
  /// - Returns: The lines to print.
  /// - Complexity: That of the navigation the line asks for.
  public func respond(to line: String) async -> [String] {
    let words = line.split(separator: " ").map(String.init)
    guard let command = words.first else { return [] }
    let arguments = Array(words.dropFirst())
    switch command.lowercased() {
    case "go": return await go(arguments)
    case "link":
      guard arguments.count == 1 else {
        return ["link needs one link: link folder/profile?userId=2"]
      }
      do {
        return describe(try await navigator.open(arguments[0]))
      } catch {
        return ["error: \(error)", stackLine()]
      }
    case "back":
      guard let entry = await navigator.goBack() else {
        return ["already at the first screen", stackLine()]
      }
      return ["back to \(entry)", stackLine()]
    case "stack": return [stackLine()]
    case "save":
      let snapshot = await navigator.snapshot()
      saved = snapshot
      return ["saved: \(snapshot.entries.map(\.description).joined(separator: " > "))"]
    case "restore":
      guard let saved else { return ["nothing saved yet: type save first"] }
      do {
        try await navigator.restore(saved)
        return ["restored", stackLine()]
      } catch {
        return ["error: \(error)", stackLine()]
      }
    case "help", "?": return Self.help
    case "quit", "exit":
      isFinished = true
      return ["bye"]
    default:
      return ["unknown command '\(command)': type help for the commands"]
    }
  }

  private func stackLine() -> String {
    "stack: \(navigator.stack.stackDescription)"
  }

  private func go(_ arguments: [String]) async -> [String] {
    guard let destination = arguments.first else {
      return ["go needs a screen: go Profile userId=2 via Folder"]
    }
    var parameters: Parameters = [:]
    var breadcrumbs: [ScreenName] = []
    var rest = arguments.dropFirst()
    while let word = rest.popFirst() {
      if word == "via" {
        guard let list = rest.popFirst() else {
          return ["via needs screens: via Folder,Connections"]
        }
        breadcrumbs += list.split(separator: ",").map { ScreenName(String($0)) }
      } else if let equals = word.firstIndex(of: "="), equals != word.startIndex {
        parameters[String(word[..<equals])] = .string(String(word[word.index(after: equals)...]))
      } else {
        return ["'\(word)' is neither key=value nor via: go Profile userId=2 via Folder"]
      }
    }
    do {
      return describe(
        try await navigator.go(
          to: ScreenName(destination), via: breadcrumbs, parameters: parameters))
    } catch {
      return ["error: \(error)", stackLine()]
    }
  }

  private func describe(_ route: Route) -> [String] {
    var lines = route.steps.map { step in
      "  \(step.action) \(step.entry)  [\(step.commandID ?? "#\(step.command)")]"
    }
    if lines.isEmpty { lines = ["  already there"] }
    return lines + [stackLine()]
  }
}
