/// A container's saved navigation state: the restorable screens in routing order, with
/// their parameters, in a versioned `Codable` value.
///
/// A snapshot holds the entries, bottom first, whose screens have a non-empty
/// ``Screen/restorationIdentifier``; the others are left out. A drill-down also records
/// whether its right pane held a restorable screen; a plain stack, which has no right
/// pane, records nothing about one. A drill-down's snapshot encoded as JSON:
///
/// ```json
/// {"version": 1,
///  "entries": [{"identifier": "mailboxes", "parameters": {}},
///              {"identifier": "folder", "parameters": {"name": "Inbox"}}],
///  "rightPaneRestorable": true}
/// ```
///
/// Parameter values are saved as text and typed again by the screen's declarations when
/// restored. Decoding checks what it reads: an unknown ``version``, an unknown key, an
/// empty identifier or parameter name, or a value of the wrong type throws
/// `DecodingError` (`dataCorrupted` names the coding path).
public struct NavigationSnapshot: Codable, Hashable, Sendable {
  /// The format version this library writes and reads.
  public static let currentVersion = 1

  /// The snapshot's format version; always ``currentVersion`` once decoded or created.
  public let version: Int
  /// The restorable entries, bottom first.
  public var entries: [SavedEntry]
  /// For a drill-down's snapshot, whether its right pane held a restorable screen (the
  /// last of ``entries``); `nil` for a plain stack's, which has no right pane.
  ///
  /// `nil` is not encoded: a stack's snapshot has no `rightPaneRestorable` key. Decoding
  /// reads the key when it is there, so older stack snapshots that hold
  /// `"rightPaneRestorable": false` still decode (as `false`).
  public var rightPaneRestorable: Bool?
  /// For a ``ModalPresenter``'s snapshot, the restorable entries of each open layer,
  /// bottom first, after ``entries`` (the base's); `nil`, and not encoded, when no
  /// layer is saved. A layer whose first entry is not restorable is left out, with every
  /// layer above it.
  public var layers: [[SavedEntry]]?

  /// Creates a snapshot in the current format.
  ///
  /// - Parameters:
  ///   - entries: The restorable entries, bottom first.
  ///   - rightPaneRestorable: For a drill-down, whether its right pane held the last of
  ///     them; `nil` (the default) for a plain stack.
  ///   - layers: For a modal presenter, each saved layer's entries; `nil` (the default)
  ///     for none.
  public init(
    entries: [SavedEntry], rightPaneRestorable: Bool? = nil, layers: [[SavedEntry]]? = nil
  ) {
    self.version = Self.currentVersion
    self.entries = entries
    self.rightPaneRestorable = rightPaneRestorable
    self.layers = layers
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case version
    case entries
    case rightPaneRestorable
    case layers
  }

  /// Decodes and checks a snapshot.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for an unknown version or key, an empty
  ///   identifier or parameter name; other `DecodingError`s for missing keys and values
  ///   of the wrong type.
  /// - Complexity: O(*n*), where *n* is the number of entries and parameters.
  public init(from decoder: any Decoder) throws {
    let container = try versionedContainer(
      decoder, keyedBy: CodingKeys.self, version: .version, current: Self.currentVersion,
      of: "snapshot")
    self.version = Self.currentVersion
    self.entries = try container.decode([SavedEntry].self, forKey: .entries)
    self.rightPaneRestorable = try container.decodeIfPresent(
      Bool.self, forKey: .rightPaneRestorable)
    self.layers = try container.decodeIfPresent([[SavedEntry]].self, forKey: .layers)
    if let layers, let empty = layers.firstIndex(where: \.isEmpty) {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath + [CodingKeys.layers],
          debugDescription: "layer \(empty) is empty: a saved layer holds at least one entry"))
    }
  }

  /// Encodes the snapshot.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  /// - Complexity: O(*n*), where *n* is the number of entries and parameters.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(entries, forKey: .entries)
    try container.encodeIfPresent(rightPaneRestorable, forKey: .rightPaneRestorable)
    try container.encodeIfPresent(layers, forKey: .layers)
  }
}

