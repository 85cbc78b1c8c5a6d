/// Protocol codes of the Secure Channel protocol in a StatusReport (CHIP `secure_channel/Constants.h`).
///
/// An open set: codes this list does not name still decode and print.
public struct SecureChannelStatusCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// `kProtocolCodeSuccess`, also the placeholder with general codes Success and Continue.
    public static let success = SecureChannelStatusCode(rawValue: 0x0000)
    public static let noSharedTrustRoots = SecureChannelStatusCode(rawValue: 0x0001)
    /// `kProtocolCodeInvalidParam`: what either side of PASE sends on any error (Matter reference C.1).
    public static let invalidParameter = SecureChannelStatusCode(rawValue: 0x0002)
    public static let closeSession = SecureChannelStatusCode(rawValue: 0x0003)
    public static let busy = SecureChannelStatusCode(rawValue: 0x0004)
    public static let sessionNotFound = SecureChannelStatusCode(rawValue: 0x0005)
    /// `kProtocolCodeGeneralFailure`: no more specific code.
    public static let generalFailure = SecureChannelStatusCode(rawValue: 0xFFFF)

    public var description: String {
        switch rawValue {
        case 0x0000: "SESSION_ESTABLISHMENT_SUCCESS"
        case 0x0001: "NO_SHARED_TRUST_ROOTS"
        case 0x0002: "INVALID_PARAMETER"
        case 0x0003: "CLOSE_SESSION"
        case 0x0004: "BUSY"
        case 0x0005: "SESSION_NOT_FOUND"
        case 0xFFFF: "GENERAL_FAILURE"
        default: "secure channel status 0x" + hex(rawValue, width: 4)
        }
    }
}
