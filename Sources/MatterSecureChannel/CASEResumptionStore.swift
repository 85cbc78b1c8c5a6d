/// The resumption records a node keeps, bounded: one per peer (fabric index and node ID), the oldest dropped
/// when full.
///
/// CHIP `DefaultSessionResumptionStorage`: saving a record for a peer replaces the peer's earlier one, and the
/// table has a fixed size (`CHIP_CONFIG_CASE_SESSION_RESUME_CACHE_SIZE`). The owner of a `CASEResponder` keeps
/// one, passes it to each Sigma1, and saves what `.saveResumption` hands out.
public struct CASEResumptionStore: Hashable, Sendable {
    public let capacity: Int
    /// Oldest first.
    public private(set) var records: [CASEResumptionRecord] = []

    public init(capacity: Int = 16) {
        precondition(capacity > 0, "a resumption store holds at least one record")
        self.capacity = capacity
    }

    public func record(forResumptionID resumptionID: [UInt8]) -> CASEResumptionRecord? {
        records.first { $0.resumptionID == resumptionID }
    }

    /// Saves `record` as the newest, replacing the peer's earlier record and any with the same resumption ID.
    public mutating func save(_ record: CASEResumptionRecord) {
        records.removeAll {
            $0.resumptionID == record.resumptionID
                || ($0.fabricIndex == record.fabricIndex && $0.peerNodeID == record.peerNodeID)
        }
        if records.count == capacity { records.removeFirst() }
        records.append(record)
    }

    /// Forgets every record of a fabric (it was removed).
    public mutating func removeFabric(_ fabricIndex: UInt8) {
        records.removeAll { $0.fabricIndex == fabricIndex }
    }
}
