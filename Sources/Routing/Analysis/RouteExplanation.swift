/// Why the planner finds no route for a leg of a request: what the leg's stack reaches,
/// each command into the milestone and why it cannot apply, and the reached screen
/// nearest to the milestone.
///
/// ``RouteTable/explanation(from:to:via:parameters:)`` makes one; `routing route
/// --explain` prints its ``description``.
public struct RouteExplanation: Hashable, Sendable, CustomStringConvertible {
  /// A screen the leg reaches, and in how many steps.
  public struct ReachedScreen: Hashable, Sendable {
    /// The screen.
    public let screen: ScreenName
    /// The number of steps of the planner's leg to it.
    public let steps: Int
  }

  /// A command into the milestone, and why it cannot apply.
  public struct BlockedCommand: Hashable, Sendable {
    /// The command's number, its position in ``RouteTable/commands``.
    public let command: Int
    /// The command's identifier, when it has one.
    public let commandID: String?
    /// The command's origins, each once; empty for a command from anywhere.
    public let origins: [ScreenName]
    /// Why it cannot apply.
    public let reason: Reason
  }

  /// Why a command into the milestone cannot apply.
  public enum Reason: Hashable, Sendable {
    /// Its guard said no for this request: the planner leaves it out.
    case guardRefused
    /// None of its origins is the top of the stack or a screen the leg reaches.
    /// `onStack` lists those of them that an entry below the top holds: a route gets
    /// back to such a screen only by popping back to it, and no command that takes part
    /// leads to it.
    case originsNotReached(onStack: [ScreenName])
    /// It is limited to other tabs than `tab`, the tab whose stack the route starts from.
    case leftOutOfTab(tab: String)
  }

  /// The reached screen from which the fewest commands lead to the milestone.
  public struct Nearest: Hashable, Sendable {
    /// The screen: the top of the stack or a reached screen.
    public let screen: ScreenName
    /// The number of steps of the leg to it; 0 for the top.
    public let steps: Int
    /// The fewest commands from it to the milestone when every command applies from its
    /// origins: guards and the stack left out.
    public let remaining: Int
  }

  /// The stack the failing leg starts from: the request's, or the one the legs before
  /// it leave.
  public let stack: [Entry]
  /// The milestone the leg cannot reach: a breadcrumb or the destination.
  public let milestone: ScreenName
  /// The screens the leg reaches, by pushes and a first pop, in the planner's order:
  /// fewest steps first (cheapest first, with costs).
  public let reachable: [ReachedScreen]
  /// The commands into the milestone, in command order, each with why it cannot apply.
  public let commands: [BlockedCommand]
  /// The reached screen (or the top) nearest to the milestone; `nil` when none has a
  /// chain of commands to it.
  public let nearest: Nearest?

  /// The top of ``stack``: where the failing leg starts.
  public var from: ScreenName { stack[stack.count - 1].screen }

  /// The most reached screens ``description`` names.
  static let listedScreens = 20

  /// The explanation in lines:
  ///
  /// ```
  /// no route from Menu to Chat
  /// reachable from Menu (1 screen): Folder (1 step)
  /// commands to Chat:
  ///   commands[4] 'openChat' from Connections: none of its origins is reached
  /// nearest: Folder, 1 step from Menu and 2 commands short of Chat
  /// ```
  ///
  /// - Complexity: O(*r* + *c*), the numbers of reached screens and of commands listed.
  public var description: String {
    var lines = ["no route from \(excerpt(from)) to \(excerpt(milestone))"]
    if reachable.isEmpty {
      lines.append("reachable from \(excerpt(from)): no screen")
    } else {
      let named = reachable.prefix(Self.listedScreens).map {
        "\(excerpt($0.screen)) (\(Self.count($0.steps, "step")))"
      }
      let more = reachable.count > named.count ? ", and \(reachable.count - named.count) more" : ""
      lines.append(
        "reachable from \(excerpt(from)) (\(Self.count(reachable.count, "screen"))): "
          + named.joined(separator: ", ") + more)
    }
    if commands.isEmpty {
      lines.append("commands to \(excerpt(milestone)): none")
    } else {
      lines.append("commands to \(excerpt(milestone)):")
      for blocked in commands {
        let origins =
          blocked.origins.isEmpty
          ? "from anywhere" : "from " + blocked.origins.map { excerpt($0) }.joined(separator: ", ")
        lines.append("  \(Self.place(blocked)) \(origins): \(Self.sentence(blocked.reason))")
      }
    }
    if let nearest {
      let start =
        nearest.steps == 0
        ? "the top" : "\(Self.count(nearest.steps, "step")) from \(excerpt(from))"
      lines.append(
        "nearest: \(excerpt(nearest.screen)), \(start) and \(Self.count(nearest.remaining, "command")) short of \(excerpt(milestone))"
      )
    } else {
      lines.append("nearest: no reached screen has a chain of commands to \(excerpt(milestone))")
    }
    return lines.joined(separator: "\n")
  }

  /// `commands[4] 'openChat'`, or `commands[4]` without an identifier.
  static func place(_ blocked: BlockedCommand) -> String {
    blocked.commandID.map { "commands[\(blocked.command)] '\(excerpt($0))'" }
      ?? "commands[\(blocked.command)]"
  }

  /// Why a command cannot apply, in words.
  static func sentence(_ reason: Reason) -> String {
    switch reason {
    case .guardRefused:
      return "its guard said no for this request"
    case .leftOutOfTab(let tab):
      return "it applies in other tabs than '\(excerpt(tab))'"
    case .originsNotReached(let onStack) where onStack.isEmpty:
      return "none of its origins is reached"
    case .originsNotReached(let onStack):
      let names = onStack.map { excerpt($0) }.joined(separator: ", ")
      return
        "none of its origins is reached (\(names) \(onStack.count == 1 ? "is" : "are") on the stack, where only a pop gets back, and no command leads there)"
    }
  }

  /// `1 step`, `3 steps`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
