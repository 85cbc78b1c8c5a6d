/// Percent-decoding of a URI component (RFC 3986 §2.1), without Foundation.
enum PercentDecoding {
    /// The UTF-8 text `component` spells, or `nil` for a broken escape or bytes that are not UTF-8. `+` stays `+`:
    /// the page encodes with `encodeURIComponent`, not as a form.
    static func decode(_ component: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        var input = component.utf8.makeIterator()
        while let byte = input.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = input.next().flatMap(hexValue), let low = input.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
