/// Why bytes are not a well-formed Matter message, or a message cannot be opened.
public enum MessageDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input ended inside `field`.
    case truncated(field: String, needed: Int, available: Int)
    /// More bytes than the transport allows for one message.
    case tooLong(length: Int, maximum: Int)
    /// Message flags bits 7..4 must be 0 (CHIP `CHIP_ERROR_VERSION_MISMATCH`).
    case unsupportedVersion(UInt8)
    /// DSIZ 3 (both destination kinds) is reserved.
    case reservedDestinationSize
    /// Session types 2 and 3 are reserved.
    case reservedSessionType(UInt8)
    /// A destination group ID on a unicast session.
    case groupDestinationOnUnicastSession
    /// The message is encrypted where a plain one was expected, or the reverse.
    case unexpectedEncryption(encrypted: Bool)
    /// The privacy flag is set; obfuscated headers are not supported.
    case privacyNotSupported
    /// The AES-CCM tag does not match: altered bytes or a wrong key.
    case authenticationFailed
    /// A StatusReport shorter than its 8 fixed bytes.
    case statusReportTooShort(Int)

    public var description: String {
        switch self {
        case .truncated(let field, let needed, let available):
            "the message ends inside its \(field): \(needed) bytes needed, \(available) left"
        case .tooLong(let length, let maximum):
            "the message is \(length) bytes long; at most \(maximum) are allowed"
        case .unsupportedVersion(let version):
            "message format version \(version) is not supported (only 0)"
        case .reservedDestinationSize:
            "the message flags give both a destination node ID and a group ID (DSIZ 3 is reserved)"
        case .reservedSessionType(let type):
            "session type \(type) is reserved"
        case .groupDestinationOnUnicastSession:
            "a destination group ID needs a group session"
        case .unexpectedEncryption(let encrypted):
            encrypted ? "the message is encrypted but a plain one was expected" : "the message is not encrypted"
        case .privacyNotSupported:
            "the message uses privacy obfuscation, which is not supported"
        case .authenticationFailed:
            "the message's integrity check failed: it was altered or the session key is wrong"
        case .statusReportTooShort(let length):
            "a StatusReport needs at least 8 bytes, not \(length)"
        }
    }
}
