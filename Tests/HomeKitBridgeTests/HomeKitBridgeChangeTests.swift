import HomeKitAccessory
import MatterDataModel
import MatterInteraction
import MatterNode
import Testing

@testable import HomeKitBridge

/// What a change of the view means for event subscribers and for `c#`.
struct HomeKitBridgeChangeTests {
    func path(_ endpoint: EndpointID, _ cluster: ClusterID, _ attribute: AttributeID) -> AttributePath {
        AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)
    }

    func id(_ aid: UInt64, _ iid: UInt64) -> HAPCharacteristicID {
        HAPCharacteristicID(aid: aid, iid: iid)
    }

    @Test func attributesBecomeTheCharacteristicsDerivedFromThem() {
        var home = TestHome()
        home.add("dimmable-light", at: 2)
        home.add("on-off-plug-in-unit", at: 3, count: 2)
        home.add("door-lock", at: 5)
        home.set(2, 0x0008, 0x0000, .unsigned(127))
        home.set(4, 0x0006, 0x0000, .bool(true))
        home.set(5, 0x0101, 0x0000, .unsigned(2))
        let change = bridge.changes(
            .attributes([
                path(2, 0x0008, 0x0000), path(4, 0x0006, 0x0000), path(5, 0x0101, 0x0000),
                // Neither shown nor known: the level's RemainingTime, and an endpoint nobody has.
                path(2, 0x0008, 0x0001), path(40, 0x0006, 0x0000),
            ]), in: home)
        #expect(change.databaseChanged == false)
        #expect(
            change.values == [
                id(2, 0x102): .int(50),
                id(3, 0x201): .bool(true), id(3, 0x202): .bool(true),
                id(5, 0x101): .int(0), id(5, 0x102): .int(0),
            ])
    }

    @Test func aThermostatsSetpointMovesTheCharacteristicsThatShowIt() {
        let home = TestHome.with("thermostat")
        let change = bridge.changes(.attributes([path(2, 0x0201, 0x0012)]), in: home)
        #expect(change.values == [id(2, 0x104): .float(20), id(2, 0x106): .float(20)])
        let mode = bridge.changes(.attributes([path(2, 0x0201, 0x001C)]), in: home)
        #expect(mode.values == [id(2, 0x102): .int(3), id(2, 0x104): .float(20)])
    }

    @Test func switchEventsArePresses() {
        let home = TestHome.with("generic-switch", count: 2)
        func event(_ endpoint: EndpointID, _ id: UInt32, _ fields: [UInt32: AttributeValue]) -> BridgeChange {
            .event(
                EventRecord(
                    endpoint: endpoint, cluster: 0x003B, event: id, number: 1, priority: 1,
                    epochTimestampMilliseconds: 0, fields: fields))
        }
        #expect(
            bridge.changes(event(2, 0x06, [0: .unsigned(0), 1: .unsigned(1)]), in: home).values == [
                id(2, 0x101): .int(0)
            ])
        #expect(
            bridge.changes(event(3, 0x06, [0: .unsigned(0), 1: .unsigned(2)]), in: home).values == [
                id(2, 0x201): .int(1)
            ])
        #expect(bridge.changes(event(2, 0x02, [0: .unsigned(1)]), in: home).values == [id(2, 0x101): .int(2)])
        #expect(bridge.changes(event(2, 0x01, [0: .unsigned(1)]), in: home).values == [:])
        #expect(bridge.changes(event(2, 0x03, [0: .unsigned(1)]), in: home).values == [:])
        // Another cluster's event is not a press.
        let lock = TestHome.with("door-lock")
        let operation = BridgeChange.event(
            EventRecord(
                endpoint: 2, cluster: 0x0101, event: 0x02, number: 1, priority: 2, epochTimestampMilliseconds: 0,
                fields: [:]))
        #expect(bridge.changes(operation, in: lock).values == [:])
    }

    @Test func endpointsChangeTheDatabase() {
        let home = TestHome.with("on-off-light")
        #expect(bridge.changes(.endpoints(added: [3], removed: []), in: home).databaseChanged)
        #expect(bridge.changes(.endpoints(added: [], removed: [2]), in: home).databaseChanged)
        #expect(bridge.changes(.endpoints(added: [], removed: []), in: home).databaseChanged == false)
    }

    @Test func theFingerprintIsTheDatabaseWithoutValues() {
        var home = TestHome.with("dimmable-light")
        let before = bridge.databaseFingerprint(in: home)
        home.set(2, 0x0008, 0x0000, .unsigned(3))
        home.set(2, 0x0006, 0x0000, .bool(true))
        home.endpoints[2]!.device!.nodeLabel = "Renamed"
        #expect(bridge.databaseFingerprint(in: home) == before)
        home.add("door-lock", at: 3)
        let withLock = bridge.databaseFingerprint(in: home)
        #expect(withLock != before)
        home.endpoints[3] = nil
        #expect(bridge.databaseFingerprint(in: home) == before)
        #expect(before.contains("C258 8 int pr,pw,ev upercentage 0.0 100.0 1.0"))
    }
}
