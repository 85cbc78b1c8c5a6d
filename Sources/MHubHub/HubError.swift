/// An error the hub returns for a request: a stable number, a stable name and a human-readable text.
///
/// Codes 0–11 are those of the OHF Matter Server (`matter_server/common/errors.py`) with the same
/// meaning; mhub's own start at 200 (matterjs-server uses 100 and 101). docs/protocol.md lists them.
public struct HubError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Code
    public var details: String

    public init(_ code: Code, _ details: String) {
        self.code = code
        self.details = details
    }

    public var description: String { "\(code.name) (\(code.rawValue)): \(details)" }

    /// The same error for a client of the OHF Matter Server, which knows only codes 0–11: mhub's own
    /// codes become the nearest OHF code, with mhub's name kept at the start of `details`.
    ///
    /// python-matter-server's client looks codes up in a table and fails on any it does not know, so
    /// OHF commands never answer with mhub's codes (docs/protocol.md §3).
    func ohfCompatible(command: String) -> HubError {
        guard code.rawValue >= 200 else { return self }
        let mapped: Code =
            switch command {
            case "commission_with_code", "commission_on_network": .nodeCommissionFailed
            default: code == .deviceUnreachable ? .nodeNotReady : .unknownError
            }
        return HubError(mapped, "\(code.name) (\(code.rawValue)): \(details)")
    }

    /// An open set of error codes: unknown numbers from a newer hub still decode and print.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public var rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        public static let unknownError = Code(rawValue: 0)
        public static let nodeCommissionFailed = Code(rawValue: 1)
        public static let nodeInterviewFailed = Code(rawValue: 2)
        public static let nodeNotReady = Code(rawValue: 3)
        public static let nodeNotResolving = Code(rawValue: 4)
        public static let nodeNotExists = Code(rawValue: 5)
        public static let versionMismatch = Code(rawValue: 6)
        public static let sdkStackError = Code(rawValue: 7)
        public static let invalidArguments = Code(rawValue: 8)
        public static let invalidCommand = Code(rawValue: 9)

        public static let permissionDenied = Code(rawValue: 200)
        public static let hubOffline = Code(rawValue: 201)
        public static let sessionBusy = Code(rawValue: 202)
        public static let noSession = Code(rawValue: 203)
        public static let sessionNotOwned = Code(rawValue: 204)
        public static let invalidOnboardingPayload = Code(rawValue: 205)
        public static let deviceNotFound = Code(rawValue: 206)
        public static let paseFailed = Code(rawValue: 207)
        public static let stepFailed = Code(rawValue: 208)
        public static let stepTimeout = Code(rawValue: 209)
        public static let sessionCancelled = Code(rawValue: 210)
        public static let sessionExpired = Code(rawValue: 211)
        public static let sessionState = Code(rawValue: 212)
        public static let structureNotFound = Code(rawValue: 213)
        public static let roomNotFound = Code(rawValue: 214)
        public static let roomExists = Code(rawValue: 215)
        public static let unknownTemplate = Code(rawValue: 216)
        public static let simulatedDeviceNotFound = Code(rawValue: 217)
        public static let unauthorized = Code(rawValue: 218)
        public static let messageTooLarge = Code(rawValue: 219)
        public static let invalidJSON = Code(rawValue: 220)
        public static let storageFailed = Code(rawValue: 221)
        public static let deviceUnreachable = Code(rawValue: 222)
        public static let shuttingDown = Code(rawValue: 223)
        public static let tooManyConnections = Code(rawValue: 224)
        public static let quotaExceeded = Code(rawValue: 225)
        public static let fabricNotFound = Code(rawValue: 226)
        // 240–249: the test tools (the virtual clock, scenarios).
        public static let clockNotVirtual = Code(rawValue: 240)
        public static let invalidScenario = Code(rawValue: 241)

        static let names: [Int: String] = [
            0: "UnknownError", 1: "NodeCommissionFailed", 2: "NodeInterviewFailed", 3: "NodeNotReady",
            4: "NodeNotResolving", 5: "NodeNotExists", 6: "VersionMismatch", 7: "SDKStackError",
            8: "InvalidArguments", 9: "InvalidCommand",
            200: "PermissionDenied", 201: "HubOffline", 202: "SessionBusy", 203: "NoSession",
            204: "SessionNotOwned", 205: "InvalidOnboardingPayload", 206: "DeviceNotFound", 207: "PASEFailed",
            208: "StepFailed", 209: "StepTimeout", 210: "SessionCancelled", 211: "SessionExpired",
            212: "SessionState", 213: "StructureNotFound", 214: "RoomNotFound", 215: "RoomExists",
            216: "UnknownTemplate", 217: "SimulatedDeviceNotFound", 218: "Unauthorized", 219: "MessageTooLarge",
            220: "InvalidJSON", 221: "StorageFailed", 222: "DeviceUnreachable", 223: "ShuttingDown",
            224: "TooManyConnections", 225: "QuotaExceeded", 226: "FabricNotFound", 240: "ClockNotVirtual",
            241: "InvalidScenario",
        ]

        /// The stable name, or `Error<number>` for a code this version does not know.
        public var name: String { Self.names[rawValue] ?? "Error\(rawValue)" }

        public static var all: [Code] { names.keys.sorted().map { Code(rawValue: $0) } }
    }
}
