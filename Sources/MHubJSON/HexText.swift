/// Bytes written as hexadecimal text, two digits a byte, either case: the configuration's byte strings and a Thread
/// dataset sent by an OHF client.
public enum HexText {
    /// Why text is not whole bytes of hexadecimal.
    public enum DecodingError: Error, Hashable, Sendable {
        /// An odd number of digits.
        case oddLength(digits: Int)
        /// The byte starting at this character (1-based) is not two hexadecimal digits.
        case notHex(character: Int)
    }

    /// The bytes `text` spells.
    public static func decode(_ text: String) -> Result<[UInt8], DecodingError> {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return .failure(.oddLength(digits: digits.count)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else {
                return .failure(.notHex(character: index + 1))
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return .success(bytes)
    }

    /// `bytes` as two digits each.
    public static func encode(_ bytes: some Collection<UInt8>, uppercase: Bool) -> String {
        let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
