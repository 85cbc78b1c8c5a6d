import MatterCrypto
import MatterInteraction

/// Administrator Commissioning's commands (Matter Core Specification 11.19.8; CHIP
/// `AdministratorCommissioningLogic.cpp`, whose checks and their order these follow). Each needs a timed invoke;
/// failures specific to the cluster are FAILURE with the cluster's status code. The window itself is the hub's:
/// the node asks for it (`.openWindow`, `.revokeWindow`) and learns of it as its commissionee.
extension MatterRootEndpoint {
    /// The shortest and longest commissioning window an administrator may open (CHIP `CommissioningWindowManager`
    /// `MinCommissioningTimeout` 3 minutes; Matter Core 11.19.8.1 allows at most 15).
    static let windowTimeoutSeconds: ClosedRange<UInt16> = 180...900

    mutating func administratorCommissioning(
        _ path: CommandPathIB, _ fields: CommandFields, session: MatterSecureSession
    ) throws(CommandFields.Invalid) -> CommandOutcome {
        switch path.command {
        case 0x00:
            return openCommissioningWindow(
                path, timeout: try fields.unsigned(0, "CommissioningTimeout", as: UInt16.self),
                verifier: try fields.bytes(1, "PAKEPasscodeVerifier"),
                discriminator: try fields.unsigned(2, "Discriminator", as: UInt16.self),
                iterations: try fields.unsigned(3, "Iterations", as: UInt32.self), salt: try fields.bytes(4, "Salt"),
                session: session)
        case 0x01:
            return openBasicCommissioningWindow(
                path, timeout: try fields.unsigned(0, "CommissioningTimeout", as: UInt16.self), session: session)
        default:
            return revokeCommissioning(path)
        }
    }

    static func failure(_ path: CommandPathIB, _ code: AdministratorCommissioningStatus) -> CommandOutcome {
        CommandOutcome(result: .status(path, .failure, cluster: code.rawValue))
    }

    /// OpenCommissioningWindow: an enhanced window with the commissioner's verifier, for an administrator of a
    /// fabric the node holds, while no fail-safe is armed and no window is open.
    func openCommissioningWindow(
        _ path: CommandPathIB, timeout: UInt16, verifier: [UInt8], discriminator: UInt16, iterations: UInt32,
        salt: [UInt8], session: MatterSecureSession
    ) -> CommandOutcome {
        guard let record = fabrics.records[session.fabricIndex] else { return Self.failure(path, .pakeParameterError) }
        guard failSafe == nil, commissionee == nil else { return Self.failure(path, .busy) }
        guard Spake2pPasscodeKeys.iterationRange.contains(iterations),
            Spake2pPasscodeKeys.saltLengthRange.contains(salt.count)
        else { return Self.failure(path, .pakeParameterError) }
        guard Self.windowTimeoutSeconds.contains(timeout), discriminator <= 0xFFF else {
            return CommandOutcome(result: .status(path, .invalidCommand))
        }
        guard (try? Spake2pVerifier(serialized: verifier)) != nil else {
            return Self.failure(path, .pakeParameterError)
        }
        let window = MatterAdministratorWindow(
            method: .enhanced(verifier: verifier, discriminator: discriminator, iterations: iterations, salt: salt),
            timeoutSeconds: timeout, fabricIndex: record.fabricIndex, vendorID: record.vendorID)
        return CommandOutcome(result: .status(path, .success), actions: [.openWindow(window)])
    }

    /// OpenBasicCommissioningWindow: a basic window (the hub's own passcode), under the same conditions.
    func openBasicCommissioningWindow(_ path: CommandPathIB, timeout: UInt16, session: MatterSecureSession)
        -> CommandOutcome
    {
        guard let record = fabrics.records[session.fabricIndex] else { return Self.failure(path, .pakeParameterError) }
        guard commissionee == nil, failSafe == nil else { return Self.failure(path, .busy) }
        guard Self.windowTimeoutSeconds.contains(timeout) else {
            return CommandOutcome(result: .status(path, .invalidCommand))
        }
        let window = MatterAdministratorWindow(
            method: .basic, timeoutSeconds: timeout, fabricIndex: record.fabricIndex, vendorID: record.vendorID)
        return CommandOutcome(result: .status(path, .success), actions: [.openWindow(window)])
    }

    /// RevokeCommissioning: the fail-safe expires (after the answer), and the open window closes (WindowNotOpen if
    /// there is none).
    func revokeCommissioning(_ path: CommandPathIB) -> CommandOutcome {
        let expiry: [AfterAnswer] = failSafe == nil ? [] : [.expireFailSafe(reason: "RevokeCommissioning")]
        guard commissionee != nil else {
            var outcome = Self.failure(path, .windowNotOpen)
            outcome.afterAnswer = expiry
            return outcome
        }
        return CommandOutcome(result: .status(path, .success), actions: [.revokeWindow], afterAnswer: expiry)
    }
}
