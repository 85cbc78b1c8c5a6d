import MatterInteraction
import MatterMessage

/// General Commissioning's commands (Matter Core Specification 11.10.7; CHIP `general-commissioning-server.cpp`):
/// ArmFailSafe and SetRegulatoryConfig are the root endpoint's; CommissioningComplete ends the PASE session too.
extension MatterNode {
    mutating func generalCommissioning(
        _ path: CommandPathIB, _ fields: CommandFields, on key: MatterExchange.Key, session: MatterSecureSession,
        now: MonotonicInstant
    ) throws(CommandFields.Invalid) -> CommandOutcome {
        switch path.command {
        case 0x00:
            return rootEndpoint.armFailSafe(
                path, seconds: try fields.unsigned(0, "ExpiryLengthSeconds", as: UInt16.self),
                breadcrumb: try fields.unsigned(1, "Breadcrumb", as: UInt64.self), session: session, now: now)
        case 0x02:
            return rootEndpoint.setRegulatoryConfig(
                path, config: try fields.unsigned(0, "NewRegulatoryConfig", as: UInt8.self),
                countryCode: try fields.string(1, "CountryCode"),
                breadcrumb: try fields.unsigned(2, "Breadcrumb", as: UInt64.self))
        default:
            return commissioningComplete(path, on: key, session: session)
        }
    }

    /// CommissioningComplete → CommissioningCompleteResponse: NoFailSafe without an armed fail-safe,
    /// InvalidAuthentication unless it comes over CASE from the fabric the fail-safe belongs to. After an AddNOC or
    /// UpdateNOC the fabric table is saved first, and the answer waits for that; then the fail-safe is disarmed,
    /// Breadcrumb is 0 and the PASE session ends (CHIP `ExpireAllPASESessions`).
    mutating func commissioningComplete(
        _ path: CommandPathIB, on key: MatterExchange.Key, session: MatterSecureSession
    ) -> CommandOutcome {
        guard let failSafe = rootEndpoint.failSafe else {
            return CommandOutcome(
                result: .commissioningResponse(path, command: 0x05, error: CommissioningError.noFailSafe.rawValue))
        }
        guard session.kind == .case, failSafe.belongs(to: session.fabricIndex) else {
            return CommandOutcome(
                result: .commissioningResponse(
                    path, command: 0x05, error: CommissioningError.invalidAuthentication.rawValue))
        }
        let ok = CommandResult.responseIB(
            path, command: 0x05, [.init(tag: .context(0), .unsigned(0)), .init(tag: .context(1), .utf8(""))])
        guard failSafe.nocInvoked else {
            return CommandOutcome(result: .answer(ok), actions: completeCommissioning(fabricIndex: session.fabricIndex))
        }
        return afterSave(
            rootEndpoint.fabrics, rootEndpoint.fabrics, on: key, path: path, success: ok,
            effect: .commissioningComplete(fabricIndex: session.fabricIndex))
    }

    /// The fail-safe's changes are committed: it is disarmed, Breadcrumb returns to 0, the hub is told.
    mutating func completeCommissioning(fabricIndex: UInt8) -> [MatterNodeAction] {
        rootEndpoint.failSafe = nil
        rootEndpoint.breadcrumb = 0
        rootEndpoint.committedFabrics = rootEndpoint.fabrics
        var actions: [MatterNodeAction] = [.commissioningCompleted(fabricIndex: fabricIndex)] + fabricsChanged()
        if let pase = paseSession { actions += endSession(pase.localSessionID, reason: "commissioning completed") }
        return actions
    }
}
