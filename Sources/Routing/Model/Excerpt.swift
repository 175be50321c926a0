/// The longest excerpt of input, in bytes of UTF-8, that an error message quotes.
package let excerptLimit = 80

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
package func excerpt(_ text: some StringProtocol, limit: Int = excerptLimit) -> String {
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

/// A short excerpt of a screen's name for an error message, as ``excerpt(_:limit:)``.
package func excerpt(_ name: ScreenName, limit: Int = excerptLimit) -> String {
  excerpt(name.rawValue, limit: limit)
}
