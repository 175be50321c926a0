import Routing

/// The sample app driven by typed commands: `swift run RoutingExamples --interactive`.
///
/// Each line is answered with the lines to print, so the session is tested without a
/// terminal.
@MainActor
public final class InteractiveSession {
  /// The navigator the commands drive.
  public let navigator: Navigator<StackContainer>
  /// The navigator of the tabbed sample app, which the commands drive after `tabs` or
  /// `tab NAME`.
  public let tabNavigator: Navigator<TabContainer>
  /// Whether the commands drive the tabbed sample app.
  public private(set) var isInTabs = false
  /// The session of the mail app with layers, whose `signedIn` guard `signin` changes.
  public let mailSession = MailSession()
  /// The navigator of the mail app with layers (``SampleApp/makeLayeredTable(session:)``),
  /// which the commands drive after `mail`.
  public private(set) var mailNavigator: Navigator<ModalPresenter<StackContainer>>?
  /// Whether the commands drive the mail app with layers.
  public var isInMail: Bool { mailNavigator != nil }
  /// The last state `save` kept.
  public private(set) var saved: NavigationSnapshot?
  /// The last state of every tab `save` kept in the tabbed app.
  public private(set) var savedTabs: TabSnapshot?
  /// Whether `quit` was typed.
  public private(set) var isFinished = false

  /// Starts a session on the sample app, with Menu on the stack.
  ///
  /// - Throws: ``TableError`` if the sample table does not compile, ``RoutingError`` if
  ///   its Menu cannot be made.
  public convenience init() throws {
    let tabbed = try SampleApp.makeTabbedTable()
    self.init(
      navigator: try Navigator(table: try SampleApp.makeTable(), root: .menu),
      tabNavigator: Navigator(table: tabbed, container: try TabContainer(table: tabbed)))
  }

  /// Starts a session that drives two navigators of one's own: `navigator` until `tabs`
  /// or `tab NAME`, then `tabNavigator`; so that the commands can be tried on any table.
  ///
  /// - Parameters:
  ///   - navigator: The navigator of a single stack.
  ///   - tabNavigator: The navigator of a tab container.
  /// - Complexity: O(1).
  public init(navigator: Navigator<StackContainer>, tabNavigator: Navigator<TabContainer>) {
    self.navigator = navigator
    self.tabNavigator = tabNavigator
  }

  /// The commands a person can type.
  public static let help = [
    "go SCREEN [key=value ...] [via A, B]   navigate, e.g. go Profile userId=2 via Folder",
    "link LINK                              open a deep link, e.g. link folder/profile?userId=2",
    "back                                   leave the top screen",
    "stack                                  show the stack",
    "save                                   keep the current state",
    "restore                                go back to the state save kept",
    "tabs                                   switch to the app under tabs; show every tab",
    "tab NAME                               select a tab, e.g. tab Connections",
    "mail                                   switch to a mail app with sheets and a sign-in",
    "signin                                 in the mail app: sign in (Account needs it)",
    "resume                                 in the mail app: carry on after a sign-in detour",
    "help                                   show this list",
    "quit                                   leave",
  ]

  /// Runs the session: a greeting, then a prompt before each line read, each answered,
  /// until `quit` or the end of input.
  ///
  /// At the end of input (Control-D on a terminal) the session writes a newline, so that
  /// the shell's prompt starts on a line of its own rather than after `> `.
  ///
  /// - Parameters:
  ///   - readLine: Reads the next line, `nil` at the end of input.
  ///   - write: Writes text as it is: the prompt `> ` has no newline.
  /// - Complexity: That of the navigations the lines ask for.
  public func run(reading readLine: () -> String?, writing write: (String) -> Void) async {
    write("The sample app. Type help for the commands.\n")
    write("\(stackLine())\n")
    while !isFinished {
      write("> ")
      guard let line = readLine() else {
        write("\n")
        return
      }
      for answer in await respond(to: line) {
        write("\(answer)\n")
      }
    }
  }

