/// How the package's messages quote input and suggest what a user meant, in one place
/// that every target (the JSON reader, the library, the tool) shares.
///
/// The routing library forwards its `excerpt(_:limit:)`, `suggestion(for:among:)` and
/// `didYouMean(_:among:)` here, so that there is one rule for each.
package enum MessageText {
  /// The longest excerpt of input, in bytes of UTF-8, that an error message quotes.
  package static let excerptLimit = 80

  /// A short excerpt of input for an error message: the text itself when it is short,
  /// else its start, an ellipsis and its length, at most `limit` bytes of UTF-8 in all.
  ///
  /// Every error that quotes input (a key, a name, a number, a link segment, a value)
  /// quotes it through this function, so that a message stays short whatever the input:
  /// a 5 MB number is quoted as `12345678901234567890…(5000000 bytes)`. The start is cut
  /// between Unicode scalars, never inside one.
  ///
  /// `excerpt("userId")` is `userId`; the excerpt of a thousand `a`s is 80 bytes long:
  /// its first 65 `a`s, then `…(1000 bytes)`.
  ///
  /// - Parameters:
  ///   - text: The input to quote.
  ///   - limit: The most bytes of UTF-8 the excerpt may have; at least 32 are used.
  /// - Returns: `text`, or its start followed by `…(N bytes)`, where *N* is the length of
  ///   `text` in bytes of UTF-8.
  /// - Complexity: O(`limit`) for a native string, O(*n*) for another, where *n* is the
  ///   length of `text`.
  package static func excerpt(_ text: some StringProtocol, limit: Int = excerptLimit) -> String {
    let limit = max(limit, 32)
    let length = text.utf8.count
    guard length > limit else { return String(text) }
    let tail = "…(\(length) bytes)"
    let budget = limit - tail.utf8.count
    var used = 0
    var end = text.unicodeScalars.startIndex
    for index in text.unicodeScalars.indices {
      let width = UTF8.width(text.unicodeScalars[index])
      if used + width > budget { break }
      used += width
      end = text.unicodeScalars.index(after: index)
    }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: text.unicodeScalars[..<end])
    return String(kept) + tail
  }

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
  /// The package's one such helper: unknown keys of every JSON document, the check of
  /// request keys and the sample app's commands use it.
  ///
  /// - Parameters:
  ///   - word: The word that was typed.
  ///   - candidates: The words it may have meant, in order of preference.
  /// - Returns: The closest candidate, or `nil` when none is close enough.
  /// - Complexity: O(*n* × *w* × *c*), where *n* is the number of candidates, *w* the
  ///   length of `word` and *c* that of the longest candidate.
  package static func suggestion(for word: String, among candidates: [String]) -> String? {
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
  package static func didYouMean(_ word: String, among candidates: [String]) -> String {
    suggestion(for: word, among: candidates).map { "; did you mean '\(excerpt($0))'?" } ?? ""
  }

  /// The number of single-character insertions, deletions and substitutions, and of swaps
  /// of two adjacent characters, that turn one word into the other (the optimal string
  /// alignment distance: `jsno` is one edit from `json`, each character edited once).
  ///
  /// - Complexity: O(*a* × *b*), where *a* and *b* are the words' lengths.
  package static func editDistance(_ first: String, _ second: String) -> Int {
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
}
