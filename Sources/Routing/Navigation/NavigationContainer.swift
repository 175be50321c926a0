/// One screen on a container: the entry it shows and its screen object.
@MainActor
public struct StackItem {
  /// The screen and parameters.
  public let entry: Entry
  /// The screen object showing it.
  public let screen: any ScreenController

  /// Pairs an entry with its screen object.
  ///
  /// - Parameters:
  ///   - entry: The screen and parameters.
  ///   - screen: The object that shows it.
  public init(entry: Entry, screen: any ScreenController) {
    self.entry = entry
    self.screen = screen
  }
}

/// A container that a ``Navigator`` executes routes on: a plain stack
/// (``StackContainer``) or a two-pane drill-down.
///
/// A container exposes its screens in routing order (bottom first) and implements the
/// two moves a route is made of. Both are `async` so that a container may animate; the
/// navigator waits for each before the next step.
@MainActor
public protocol NavigationContainer: AnyObject {
  /// The screens in routing order, bottom first.
  var items: [StackItem] { get }

  /// Puts a new screen on top.
  ///
  /// - Parameter item: The screen to push.
  func push(_ item: StackItem) async

  /// Removes screens from the top until `count` remain.
  ///
  /// - Parameter count: How many screens stay, from 0 to the current number; a route
  ///   always leaves at least one.
  func pop(toCount count: Int) async
}

extension NavigationContainer {
  /// The entries in routing order, bottom first: the stack a route is planned from.
  ///
  /// - Complexity: O(*n*), where *n* is the number of screens.
  public var entries: [Entry] { items.map(\.entry) }
}

/// A headless navigation controller: a plain stack of screens.
///
/// ```swift
/// let container = try StackContainer(table: table, root: .menu)
/// let navigator = Navigator(table: table, container: container)
/// ```
@MainActor
public final class StackContainer: NavigationContainer {
  /// The screens, bottom first. The setter is internal so that restoration, in its own
  /// file, can replace them all at once.
  public internal(set) var items: [StackItem]

  /// Creates a stack holding one root screen.
  ///
  /// - Parameter root: The bottom screen.
  public init(root: StackItem) {
    items = [root]
  }

  /// Creates a stack holding the given screens.
  ///
  /// - Parameter items: The screens, bottom first; may be empty.
  public init(items: [StackItem]) {
    self.items = items
  }

  /// Puts a new screen on top.
  ///
  /// - Parameter item: The screen to push.
  public func push(_ item: StackItem) async {
    items.append(item)
  }

  /// Removes screens from the top until `count` remain.
  ///
  /// - Parameter count: How many screens stay.
  /// - Complexity: O(*k*), where *k* is the number of screens removed.
  public func pop(toCount count: Int) async {
    precondition(
      count >= 0 && count <= items.count, "pop(toCount: \(count)) on \(items.count) screens")
    items.removeSubrange(count...)
  }
}

extension StackItem: CustomStringConvertible {
  /// The entry's description, `Profile(userId: 2)`: the screen object is left out.
  ///
  /// - Complexity: O(*k* log *k*), where *k* is the number of parameters.
  nonisolated public var description: String { entry.description }
}
