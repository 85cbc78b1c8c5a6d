/// The control protocol's error codes, with their stable names (docs/protocol.md §3).
///
/// Codes 0–11 are the OHF Matter Server's (`matter_server/common/errors.py`) with the same meaning; mhub's own
/// start at 200 (matterjs-server uses 100 and 101). The daemon answers with these and the client turns them back
/// into its typed errors, both by switching over this one enum, so a new code is a compile error in each.
/// A code from a newer hub that this version does not know is kept by the client as a number and a name.
public enum HubErrorCode: Int, CaseIterable, Hashable, Sendable {
    case unknownError = 0
    case nodeCommissionFailed = 1
    case nodeInterviewFailed = 2
    case nodeNotReady = 3
    case nodeNotResolving = 4
    case nodeNotExists = 5
    case versionMismatch = 6
    case sdkStackError = 7
    case invalidArguments = 8
    case invalidCommand = 9
    case updateCheckError = 10
    case updateError = 11

    case permissionDenied = 200
    case hubOffline = 201
    case sessionBusy = 202
    case noSession = 203
    case sessionNotOwned = 204
    case invalidOnboardingPayload = 205
    case deviceNotFound = 206
    case paseFailed = 207
    case stepFailed = 208
    case stepTimeout = 209
    case sessionCancelled = 210
    case sessionExpired = 211
    case sessionState = 212
    case structureNotFound = 213
    case roomNotFound = 214
    case roomExists = 215
    case unknownTemplate = 216
    case simulatedDeviceNotFound = 217
    case unauthorized = 218
    case messageTooLarge = 219
    case invalidJSON = 220
    case storageFailed = 221
    case deviceUnreachable = 222
    case shuttingDown = 223
    case tooManyConnections = 224
    case quotaExceeded = 225
    case fabricNotFound = 226
    case structureNotEmpty = 227
    case nodeWindowUnsupported = 228
    // 240–249: the test tools (the virtual clock, scenarios).
    case clockNotVirtual = 240
    case invalidScenario = 241

    /// The stable name the envelope carries as `error_name`.
    public var name: String {
        switch self {
        case .unknownError: "UnknownError"
        case .nodeCommissionFailed: "NodeCommissionFailed"
        case .nodeInterviewFailed: "NodeInterviewFailed"
        case .nodeNotReady: "NodeNotReady"
        case .nodeNotResolving: "NodeNotResolving"
        case .nodeNotExists: "NodeNotExists"
        case .versionMismatch: "VersionMismatch"
        case .sdkStackError: "SDKStackError"
        case .invalidArguments: "InvalidArguments"
        case .invalidCommand: "InvalidCommand"
        case .updateCheckError: "UpdateCheckError"
        case .updateError: "UpdateError"
        case .permissionDenied: "PermissionDenied"
        case .hubOffline: "HubOffline"
        case .sessionBusy: "SessionBusy"
        case .noSession: "NoSession"
        case .sessionNotOwned: "SessionNotOwned"
        case .invalidOnboardingPayload: "InvalidOnboardingPayload"
        case .deviceNotFound: "DeviceNotFound"
        case .paseFailed: "PASEFailed"
        case .stepFailed: "StepFailed"
        case .stepTimeout: "StepTimeout"
        case .sessionCancelled: "SessionCancelled"
        case .sessionExpired: "SessionExpired"
        case .sessionState: "SessionState"
        case .structureNotFound: "StructureNotFound"
        case .roomNotFound: "RoomNotFound"
        case .roomExists: "RoomExists"
        case .unknownTemplate: "UnknownTemplate"
        case .simulatedDeviceNotFound: "SimulatedDeviceNotFound"
        case .unauthorized: "Unauthorized"
        case .messageTooLarge: "MessageTooLarge"
        case .invalidJSON: "InvalidJSON"
        case .storageFailed: "StorageFailed"
        case .deviceUnreachable: "DeviceUnreachable"
        case .shuttingDown: "ShuttingDown"
        case .tooManyConnections: "TooManyConnections"
        case .quotaExceeded: "QuotaExceeded"
        case .fabricNotFound: "FabricNotFound"
        case .structureNotEmpty: "StructureNotEmpty"
        case .nodeWindowUnsupported: "NodeWindowUnsupported"
        case .clockNotVirtual: "ClockNotVirtual"
        case .invalidScenario: "InvalidScenario"
        }
    }

    /// Whether the OHF Matter Server has this code: its clients know no other (docs/protocol.md §3).
    public var isOHF: Bool { rawValue < 200 }
}
