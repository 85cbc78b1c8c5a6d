import MatterMessage

/// The fail-safe (Matter Core Specification 11.10.7.2; CHIP `FailSafeContext`, `operational-credentials-server.cpp`
/// `FailSafeCleanup`, `CommissioningWindowManager::OnPlatformEvent`; matter.js `FailsafeContext.rollback`).
extension MatterNode {
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

    /// The fail-safe ends without CommissioningComplete: every change under it is undone. In the spec's order: the
    /// PASE session ends, the CASE sessions of the fabric AddNOC or UpdateNOC touched end, the fabric table
    /// returns to the committed one (the added root, fabric, ACL entries and IPK, or the updated NOC, go), and
    /// Breadcrumb returns to 0. The commissioning window stays as it was.
    mutating func expireFailSafe(reason: String) -> [MatterNodeAction] {
        guard let expired = failSafe else { return [] }
        failSafe = nil
        breadcrumb = 0
        var actions: [MatterNodeAction] = [.log(.failSafeExpired(reason: reason)), .failSafeExpired]
        if let pase = paseSession {
            actions += endSession(pase.localSessionID, reason: "the fail-safe expired")
        }
        if let touched = expired.addedFabric ?? expired.updatedFabric {
            actions += endSessions(ofFabric: touched, reason: "the fail-safe expired")
            if expired.addedFabric != nil { resumptions.removeFabric(touched) }
        }
        if fabrics != committedFabrics {
            fabrics = committedFabrics
            actions += fabricsChanged()
        }
        return actions
    }

    /// The fail-safe's deadline came.
    mutating func failSafeTimerFired(now: MonotonicInstant) -> [MatterNodeAction] {
        guard let failSafe, failSafe.deadline <= now else { return [] }
        return expireFailSafe(reason: "its timer ran out")
    }
}
