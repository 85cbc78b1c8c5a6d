import MatterInteraction
import MatterTLV

/// General Diagnostics' commands (Matter Core Specification 11.12.7; CHIP `GeneralDiagnosticsLogic`,
/// `src/app/clusters/general-diagnostics-server/`). PayloadTestRequest is not accepted: CHIP lists it only where an
/// invoke may carry more than one path, and the node's carries one (`InteractionResponder.maximumPathsPerInvoke`).
extension MatterRootEndpoint {
    /// Runs TestEventTrigger (0x00) or TimeSnapshot (0x01); `upTimeMilliseconds` is the time since the node started.
    func generalDiagnostics(_ path: CommandPathIB, _ fields: CommandFields, upTimeMilliseconds: UInt64)
        throws(CommandFields.Invalid) -> CommandOutcome
    {
        switch path.command {
        case 0x00:
            _ = try fields.bytes(0, "EnableKey")
            _ = try fields.unsigned(1, "EventTrigger", as: UInt64.self)
            return testEventTrigger(path)
        default:
            return timeSnapshot(path, upTimeMilliseconds: upTimeMilliseconds)
        }
    }

    /// TestEventTrigger: CONSTRAINT_ERROR, since TestEventTriggersEnabled is false and the node has no enable key
    /// for any EnableKey to match (Matter Core 11.12.7.1; CHIP `HandleTestEventTrigger`, whose
    /// `GetTriggerDelegateOnMatchingKey` finds no delegate for a key of the wrong length, all zeros, or unmatched).
    func testEventTrigger(_ path: CommandPathIB) -> CommandOutcome {
        CommandOutcome(result: .status(path, .constraintError))
    }

    /// TimeSnapshot → TimeSnapshotResponse {0 SystemTimeMs, 1 PosixTimeMs}: the milliseconds since the node started
    /// (CHIP: `Server::TimeSinceInit`), and null for POSIX time, which the node does not know (CHIP gives it only
    /// with a Time Synchronization server; mhub's node reads no wall clock).
    func timeSnapshot(_ path: CommandPathIB, upTimeMilliseconds: UInt64) -> CommandOutcome {
        CommandOutcome(
            result: .response(
                path, command: 0x02,
                [TLVElement(tag: .context(0), .unsigned(upTimeMilliseconds)), TLVElement(tag: .context(1), .null)]))
    }
}
