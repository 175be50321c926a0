import RoutingJSON

/// The longest excerpt of input, in bytes of UTF-8, that an error message quotes
/// (``MessageText/excerptLimit``).
package let excerptLimit = MessageText.excerptLimit

/// A short excerpt of input for an error message: the text itself when it is short,
/// else its start, an ellipsis and its length, at most `limit` bytes of UTF-8 in all.
///
/// The rule is ``MessageText/excerpt(_:limit:)``'s, which the JSON reader shares.
///
/// - Complexity: O(`limit`) for a native string, O(*n*) for another, where *n* is the
///   length of `text`.
package func excerpt(_ text: some StringProtocol, limit: Int = excerptLimit) -> String {
  MessageText.excerpt(text, limit: limit)
}

/// A short excerpt of a screen's name for an error message, as ``excerpt(_:limit:)``.
package func excerpt(_ name: ScreenName, limit: Int = excerptLimit) -> String {
  excerpt(name.rawValue, limit: limit)
}
