/// Why a request could not be planned.
///
/// Planning is atomic: when it throws, nothing has been executed and the stack is
/// exactly as it was. Match the cases to react to each:
///
/// ```swift
/// do {
///   let route = try table.route(from: stack, to: .chat)
/// } catch .unreachable(let from, let to) {
///   print("no way from \(from) to \(to)")
/// } catch {
///   print(error)
/// }
/// ```
public enum RoutingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No sequence of commands leads from the top of the stack at the failing leg to the
  /// milestone.
  case unreachable(from: ScreenName, to: ScreenName)
  /// No sequence of commands leads from `from` to `to` because a guard said no: `refusal`
  /// names the guard and the command into `to` it refused (the first, in table order).
  /// Its ``kind`` is `unreachable`, as without a guard.
  case refusedByGuard(from: ScreenName, to: ScreenName, GuardRefusal)
  /// The destination or a breadcrumb is not a screen of the table. `suggestion` is the
  /// table's screen closest to it, when one is close (`Message` for `Mesage`).
  case unknownScreen(ScreenName, suggestion: ScreenName? = nil)
  /// Entry `entry` (counted from 0, bottom first; with layers, along the base and then
  /// every layer) of the stack to start from names a screen that the table does not
  /// declare, on a table that declares its screens (see
  /// ``RouteTable/declaresScreens``). `tab` names the tab whose stack it is, for a tab
  /// state; `nil` for a single stack. `suggestion` is the table's screen closest to it,
  /// when one is close.
  case unknownScreenOnStack(ScreenName, entry: Int, tab: String?, suggestion: ScreenName? = nil)
  /// A request parameter does not convert to the kind that a screen the route creates
  /// declares for it.
  case invalidParameter(name: String, value: String, expected: ParameterKind)
  /// The stack to start from holds no entry.
  case emptyStack
  /// Layer `layer` (counted from 0, bottom first) of the state to start from holds no
  /// entry: an open layer holds at least the screen it presented
  /// (<doc:LayersAndDetours>).
  case emptyLayer(Int)
  /// The route would push screen `screen` without a value for `key`, a parameter the
  /// screen declares required.
  case missingParameter(screen: ScreenName, key: String)
  /// No screen that the request concerns declares request key `key`: neither the
  /// destination, nor a breadcrumb, nor a screen the route pushes. `suggestion` is the
  /// declared key closest to it, when one is close (`userId` for `userID`).
  case undeclaredParameter(key: String, suggestion: String?)
  /// Neither the screen nor the table has a factory to make the screen's object: a
  /// container's root must be made by a factory.
  case noFactory(ScreenName)
  /// A tab state or request names a tab the table does not declare, or the table
  /// declares no tab at all (an empty name, when nothing named one; see
  /// <doc:PlanningAcrossTabs>). `suggestion` is the table's tab closest to it, when one
  /// is close.
  case unknownTab(String, suggestion: String? = nil)
  /// A single stack, planned on a table that declares tabs, does not start at the root
  /// of exactly one tab: `root` is its first entry's screen, `tabs` the tabs whose root
  /// it is (none, or several). Give a ``TabState`` instead (see <doc:PlanningAcrossTabs>).
  case noTabForStack(root: ScreenName, tabs: [String])

  /// The kind of failure: `unreachable`, `unknownScreen` (for the destination, a
  /// breadcrumb or a stack entry), `invalidParameter`, `emptyStack`, `emptyLayer`, `noFactory`,
  /// `missingParameter`, `undeclaredParameter`, `unknownTab` or `noTabForStack`. The
  /// route-table tool reports `unreachable` and `unknownScreen` under these names, and
  /// every other kind as `invalidRequest` (with the same message).
  public var kind: String {
    switch self {
    case .unreachable, .refusedByGuard: "unreachable"
    case .unknownScreen, .unknownScreenOnStack: "unknownScreen"
    case .invalidParameter: "invalidParameter"
    case .emptyStack: "emptyStack"
    case .emptyLayer: "emptyLayer"
    case .noFactory: "noFactory"
    case .missingParameter: "missingParameter"
    case .undeclaredParameter: "undeclaredParameter"
    case .unknownTab: "unknownTab"
    case .noTabForStack: "noTabForStack"
    }
  }

  /// The nearest name to a mistyped one, which the ``description`` offers with "did you
  /// mean": the screen closest to an unknown screen, the tab closest to an unknown tab,
  /// the declared key closest to an undeclared one; `nil` for other errors, or when no
  /// name is close.
  public var suggestion: String? {
    switch self {
    case .unknownScreen(_, let suggestion), .unknownScreenOnStack(_, _, _, let suggestion):
      suggestion?.rawValue
    case .unknownTab(_, let suggestion), .undeclaredParameter(_, let suggestion):
      suggestion
    default:
      nil
    }
  }

  /// The guard that refused a command into the screen that could not be reached, for
  /// ``refusedByGuard(from:to:_:)``; `nil` for other errors.
  public var refusingGuard: GuardRefusal? {
    if case .refusedByGuard(_, _, let refusal) = self { refusal } else { nil }
  }

  /// A sentence that says what failed, ending with "did you mean" and the
  /// ``suggestion`` when there is one.
  public var description: String {
    let hint = suggestion.map { "; did you mean '\(excerpt($0))'?" } ?? ""
    return sentence + hint
  }

  /// What failed, without the suggestion.
  private var sentence: String {
    switch self {
    case .unreachable(let from, let to):
      "no route from \(from) to \(to)"
    case .refusedByGuard(let from, let to, let refusal):
      "no route from \(from) to \(to): \(refusal)"
    case .unknownScreen(let name, _):
      "unknown screen '\(excerpt(name.rawValue))'"
    case .unknownScreenOnStack(let name, let entry, nil, _):
      "unknown screen '\(excerpt(name.rawValue))' at stack entry \(entry)"
    case .unknownScreenOnStack(let name, let entry, let tab?, _):
      "unknown screen '\(excerpt(name.rawValue))' at entry \(entry) of tab '\(excerpt(tab))'"
    case .invalidParameter(let name, let value, let expected):
      "parameter '\(excerpt(name))': '\(excerpt(value))' is not a valid \(expected)"
    case .emptyStack:
      "the stack is empty: a route starts from a stack of at least one entry"
    case .emptyLayer(let layer):
      "layer \(layer) is empty: an open layer holds at least the screen it presented"
    case .noFactory(let name):
      "nothing makes screen '\(excerpt(name))': give the screen or the table a factory"
    case .missingParameter(let screen, let key):
      "\(excerpt(screen)) requires parameter '\(excerpt(key))', and no value is given for it"
    case .unknownTab(let name, _) where name.isEmpty:
      "the table declares no tab"
    case .unknownTab(let name, _):
      "unknown tab '\(excerpt(name))'"
    case .noTabForStack(let root, let tabs) where tabs.isEmpty:
      "the table has tabs and '\(excerpt(root))', the stack's first entry, is no tab's root: "
        + "start the stack at a tab's root, or give a tab state"
    case .noTabForStack(let root, let tabs):
      "'\(excerpt(root))', the stack's first entry, is the root of tabs "
        + tabs.map { "'\(excerpt($0))'" }.joined(separator: ", ")
        + ": give a tab state to say which"
    case .undeclaredParameter(let key, _):
      "parameter '\(excerpt(key))' is declared by neither the destination, a breadcrumb nor a screen the route pushes"
    }
  }
}

extension RoutingError {
  /// A guard that refused a command for a request, and the command.
  public struct GuardRefusal: Hashable, Sendable, CustomStringConvertible {
    /// The guard's name (see ``RouteGuard/name``); `nil` for a guard made without one.
    public let guardName: String?
    /// The command's number in the table (counted from 0, in declaration order).
    public let command: Int
    /// The command's identifier, when it has one.
    public let commandID: String?

    /// Creates a refusal.
    ///
    /// - Parameters:
    ///   - guardName: The guard's name, or `nil`.
    ///   - command: The command's number in the table.
    ///   - commandID: The command's identifier, or `nil`.
    public init(guardName: String?, command: Int, commandID: String?) {
      self.guardName = guardName
      self.command = command
      self.commandID = commandID
    }

    /// Which guard refused which command, such as
    /// `the guard 'signedIn' refused commands[3] 'openSettings'`.
    public var description: String {
      let name = guardName.map { "the guard '\(excerpt($0))'" } ?? "a guard"
      let id = commandID.map { " '\(excerpt($0))'" } ?? ""
      return "\(name) refused commands[\(command)]\(id)"
    }
  }
}
