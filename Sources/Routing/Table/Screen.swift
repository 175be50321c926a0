/// A screen of a route table: its name, the parameters it accepts, and optionally its
/// deep-link path pattern, restoration identifier and factory.
///
/// ```swift
/// Screen(.profile, parameters: [.integer("userId")], path: "profile/:userId") {
///   ProfileScreen($0)
/// }
/// ```
public struct Screen: Sendable {
  /// The screen's name.
  public let name: ScreenName
  /// The parameters it declares, in order.
  public let parameters: [Parameter]
  /// Its deep-link path pattern (`profile/:userId`); `nil` reads its name.
  public let path: String?
  /// Its restoration identifier; `nil` or empty leaves it out of saved state.
  public let restorationIdentifier: String?
  /// How to make its screen object; `nil` leaves that to the commands.
  public let factory: ScreenFactory?
  /// Where it was declared in Swift; `nil` for a screen read from a route-table file or
  /// one that a table without declared screens took from its commands.
  ///
  /// A ``TableError`` about the screen names this place.
  public let declaredAt: DeclarationSite?

  /// Declares a screen.
  ///
  /// The screen records the file and line of the call as ``declaredAt``, so that a
  /// ``TableError`` about it names the line to fix; leave `fileID` and `line` to their
  /// defaults.
  ///
  /// - Parameters:
  ///   - name: The screen's name.
  ///   - parameters: The parameters it accepts; none by default.
  ///   - path: Its deep-link path pattern; its name by default.
  ///   - restorationIdentifier: Its identifier in saved state; none by default.
  ///   - factory: How to make its screen object; none by default.
  ///   - fileID: The file that declares it; the caller's by default.
  ///   - line: The line that declares it; the caller's by default.
  public init(
    _ name: ScreenName, parameters: [Parameter] = [], path: String? = nil,
    restorationIdentifier: String? = nil, factory: ScreenFactory? = nil,
    fileID: String = #fileID, line: Int = #line
  ) {
    self.init(
      name, parameters: parameters, path: path, restorationIdentifier: restorationIdentifier,
      factory: factory, declaredAt: DeclarationSite(fileID: fileID, line: line))
  }

  /// A screen with a declaration site or none: `nil` for a screen that no Swift
  /// declaration made, such as one read from a route-table file.
  init(
    _ name: ScreenName, parameters: [Parameter] = [], path: String? = nil,
    restorationIdentifier: String? = nil, factory: ScreenFactory? = nil,
    declaredAt: DeclarationSite?
  ) {
    self.name = name
    self.parameters = parameters
    self.path = path
    self.restorationIdentifier = restorationIdentifier
    self.factory = factory
    self.declaredAt = declaredAt
  }

  /// The kind declared for a parameter key, or `nil` when the screen does not declare it.
  ///
  /// - Complexity: O(*k*), where *k* is the number of declared parameters.
  public func kind(of key: String) -> ParameterKind? {
    parameters.first { $0.name == key }?.kind
  }
}
