import MatterSecureChannel

extension MatterNode {
    /// Recomputes each fabric's facts and the CASE responder's fabrics from `fabrics`. A record whose certificates
    /// do not validate (a damaged store) is left out of both: CASE does not answer for it.
    mutating func rebuildFabricCache() {
        fabricFacts = [:]
        var caseFabrics: [CASEFabric] = []
        for record in fabrics.ordered {
            guard let (facts, fabric) = try? record.caseIdentity() else { continue }
            fabricFacts[record.fabricIndex] = facts
            caseFabrics.append(fabric)
        }
        caseResponder.fabrics = caseFabrics
    }

    /// `fabrics` changed: the caches follow, and the hub hears the new summary.
    mutating func fabricsChanged() -> [MatterNodeAction] {
        rebuildFabricCache()
        return [.fabricsChanged(fabricSummaries)]
    }

    /// Every fabric as the hub is told of it.
    public var fabricSummaries: [MatterFabricSummary] {
        fabrics.ordered.compactMap { record in
            guard let facts = fabricFacts[record.fabricIndex] else { return nil }
            return MatterFabricSummary(
                fabricIndex: record.fabricIndex, vendorID: record.vendorID, fabricID: facts.fabricID,
                nodeID: facts.nodeID, compressedFabricID: facts.compressedFabricID, label: record.label,
                isCommitted: committedFabrics.records[record.fabricIndex] == record)
        }
    }

    /// Ends every secure session of fabric `fabricIndex` but `keeping` (CHIP `SessionManager::
    /// ExpireAllSessionsForFabric`).
    mutating func endSessions(ofFabric fabricIndex: UInt8, keeping: UInt16? = nil, reason: String)
        -> [MatterNodeAction]
    {
        var actions: [MatterNodeAction] = []
        for session in sessions.values.sorted(by: { $0.localSessionID < $1.localSessionID })
        where session.fabricIndex == fabricIndex && session.localSessionID != keeping {
            actions += endSession(session.localSessionID, reason: reason)
        }
        return actions
    }
}
