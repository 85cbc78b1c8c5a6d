/// The message types of the Interaction Model protocol (protocol ID 0x0001).
///
/// CHIP `src/protocols/interaction_model/Constants.h` `MsgType`. An open set: an opcode this list does not
/// name still decodes and prints, so a peer's newer message gets an answer instead of a decoding failure.
public struct InteractionModelOpcode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let statusResponse = InteractionModelOpcode(rawValue: 0x01)
    public static let readRequest = InteractionModelOpcode(rawValue: 0x02)
    public static let subscribeRequest = InteractionModelOpcode(rawValue: 0x03)
    public static let subscribeResponse = InteractionModelOpcode(rawValue: 0x04)
    public static let reportData = InteractionModelOpcode(rawValue: 0x05)
    public static let writeRequest = InteractionModelOpcode(rawValue: 0x06)
    public static let writeResponse = InteractionModelOpcode(rawValue: 0x07)
    public static let invokeCommandRequest = InteractionModelOpcode(rawValue: 0x08)
    public static let invokeCommandResponse = InteractionModelOpcode(rawValue: 0x09)
    public static let timedRequest = InteractionModelOpcode(rawValue: 0x0A)

    private static let names: [UInt8: String] = [
        0x01: "StatusResponse", 0x02: "ReadRequest", 0x03: "SubscribeRequest", 0x04: "SubscribeResponse",
        0x05: "ReportData", 0x06: "WriteRequest", 0x07: "WriteResponse", 0x08: "InvokeCommandRequest",
        0x09: "InvokeCommandResponse", 0x0A: "TimedRequest",
    ]

    public var description: String {
        Self.names[rawValue] ?? "Interaction Model opcode 0x" + String(rawValue, radix: 16, uppercase: true)
    }
}
