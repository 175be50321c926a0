/// The known word a mistyped one most likely meant, for "did you mean" hints.
///
/// A word that differs only in case is matched first; otherwise the known word at the
/// smallest edit distance (insertions, deletions, substitutions and swaps of two adjacent
/// characters, case ignored; see ``editDistance(_:_:)``) wins, as long as the distance is
/// at most a third of the word's length, and at least 1. Ties go to the earlier known
/// word. Among `Menu` and `Profile`, `profile` means `Profile` and `Settings` means
/// neither; among `--help` and `--interactive`, `--interactiv` means `--interactive`;
/// among `text` and `json`, `jsno` means `json`.
///
/// The library's one such helper, for the library and the tool alike: unknown screens,
/// tabs and restoration identifiers, undeclared screens and keys, and the sample app's
/// and the tool's commands and options use it.
///
/// - Parameters:
///   - word: The word that was typed.
///   - candidates: The words it may have meant, in order of preference.
/// - Returns: The closest candidate, or `nil` when none is close enough.
/// - Complexity: O(*n* × *w* × *c*), where *n* is the number of candidates, *w* the
///   length of `word` and *c* that of the longest candidate.
package func suggestion(for word: String, among candidates: [String]) -> String? {
  let lowered = word.lowercased()
  if let sameLetters = candidates.first(where: { $0.lowercased() == lowered }) {
    return sameLetters
  }
  let length = lowered.count
  let limit = max(1, length / 3)
  var best: (candidate: String, distance: Int)? = nil
  // The distance is at least the difference in length: a word far longer or shorter
  // than a candidate (a megabyte-long key) is never compared with it.
  for candidate in candidates where abs(candidate.count - length) <= limit {
    let distance = editDistance(lowered, candidate.lowercased())
    if distance <= limit && distance < (best?.distance ?? .max) {
      best = (candidate, distance)
    }
  }
  return best?.candidate
}

/// `; did you mean 'route'?` when a known word is close to `word` (see
/// ``suggestion(for:among:)``), else nothing: the ending every message with a
/// suggestion shares.
///
/// - Complexity: That of ``suggestion(for:among:)``.
package func didYouMean(_ word: String, among candidates: [String]) -> String {
  suggestion(for: word, among: candidates).map { "; did you mean '\(excerpt($0))'?" } ?? ""
}

/// The number of single-character insertions, deletions and substitutions, and of swaps
/// of two adjacent characters, that turn one word into the other (the optimal string
/// alignment distance: `jsno` is one edit from `json`, each character edited once).
///
/// - Complexity: O(*a* × *b*), where *a* and *b* are the words' lengths.
package func editDistance(_ first: String, _ second: String) -> Int {
  let a = Array(first)
  let b = Array(second)
  guard !a.isEmpty else { return b.count }
  guard !b.isEmpty else { return a.count }
  // Three rows: the one before the previous is where a swap comes from.
  var beforePrevious = Array(repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = Array(repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
        current[j] = min(current[j], beforePrevious[j - 2] + 1)
      }
    }
    (beforePrevious, previous, current) = (previous, current, beforePrevious)
  }
  return previous[b.count]
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
