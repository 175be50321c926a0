/// One screen instance on a stack: its screen and the parameter values it holds.
///
/// ```swift
/// let stack = [Entry(.menu), Entry(.profile, parameters: ["userId": 1])]
/// ```
public struct Entry: Hashable, Sendable, CustomStringConvertible {
  /// The screen this entry shows.
  public var screen: ScreenName
  /// The parameter values, `nil` when there are none: an entry without parameters holds
  /// no dictionary, so copying or dropping one retains and releases only its name (a
  /// warm plan copies each pushed entry twice, into the stack and into its step). Never
  /// an empty dictionary,
  /// so that the synthesized `==` and `hash(into:)` compare what ``parameters`` shows.
  private var storedParameters: Parameters?

  /// The parameter values it holds.
  public var parameters: Parameters {
    // `Parameters()` is the shared empty storage; the literal `[:]` went through
    // `init(dictionaryLiteral:)` for every entry asked.
    get { storedParameters ?? Parameters() }
    set { storedParameters = newValue.isEmpty ? nil : newValue }
  }

  /// Whether the entry holds any parameter value: `!parameters.isEmpty`, answered
  /// without making the dictionary, for a writer of many entries.
  public var hasParameters: Bool { storedParameters != nil }

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - screen: The screen.
  ///   - parameters: Its parameter values; none by default.
  public init(_ screen: ScreenName, parameters: Parameters = [:]) {
    self.screen = screen
    self.storedParameters = parameters.isEmpty ? nil : parameters
  }

  /// An entry without parameters, made without looking at a dictionary.
  init(_ screen: ScreenName) {
    self.screen = screen
    self.storedParameters = nil
  }

  /// `Profile(userId: 2)`, keys in order; a bare name without parameters.
  ///
  /// - Complexity: O(*k* log *k*), where *k* is the number of parameters.
  public var description: String {
    guard let parameters = storedParameters else { return screen.rawValue }
    let items = parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    return "\(screen.rawValue)(\(items.joined(separator: ", ")))"
  }
}

extension Array where Element == Entry {
  /// The stack written bottom first, `Menu > Folder > Profile(userId: 2)`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of entries.
  public var stackDescription: String {
    map(\.description).joined(separator: " > ")
  }
}
