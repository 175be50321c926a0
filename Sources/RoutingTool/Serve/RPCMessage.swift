import Routing
import RoutingJSON

/// A line of `routing serve` as its one pull reader found it: one request object, or a
/// batch of them (JSON-RPC 2.0).
///
/// The line is read once, by ``JSONReader``, and judged afterwards: a JSON error anywhere
/// in the line wins over every problem of an envelope or of params, and a batch runs
/// nothing unless the whole line is JSON.
enum RPCLine {
  /// One value, a request object or not.
  case single(RPCMessage)
  /// An array of values.
  case batch([RPCMessage])

  /// Reads a line with the storage a serving thread keeps from line to line.
  ///
  /// - Throws: ``JSONParseError`` when the line is not one JSON value.
  /// - Complexity: O(*n* + *p* log *p*), where *n* is the length of the line and *p* the
  ///   number of members of its largest object.
  static func read(_ line: ArraySlice<UInt8>, reusing buffers: inout JSONReader.Buffers)
    throws(JSONParseError) -> RPCLine
  {
    try JSONReader.read(line, reusing: &buffers) { reader throws(JSONParseError) in
      guard try reader.peek() == .array else { return .single(try RPCMessage(reading: &reader)) }
      try reader.enterArray()
      var batch: [RPCMessage] = []
      while try reader.nextElement() { batch.append(try RPCMessage(reading: &reader)) }
      return .batch(batch)
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
    case request(Result<RawRequest, RequestProblem>)
  }

  /// The value's type when it is not an object.
  var notObject: JSONValueKind?
  /// The first key in written order that a request object may not hold.
  var unknownKey: String?
  var id: JSONValue?
  var version: JSONValue?
  var method: JSONValue?
  var params: Params?

  /// Reads the value the reader stands before.
  ///
  /// - Throws: ``JSONParseError`` for a JSON error in the value.
  /// - Complexity: O(*n* + *p* log *p*), where *n* is the length of the value and *p* the
  ///   number of members of its largest object.
  init(reading reader: inout JSONReader) throws(JSONParseError) {
    let kind = try reader.peek()
    guard kind == .object else {
      try reader.skipValue()
      notObject = kind
      return
    }
    try reader.enterObject()
    while let key = try reader.nextKey() {
      if reader.text(key, is: "jsonrpc") {
        version = try JSONValue(reading: &reader)
      } else if reader.text(key, is: "id") {
        id = try JSONValue(reading: &reader)
      } else if reader.text(key, is: "method") {
        method = try JSONValue(reading: &reader)
      } else if reader.text(key, is: "params") {
        if case .string(let name)? = method, ServeMethods.named(name)?.request != nil,
          try reader.peek() == .object
        {
          params = .request(try RawRequest.read(&reader))
        } else {
          params = .tree(try JSONValue(reading: &reader))
        }
      } else {
        if unknownKey == nil { unknownKey = reader.string(key) }
        try reader.skipValue()
      }
    }
  }
}
