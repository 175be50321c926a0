/// A problem that ``RouteTable/diagnostics(roots:)`` finds in a compiled table: a screen
/// the app cannot get to, or a command the planner never chooses.
///
/// An **error** is something the author evidently meant that cannot happen; a
/// **warning** is redundant or suspicious, but harmless. ``kind`` says which problem it
/// is, with the other command involved, so a test can match it:
///
/// ```swift
/// let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
///   Screen("Home")
///   Screen("List")
///   Screen("Archive")
///   Command(id: "openList", from: ["Home"], to: "List")
///   Command(id: "showList", from: ["Home"], to: "List")
///   Command(id: "openArchive", from: ["Archive"], to: "Archive")
/// }
/// let problems = table.diagnostics(roots: ["Home"])
/// #expect(
///   problems.map(\.kind) == [
///     .unreachableScreen, .repeatedCommand(of: 0), .selfCommandOnlyPops,
///   ])
/// ```
///
/// Its description reads as `routing check` prints a problem:
/// `warning: commands[4] 'again': repeats commands[0] 'openList': it is never chosen`,
/// preceded by the file and line of the declaration when the table was declared in
/// Swift.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious a problem is.
  public enum Severity: String, Hashable, Sendable {
    /// Something meant that cannot happen: a screen that commands lead to but that the
    /// roots cannot reach, a command that never applies.
    case error
    /// Redundant or suspicious, but harmless.
    case warning
  }

  /// The problems the analysis finds. Command numbers are positions in
  /// ``RouteTable/commands``.
  public enum Kind: Hashable, Sendable {
    /// An error: commands lead to the screen, but no chain of commands reaches it from
    /// the roots.
    case unreachableScreen
    /// A warning: no command leads to the screen, other than a root; it may be an entry
    /// point that only a stack given from outside holds.
    case noCommandLeadsToScreen
    /// A warning: the command repeats the earlier command `of`, which has the same
    /// destination and origins, in any order, and costs no more, so this one is never
    /// chosen.
    case repeatedCommand(of: Int)
    /// A warning: the earlier command `by` leads to the same screen from anywhere, or
    /// from every origin of this one and more, at no higher cost, so this one is never
    /// chosen.
    case coveredCommand(by: Int)
    /// An error: the command leads only from a screen that declares no parameters to
    /// itself, so it never pushes, and pops back to that screen use command `popsUse`.
    case selfCommandNeverApplies(popsUse: Int)
    /// A warning: the command leads only from a screen that declares no parameters to
    /// itself, so it never pushes; it is the command that pops back to that screen use.
    case selfCommandOnlyPops
    /// A warning: the origin at ``Diagnostic/originSlot`` repeats the one at slot
    /// `first` of the same command.
    case repeatedOrigin(first: Int)
    /// A warning: the origin at ``Diagnostic/originSlot`` is the command's own
    /// destination, which declares no parameters, while the command has other origins:
    /// it never pushes from there, and pops ignore origins.
    case originIsDestination

    /// The severity of this kind of problem.
    public var severity: Severity {
      switch self {
      case .unreachableScreen, .selfCommandNeverApplies: .error
      case .noCommandLeadsToScreen, .repeatedCommand, .coveredCommand, .selfCommandOnlyPops,
        .repeatedOrigin, .originIsDestination:
        .warning
      }
    }
  }

  /// Which problem it is.
  public let kind: Kind
  /// Where: `screens[3]`, `commands[5]` or `commands[5].from[1]`, numbered as
  /// ``TableError/location`` numbers places.
  public let location: String
  /// The screen's position in ``RouteTable/screens``, for a problem with a screen.
  public let screenIndex: Int?
  /// The screen's name, for a problem with a screen.
  public let screenName: ScreenName?
  /// The command's number, for a problem with a command or one of its origins.
  public let command: Int?
  /// The command's identifier, when it has one.
  public let commandID: String?
  /// The position of the origin in the command's list, for a problem with an origin.
  public let originSlot: Int?
  /// The file and line of Swift source that declared the screen or command, when known.
  public let declaredAt: DeclarationSite?
  /// A sentence that says what is wrong, the way `routing check` prints it.
  public let message: String

  /// Whether it is an error or a warning.
  public var severity: Severity { kind.severity }

  /// `error: screens[4] 'Island': unreachable from Home: no chain of commands leads to
  /// it`, with the declaration's file and line first when known.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the description.
  public var description: String {
    let site = declaredAt.map { "\($0): " } ?? ""
    return "\(site)\(severity): \(place): \(message)"
  }

  /// The location with the screen's name or the command's identifier:
  /// `screens[4] 'Island'`, `commands[0] 'openList'`, `commands[6].from[2]`.
  package var place: String {
    if originSlot == nil, let label = screenName.map(\.rawValue) ?? commandID {
      return "\(location) '\(excerpt(label))'"
    }
    return location
  }
}
