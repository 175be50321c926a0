/// One screen on a container: the entry it shows and its screen object.
///
/// Two items are equal when their entries are equal and they hold the same screen object
/// (`===`): a container tells screens apart by their objects.
@MainActor
public struct StackItem: Equatable {
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
    self.identity = ObjectIdentifier(screen)
  }

  /// The screen object's identity, read once so that comparing items needs no actor.
  let identity: ObjectIdentifier

  /// Whether two items show equal entries with the same screen object.
  nonisolated public static func == (lhs: StackItem, rhs: StackItem) -> Bool {
    lhs.identity == rhs.identity && lhs.entry == rhs.entry
  }
}

/// A container that a ``Navigator`` executes routes on: a plain stack
/// (``StackContainer``) or a two-pane drill-down.
///
/// A container exposes its screens in routing order (bottom first) and implements the
/// two moves a route is made of. Both are `async` so that a container may animate; the
/// navigator waits for each before the next step. Both may refuse with a
/// ``NavigationError``, changing nothing; a container whose moves cannot fail implements
/// them without `throws`.
///
/// The navigator checks, before each step and after the last, that the container holds
/// as many screens as the route has left and the screen object it left on top, reading
/// ``depth`` and ``top``; implement them in O(1) when ``items`` costs more.
@MainActor
public protocol NavigationContainer: AnyObject {
  /// The screens in routing order, bottom first.
  var items: [StackItem] { get }

  /// How many screens the container holds: `items.count`.
  var depth: Int { get }

  /// The top screen: `items.last`.
  var top: StackItem? { get }

  /// Puts a new screen on top.
  ///
  /// - Parameter item: The screen to push.
  /// - Throws: ``NavigationError`` when the container refuses, such as
  ///   ``NavigationError/alreadyShown(_:)`` for a screen object it already shows;
  ///   nothing changes.
  func push(_ item: StackItem) async throws(NavigationError)

  /// Removes screens from the top until `count` remain.
  ///
  /// - Parameter count: How many screens stay, from 0 to the current number; a route
  ///   always leaves at least one.
  /// - Throws: ``NavigationError`` when the container refuses, such as
  ///   ``NavigationError/invalidDepth(_:depth:)`` for a count out of range; nothing
  ///   changes.
  func pop(toCount count: Int) async throws(NavigationError)
}

extension NavigationContainer {
  /// The entries in routing order, bottom first: the stack a route is planned from.
  ///
  /// - Complexity: O(*n*), where *n* is the number of screens.
  public var entries: [Entry] { items.map(\.entry) }

  /// `items.count`.
  ///
  /// - Complexity: As ``items``.
  public var depth: Int { items.count }

  /// `items.last`.
  ///
  /// - Complexity: As ``items``.
  public var top: StackItem? { items.last }
}

/// A headless navigation controller: a plain stack of screens.
///
/// ```swift
/// let container = try StackContainer(table: table, root: .menu)
/// let navigator = Navigator(table: table, container: container)
/// ```
@MainActor
public final class StackContainer: NavigationContainer {
  /// The screens, bottom first.
  public private(set) var items: [StackItem]
  /// The identities of the screen objects shown, so that a push finds a shown one in
  /// O(1).
  private var shown: Set<ObjectIdentifier>

  /// Creates a stack holding one root screen.
  ///
  /// - Parameter root: The bottom screen.
  public init(root: StackItem) {
    items = [root]
    shown = [root.identity]
  }

  /// Creates a stack holding the given screens.
  ///
  /// - Parameter items: The screens, bottom first; may be empty. Each screen object
  ///   should appear once.
  /// - Complexity: O(*n*), where *n* is the number of screens.
  public init(items: [StackItem]) {
    self.items = items
    shown = Set(items.lazy.map(\.identity))
  }

  /// How many screens the stack holds.
  public var depth: Int { items.count }

  /// The top screen.
  public var top: StackItem? { items.last }

  /// Puts a new screen on top.
  ///
  /// - Parameter item: The screen to push.
  /// - Throws: ``NavigationError/alreadyShown(_:)`` when the stack already shows its
  ///   screen object; nothing changes.
  /// - Complexity: O(1) on average.
  public func push(_ item: StackItem) async throws(NavigationError) {
    guard shown.insert(item.identity).inserted else { throw .alreadyShown(item.entry) }
    items.append(item)
  }

  /// Removes screens from the top until `count` remain.
  ///
  /// - Parameter count: How many screens stay, from 0 to the current number.
  /// - Throws: ``NavigationError/invalidDepth(_:depth:)`` when `count` is negative or
  ///   above the number of screens; nothing changes.
  /// - Complexity: O(*k*), where *k* is the number of screens removed.
  public func pop(toCount count: Int) async throws(NavigationError) {
    guard count >= 0, count <= items.count else {
      throw .invalidDepth(count, depth: items.count)
    }
    for item in items[count...] { shown.remove(item.identity) }
    items.removeSubrange(count...)
  }

  /// Replaces every screen at once: for restoration, in its own file.
  func replaceItems(with items: [StackItem]) {
    self.items = items
    shown = Set(items.lazy.map(\.identity))
  }
}

extension StackItem: CustomStringConvertible {
  /// The entry's description, `Profile(userId: 2)`: the screen object is left out.
  ///
  /// - Complexity: O(*k* log *k*), where *k* is the number of parameters.
  nonisolated public var description: String { entry.description }
}
