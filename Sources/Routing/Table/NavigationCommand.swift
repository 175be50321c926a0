/// What a guard sees: the request and the stack the navigation starts from.
public struct GuardContext: Sendable {
  /// The request being planned.
  public let request: Request
  /// The stack the navigation starts from, bottom first.
  public let stack: [Entry]

  /// Creates a guard context.
  ///
  /// - Parameters:
  ///   - request: The request being planned.
  ///   - stack: The stack it starts from.
  public init(request: Request, stack: [Entry]) {
    self.request = request
    self.stack = stack
  }

  /// The top of the stack.
  public var top: Entry? { stack.last }
}

/// A predicate that decides, once per request, whether a command may take part in it.
///
/// A command whose guard says no is left out of that request's planning: the planner
/// routes around it, or reports ``RoutingError/unreachable(from:to:)``.
///
/// ```swift
/// // From a Profile, Chat is open only for the same user.
/// let sameUser = RouteGuard { context in
///   guard let wanted = context.request.parameters["userId"] else { return true }
///   guard let top = context.top, top.screen == "Profile" else { return true }
///   return top.parameters["userId"] == wanted.converted(to: .integer)
/// }
/// ```
///
/// A guard is code, so a route-table file cannot hold it: ``RouteTable/exportedJSON()``
/// writes its ``name`` on the command (`"guard": "sameUser"`). Loading the file with
/// `RouteTable(json:guards:)` gives each command the guard of that name back; loaded
/// without guards, a guarded command refuses every request, so that nothing routes
/// through it as if it were unguarded (see `Docs/RouteTables.md`, "Guards in files").
public struct RouteGuard: Sendable {
  private let predicate: @Sendable (GuardContext) -> Bool
  /// The guard's name, which a route-table file and `routing graph` show; `nil` for a
  /// guard made without one, written `"guard": "guard"` in a file.
  public let name: String?
  /// The screen where the user can change the guard's answer, such as `Login` for
  /// `signedIn`, or `nil`. When a guard with a remedy refuses the only way to a
  /// destination, planning from a ``ModalState`` answers with a detour to the remedy and
  /// keeps the request pending (<doc:LayersAndDetours>). Compiling checks that the table
  /// has the screen.
  public let remedy: ScreenName?

  /// Creates a guard.
  ///
  /// - Parameter predicate: Says whether the command may take part in a request.
  public init(_ predicate: @escaping @Sendable (GuardContext) -> Bool) {
    self.predicate = predicate
    self.name = nil
    self.remedy = nil
  }

  /// Creates a guard with a name, which an exported route-table file writes on its
  /// commands.
  ///
  /// - Parameters:
  ///   - name: The guard's name, such as `signedIn`.
  ///   - predicate: Says whether the command may take part in a request.
  public init(_ name: String, _ predicate: @escaping @Sendable (GuardContext) -> Bool) {
    self.predicate = predicate
    self.name = name
    self.remedy = nil
  }

  /// Creates a guard with a name and a remedy: the screen that sends the user where the
  /// guard's answer can change.
  ///
  /// ```swift
  /// let signedIn = RouteGuard("signedIn", remedy: "Login") { _ in session.isSignedIn }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The guard's name, such as `signedIn`.
  ///   - remedy: The screen where the user can change the answer, such as `Login`.
  ///   - predicate: Says whether the command may take part in a request.
  public init(
    _ name: String, remedy: ScreenName?,
    _ predicate: @escaping @Sendable (GuardContext) -> Bool
  ) {
    self.predicate = predicate
    self.name = name
    self.remedy = remedy
  }

  /// This guard, named `name`, with `remedy` when it is not `nil` and its own otherwise.
  func renamed(_ name: String, remedy: ScreenName?) -> RouteGuard {
    RouteGuard(name, remedy: remedy ?? self.remedy, predicate)
  }

  /// The guard of a command read from a route-table file: its code is not in the file,
  /// so it lets the command take part in no request, unless the request is planned
  /// within ``answeringGuards(_:_:)`` with an answer for its name.
  package static func unevaluated(_ name: String, remedy: ScreenName? = nil) -> RouteGuard {
    RouteGuard(name, remedy: remedy) { _ in givenAnswers?.byName[name] ?? false }
  }

