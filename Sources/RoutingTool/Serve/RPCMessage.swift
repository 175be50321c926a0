import Routing
import RoutingJSON
import RoutingStorage

/// A line of `routing serve` as its one pull reader found it: one request object, or a
/// batch of them (JSON-RPC 2.0).
///
/// The line is read once, by ``JSONReader``, and judged afterwards: a JSON error anywhere
/// in the line wins over every problem of an envelope or of params, and a batch runs
/// nothing unless the whole line is JSON. The line is filled in place, not returned: a
/// request returned through the reader's generic `read` was copied.
struct RPCLine {
  /// Whether the line is an array of values.
  var isBatch = false
  /// The line's value when it is not an array.
  var single = RPCMessage()
  /// The values of an array.
  var batch: [RPCMessage] = []

  /// Reads a line with the storage a serving thread keeps from line to line.
  ///
  /// - Throws: ``JSONParseError`` when the line is not one JSON value.
  /// - Complexity: O(*n* + *p* log *p*), where *n* is the length of the line and *p* the
  ///   number of members of its largest object.
  mutating func read(_ line: ArraySlice<UInt8>, reusing buffers: inout JSONReader.Buffers)
    throws(JSONParseError)
  {
    try JSONReader.read(line, reusing: &buffers) { reader throws(JSONParseError) in
      guard try reader.peek() == .array else { return try single.read(&reader) }
      isBatch = true
      try reader.enterArray()
      while try reader.nextElement() {
        var message = RPCMessage()
        try message.read(&reader)
        batch.append(message)
      }
    }
  }
}

/// One value of a line, read as a request object: its members found, not yet judged.
///
/// The params of a method that reads a request (``ServeMethod/request``) are read in
/// place, straight into the request by the request reader, when the method comes before
/// them, as clients write it; other params are read as a tree, which the methods read
/// (the same request reader walking it, for a request whose method comes after them).
struct RPCMessage {
  /// A member `params` as it was read.
  enum Params {
    /// Read as a tree.
    case tree(JSONValue)
    /// Read as a request, or the first problem in it, at paths from the params.
    case request(RawRequest.ParamsRequest)
  }

  /// What a member `jsonrpc` held.
  enum Version {
    /// The string `2.0`.
    case two
    /// Anything else.
    case other
  }

  /// The members a request object may hold.
  enum Member: String {
    case jsonrpc, id, method, params

    /// The member whose key is spelled with exactly these bytes; `nil` for any other
    /// key. The length picks the one candidate, and its name is compared byte for
    /// byte: comparing as strings, for every member of every line, cost more than the
    /// rest of reading the envelope.
    init?(key: Span<UInt8>) {
      let candidate: Member
      switch key.count {
      case 2: candidate = .id
      case 6: candidate = key[0] == UInt8(ascii: "m") ? .method : .params
      case 7: candidate = .jsonrpc
      default: return nil
      }
      let name = candidate.rawValue
      guard Bytes.equal(key, name.utf8.span) else { return nil }
      self = candidate
    }
  }

  /// The value's type when it is not an object.
  var notObject: JSONValueKind?
  /// The first key in written order that a request object may not hold.
  var unknownKey: String?
  var id: JSONValue?
  var version: Version?
  var method: JSONValue?
  var params: Params?

  /// Reads the value the reader stands before.
  ///
  /// - Throws: ``JSONParseError`` for a JSON error in the value.
  /// - Complexity: O(*n* + *p* log *p*), where *n* is the length of the value and *p* the
  ///   number of members of its largest object.
  mutating func read(_ reader: inout JSONReader) throws(JSONParseError) {
    let kind = try reader.peek()
    guard kind == .object else {
      try reader.skipValue()
      notObject = kind
      return
    }
    try reader.enterObject()
    while let key = try reader.nextKey() {
      var member = reader.withBytes(of: key) { Member(key: $0) }
      // A key spelled otherwise that Swift finds equal to a member's name is that member,
      // as the tree's lookup by `String` found it.
      let other = member == nil ? reader.string(key) : nil
      if let other { member = Member(rawValue: other) }
      switch member {
      case .jsonrpc?:
        guard try reader.peek() == .string else {
          try reader.skipValue()
          version = .other
          continue
        }
        let text = try reader.readString()
        version = reader.text(text, is: "2.0") ? .two : .other
      // An id and a method are nearly always a number and a string: read straight, as
      // the tree's reader reads them.
      case .id?:
        switch try reader.peek() {
        case .number: id = .number(JSONNumber(checkedText: try reader.readNumberText()))
        case .string: id = .string(try reader.readStringValue())
        default: id = try JSONValue(reading: &reader)
        }
      case .method?:
        method =
          try reader.peek() == .string
          ? .string(try reader.readStringValue()) : try JSONValue(reading: &reader)
      case .params?:
        if case .string(let name)? = method,
          let reading = ServeMethods.requestReadings.first(where: { $0.name == name }),
          try reader.peek() == .object
        {
          params = .request(try RawRequest.read(&reader, withLink: reading.withLink))
        } else {
          params = .tree(try JSONValue(reading: &reader))
        }
      case nil:
        if unknownKey == nil { unknownKey = other }
        try reader.skipValue()
      }
    }
  }
}
