/// Message types of the Secure Channel protocol (CHIP `src/protocols/secure_channel/Constants.h` `MsgType`).
///
/// An open set, so an unknown opcode on the wire can still be named in an error.
public struct SecureChannelOpcode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let messageCounterSyncRequest = SecureChannelOpcode(rawValue: 0x00)
    public static let messageCounterSyncResponse = SecureChannelOpcode(rawValue: 0x01)
    public static let standaloneAck = SecureChannelOpcode(rawValue: 0x10)
    public static let pbkdfParamRequest = SecureChannelOpcode(rawValue: 0x20)
    public static let pbkdfParamResponse = SecureChannelOpcode(rawValue: 0x21)
    public static let pake1 = SecureChannelOpcode(rawValue: 0x22)
    public static let pake2 = SecureChannelOpcode(rawValue: 0x23)
    public static let pake3 = SecureChannelOpcode(rawValue: 0x24)
    public static let sigma1 = SecureChannelOpcode(rawValue: 0x30)
    public static let sigma2 = SecureChannelOpcode(rawValue: 0x31)
    public static let sigma3 = SecureChannelOpcode(rawValue: 0x32)
    public static let sigma2Resume = SecureChannelOpcode(rawValue: 0x33)
    public static let statusReport = SecureChannelOpcode(rawValue: 0x40)
    public static let icdCheckIn = SecureChannelOpcode(rawValue: 0x50)
}