  /// The answers, by guard name, that guards loaded without code give while `body`
  /// runs on this task (or thread): how the `routing` tool plans a request that states
  /// its guards' answers (`"guards": {"signedIn": true}`). A name without an answer
  /// still refuses.
  ///
  /// - Complexity: O(1) to set; each guard loaded without code looks its name up.
  package static func answeringGuards<Value, Failure: Error>(
    _ answers: [String: Bool], _ body: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    let outcome = $givenAnswers.withValue(GivenAnswers(byName: answers, everyGuard: false)) {
      Result { () throws(Failure) in try body() }
    }
    return try outcome.get()
  }

  /// Runs `body` with every guard answering by its name, whatever its code: `answers`
  /// for the names it holds, no for any other name and for a guard without one. How
  /// ``RouteTable/cover(from:)`` asks the planner what a case's request, which states
  /// its guards' answers by name, is answered with, on a table declared in Swift as on
  /// one loaded from a file.
  ///
  /// - Complexity: O(1) to set; the planner then reads the answers once a request,
  ///   instead of calling the guards.
  package static func answeringEveryGuard<Value, Failure: Error>(
    _ answers: [String: Bool], _ body: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    let outcome = $givenAnswers.withValue(GivenAnswers(byName: answers, everyGuard: true)) {
      Result { () throws(Failure) in try body() }
    }
    return try outcome.get()
  }

  /// Answers given by guard name while a body runs.
  package struct GivenAnswers: Sendable {
    /// The answers, by guard name; a name without one refuses.
    package var byName: [String: Bool]
    /// Whether every guard answers so (``answeringEveryGuard(_:_:)``), whatever its code,
    /// and not only those loaded without code (``answeringGuards(_:_:)``).
    package var everyGuard: Bool
  }

  /// The answers of ``answeringGuards(_:_:)`` or ``answeringEveryGuard(_:_:)``, or `nil`
  /// outside both; inside both, the innermost call's answers hold alone.
  @TaskLocal package static var givenAnswers: GivenAnswers?

  /// The name a route-table file writes for this guard.
  package var fileName: String { name ?? "guard" }

  /// Whether the command may take part in the request of `context`.
  ///
  /// - Parameter context: The request and the stack it starts from.
  /// - Returns: `true` to let the command take part.
  public func allows(_ context: GuardContext) -> Bool {
    allows(context, given: Self.givenAnswers)
  }

  /// Whether the command may take part, `given` being the answers by name in force
  /// (``givenAnswers``), read once by a caller that asks many guards.
  func allows(_ context: GuardContext, given: GivenAnswers?) -> Bool {
    if let given, given.everyGuard { return name.flatMap { given.byName[$0] } ?? false }
    return predicate(context)
  }
}

/// One allowed move: the screens it starts from and the screen it leads to.
///
/// Write your own command types by conforming to this protocol; only ``destination`` is
/// required. For one-line commands use ``Command``.
///
/// ```swift
/// struct OpenChat: NavigationCommand {
///   let origins: [ScreenName] = [.profile, .connections]
///   let destination: ScreenName = .chat
///   var factory: ScreenFactory? { { ChatScreen($0) } }
/// }
/// ```
public protocol NavigationCommand: Sendable {
  /// The screens the command may start from; empty means from anywhere.
  var origins: [ScreenName] { get }
  /// The screen the command leads to.
  var destination: ScreenName { get }
  /// An identifier, unique in its table; `nil` for none.
  var id: String? { get }
  /// The command's cost in a route: a positive integer, 1 by default.
  var cost: Int { get }
  /// The guard evaluated once per request; `nil` when the command always takes part.
  var condition: RouteGuard? { get }
  /// How to make the destination's screen object; `nil` uses the destination screen's
  /// factory.
  var factory: ScreenFactory? { get }
  /// Where the command was declared in Swift; `nil` when unknown.
  ///
  /// A ``TableError`` about the command names this place. ``Command`` records the place
  /// of its initializer's call; a custom command can do the same by ending its
  /// initializer with `fileID: String = #fileID, line: Int = #line` and keeping
  /// `DeclarationSite(fileID: fileID, line: line)`. (A default of `DeclarationSite()`
  /// would name the initializer's own line, not its caller's.)
  var declaredAt: DeclarationSite? { get }

