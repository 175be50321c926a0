import RoutingJSON

/// The known word a mistyped one most likely meant, for "did you mean" hints: the rule
/// of ``MessageText/suggestion(for:among:)``, which unknown keys of JSON documents share.
///
/// The check of request keys (``RoutingError/undeclaredParameter(key:suggestion:)``) and
/// the sample app's commands use it.
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
