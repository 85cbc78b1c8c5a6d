import MatterInteraction
import MatterMessage

/// General Commissioning's commands that change the root endpoint alone (Matter Core Specification 11.10.7; CHIP
/// `general-commissioning-server.cpp`).
extension MatterRootEndpoint {
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
}
