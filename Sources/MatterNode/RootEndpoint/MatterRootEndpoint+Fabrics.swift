import MatterSecureChannel

extension MatterRootEndpoint {
    /// Recomputes each fabric's facts from `fabrics`, and returns the fabrics as the CASE responder answers for them.
    /// A record whose certificates do not validate (a damaged store) is left out of both: CASE does not answer for it.
    mutating func rebuildFabricFacts() -> [CASEFabric] {
        fabricFacts = [:]
        var caseFabrics: [CASEFabric] = []
        for record in fabrics.ordered {
            guard let (facts, fabric) = try? record.caseIdentity() else { continue }
            fabricFacts[record.fabricIndex] = facts
            caseFabrics.append(fabric)
        }
        return caseFabrics
    }

    /// Every fabric as the hub is told of it.
    var fabricSummaries: [MatterFabricSummary] {
        fabrics.ordered.compactMap { record in
            guard let facts = fabricFacts[record.fabricIndex] else { return nil }
            return MatterFabricSummary(
                fabricIndex: record.fabricIndex, vendorID: record.vendorID, fabricID: facts.fabricID,
                nodeID: facts.nodeID, compressedFabricID: facts.compressedFabricID, label: record.label,
                isCommitted: committedFabrics.records[record.fabricIndex] == record)
        }
    }
}
