import MatterMessage

/// The fail-safe's end (Matter Core Specification 11.10.7.2; CHIP `FailSafeContext`,
/// `operational-credentials-server.cpp` `FailSafeCleanup`, `CommissioningWindowManager::OnPlatformEvent`; matter.js
/// `FailsafeContext.rollback`): the root endpoint's state and the sessions it touched both go back.
extension MatterNode {
    /// The fail-safe ends without CommissioningComplete: every change under it is undone. In the spec's order: the
    /// PASE session ends, the CASE sessions of the fabric AddNOC or UpdateNOC touched end, the fabric table
    /// returns to the committed one (the added root, fabric, ACL entries and IPK, or the updated NOC, go), and
    /// Breadcrumb returns to 0. The commissioning window stays as it was.
    mutating func expireFailSafe(reason: String) -> [MatterNodeAction] {
        guard let expired = rootEndpoint.failSafe else { return [] }
        rootEndpoint.failSafe = nil
        rootEndpoint.breadcrumb = 0
        var actions: [MatterNodeAction] = [.log(.failSafeExpired(reason: reason)), .failSafeExpired]
        if let pase = paseSession {
            actions += endSession(pase.localSessionID, reason: "the fail-safe expired")
        }
        if let touched = expired.addedFabric ?? expired.updatedFabric {
            actions += endSessions(ofFabric: touched, reason: "the fail-safe expired")
            if expired.addedFabric != nil { sessionLayer.resumptions.removeFabric(touched) }
        }
        if rootEndpoint.fabrics != rootEndpoint.committedFabrics {
            rootEndpoint.fabrics = rootEndpoint.committedFabrics
            actions += fabricsChanged()
        }
        return actions
    }

    /// The fail-safe's deadline came.
    mutating func failSafeTimerFired(now: MonotonicInstant) -> [MatterNodeAction] {
        guard let failSafe = rootEndpoint.failSafe, failSafe.deadline <= now else { return [] }
        return expireFailSafe(reason: "its timer ran out")
    }
}
