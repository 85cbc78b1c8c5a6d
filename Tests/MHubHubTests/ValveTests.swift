import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// A water valve opened for a while closes by itself on the hub's clock; Mode Select changes to one of its modes.
@Suite struct ValveTests {
    let interactions = DeviceInteractionTests()
    let valve = DeviceInteractionTests.node("water-valve")

    func value(_ harness: HubHarness, _ attribute: Int) -> AttributeValue? {
        interactions.value(harness, valve, "1/129/\(attribute)")
    }

    @Test func openForAWhileCountsDownAndCloses() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(value(harness, 4) == .unsigned(0))
        _ = interactions.command(&harness, "water-valve", cluster: 0x81, "Open", ["openDuration": 60])
        #expect(value(harness, 4) == .unsigned(1))
        #expect(value(harness, 0) == .unsigned(60))
        _ = harness.advance(by: 30_000)
        #expect(value(harness, 3) == .unsigned(30))
        _ = harness.advance(by: 30_000)
        #expect(value(harness, 4) == .unsigned(0))
        #expect(value(harness, 3) == .null)
        #expect(value(harness, 0) == .null)
    }

    @Test func openWithoutADurationStaysOpenUntilClosed() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = interactions.command(&harness, "water-valve", cluster: 0x81, "Open")
        _ = harness.advance(by: 600_000)
        #expect(value(harness, 4) == .unsigned(1))
        #expect(value(harness, 3) == .null)
        _ = interactions.command(&harness, "water-valve", cluster: 0x81, "Close")
        #expect(value(harness, 4) == .unsigned(0))
        #expect(value(harness, 5) == .unsigned(0))
    }

    @Test func modeSelectTakesItsModesOnly() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let unit = DeviceInteractionTests.node("mode-select")
        _ = interactions.command(&harness, "mode-select", cluster: 0x50, "ChangeToMode", ["newMode": 2])
        #expect(interactions.value(harness, unit, "1/80/3") == .unsigned(2))
        let refused = harness.error(
            "device_command",
            [
                "node_id": .integer(unit), "endpoint_id": 1, "cluster_id": 0x50, "command_name": "ChangeToMode",
                "payload": ["newMode": 7],
            ])
        #expect(refused?.details.contains("CONSTRAINT_ERROR") == true)
        #expect(interactions.value(harness, unit, "1/80/3") == .unsigned(2))
    }
}
