/// A screen of a route table: its name, the parameters it accepts, and optionally its
/// deep-link path pattern, restoration identifier and factory.
///
/// ```swift
/// Screen(.profile, parameters: [.integer("userId")], path: "profile/:userId") {
///   ProfileScreen(userId: $0.entry.parameters["userId"]?.integerValue)
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

  /// Declares a screen.
  ///
  /// - Parameters:
  ///   - name: The screen's name.
  ///   - parameters: The parameters it accepts; none by default.
  ///   - path: Its deep-link path pattern; its name by default.
  ///   - restorationIdentifier: Its identifier in saved state; none by default.
  ///   - factory: How to make its screen object; none by default.
  public init(
    _ name: ScreenName, parameters: [Parameter] = [], path: String? = nil,
    restorationIdentifier: String? = nil, factory: ScreenFactory? = nil
  ) {
    self.name = name
    self.parameters = parameters
    self.path = path
    self.restorationIdentifier = restorationIdentifier
    self.factory = factory
  }

  /// The kind declared for a parameter key, or `nil` when the screen does not declare it.
  ///
  /// - Complexity: O(*k*), where *k* is the number of declared parameters.
  public func kind(of key: String) -> ParameterKind? {
    parameters.first { $0.name == key }?.kind
  }
}
