import Testing

@testable import MatterSecureChannel

/// The bounded resumption records: one per peer, oldest out first, a fabric's records removable.
@Suite struct CASEResumptionStoreTests {
    static func record(_ id: UInt8, fabric: UInt8 = 1, node: UInt64) -> CASEResumptionRecord {
        CASEResumptionRecord(
            resumptionID: [UInt8](repeating: id, count: 16), sharedSecret: [UInt8](repeating: id, count: 32),
            fabricIndex: fabric, peerNodeID: node, peerCATs: [])
    }

    @Test func onePerPeerAndBounded() {
        var store = CASEResumptionStore(capacity: 3)
        store.save(Self.record(1, node: 10))
        store.save(Self.record(2, node: 20))
        // The same peer again: its old record goes.
        store.save(Self.record(3, node: 10))
        #expect(store.records.map(\.resumptionID[0]) == [2, 3])
        #expect(store.record(forResumptionID: Self.record(1, node: 10).resumptionID) == nil)
        #expect(store.record(forResumptionID: Self.record(3, node: 10).resumptionID)?.peerNodeID == 10)
        // The same node ID on another fabric is another peer.
        store.save(Self.record(4, fabric: 2, node: 10))
        #expect(store.records.count == 3)
        // Full: the oldest is dropped.
        store.save(Self.record(5, node: 50))
        #expect(store.records.map(\.resumptionID[0]) == [3, 4, 5])
        store.removeFabric(1)
        #expect(store.records.map(\.resumptionID[0]) == [4])
    }
}
