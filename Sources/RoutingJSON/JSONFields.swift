/// Why a JSON value does not have the shape a format expects, and where.
package struct JSONShapeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of problem.
  package enum Kind: Hashable, Sendable {
    /// A value has the wrong JSON type.
    case wrongType
    /// An object holds a key the format does not know.
    case unknownKey
    /// A required key is missing.
    case missingKey
  }

  /// What is wrong.
  package let kind: Kind
  /// Where: the offending value, the unknown key, or the missing key.
  package let path: JSONPath
  /// A sentence that says what is wrong.
  package let message: String

  /// Creates an error.
  package init(_ kind: Kind, at path: JSONPath, _ message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// `path: message`, or the message alone at the top of the document.
  package var description: String {
    path.components.isEmpty ? message : "\(path): \(message)"
  }
}

/// An object being read field by field: every read names its path, and reading starts by
/// refusing keys the format does not know.
///
/// ```swift
/// let fields = try JSONFields(value, at: .root, keys: ["to", "from"])
/// let destination = try fields.requiredString("to")
/// let origins = try fields.stringArray("from") ?? []
/// ```
package struct JSONFields {
  /// The object.
  package let object: JSONObject
  /// Where it is in its document.
  package let path: JSONPath

  /// Reads `value` as an object whose keys are all in `keys`.
  ///
  /// - Throws: ``JSONShapeError`` when `value` is not an object or holds another key.
  /// - Complexity: O(*n* · *k*), where *n* is the number of members and *k* the number
  ///   of known keys.
  package init(_ value: JSONValue, at path: JSONPath, keys: [String]) throws(JSONShapeError) {
    guard case .object(let object) = value else {
      throw JSONShapeError(
        .wrongType, at: path, "expected an object, found \(value.typeDescription)")
    }
    for member in object.members where !keys.contains(member.key) {
      throw JSONShapeError(
        .unknownKey, at: path.appending(member.key),
        unknownKeyMessage(member.key, known: keys))
    }
    self.object = object
    self.path = path
  }

  /// The path of a member.
  package func path(_ key: String) -> JSONPath {
    path.appending(key)
  }

  /// The value of a member, when present.
  package subscript(key: String) -> JSONValue? {
    object[key]
  }

  /// The value of a member that must be present.
  package func required(_ key: String) throws(JSONShapeError) -> JSONValue {
    guard let value = object[key] else {
      throw JSONShapeError(.missingKey, at: path(key), "the required key '\(key)' is missing")
    }
    return value
  }

  /// A string member, when present.
  package func string(_ key: String) throws(JSONShapeError) -> String? {
    guard let value = object[key] else { return nil }
    return try JSONFields.string(value, at: path(key))
  }

  /// A string member that must be present.
  package func requiredString(_ key: String) throws(JSONShapeError) -> String {
    try JSONFields.string(required(key), at: path(key))
  }

  /// An array member, when present.
  package func array(_ key: String) throws(JSONShapeError) -> [JSONValue]? {
    guard let value = object[key] else { return nil }
    return try JSONFields.array(value, at: path(key))
  }

  /// An array-of-strings member, when present.
  package func stringArray(_ key: String) throws(JSONShapeError) -> [String]? {
    guard let elements = try array(key) else { return nil }
    var strings: [String] = []
    strings.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      strings.append(try JSONFields.string(element, at: path(key).appending(index)))
    }
    return strings
  }

  /// An object-of-strings member (`{"userId": "2"}`), when present.
  package func stringMap(_ key: String) throws(JSONShapeError) -> [String: String]? {
    guard let value = object[key] else { return nil }
    return try JSONFields.stringMap(value, at: path(key))
  }

  /// `value` as a string.
  package static func string(_ value: JSONValue, at path: JSONPath) throws(JSONShapeError)
    -> String
  {
    guard case .string(let text) = value else {
      throw JSONShapeError(
        .wrongType, at: path, "expected a string, found \(value.typeDescription)")
    }
    return text
  }

  /// `value` as an array.
  package static func array(_ value: JSONValue, at path: JSONPath) throws(JSONShapeError)
    -> [JSONValue]
  {
    guard case .array(let elements) = value else {
      throw JSONShapeError(
        .wrongType, at: path, "expected an array, found \(value.typeDescription)")
    }
    return elements
  }

  /// `value` as an object whose values are all strings.
  package static func stringMap(_ value: JSONValue, at path: JSONPath) throws(JSONShapeError)
    -> [String: String]
  {
    guard case .object(let object) = value else {
      throw JSONShapeError(
        .wrongType, at: path, "expected an object, found \(value.typeDescription)")
    }
    var map: [String: String] = [:]
    for member in object.members {
      map[member.key] = try string(member.value, at: path.appending(member.key))
    }
    return map
  }
}

/// The message for a key that an object of a document may not hold, the same for every
/// document the project reads: `unknown key 'gaurd' (known keys: 'id', 'from', 'to',
/// 'cost', 'guard', 'tabs'); did you mean 'guard'?`.
///
/// - Complexity: O(*k* · *n*²) for *k* known keys of length at most *n*.
package func unknownKeyMessage(_ key: String, known: [String]) -> String {
  let list = known.map { "'\($0)'" }.joined(separator: ", ")
  return "unknown key '\(MessageText.excerpt(key))' (known keys: \(list))"
    + MessageText.didYouMean(key, among: known)
}
