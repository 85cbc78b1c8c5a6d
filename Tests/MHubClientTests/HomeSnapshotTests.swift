import MHubConfiguration
import Testing

@testable import MHubClient

/// The home an mhub listener knows: nothing before its first sync, then kept current by events.
@Suite struct HomeSnapshotTests {
    static let synced = MHubEvent(
        name: "home_synced",
        data: [
            "structures": [["structure_id": 1, "name": "Home"], ["structure_id": 2, "name": "Cabin"]],
            "rooms": [["room_id": 1, "structure_id": 1, "name": "Kitchen"]],
            "devices": [
                [
                    "node_id": 1, "name": "Lamp", "structure_id": 1, "room_id": 1, "room": "Kitchen",
                    "template": "on-off-light", "device_ids": ["1:1"], "simulated_device_id": 1,
                ]
            ],
            "nodes": [],
        ])

    @Test func beforeTheFirstSyncThereIsNoHomeAndChangesAreNotGuessed() {
        var snapshot = HomeSnapshot()
        let room = snapshot.apply(
            MHubEvent(name: "room_updated", data: ["room_id": 2, "structure_id": 1, "name": "Hall"]))
        let node = snapshot.apply(MHubEvent(name: "node_added", data: ["node_id": 2]))
        #expect(!room && !node)
        #expect(snapshot.homes.isEmpty)
        #expect(!snapshot.hasSynced)
    }

    @Test func theSyncGivesTheHomesAndEventsKeepThemCurrent() {
        var snapshot = HomeSnapshot()
        _ = snapshot.apply(Self.synced)
        #expect(snapshot.homes.map(\.name) == ["Home", "Cabin"])
        #expect(snapshot.homes.first?.devices.first?.deviceIDs == ["1:1"])
        _ = snapshot.apply(MHubEvent(name: "room_updated", data: ["room_id": 2, "structure_id": 2, "name": "Porch"]))
        _ = snapshot.apply(MHubEvent(name: "room_removed", data: ["room_id": 1]))
        #expect(snapshot.homes.first?.devices.first?.room == nil)
        #expect(snapshot.homes.last?.rooms.map(\.name) == ["Porch"])
        _ = snapshot.apply(MHubEvent(name: "structure_removed", data: ["structure_id": 2]))
        #expect(snapshot.homes.map(\.name) == ["Home"])
        let needsRead = snapshot.apply(MHubEvent(name: "node_added", data: ["node_id": 2]))
        #expect(needsRead, "a new node needs a read")
        _ = snapshot.apply(MHubEvent(name: "node_removed", data: 1))
        #expect(snapshot.homes.first?.devices.isEmpty == true)
    }
}
