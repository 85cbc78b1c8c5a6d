import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// Fan Control as a client writes it (Application Cluster Specification 4.4.6): FanMode, PercentSetting and
/// SpeedSetting set each other and the current values; an air purifier's filters wear and are reset.
@Suite struct FanTests {
    let interactions = DeviceInteractionTests()

    func write(_ harness: inout HubHarness, _ template: String, _ path: String, _ value: JSONValue) -> HubError? {
        harness.error(
            "write_attribute",
            [
                "node_id": .integer(DeviceInteractionTests.node(template)), "attribute_path": .string(path),
                "value": value,
            ])
    }

    func fan(_ harness: HubHarness, _ attribute: Int, template: String = "fan") -> AttributeValue? {
        interactions.value(harness, DeviceInteractionTests.node(template), "1/514/\(attribute)")
    }

    @Test func aPercentagePicksTheSpeedAndTheMode() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(fan(harness, 0) == .unsigned(0))
        #expect(write(&harness, "fan", "1/514/2", 50) == nil)
        #expect(fan(harness, 0) == .unsigned(2))
        #expect(fan(harness, 3) == .unsigned(50))
        #expect(fan(harness, 5) == .unsigned(5))
        #expect(fan(harness, 6) == .unsigned(5))
        #expect(write(&harness, "fan", "1/514/5", 10) == nil)
        #expect(fan(harness, 0) == .unsigned(3))
        #expect(fan(harness, 2) == .unsigned(100))
        #expect(write(&harness, "fan", "1/514/2", 0) == nil)
        #expect(fan(harness, 0) == .unsigned(0))
        #expect(fan(harness, 6) == .unsigned(0))
    }

    @Test func modesSetTheSettingsAndAutoLetsTheFanChoose() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(write(&harness, "fan", "1/514/0", 1) == nil)
        #expect(fan(harness, 2) == .unsigned(33))
        #expect(fan(harness, 5) == .unsigned(4))
        #expect(write(&harness, "fan", "1/514/0", 5) == nil)
        #expect(fan(harness, 0) == .unsigned(5))
        #expect(fan(harness, 2) == .null)
        #expect(fan(harness, 5) == .null)
        #expect(fan(harness, 3) == .unsigned(50))
        // On is High.
        #expect(write(&harness, "fan", "1/514/0", 4) == nil)
        #expect(fan(harness, 0) == .unsigned(3))
        #expect(fan(harness, 3) == .unsigned(100))
    }

    @Test func badWritesAreRefusedAndChangeNothing() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(write(&harness, "fan", "1/514/2", 40) == nil)
        let before = harness.hub.state.nodes[NodeID(DeviceInteractionTests.node("fan"))]
        #expect(write(&harness, "fan", "1/514/2", .null)?.details.contains("CONSTRAINT_ERROR") == true)
        #expect(write(&harness, "fan", "1/514/5", 11) != nil)
        #expect(write(&harness, "fan", "1/514/0", 9) != nil)
        #expect(harness.hub.state.nodes[NodeID(DeviceInteractionTests.node("fan"))] == before)
    }

    @Test func aWornFilterIsResetToNew() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let purifier = DeviceInteractionTests.node("air-purifier")
        for (path, value) in [("1/113/0", JSONValue.integer(5)), ("1/113/2", 2)] {
            _ = harness.ok(
                "set_attribute", ["node_id": .integer(purifier), "attribute_path": .string(path), "value": value])
        }
        #expect(interactions.value(harness, purifier, "1/113/2") == .unsigned(2))
        _ = interactions.command(&harness, "air-purifier", cluster: 0x71, "ResetCondition")
        #expect(interactions.value(harness, purifier, "1/113/0") == .unsigned(100))
        #expect(interactions.value(harness, purifier, "1/113/2") == .unsigned(0))
        // The purifier's fan is a fan like any other.
        #expect(write(&harness, "air-purifier", "1/514/0", 3) == nil)
        #expect(fan(harness, 3, template: "air-purifier") == .unsigned(100))
    }
}
