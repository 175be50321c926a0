import Routing

/// A `route` request read straight from its line when it has the plain shape nearly
/// every such line has, without a JSON value tree:
/// `{"jsonrpc": "2.0", "id": 7, "method": "route", "params": {…}}`, the members in any
/// order, each once, the params of ``PlainRequestLine``'s shape.
///
/// It accepts a strict part of JSON only: an id that is a whole number written plainly
/// or a string of printable ASCII without escapes; keys and the method likewise. Anything
/// else (another member, a notification, a batch, an escape, a repeated key, params that
/// ``PlainRequestLine`` does not read) makes it give up, and the line goes to the parser
/// and ``RPC``, which read it as the same request or explain what is wrong. So the
/// answer is the one the general path would give, only sooner.
struct PlainMessage {
  /// The id as written, and the params object.
  var id: ArraySlice<UInt8>
  var method: ArraySlice<UInt8>
  var params: ArraySlice<UInt8>

  /// The message on `line`, or `nil` when it is not of the plain shape.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the line.
  static func read(_ line: ArraySlice<UInt8>) -> PlainMessage? {
    var scanner = Scanner(bytes: line, position: line.startIndex)
    return scanner.message()
  }

  /// The texts compared, as bytes: comparing a slice with a string's UTF-8 view went
  /// through a generic iterator.
  enum Keys {
    static let jsonrpc = Array("jsonrpc".utf8)
    static let id = Array("id".utf8)
    static let method = Array("method".utf8)
    static let params = Array("params".utf8)
    static let version = Array("2.0".utf8)
    static let route = Array("route".utf8)
  }

  private struct Scanner {
    let bytes: ArraySlice<UInt8>
    var position: Int

    mutating func message() -> PlainMessage? {
      skipWhitespace()
      guard take(UInt8(ascii: "{")) else { return nil }
      var version: ArraySlice<UInt8>?
      var id: ArraySlice<UInt8>?
      var method: ArraySlice<UInt8>?
      var params: ArraySlice<UInt8>?
      repeat {
        skipWhitespace()
        guard let key = string() else { return nil }
        skipWhitespace()
        guard take(UInt8(ascii: ":")) else { return nil }
        skipWhitespace()
        if key.elementsEqual(Keys.jsonrpc), version == nil {
          guard let value = string() else { return nil }
          version = value
        } else if key.elementsEqual(Keys.id), id == nil {
          guard let value = number() ?? quoted() else { return nil }
          id = value
        } else if key.elementsEqual(Keys.method), method == nil {
          guard let value = string() else { return nil }
          method = value
        } else if key.elementsEqual(Keys.params), params == nil {
          guard let value = object() else { return nil }
          params = value
        } else {
          return nil
        }
        skipWhitespace()
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")) else { return nil }
      skipWhitespace()
      guard position == bytes.endIndex, let version, version.elementsEqual(Keys.version), let id,
        let method, let params
      else { return nil }
      return PlainMessage(id: id, method: method, params: params)
    }

    mutating func take(_ byte: UInt8) -> Bool {
      guard position < bytes.endIndex, bytes[position] == byte else { return false }
      position += 1
      return true
    }

    mutating func skipWhitespace() {
      while position < bytes.endIndex, RPC.isBlank(bytes[position]) { position += 1 }
    }

    /// A string of printable ASCII without escapes, with its quotes.
    mutating func quoted() -> ArraySlice<UInt8>? {
      let start = position
      guard string() != nil else { return nil }
      return bytes[start..<position]
    }

    /// The inside of a string of printable ASCII without escapes.
    mutating func string() -> ArraySlice<UInt8>? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = position
      while position < bytes.endIndex {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") {
          position += 1
          return bytes[start..<(position - 1)]
        }
        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
        position += 1
      }
      return nil
    }

    /// A whole number as JSON writes it: no leading zero, at most 18 digits.
    mutating func number() -> ArraySlice<UInt8>? {
      let start = position
      _ = take(UInt8(ascii: "-"))
      let digits = position
      while position < bytes.endIndex, (0x30...0x39).contains(bytes[position]) { position += 1 }
      let count = position - digits
      guard count > 0, count <= 18, count == 1 || bytes[digits] != UInt8(ascii: "0") else {
        position = start
        return nil
      }
      return bytes[start..<position]
    }

    /// An object, its braces matched outside strings; its grammar is checked by whoever
    /// reads it.
    mutating func object() -> ArraySlice<UInt8>? {
      let start = position
      var depth = 0
      var inString = false
      while position < bytes.endIndex {
        let byte = bytes[position]
        position += 1
        if inString {
          if byte == UInt8(ascii: "\\") {
            position += 1
          } else if byte == UInt8(ascii: "\"") {
            inString = false
          }
          continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 {
            return bytes[start] == UInt8(ascii: "{") ? bytes[start..<position] : nil
          }
        default: break
        }
        if depth == 0 { return nil }
      }
      return nil
    }
  }
}

extension ServeSession {
  /// Answers a plain `route` line without a JSON value tree; `false` when the line is
  /// not of that shape, and nothing was written.
  func answerPlainRoute(_ line: ArraySlice<UInt8>, _ table: RouteTable, into json: inout JSONBytes)
    -> Bool
  {
    guard let message = PlainMessage.read(line),
      message.method.elementsEqual(PlainMessage.Keys.route),
      let raw = PlainRequestLine.request(message.params)
    else { return false }
    let outcome = ServeMethods.route(raw, in: table)
    json.raw(#"{"jsonrpc":"2.0","id":"#)
    json.append(contentsOf: message.id)
    RPC.writeRest(outcome, into: &json)
    return true
  }
}
