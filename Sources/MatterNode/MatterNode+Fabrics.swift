import MatterSecureChannel

extension MatterNode {
    /// Recomputes each fabric's facts and the CASE responder's fabrics from the root endpoint's `fabrics`.
    mutating func rebuildFabricCache() {
        sessionLayer.caseResponder.fabrics = rootEndpoint.rebuildFabricFacts()
    }

    /// `fabrics` changed: the caches follow, and the hub hears the new summary.
    mutating func fabricsChanged() -> [MatterNodeAction] {
        rebuildFabricCache()
        return [.fabricsChanged(fabricSummaries)]
    }

    /// Every fabric as the hub is told of it.
    public var fabricSummaries: [MatterFabricSummary] {
        rootEndpoint.fabricSummaries
    }

    /// Ends every secure session of fabric `fabricIndex` but `keeping` (CHIP `SessionManager::
    /// ExpireAllSessionsForFabric`).
    mutating func endSessions(ofFabric fabricIndex: UInt8, keeping: UInt16? = nil, reason: String)
        -> [MatterNodeAction]
    {
        var actions: [MatterNodeAction] = []
        for session in sessionLayer.sessions.values.sorted(by: { $0.localSessionID < $1.localSessionID })
        where session.fabricIndex == fabricIndex && session.localSessionID != keeping {
            actions += endSession(session.localSessionID, reason: reason)
        }
        return actions
    }
}
