/// A screen object that a navigator places on a container: the headless counterpart of
/// a view controller.
///
/// Write one class per screen of your app, or use ``HeadlessScreen``. A screen object is
/// made by a ``ScreenFactory`` when a route pushes its screen, and the factory receives
/// the entry (with the parameters the screen declares, typed) and the view model of a
/// view-model navigation.
@MainActor
public protocol ScreenController: AnyObject {
  /// The title a back control shows when this screen is the one to go back to; `nil`
  /// lets the container use the screen's name.
  var title: String? { get }
}

extension ScreenController {
  /// No title of its own: containers show the screen's name.
  public var title: String? { nil }
}

/// What a factory knows when it makes a screen object.
public struct ScreenContext: Sendable {
  /// The entry being pushed: its screen and the parameters it declares, typed.
  public let entry: Entry
  /// The view model of a view-model navigation, given to the destination screen only.
  public let viewModel: (any ViewModel)?

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - entry: The entry being pushed.
  ///   - viewModel: The view model for the destination, if any.
  public init(entry: Entry, viewModel: (any ViewModel)? = nil) {
    self.entry = entry
    self.viewModel = viewModel
  }
}

/// Makes the screen object for an entry that a route pushes.
public typealias ScreenFactory = @MainActor @Sendable (ScreenContext) -> any ScreenController

/// A screen object with no behaviour of its own: it records the entry and view model it
/// was made with.
///
/// Tables loaded from files use it for every screen; it is also handy in tests.
@MainActor
public final class HeadlessScreen: ScreenController {
  /// The entry the screen was made for.
  public let entry: Entry
  /// The view model it received, if any.
  public let viewModel: (any ViewModel)?

  /// Makes a headless screen from a factory context.
  ///
  /// - Parameter context: The entry and view model.
  public init(_ context: ScreenContext) {
    self.entry = context.entry
    self.viewModel = context.viewModel
  }

  /// A factory that makes headless screens.
  nonisolated public static let factory: ScreenFactory = { HeadlessScreen($0) }
}

/// A view model whose type names the screen that shows it.
///
/// Navigating to a view model routes to ``destination`` with the view model's
/// ``parameters``, and the destination's factory receives the view model itself in
/// ``ScreenContext/viewModel``.
///
/// ```swift
/// struct ContactCardModel: ViewModel {
///   static let destination: ScreenName = "ContactCard"
///   let name: String
/// }
/// try await navigator.go(to: ContactCardModel(name: "Ada"))
/// ```
public protocol ViewModel: Sendable {
  /// The screen that shows view models of this type.
  static var destination: ScreenName { get }
  /// Request parameters that come with the view model; none by default.
  var parameters: Parameters { get }
}

extension ViewModel {
  /// No parameters.
  public var parameters: Parameters { [:] }
}
