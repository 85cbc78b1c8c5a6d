import MatterMessage

/// Arming the fail-safe (Matter Core Specification 11.10.7.2; CHIP `FailSafeContext`). What its expiry undoes
/// reaches the sessions too, so that is the node's (`MatterNode+FailSafe`).
extension MatterRootEndpoint {
    /// MaxCumulativeFailsafeSeconds: no fail-safe lasts longer from its first arming (BasicCommissioningInfo).
    static let maximumCumulativeFailSafeMilliseconds: UInt64 = 900_000

    /// Arms the fail-safe for `seconds` from now, or extends it, never past its cumulative limit.
    mutating func armFailSafe(seconds: UInt16, on session: MatterSecureSession, now: MonotonicInstant) {
        let wanted = now.advanced(byMilliseconds: UInt64(seconds) * 1000)
        if var armed = failSafe {
            armed.deadline = min(wanted, armed.cumulativeDeadline)
            failSafe = armed
            return
        }
        let cumulative = now.advanced(byMilliseconds: Self.maximumCumulativeFailSafeMilliseconds)
        failSafe = FailSafe(
            deadline: min(wanted, cumulative), cumulativeDeadline: cumulative, fabricIndex: session.fabricIndex,
            paseSessionID: session.kind == .pase ? session.localSessionID : nil)
    }
}