/// One restorable screen in a ``NavigationSnapshot``: its restoration identifier and its
/// parameter values as text.
public struct SavedEntry: Codable, Hashable, Sendable, CustomStringConvertible {
  /// The screen's ``Screen/restorationIdentifier``.
  public var identifier: String
  /// The entry's parameter values, as text (``ParameterValue/description``).
  public var parameters: [String: String]

  /// Creates a saved entry.
  ///
  /// - Parameters:
  ///   - identifier: The screen's restoration identifier.
  ///   - parameters: Its parameter values as text; none by default.
  public init(identifier: String, parameters: [String: String] = [:]) {
    self.identifier = identifier
    self.parameters = parameters
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case identifier
    case parameters
  }

  /// Decodes and checks a saved entry.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for an unknown key, an empty identifier or
  ///   an empty parameter name; other `DecodingError`s for a missing identifier and
  ///   values of the wrong type.
  /// - Complexity: O(*k*), where *k* is the number of parameters.
  public init(from decoder: any Decoder) throws {
    try rejectUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let identifier = try container.decode(String.self, forKey: .identifier)
    guard !identifier.isEmpty else {
      throw DecodingError.dataCorruptedError(
        forKey: .identifier, in: container, debugDescription: "empty restoration identifier")
    }
    let parameters =
      try container.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:]
    guard !parameters.keys.contains("") else {
      throw DecodingError.dataCorruptedError(
        forKey: .parameters, in: container, debugDescription: "empty parameter name")
    }
    self.identifier = identifier
    self.parameters = parameters
  }

  /// Encodes the saved entry.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  /// - Complexity: O(*k*), where *k* is the number of parameters.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(identifier, forKey: .identifier)
    try container.encode(parameters, forKey: .parameters)
  }

  /// `identifier`, or `identifier(key: value, …)` with keys in order.
  ///
  /// - Complexity: O(*k* log *k*), where *k* is the number of parameters.
  public var description: String {
    guard !parameters.isEmpty else { return identifier }
    let items = parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    return "\(identifier)(\(items.joined(separator: ", ")))"
  }
}

/// A coding key for any string, to list the keys an object really holds.
private struct AnyCodingKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    return nil
  }
}

/// Opens a versioned object for decoding: throws `DecodingError.dataCorrupted` when its
/// `version` key holds another version than `current` (the message naming `kind`, say
/// "snapshot") or when it holds a key not in `Keys`.
func versionedContainer<Keys: CodingKey & CaseIterable>(
  _ decoder: any Decoder, keyedBy keys: Keys.Type, version key: Keys, current: Int,
  of kind: String
) throws -> KeyedDecodingContainer<Keys> {
  let container = try decoder.container(keyedBy: keys)
  let version = try container.decode(Int.self, forKey: key)
  guard version == current else {
    throw DecodingError.dataCorruptedError(
      forKey: key, in: container,
      debugDescription:
        "unsupported \(kind) version \(version); this library reads version \(current)"
    )
  }
  try rejectUnknownKeys(in: decoder, known: Keys.allCases.map(\.stringValue))
  return container
}

/// Throws `DecodingError.dataCorrupted` when the object being decoded holds a key that
/// is not in `known`; the error names the first such key in order.
func rejectUnknownKeys(in decoder: any Decoder, known: [String]) throws {
  let container = try decoder.container(keyedBy: AnyCodingKey.self)
  let unknown = container.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
  if let first = unknown.first {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        // The key is quoted as an excerpt, here and in the path, so that a message that
        // prints the error stays short whatever the key.
        codingPath: decoder.codingPath + [AnyCodingKey(stringValue: excerpt(first))],
        debugDescription: "unknown key '\(excerpt(first))'"))
  }
}
