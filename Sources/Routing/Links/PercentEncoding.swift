/// Percent-encoding as links use it (RFC 3986), written for the link reader so that the
/// library does not need Foundation.
enum PercentEncoding {
  /// Decodes `encoded`, appending the bytes to `output`.
  ///
  /// - Returns: How many bytes were appended, or `nil` when a `%` is not followed by two
  ///   hexadecimal digits (`output` then holds some of the bytes, for the caller to
  ///   drop). Every other byte, `+` included, stands for itself. Whether the bytes are
  ///   UTF-8 is for the caller to check.
  /// - Complexity: O(*n*) for *n* bytes.
  static func decode(_ encoded: Span<UInt8>, into output: inout [UInt8]) -> Int? {
    let before = output.count
    var position = 0
    let count = encoded.count
    while position < count {
      let byte = encoded[position]
      position += 1
      guard byte == UInt8(ascii: "%") else {
        output.append(byte)
        continue
      }
      guard position + 1 < count, let high = hexValue(encoded[position]),
        let low = hexValue(encoded[position + 1])
      else { return nil }
      position += 2
      output.append(high << 4 | low)
    }
    return output.count - before
  }

  /// `text` with every byte outside the unreserved set (`A-Z a-z 0-9 - . _ ~`) written as
  /// `%XX`, so that it reads back as one segment, key or value whatever it holds.
  static func encode(_ text: String) -> String {
    let bytes = text.utf8
    guard !bytes.allSatisfy(isUnreserved) else { return text }
    var encoded: [UInt8] = []
    encoded.reserveCapacity(bytes.count * 3)
    for byte in bytes {
      if isUnreserved(byte) {
        encoded.append(byte)
      } else {
        encoded.append(UInt8(ascii: "%"))
        encoded.append(hexDigits[Int(byte >> 4)])
        encoded.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default:
      false
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}
