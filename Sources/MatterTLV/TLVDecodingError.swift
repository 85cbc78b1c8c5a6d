/// Why a byte string is not well-formed Matter TLV.
public enum TLVDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input ended inside an element; `offset` is where the element began.
    case truncated(offset: Int)
    /// A control byte whose element type is reserved (0x19–0x1F).
    case reservedElementType(UInt8, offset: Int)
    /// An end-of-container marker outside any container.
    case unexpectedEndOfContainer(offset: Int)
    /// A UTF-8 string element whose bytes are not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// A length too large for this machine or for the input.
    case lengthTooLarge(offset: Int)
    /// Containers nested deeper than the decoder allows.
    case nestingTooDeep(limit: Int)
    /// Bytes after the last complete element where one element was expected.
    case trailingBytes(offset: Int)

    public var description: String {
        switch self {
        case .truncated(let offset): "TLV input ends inside the element at byte \(offset)"
        case .reservedElementType(let type, let offset):
            "TLV element type 0x\(String(type, radix: 16)) at byte \(offset) is reserved"
        case .unexpectedEndOfContainer(let offset): "TLV end-of-container at byte \(offset) closes no container"
        case .invalidUTF8(let offset): "TLV string at byte \(offset) is not valid UTF-8"
        case .lengthTooLarge(let offset): "TLV length at byte \(offset) is larger than the input"
        case .nestingTooDeep(let limit): "TLV containers nest deeper than \(limit) levels"
        case .trailingBytes(let offset): "TLV input has bytes after the element, from byte \(offset)"
        }
    }
}
