/// Why bytes are not the strict DER (ITU-T X.690 §10) this target reads.
public enum DERDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input ends inside the element that starts at `offset`.
    case truncated(offset: Int)
    /// A tag number of 31 or more (the multi-byte form), which nothing Matter uses has.
    case unsupportedTag(offset: Int)
    /// The indefinite length form (BER only), a length with leading zero bytes, or a long form for a short length.
    case nonMinimalLength(offset: Int)
    /// A different element than the structure needs at this place.
    case unexpectedTag(expected: UInt8, found: UInt8, offset: Int)
    /// Bytes after the last element of a container or of the input.
    case trailingBytes(offset: Int)
    /// A primitive value that is malformed for its type (named, e.g. "INTEGER not minimal").
    case invalidValue(String, offset: Int)

    public var description: String {
        switch self {
        case .truncated(let offset): "DER input ends inside the element at byte \(offset)"
        case .unsupportedTag(let offset): "DER tag at byte \(offset) uses the multi-byte form"
        case .nonMinimalLength(let offset): "DER length at byte \(offset) is not in its shortest definite form"
        case .unexpectedTag(let expected, let found, let offset):
            "DER element at byte \(offset) has tag 0x\(hex(found)), expected 0x\(hex(expected))"
        case .trailingBytes(let offset): "DER input has bytes after the element, from byte \(offset)"
        case .invalidValue(let reason, let offset): "DER value at byte \(offset): \(reason)"
        }
    }
}

private func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
}
