/// A Matter Interaction Model status (Matter Core Specification 8.10, "Status Code Table").
public struct InteractionStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let success = InteractionStatus(rawValue: 0x00)
    public static let failure = InteractionStatus(rawValue: 0x01)
    public static let unsupportedAccess = InteractionStatus(rawValue: 0x7E)
    public static let unsupportedEndpoint = InteractionStatus(rawValue: 0x7F)
    public static let invalidAction = InteractionStatus(rawValue: 0x80)
    public static let unsupportedCommand = InteractionStatus(rawValue: 0x81)
    public static let invalidCommand = InteractionStatus(rawValue: 0x85)
    public static let unsupportedAttribute = InteractionStatus(rawValue: 0x86)
    public static let constraintError = InteractionStatus(rawValue: 0x87)
    public static let unsupportedWrite = InteractionStatus(rawValue: 0x88)
    public static let notFound = InteractionStatus(rawValue: 0x8B)
    public static let resourceExhausted = InteractionStatus(rawValue: 0x89)
    public static let invalidDataType = InteractionStatus(rawValue: 0x8D)
    public static let timeout = InteractionStatus(rawValue: 0x94)
    public static let busy = InteractionStatus(rawValue: 0x9C)
    public static let unsupportedCluster = InteractionStatus(rawValue: 0xC3)
    public static let failsafeRequired = InteractionStatus(rawValue: 0xCA)
    public static let invalidInState = InteractionStatus(rawValue: 0xCB)

    static let names: [UInt8: String] = [
        0x00: "SUCCESS", 0x01: "FAILURE", 0x7E: "UNSUPPORTED_ACCESS", 0x7F: "UNSUPPORTED_ENDPOINT",
        0x80: "INVALID_ACTION",
        0x81: "UNSUPPORTED_COMMAND", 0x85: "INVALID_COMMAND", 0x86: "UNSUPPORTED_ATTRIBUTE",
        0x87: "CONSTRAINT_ERROR", 0x88: "UNSUPPORTED_WRITE", 0x89: "RESOURCE_EXHAUSTED", 0x8B: "NOT_FOUND",
        0x8D: "INVALID_DATA_TYPE",
        0x94: "TIMEOUT", 0x9C: "BUSY", 0xC3: "UNSUPPORTED_CLUSTER", 0xCA: "FAILSAFE_REQUIRED",
        0xCB: "INVALID_IN_STATE",
    ]

    public var name: String { Self.names[rawValue] ?? "STATUS_0x\(String(rawValue, radix: 16))" }

    /// The status with this name (`FAILURE`, `BUSY`, …), if it is one of the above.
    public init?(name: String) {
        guard let code = Self.names.first(where: { $0.value == name })?.key else { return nil }
        rawValue = code
    }

    public var description: String { "\(name) (0x\(String(rawValue, radix: 16, uppercase: true)))" }
}

/// A failed interaction: the Matter status a real device would answer with, and why.
public struct InteractionError: Error, Hashable, Sendable {
    public var status: InteractionStatus
    public var reason: String

    public init(_ status: InteractionStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    /// As the control protocol reports it: SDKStackError (7), as python-matter-server reports a status
    /// from the device, with the status first in `details`.
    var hubError: HubError {
        HubError(.sdkStackError, "\(status): \(reason)")
    }
}
