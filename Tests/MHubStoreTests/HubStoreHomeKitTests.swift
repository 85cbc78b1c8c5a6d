import Foundation
import HomeKitAccessory
import MHubTestSupport
import Testing

@testable import MHubStore

struct HubStoreHomeKitTests {
    static let identity = HAPAccessoryIdentity(
        deviceID: "AA:BB:CC:DD:EE:01", signingSeed: Array(repeating: 7, count: 32), setupCode: "031-45-154",
        setupID: "MHUB")

    @Test func theRecordComesBackAsSavedWithItsPairingsInOrder() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("mhub.db")
        let store = try HubStore(path: path)
        #expect(try store.loadHomeKit() == nil)
        var record = HAPAccessoryRecord(
            identity: Self.identity,
            pairings: [
                HAPPairing(
                    identifier: Array("B-second".utf8), publicKey: Array(repeating: 2, count: 32), isAdmin: true),
                HAPPairing(
                    identifier: Array("a-first".utf8), publicKey: Array(repeating: 1, count: 32), isAdmin: false),
            ], configurationNumber: 70_000, databaseFingerprint: [1, 2, 3], failedSetupAttempts: 4)
        try store.saveHomeKit(record)
        #expect(try HubStore(path: path).loadHomeKit() == record)

        record.pairings.removeFirst()
        record.configurationNumber = 2
        try store.saveHomeKit(record)
        #expect(try HubStore(path: path).loadHomeKit() == record)
    }
}