  /// Answers one typed line.
  ///
  /// Words are separated by spaces; in a list, spaces after (or before) a comma are
  /// allowed: `via Folder, Connections`. A screen name that the sample app does not know
  /// is refused with the closest known one, when there is one:
  /// `unknown screen 'profile'; did you mean 'Profile'?`. Parameter keys follow the
  /// library's rule for every request: a key that neither the destination, a breadcrumb
  /// nor a screen the route pushes declares fails the request, with the closest
  /// declared key suggested.
  ///
  /// - Parameter line: What the person typed.
  /// - Returns: The lines to print.
  /// - Complexity: That of the navigation the line asks for.
  public func respond(to line: String) async -> [String] {
    let words = Self.joiningLists(line).split(separator: " ").map(String.init)
    guard let command = words.first else { return [] }
    let arguments = Array(words.dropFirst())
    if isInMail, let answer = await respondInMail(command.lowercased(), arguments) {
      return answer
    }
    switch command.lowercased() {
    case "tabs":
      isInTabs = true
      mailNavigator = nil
      return [stackLine()]
    case "tab": return selectTab(arguments)
    case "mail":
      do {
        mailNavigator = try Self.mailNavigator(mailSession)
        isInTabs = false
        return [stackLine()]
      } catch {
        return ["error: \(error)"]
      }
    case "signin", "resume":
      return ["\(command) works in the mail app: type mail first"]
    case "go": return await go(arguments)
    case "link" where isInTabs: return await openInTabs(arguments)
    case "link":
      guard arguments.count == 1 else {
        return ["link needs one link: link folder/profile?userId=2"]
      }
      do {
        let route = try await navigator.open(arguments[0])
        let ignored = (try? navigator.table.read(arguments[0]))?.ignored ?? []
        guard !ignored.isEmpty else { return describe(route) }
        return ["ignored: \(ignored.joined(separator: ", ")) (no screen of the link declares it)"]
          + describe(route)
      } catch {
        return ["error: \(error)", stackLine()]
      }
    case "back" where isInTabs:
      guard let entry = await tabNavigator.goBack() else {
        return ["already at the tab's first screen", stackLine()]
      }
      return ["back to \(entry)", stackLine()]
    case "back":
      guard let entry = await navigator.goBack() else {
        return ["already at the first screen", stackLine()]
      }
      return ["back to \(entry)", stackLine()]
    case "stack": return [stackLine()]
    case "save" where isInTabs:
      savedTabs = await tabNavigator.snapshot()
      return ["saved every tab: \(tabNavigator.container.state)"]
    case "restore" where isInTabs:
      guard let savedTabs else { return ["nothing saved yet: type save first"] }
      do {
        try await tabNavigator.restore(savedTabs)
        return ["restored", stackLine()]
      } catch {
        return ["error: \(error)", stackLine()]
      }
    case "save":
      let snapshot = await navigator.snapshot()
      saved = snapshot
      let kept = navigator.stack.filter { navigator.table.savedEntry(for: $0) != nil }
      return ["saved: \(kept.stackDescription)"]
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
      return ["unknown command '\(excerpt(command))': type help for the commands"]
    }
  }

