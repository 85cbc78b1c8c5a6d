import MatterInteraction
import MatterMessage

/// General Commissioning's commands (Matter Core Specification 11.10.7; CHIP `general-commissioning-server.cpp`).
extension MatterNode {
    mutating func generalCommissioning(
        _ path: CommandPathIB, _ fields: CommandFields, on key: MatterExchange.Key, session: MatterSecureSession,
        now: MonotonicInstant
    ) throws(CommandFields.Invalid) -> CommandOutcome {
        switch path.command {
        case 0x00:
            return armFailSafe(
                path, seconds: try fields.unsigned(0, "ExpiryLengthSeconds", as: UInt16.self),
                breadcrumb: try fields.unsigned(1, "Breadcrumb", as: UInt64.self), session: session, now: now)
        case 0x02:
            return setRegulatoryConfig(
                path, config: try fields.unsigned(0, "NewRegulatoryConfig", as: UInt8.self),
                countryCode: try fields.string(1, "CountryCode"),
                breadcrumb: try fields.unsigned(2, "Breadcrumb", as: UInt64.self))
        default:
            return commissioningComplete(path, on: key, session: session)
        }
    }

    /// ArmFailSafe → ArmFailSafeResponse. BusyWithOtherAdmin when another fabric's fail-safe is armed, or when a
    /// CASE session would arm it first while a window is open (the window's commissioner gets it); 0 seconds
    /// expires it at once (after the answer); else it is armed or extended and Breadcrumb is set.
    mutating func armFailSafe(
        _ path: CommandPathIB, seconds: UInt16, breadcrumb: UInt64, session: MatterSecureSession, now: MonotonicInstant
    ) -> CommandOutcome {
        if let failSafe, !failSafe.belongs(to: session.fabricIndex) {
            return CommandOutcome(
                result: .commissioningResponse(
                    path, command: 0x01, error: CommissioningError.busyWithOtherAdmin.rawValue))
        }
        if failSafe == nil, commissionee != nil, session.kind == .case {
            return CommandOutcome(
                result: .commissioningResponse(
                    path, command: 0x01, error: CommissioningError.busyWithOtherAdmin.rawValue))
        }
        let ok = CommandResult.commissioningResponse(path, command: 0x01, error: CommissioningError.ok.rawValue)
        guard seconds > 0 else {
            return CommandOutcome(result: ok, afterAnswer: [.expireFailSafe(reason: "ArmFailSafe(0)")])
        }
        armFailSafe(seconds: seconds, on: session, now: now)
        self.breadcrumb = breadcrumb
        return CommandOutcome(result: ok)
    }

    /// SetRegulatoryConfig → SetRegulatoryConfigResponse: a two-letter country code (else CONSTRAINT_ERROR), an
    /// armed fail-safe (spec 11.10.7.4; else FAILSAFE_REQUIRED), a known location (else ValueOutsideRange, the
    /// country code as DebugText as CHIP answers); LocationCapability IndoorOutdoor takes any of them.
    mutating func setRegulatoryConfig(_ path: CommandPathIB, config: UInt8, countryCode: String, breadcrumb: UInt64)
        -> CommandOutcome
    {
        guard countryCode.utf8.count == 2 else { return CommandOutcome(result: .status(path, .constraintError)) }
        guard failSafe != nil else { return CommandOutcome(result: .status(path, .failsafeRequired)) }
        guard config <= 2 else {
            return CommandOutcome(
                result: .commissioningResponse(
                    path, command: 0x03, error: CommissioningError.valueOutsideRange.rawValue, debugText: countryCode))
        }
        regulatoryConfig = config
        self.countryCode = countryCode
        self.breadcrumb = breadcrumb
        return CommandOutcome(
            result: .commissioningResponse(path, command: 0x03, error: CommissioningError.ok.rawValue))
    }

    /// CommissioningComplete → CommissioningCompleteResponse: NoFailSafe without an armed fail-safe,
    /// InvalidAuthentication unless it comes over CASE from the fabric the fail-safe belongs to. After an AddNOC or
    /// UpdateNOC the fabric table is saved first, and the answer waits for that; then the fail-safe is disarmed,
    /// Breadcrumb is 0 and the PASE session ends (CHIP `ExpireAllPASESessions`).
    mutating func commissioningComplete(
        _ path: CommandPathIB, on key: MatterExchange.Key, session: MatterSecureSession
    ) -> CommandOutcome {
        guard let failSafe else {
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
            fabrics, fabrics, on: key, path: path, success: ok,
            effect: .commissioningComplete(fabricIndex: session.fabricIndex))
    }

    /// The fail-safe's changes are committed: it is disarmed, Breadcrumb returns to 0, the hub is told.
    mutating func completeCommissioning(fabricIndex: UInt8) -> [MatterNodeAction] {
        failSafe = nil
        breadcrumb = 0
        committedFabrics = fabrics
        var actions: [MatterNodeAction] = [.commissioningCompleted(fabricIndex: fabricIndex)] + fabricsChanged()
        if let pase = paseSession { actions += endSession(pase.localSessionID, reason: "commissioning completed") }
        return actions
    }
}
