/// A line and a column in a text, both from 1, the column counted in Unicode scalars (a
/// leading byte-order mark is not counted), as ``JSONParseError`` counts them.
package struct TextPosition: Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  package var line: Int
  /// The column, from 1.
  package var column: Int

  /// Creates a position.
  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `3:7`, as compilers write a place after a file name.
  package var description: String { "\(line):\(column)" }
}

/// Where values of a JSON document start, found from their paths by reading the bytes
/// again.
///
/// Reading a route-table file keeps no position per value, so that loading stays as fast
/// as it is; only a message about a file uses a locator, to name the line and column of
/// the place a ``TableError`` or a ``Diagnostic`` names (`commands[2].from[0]`). It reads
/// with ``JSONReader``, the package's one JSON scanner, so it accepts and refuses exactly
/// what loading does: the document is checked once, and each call of
/// ``positions(of:)`` reads it once more, going into only the arrays and objects its
/// paths go through.
package struct JSONLocator {
  private let bytes: [UInt8]
  /// The first JSON error in the document, if any.
  package let syntaxError: JSONParseError?

  /// Prepares to locate values in a document, checking it as strictly as loading does.
  ///
  /// - Parameter bytes: The document.
  /// - Complexity: O(*n*), where *n* is the length of the document.
  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
    do {
      try JSONReader.read(bytes[...]) { reader throws(JSONParseError) in try reader.skipValue() }
      syntaxError = nil
    } catch {
      syntaxError = error
    }
  }

  /// The position of the value at `location`, a path written as ``TableError/location``
  /// writes one (`commands[2].from[0]`, `parameters["user id"]`), in `bytes`.
  ///
  /// - Parameters:
  ///   - location: The path.
  ///   - bytes: The document.
  /// - Returns: The line and column, as ``positions(of:)`` finds them.
  /// - Complexity: O(*n*), where *n* is the length of the document.
  package static func position(of location: String, in bytes: [UInt8]) -> TextPosition {
    JSONLocator(bytes).positions(of: [JSONPath(parsing: location)])[0]
  }

  /// The positions of the values at `paths`, in order.
  ///
  /// When the document has no value at a whole path (a missing key), the position is
  /// that of the deepest value it has on the way (the object the key is missing from);
  /// for the empty path, that of the document. In a document that is not JSON, every
  /// position is that of its first syntax error.
  ///
  /// - Parameter paths: The paths.
  /// - Returns: Their lines and columns.
  /// - Complexity: O(*n* + *p* log *p* + *l*), where *n* is the length of the document,
  ///   *p* the number of paths and *l* their total length.
  package func positions(of paths: [JSONPath]) -> [TextPosition] {
    if let syntaxError {
      let position = TextPosition(line: syntaxError.line, column: syntaxError.column)
      return Array(repeating: position, count: paths.count)
    }
    var wanted = PathTree()
    let ends = paths.map { wanted.insert($0.components) }
    var starts = Array(repeating: -1, count: wanted.nodes.count)
    // The document was checked when the locator was made, so this read does not fail.
    try? JSONReader.read(bytes[...]) { reader throws(JSONParseError) in
      try Self.read(&reader, at: 0, of: wanted, into: &starts)
    }
    let offsets = ends.map { end in
      var node = end
      while starts[node] < 0 { node = wanted.nodes[node].parent }
      return starts[node]
    }
    // One sweep over the bytes, in offset order.
    var result = Array(repeating: TextPosition(line: 1, column: 1), count: paths.count)
    var position = TextPosition(line: 1, column: 1)
    var index = bytes.starts(with: Self.byteOrderMark) ? Self.byteOrderMark.count : 0
    for query in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
      while index < min(offsets[query], bytes.count) {
        if bytes[index] == 0x0A {
          position.line += 1
          position.column = 1
        } else if bytes[index] & 0xC0 != 0x80 {
          position.column += 1
        }
        index += 1
      }
      result[query] = position
    }
    return result
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Reads the value the reader stands before, the value of `node`'s path: records where
  /// it starts, goes into it for the children `node` has, and skips everything else.
  ///
  /// Recursion goes no deeper than the longest path asked for.
  private static func read(
    _ reader: inout JSONReader, at node: Int, of tree: PathTree, into starts: inout [Int]
  ) throws(JSONParseError) {
    starts[node] = reader.offsetOfNextValue()
    let children = tree.nodes[node]
    switch try reader.peek() {
    case .object where !children.keys.isEmpty:
      try reader.enterObject()
      while let key = try reader.nextKey() {
        if let child = children.keys[reader.string(key)] {
          try read(&reader, at: child, of: tree, into: &starts)
        } else {
          try reader.skipValue()
        }
      }
    case .array where !children.elements.isEmpty:
      try reader.enterArray()
      var index = 0
      while try reader.nextElement() {
        if let child = children.elements[index] {
          try read(&reader, at: child, of: tree, into: &starts)
        } else {
          try reader.skipValue()
        }
        index += 1
      }
    default:
      try reader.skipValue()
    }
  }

  /// The paths asked for, as a tree: node 0 is the document, and each node's children
  /// are the keys and indices some path takes next.
  private struct PathTree {
    struct Node {
      var parent: Int
      var keys: [String: Int] = [:]
      var elements: [Int: Int] = [:]
    }

    var nodes = [Node(parent: 0)]

    /// Adds a path, and returns the node it ends at.
    mutating func insert(_ components: [JSONPath.Component]) -> Int {
      var node = 0
      for component in components {
        let known: Int?
        switch component {
        case .key(let key): known = nodes[node].keys[key]
        case .index(let index): known = nodes[node].elements[index]
        }
        if let known {
          node = known
          continue
        }
        nodes.append(Node(parent: node))
        let child = nodes.count - 1
        switch component {
        case .key(let key): nodes[node].keys[key] = child
        case .index(let index): nodes[node].elements[index] = child
        }
        node = child
      }
      return node
    }
  }
}

extension JSONPath {
  /// Reads a path back from its ``description``: `commands[2].from[0]`,
  /// `parameters["user id"]`. Text that is not such a path reads as far as it is one.
  ///
  /// - Parameter text: The path as ``description`` writes it.
  /// - Complexity: O(*n*), where *n* is the length of the text.
  package init(parsing text: String) {
    var components: [Component] = []
    let bytes = Array(text.utf8)
    var index = 0
    func plainEnd(from start: Int) -> Int {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "."), bytes[end] != UInt8(ascii: "[") {
        end += 1
      }
      return end
    }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "."):
        index += 1
      case UInt8(ascii: "[")
      where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\""):
        // A quoted key: a JSON string, then `]`.
        var end = index + 2
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
          end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard end < bytes.count,
          let key = (try? JSONValue(parsing: Array(bytes[(index + 1)...end])))?.stringValue
        else {
          self.init(components: components)
          return
        }
        components.append(.key(key))
        index = end + 2
      case UInt8(ascii: "["):
        var end = index + 1
        var number = 0
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
          number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
          end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "]"), end > index + 1 else {
          self.init(components: components)
          return
        }
        components.append(.index(number))
        index = end + 1
      default:
        let end = plainEnd(from: index)
        components.append(.key(String(decoding: bytes[index..<end], as: UTF8.self)))
        index = end
      }
    }
    self.init(components: components)
  }
}
