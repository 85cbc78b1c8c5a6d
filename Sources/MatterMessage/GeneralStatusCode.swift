/// The protocol-independent status in a StatusReport (CHIP `secure_channel/Constants.h` `GeneralStatusCode`).
///
/// An open set: codes this list does not name still decode and print.
public struct GeneralStatusCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    public static let success = GeneralStatusCode(rawValue: 0)
    public static let failure = GeneralStatusCode(rawValue: 1)
    public static let badPrecondition = GeneralStatusCode(rawValue: 2)
    public static let outOfRange = GeneralStatusCode(rawValue: 3)
    public static let badRequest = GeneralStatusCode(rawValue: 4)
    public static let unsupported = GeneralStatusCode(rawValue: 5)
    public static let unexpected = GeneralStatusCode(rawValue: 6)
    public static let resourceExhausted = GeneralStatusCode(rawValue: 7)
    public static let busy = GeneralStatusCode(rawValue: 8)
    public static let timeout = GeneralStatusCode(rawValue: 9)
    public static let `continue` = GeneralStatusCode(rawValue: 10)
    public static let aborted = GeneralStatusCode(rawValue: 11)
    public static let invalidArgument = GeneralStatusCode(rawValue: 12)
    public static let notFound = GeneralStatusCode(rawValue: 13)
    public static let alreadyExists = GeneralStatusCode(rawValue: 14)
    public static let permissionDenied = GeneralStatusCode(rawValue: 15)
    public static let dataLoss = GeneralStatusCode(rawValue: 16)

    private static let names = [
        "SUCCESS", "FAILURE", "BAD_PRECONDITION", "OUT_OF_RANGE", "BAD_REQUEST", "UNSUPPORTED", "UNEXPECTED",
        "RESOURCE_EXHAUSTED", "BUSY", "TIMEOUT", "CONTINUE", "ABORTED", "INVALID_ARGUMENT", "NOT_FOUND",
        "ALREADY_EXISTS", "PERMISSION_DENIED", "DATA_LOSS",
    ]

    public var description: String {
        Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : "general status \(rawValue)"
    }
}
