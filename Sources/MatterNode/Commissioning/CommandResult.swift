import MatterInteraction
import MatterTLV

/// What a command comes to: an answer now, a durable change whose answer waits for the save, or a bridged device's
/// command whose answer comes from the hub.
enum CommandResult {
    case answer(InvokeResponseIB)
    case afterSave(PendingSave)
    case bridged(endpoint: UInt16, BridgedRequest.Operation)

    /// A response command with `fields` on `path`'s cluster.
    static func response(_ path: CommandPathIB, command: UInt32, _ fields: [TLVElement]) -> CommandResult {
        .answer(responseIB(path, command: command, fields))
    }

    static func responseIB(_ path: CommandPathIB, command: UInt32, _ fields: [TLVElement]) -> InvokeResponseIB {
        .command(
            CommandDataIB(
                path: CommandPathIB(endpoint: path.endpoint, cluster: path.cluster, command: command), fields: fields))
    }

    /// A CommandStatusIB with an Interaction Model status (and a cluster-specific one).
    static func status(_ path: CommandPathIB, _ status: InteractionModelStatus, cluster: UInt8? = nil) -> CommandResult
    {
        .answer(.status(path: path, StatusIB(status, clusterStatus: cluster), ref: nil))
    }

    /// The `{0 ErrorCode, 1 DebugText}` responses of General Commissioning (DebugText is mandatory,
    /// matter-commissionee.md §10).
    static func commissioningResponse(_ path: CommandPathIB, command: UInt32, error: UInt8, debugText: String = "")
        -> CommandResult
    {
        response(
            path, command: command,
            [TLVElement(tag: .context(0), .unsigned(UInt64(error))), TLVElement(tag: .context(1), .utf8(debugText))])
    }

    /// NOCResponse {0 StatusCode, 1 FabricIndex (when OK), 2 DebugText (omitted when empty)} (CHIP
    /// `SendNOCResponse`).
    static func nocResponseIB(_ path: CommandPathIB, _ status: NOCStatus, fabricIndex: UInt8?) -> InvokeResponseIB {
        var fields = [TLVElement(tag: .context(0), .unsigned(UInt64(status.rawValue)))]
        if status == .ok, let fabricIndex {
            fields.append(TLVElement(tag: .context(1), .unsigned(UInt64(fabricIndex))))
        }
        return responseIB(path, command: 0x08, fields)
    }

    static func nocResponse(_ path: CommandPathIB, _ status: NOCStatus, fabricIndex: UInt8? = nil) -> CommandResult {
        .answer(nocResponseIB(path, status, fabricIndex: fabricIndex))
    }
}

/// Something a command does once its answer has gone out (it ends the session the answer travels on).
enum AfterAnswer {
    case expireFailSafe(reason: String)
    case endPASESession(reason: String)
}

/// A command's result with what it changed beside it.
struct CommandOutcome {
    var result: CommandResult
    var actions: [MatterNodeAction] = []
    var afterAnswer: [AfterAnswer] = []
}

/// NodeOperationalCertStatusEnum (Matter Core Specification 11.18.4.1; CHIP `ConvertToNOCResponseStatus`).
enum NOCStatus: UInt8 {
    case ok = 0
    case invalidPublicKey = 1
    case invalidNodeOpID = 2
    case invalidNOC = 3
    case missingCSR = 4
    case tableFull = 5
    case invalidAdminSubject = 6
    case fabricConflict = 9
    case labelConflict = 10
    case invalidFabricIndex = 11
}

/// CommissioningErrorEnum of General Commissioning (Matter Core Specification 11.10.5.1).
enum CommissioningError: UInt8 {
    case ok = 0
    case valueOutsideRange = 1
    case invalidAuthentication = 2
    case noFailSafe = 3
    case busyWithOtherAdmin = 4
}

/// StatusCodeEnum of Administrator Commissioning, the cluster-specific status of a FAILURE (Matter Core
/// Specification 11.19.6.1; CHIP `AdministratorCommissioningLogic.cpp`).
enum AdministratorCommissioningStatus: UInt8 {
    case busy = 2
    case pakeParameterError = 3
    case windowNotOpen = 4
}
