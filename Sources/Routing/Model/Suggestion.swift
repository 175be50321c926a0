import RoutingJSON

/// The known word a mistyped one most likely meant, for "did you mean" hints: the rule
/// of ``MessageText/suggestion(for:among:)``, which unknown keys of JSON documents share.
///
/// The check of request keys (``RoutingError/undeclaredParameter(key:suggestion:)``) and
/// the sample app's commands use it.
///
/// The library's one such helper, for the library and the tool alike: unknown screens,
/// tabs and restoration identifiers, undeclared screens and keys, and the sample app's
/// and the tool's commands and options use it.
///
/// - Complexity: O(*n* × *w* × *c*), where *n* is the number of candidates, *w* the
///   length of `word` and *c* that of the longest candidate.
package func suggestion(for word: String, among candidates: [String]) -> String? {
  MessageText.suggestion(for: word, among: candidates)
}

/// `; did you mean 'route'?` when a known word is close to `word`, else nothing
/// (``MessageText/didYouMean(_:among:)``).
///
/// - Complexity: That of ``suggestion(for:among:)``.
package func didYouMean(_ word: String, among candidates: [String]) -> String {
  MessageText.didYouMean(word, among: candidates)
}

/// The optimal string alignment distance of two words
/// (``MessageText/editDistance(_:_:)``).
///
/// - Complexity: O(*a* × *b*), where *a* and *b* are the words' lengths.
package func editDistance(_ first: String, _ second: String) -> Int {
  MessageText.editDistance(first, second)
}

extension RouteTable {
  /// The table's screen closest to `name` (see ``suggestion(for:among:)``), for the
  /// "did you mean" of an unknown screen; called only once a name is known to be unknown.
  ///
  /// - Complexity: O(*V* × *w* × *c*), where *V* is the number of screens, *w* the
  ///   length of `name` and *c* that of the longest screen name.
  package func nearestScreen(to name: ScreenName) -> ScreenName? {
    suggestion(for: name.rawValue, among: screens.map(\.name.rawValue)).map { ScreenName($0) }
  }

  /// The table's tab closest to `name`, for the "did you mean" of an unknown tab.
  ///
  /// - Complexity: O(*T* × *w* × *c*), where *T* is the number of tabs.
  package func nearestTab(to name: String) -> String? {
    name.isEmpty ? nil : suggestion(for: name, among: tabs.map(\.name))
  }
}

extension Planner {
  /// The planner's screen closest to `name`, as ``RouteTable/nearestScreen(to:)``.
  ///
  /// - Complexity: O(*V* × *w* × *c*), as ``RouteTable/nearestScreen(to:)``.
  func nearestScreen(to name: ScreenName) -> ScreenName? {
    suggestion(for: name.rawValue, among: screenNames.map(\.rawValue)).map { ScreenName($0) }
  }
}
