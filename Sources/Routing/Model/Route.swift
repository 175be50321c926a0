/// What one step of a route does to the stack.
public enum StepAction: String, Hashable, Sendable, CustomStringConvertible {
  /// A new entry goes on top.
  case push
  /// Entries above an existing one leave the stack, so that it is on top; with layers
  /// open, every layer above its entry closes (<doc:LayersAndDetours>).
  case pop
  /// A new entry opens a layer of its own over everything below it
  /// (<doc:LayersAndDetours>).
  case present

  /// `push`, `pop` or `present`.
  public var description: String { rawValue }
}

/// One step of a route: the command applied, and the entry it pushed or popped back to.
public struct Step: Hashable, Sendable, CustomStringConvertible {
  /// The command's number in its table (registration order, from 0).
  public let command: Int
  /// The command's identifier, when it has one.
  public let commandID: String?
  /// Whether the step pushed, popped or presented.
  public let action: StepAction
  /// The entry on top after the step.
  public let entry: Entry
  /// How many entries the stack holds after the step (with layers, the base and every
  /// layer together): a pop goes back to the entry at index `depth - 1`.
  public let depth: Int

  /// Creates a step.
  ///
  /// - Parameters:
  ///   - command: The command's number.
  ///   - commandID: The command's identifier, if any.
  ///   - action: Push, pop or present.
  ///   - entry: The entry on top after the step.
  ///   - depth: How many entries the stack holds after the step.
  public init(
    command: Int, commandID: String? = nil, action: StepAction, entry: Entry, depth: Int
  ) {
    self.command = command
    self.commandID = commandID
    self.action = action
    self.entry = entry
    self.depth = depth
  }

  /// The screen on top after the step.
  public var screen: ScreenName { entry.screen }

  /// The command as a person reads it: its identifier, or `command 4` for a command
  /// without one.
  public var commandName: String { commandID ?? "command \(command)" }

  /// The step in words, the one format every printed route uses.
  ///
  /// A push and a present name the entry they show, a pop the entry it goes back to,
  /// and each the command:
  ///
  /// ```
  /// push Profile(userId: 2) by openProfile
  /// back to Menu by home
  /// present Compose by compose
  /// push Folder by command 1
  /// ```
  public var description: String {
    switch action {
    case .push: "push \(entry) by \(commandName)"
    case .pop: "back to \(entry) by \(commandName)"
    case .present: "present \(entry) by \(commandName)"
    }
  }
}

/// A planned route: the steps to take and the stack they leave.
///
/// An empty route means "already there": nothing runs, and ``stack`` is the stack it
/// started from.
public struct Route: Hashable, Sendable, CustomStringConvertible {
  /// The steps, in order.
  public let steps: [Step]
  /// The stack after the last step, bottom first.
  public let stack: [Entry]

  /// Creates a route.
  ///
  /// - Parameters:
  ///   - steps: The steps in order.
  ///   - stack: The stack they leave.
  public init(steps: [Step], stack: [Entry]) {
    self.steps = steps
    self.stack = stack
  }

  /// Whether the route has no step (the request was already satisfied).
  public var isEmpty: Bool { steps.isEmpty }

  /// The steps one a line and numbered, then the resulting stack; an empty route says
  /// so:
  ///
  /// ```
  /// 1. back to Menu by home
  /// 2. push Folder by openFolder
  /// stack: Menu > Folder
  /// ```
  ///
  /// ```
  /// (already there)
  /// stack: Menu > Folder
  /// ```
  ///
  /// - Complexity: O(*s* + *n*), where *s* is the number of steps and *n* the depth of
  ///   the resulting stack.
  public var description: String {
    var lines = steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
    if lines.isEmpty { lines.append("(already there)") }
    lines.append("stack: \(stack.stackDescription)")
    return lines.joined(separator: "\n")
  }
}

/// A navigation request: where to go, through which milestones, with which parameters.
public struct Request: Hashable, Sendable, CustomStringConvertible {
  /// The destination screen.
  public var destination: ScreenName
  /// The milestones to pass on the way, in order.
  public var breadcrumbs: [ScreenName]
  /// The parameter values applied to every screen the navigation creates (each screen
  /// receives those it declares) and used to match existing entries.
  public var parameters: Parameters

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - destination: Where to go.
  ///   - breadcrumbs: Milestones to pass, in order; none by default.
  ///   - parameters: The request's parameter values; none by default.
  public init(
    to destination: ScreenName, via breadcrumbs: [ScreenName] = [], parameters: Parameters = [:]
  ) {
    self.destination = destination
    self.breadcrumbs = breadcrumbs
    self.parameters = parameters
  }

  /// The request in words: `to Profile via Folder with userId: 2`, breadcrumbs in order,
  /// parameters sorted by key; the `via` and `with` parts only when there are any.
  ///
  /// - Complexity: O(*b* + *k* log *k*), where *b* is the number of breadcrumbs and *k*
  ///   the number of parameters.
  public var description: String {
    var text = "to \(destination)"
    if !breadcrumbs.isEmpty {
      text += " via " + breadcrumbs.map(\.rawValue).joined(separator: ", ")
    }
    if !parameters.isEmpty {
      let items = parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
      text += " with " + items.joined(separator: ", ")
    }
    return text
  }
}
