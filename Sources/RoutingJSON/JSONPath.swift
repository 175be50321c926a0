/// A place in a JSON document, written the way error messages name it:
/// `commands[3].from[1]`, or the empty string for the whole document.
///
/// A key that is not a plain identifier is written in brackets and quotes:
/// `parameters["user id"]`. A key longer than ``MessageText/excerptLimit`` bytes is written as its
/// excerpt (see ``MessageText/excerpt(_:limit:)``).
package struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  /// One step into a document.
  package enum Component: Hashable, Sendable {
    /// The member with a key.
    case key(String)
    /// The element at an index.
    case index(Int)
  }

  /// The steps from the top of the document, in order.
  package var components: [Component]

  /// The whole document.
  package static let root = JSONPath(components: [])

  /// Creates a path from its steps.
  package init(components: [Component]) {
    self.components = components
  }

  /// This path, one member further in.
  package func appending(_ key: String) -> JSONPath {
    JSONPath(components: components + [.key(key)])
  }

  /// This path, one element further in.
  package func appending(_ index: Int) -> JSONPath {
    JSONPath(components: components + [.index(index)])
  }

  /// `commands[3].from[1]`; empty for the whole document.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the result.
  package var description: String {
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key) where key.utf8.count <= MessageText.excerptLimit && Self.isPlain(key):
        if !text.isEmpty { text += "." }
        text += key
      case .key(let key):
        // A long key is quoted as an excerpt, so that a path stays short.
        text += "["
        JSONValue.string(MessageText.excerpt(key)).serialize(into: &text)
        text += "]"
      }
    }
    return text
  }

  /// Whether a key can be written bare: ASCII letters, digits and `_`, not starting
  /// with a digit.
  private static func isPlain(_ key: String) -> Bool {
    guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    else { return false }
    return key.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
        true
      default:
        false
      }
    }
  }
}