  /// The line with the spaces around its commas removed, so that a list typed as
  /// `Folder, Connections` is one word.
  private static func joiningLists(_ line: String) -> String {
    line.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingSpaces() }
      .joined(separator: ",")
  }

  private func stackLine() -> String {
    if let mailNavigator { return "state: \(mailNavigator.container.state)" }
    guard isInTabs else { return "stack: \(navigator.stack.stackDescription)" }
    return "tabs: \(tabNavigator.container.state)"
  }

  /// A navigator over a presenter on the mail app, Inbox on its stack.
  private static func mailNavigator(_ session: MailSession) throws
    -> Navigator<ModalPresenter<StackContainer>>
  {
    let table = try SampleApp.makeLayeredTable(session: session)
    let inbox = Entry("Inbox")
    let root = StackItem(entry: inbox, screen: HeadlessScreen(ScreenContext(entry: inbox)))
    return Navigator(table: table, container: ModalPresenter(base: StackContainer(root: root)))
  }

  /// The commands that work differently in the mail app with layers, or `nil` for one
  /// that works as anywhere else.
  private func respondInMail(_ command: String, _ arguments: [String]) async -> [String]? {
    guard let mailNavigator else { return nil }
    switch command {
    case "go":
      guard let destination = arguments.first else { return nil }
      var parameters: Parameters = [:]
      for word in arguments.dropFirst() {
        guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
          return ["'\(excerpt(word))' is not key=value: go Photo photoId=5"]
        }
        parameters[String(word[..<equals])] = .string(String(word[word.index(after: equals)...]))
      }
      do {
        return describe(
          try await mailNavigator.go(
            withLayers: Request(to: ScreenName(destination), parameters: parameters)))
      } catch {
        return ["error: \(error)", stackLine()]
      }
    case "signin":
      mailSession.signIn()
      return ["signed in"]
    case "resume":
      do {
        guard let route = try await mailNavigator.resume() else {
          return ["nothing waits for a sign-in", stackLine()]
        }
        return describe(route)
      } catch {
        return ["error: \(error)", stackLine()]
      }
    case "back":
      guard let entry = await mailNavigator.goBack() else {
        return ["already at the first screen", stackLine()]
      }
      return ["back to \(entry)", stackLine()]
    case "stack": return [stackLine()]
    case "link", "save", "restore":
      return ["\(command) works in the sample app and under tabs, not in the mail app"]
    default: return nil
    }
  }

  /// `tab NAME`: selects a tab of the tabbed app, switching to it.
  private func selectTab(_ arguments: [String]) -> [String] {
    let names = tabNavigator.container.names
    guard arguments.count == 1 else {
      return ["tab needs one tab: tab \(names.joined(separator: " or tab "))"]
    }
    guard names.contains(arguments[0]) else {
      // The library's own error, so the words and the suggestion are the planner's.
      let table = tabNavigator.table
      let error = RoutingError.unknownTab(
        arguments[0], suggestion: table.nearestTab(to: arguments[0]))
      return [error.description]
    }
    isInTabs = true
    mailNavigator = nil
    tabNavigator.container.select(arguments[0])
    return [stackLine()]
  }

  /// `link LINK` in the tabbed app: a first segment naming a tab (`people/…`,
  /// `folders/…`) selects it.
  private func openInTabs(_ arguments: [String]) async -> [String] {
    guard arguments.count == 1 else {
      return ["link needs one link: link people/Connections/chat/3"]
    }
    do {
      return describe(try await tabNavigator.open(acrossTabs: arguments[0]))
    } catch {
      return ["error: \(error)", stackLine()]
    }
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
          return ["via needs screens: via Folder, Connections"]
        }
        breadcrumbs += list.split(separator: ",").map { ScreenName(String($0)) }
      } else if let equals = word.firstIndex(of: "="), equals != word.startIndex {
        parameters[String(word[..<equals])] = .string(String(word[word.index(after: equals)...]))
      } else {
        return ["'\(excerpt(word))' is neither key=value nor via: go Profile userId=2 via Folder"]
      }
    }
    // The library's own errors, as every entry point gives them: an unknown screen with
    // the nearest name, a missing required value.
    do {
      if isInTabs {
        return describe(
          try await tabNavigator.go(
            acrossTabsTo: ScreenName(destination), via: breadcrumbs, parameters: parameters))
      }
      return describe(
        try await navigator.go(
          to: ScreenName(destination), via: breadcrumbs, parameters: parameters))
    } catch {
      return ["error: \(error)", stackLine()]
    }
  }

  /// The route as the library writes it: numbered steps, then the stack (or the tabs).
  private func describe(_ route: some CustomStringConvertible) -> [String] {
    route.description.split(separator: "\n").map(String.init)
  }
}

extension Substring {
  /// The text without the spaces at either end.
  fileprivate func trimmingSpaces() -> Substring {
    var text = self
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return text
  }
}
