/// Base64 with the standard alphabet and padding (RFC 4648 §4): the WebSocket handshake's keys (RFC 6455 §4.1,
/// §4.2.2), attribute values' octet strings as the OHF Matter Server writes them, and DER in `get_attestation`.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let padding = UInt8(ascii: "=")

    /// The padded Base64 text of `bytes`.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index < input.count {
            let remaining = input.count - index
            let first = UInt32(input[index])
            let second = remaining > 1 ? UInt32(input[index + 1]) : 0
            let third = remaining > 2 ? UInt32(input[index + 2]) : 0
            let group = first << 16 | second << 8 | third
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(remaining > 1 ? alphabet[Int(group >> 6 & 0x3F)] : padding)
            output.append(remaining > 2 ? alphabet[Int(group & 0x3F)] : padding)
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes, or nil when it is not canonical padded Base64.
    ///
    /// Rejects characters outside the alphabet (including whitespace), a length that is not a multiple of four,
    /// padding anywhere but at the end, and non-zero bits in the unused low bits of the last character; RFC 4648
    /// §3.3 and §3.5 allow decoders to reject all of these, and doing so gives every byte string one spelling.
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let isLast = index + 4 == input.count
            let paddingCount = isLast ? input[(index + 2)...].reversed().prefix { $0 == padding }.count : 0
            var group: UInt32 = 0
            for offset in 0..<4 {
                let character = input[index + offset]
                if offset >= 4 - paddingCount {
                    group <<= 6
                    continue
                }
                guard let value = sextet(character) else { return nil }
                group = group << 6 | UInt32(value)
            }
            switch paddingCount {
            case 0:
                output.append(contentsOf: [UInt8(group >> 16 & 0xFF), UInt8(group >> 8 & 0xFF), UInt8(group & 0xFF)])
            case 1:
                guard group & 0xFF == 0 else { return nil }
                output.append(contentsOf: [UInt8(group >> 16 & 0xFF), UInt8(group >> 8 & 0xFF)])
            default:
                guard group & 0xFFFF == 0 else { return nil }
                output.append(UInt8(group >> 16 & 0xFF))
            }
            index += 4
        }
        return output
    }

    /// The 6-bit value of one alphabet character (RFC 4648 Table 1).
    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }

    /// The bytes `text` encodes, read as attribute values have always been read: each group of four on its own,
    /// padding allowed at the end of any group, the unused low bits of a padded group ignored; characters outside
    /// the alphabet and a length that is not a multiple of four are still refused.
    public static func decodeLeniently(_ text: [UInt8]) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        for chunk in stride(from: 0, to: text.count, by: 4) {
            var group: UInt32 = 0
            var paddingCount = 0
            for index in 0..<4 {
                let character = text[chunk + index]
                if character == padding {
                    paddingCount += 1
                    group <<= 6
                } else {
                    guard paddingCount == 0, let value = sextet(character) else { return nil }
                    group = group << 6 | UInt32(value)
                }
            }
            let bytes = [UInt8(group >> 16 & 0xFF), UInt8(group >> 8 & 0xFF), UInt8(group & 0xFF)]
            output += bytes.prefix(3 - paddingCount)
        }
        return output
    }
}
