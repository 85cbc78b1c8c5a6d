/// A status code of the Interaction Model, as StatusIB and StatusResponseMessage carry it.
///
/// CHIP `src/protocols/interaction_model/StatusCodeList.h` (Matter Core Specification 8.10.1). An open set:
/// codes this list does not name still decode and print.
public struct InteractionModelStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let success = InteractionModelStatus(rawValue: 0x00)
    public static let failure = InteractionModelStatus(rawValue: 0x01)
    public static let invalidSubscription = InteractionModelStatus(rawValue: 0x7D)
    public static let unsupportedAccess = InteractionModelStatus(rawValue: 0x7E)
    public static let unsupportedEndpoint = InteractionModelStatus(rawValue: 0x7F)
    public static let invalidAction = InteractionModelStatus(rawValue: 0x80)
    public static let unsupportedCommand = InteractionModelStatus(rawValue: 0x81)
    public static let invalidCommand = InteractionModelStatus(rawValue: 0x85)
    public static let unsupportedAttribute = InteractionModelStatus(rawValue: 0x86)
    public static let constraintError = InteractionModelStatus(rawValue: 0x87)
    public static let unsupportedWrite = InteractionModelStatus(rawValue: 0x88)
    public static let resourceExhausted = InteractionModelStatus(rawValue: 0x89)
    public static let notFound = InteractionModelStatus(rawValue: 0x8B)
    public static let unreportableAttribute = InteractionModelStatus(rawValue: 0x8C)
    public static let invalidDataType = InteractionModelStatus(rawValue: 0x8D)
    public static let unsupportedRead = InteractionModelStatus(rawValue: 0x8F)
    public static let dataVersionMismatch = InteractionModelStatus(rawValue: 0x92)
    public static let timeout = InteractionModelStatus(rawValue: 0x94)
    public static let busy = InteractionModelStatus(rawValue: 0x9C)
    public static let unsupportedCluster = InteractionModelStatus(rawValue: 0xC3)
    public static let noUpstreamSubscription = InteractionModelStatus(rawValue: 0xC5)
    public static let needsTimedInteraction = InteractionModelStatus(rawValue: 0xC6)
    public static let unsupportedEvent = InteractionModelStatus(rawValue: 0xC7)
    public static let pathsExhausted = InteractionModelStatus(rawValue: 0xC8)
    public static let timedRequestMismatch = InteractionModelStatus(rawValue: 0xC9)
    public static let failsafeRequired = InteractionModelStatus(rawValue: 0xCA)

    private static let names: [UInt8: String] = [
        0x00: "SUCCESS", 0x01: "FAILURE", 0x7D: "INVALID_SUBSCRIPTION", 0x7E: "UNSUPPORTED_ACCESS",
        0x7F: "UNSUPPORTED_ENDPOINT", 0x80: "INVALID_ACTION", 0x81: "UNSUPPORTED_COMMAND", 0x85: "INVALID_COMMAND",
        0x86: "UNSUPPORTED_ATTRIBUTE", 0x87: "CONSTRAINT_ERROR", 0x88: "UNSUPPORTED_WRITE",
        0x89: "RESOURCE_EXHAUSTED", 0x8B: "NOT_FOUND", 0x8C: "UNREPORTABLE_ATTRIBUTE", 0x8D: "INVALID_DATA_TYPE",
        0x8F: "UNSUPPORTED_READ", 0x92: "DATA_VERSION_MISMATCH", 0x94: "TIMEOUT", 0x9C: "BUSY",
        0xC3: "UNSUPPORTED_CLUSTER", 0xC5: "NO_UPSTREAM_SUBSCRIPTION", 0xC6: "NEEDS_TIMED_INTERACTION",
        0xC7: "UNSUPPORTED_EVENT", 0xC8: "PATHS_EXHAUSTED", 0xC9: "TIMED_REQUEST_MISMATCH", 0xCA: "FAILSAFE_REQUIRED",
    ]

    public var description: String {
        let hex = String(rawValue, radix: 16, uppercase: true)
        return (Self.names[rawValue] ?? "IM status") + " (0x" + (hex.count < 2 ? "0" + hex : hex) + ")"
    }
}