  /// The names of the tabs the command applies in; empty (the default) means every tab
  /// (see <doc:PlanningAcrossTabs>).
  var tabs: [String] { get }

  /// Whether the command presents its destination in a layer of its own over the
  /// screens below (a sheet or a full-screen cover), rather than pushing it; `false`
  /// (the default) pushes (see <doc:HowRoutesArePlanned>, "Layers").
  var presents: Bool { get }
}

extension NavigationCommand {
  /// From anywhere.
  public var origins: [ScreenName] { [] }
  /// No identifier.
  public var id: String? { nil }
  /// A cost of 1.
  public var cost: Int { 1 }
  /// No guard.
  public var condition: RouteGuard? { nil }
  /// No factory of its own.
  public var factory: ScreenFactory? { nil }
  /// Every tab.
  public var tabs: [String] { [] }
  /// Pushes: presents nothing.
  public var presents: Bool { false }
  /// No declaration site: errors about the command name its number and identifier only.
  public var declaredAt: DeclarationSite? { nil }
}

/// A navigation command declared in one line.
///
/// ```swift
/// Command(to: .menu)  // from anywhere
/// Command(id: "openProfile", from: [.menu, .chat], to: .profile)
/// Command(from: [.profile], to: .chat, when: sameUser)  // guarded
/// ```
public struct Command: NavigationCommand {
  /// The screens the command may start from; empty means from anywhere.
  public let origins: [ScreenName]
  /// The screen the command leads to.
  public let destination: ScreenName
  /// An identifier, unique in its table.
  public let id: String?
  /// The command's cost in a route.
  public let cost: Int
  /// The guard evaluated once per request.
  public let condition: RouteGuard?
  /// How to make the destination's screen object.
  public let factory: ScreenFactory?
  /// Where it was declared in Swift; `nil` for a command read from a route-table file.
  public let declaredAt: DeclarationSite?
  /// The tabs it applies in; empty means every tab.
  public let tabs: [String]
  /// Whether it presents its destination in a layer of its own instead of pushing it.
  public let presents: Bool

  /// Declares a command.
  ///
  /// The command records the file and line of the call as ``declaredAt``, so that a
  /// ``TableError`` about it names the line to fix; leave `fileID` and `line` to their
  /// defaults.
  ///
  /// - Parameters:
  ///   - id: An identifier, unique in its table; none by default.
  ///   - origins: The screens it starts from; from anywhere by default.
  ///   - destination: The screen it leads to.
  ///   - cost: Its cost in a route; 1 by default.
  ///   - condition: A guard; none by default.
  ///   - factory: How to make the destination's screen object; by default the
  ///     destination screen's factory.
  ///   - tabs: The names of the tabs it applies in; every tab by default.
  ///   - presents: Whether it presents its destination in a layer of its own; it
  ///     pushes by default.
  ///   - fileID: The file that declares it; the caller's by default.
  ///   - line: The line that declares it; the caller's by default.
  public init(
    id: String? = nil, from origins: [ScreenName] = [], to destination: ScreenName,
    cost: Int = 1, when condition: RouteGuard? = nil, factory: ScreenFactory? = nil,
    tabs: [String] = [], presents: Bool = false, fileID: String = #fileID, line: Int = #line
  ) {
    self.init(
      id: id, from: origins, to: destination, cost: cost, when: condition, factory: factory,
      tabs: tabs, presents: presents, declaredAt: DeclarationSite(fileID: fileID, line: line))
  }

  /// A command with a declaration site or none: `nil` for a command that no Swift
  /// declaration made, such as one read from a route-table file.
  init(
    id: String? = nil, from origins: [ScreenName] = [], to destination: ScreenName,
    cost: Int = 1, when condition: RouteGuard? = nil, factory: ScreenFactory? = nil,
    tabs: [String] = [], presents: Bool = false, declaredAt: DeclarationSite?
  ) {
    self.tabs = tabs
    self.presents = presents
    self.id = id
    self.origins = origins
    self.destination = destination
    self.cost = cost
    self.condition = condition
    self.factory = factory
    self.declaredAt = declaredAt
  }
}
