import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// A heat pump heats while its room thermostat asks for heat, and its meter counts the energy on the hub's clock.
@Suite struct HeatPumpTests {
    let interactions = DeviceInteractionTests()
    let pump = DeviceInteractionTests.node("heat-pump")

    func value(_ harness: HubHarness, _ path: String) -> AttributeValue? {
        interactions.value(harness, pump, path)
    }

    func energy(_ harness: HubHarness) -> Int64? {
        guard case .structure(let fields)? = value(harness, "1/145/1") else { return nil }
        return fields[0]?.integerValue
    }

    func thermostat(_ harness: inout HubHarness, _ attribute: Int, _ value: JSONValue) {
        _ = harness.ok(
            "write_attribute",
            ["node_id": .integer(pump), "attribute_path": .string("2/513/\(attribute)"), "value": value])
    }

    @Test func itIsComposedOfItsThermostatAndOutdoorSensor() throws {
        let harness = DeviceInteractionTests.homeWithEveryTemplate()
        let node = try #require(harness.hub.state.nodes[NodeID(pump)])
        #expect(node.data.endpoints.keys.sorted() == [0, 1, 2, 3])
        #expect(value(harness, "0/29/3") == .list([.unsigned(1), .unsigned(2), .unsigned(3)]))
        #expect(value(harness, "1/29/3") == .list([.unsigned(2), .unsigned(3)]))
        #expect(value(harness, "2/29/3") == .list([]))
        let types = node.data.endpoints[1]?.deviceTypes.map(\.id)
        #expect(types == [0x0309, 0x0011, 0x0510, 0x050D])
        #expect(node.data.endpoints[2]?.deviceTypes.map(\.id) == [0x0301])
        #expect(node.data.endpoints[3]?.deviceTypes.map(\.id) == [0x0302])
        // Each device endpoint has its own bridged number; the heat pump's carries the parts.
        #expect(node.bridgedEndpoints.count == 3)
        #expect(DeviceTemplates.named("heat-pump")?.joinsWiFi == true)
        #expect(DeviceTemplates.named("heat-pump")?.onBattery == false)
    }

    @Test func itHeatsWhileTheRoomIsBelowTheSetpointAndDrawsItsPower() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(value(harness, "2/513/41") == .unsigned(0))
        #expect(value(harness, "1/144/8") == .signed(HeatPumpLogic.standbyPower))
        // 22 °C asked in a room at 20.5 °C: it heats.
        thermostat(&harness, 18, 2200)
        #expect(value(harness, "2/513/41") == .unsigned(1))
        #expect(value(harness, "1/144/8") == .signed(2_000_000))
        #expect(value(harness, "1/144/5") == .signed(2_000_000 * 1000 / 230_000))
        // The room warms past it (someone's thermometer, as physical): it stops.
        _ = harness.ok(
            "set_attribute", ["node_id": .integer(pump), "attribute_path": "2/513/0", "value": 2250])
        #expect(value(harness, "2/513/41") == .unsigned(0))
        #expect(value(harness, "1/144/8") == .signed(HeatPumpLogic.standbyPower))
        // Cooler again, but switched off (SystemMode 0): no heat.
        _ = harness.ok(
            "set_attribute", ["node_id": .integer(pump), "attribute_path": "2/513/0", "value": 1800])
        #expect(value(harness, "2/513/41") == .unsigned(1))
        thermostat(&harness, 28, 0)
        #expect(value(harness, "2/513/41") == .unsigned(0))
        #expect(value(harness, "1/144/8") == .signed(HeatPumpLogic.standbyPower))
    }

    @Test func theMeterCountsTheEnergyAtEachPowerOverTheHubsClock() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(energy(harness) == 0)
        // The first tick starts the meter; an hour of standby is 15 Wh.
        _ = harness.advance(by: 0)
        _ = harness.advance(by: 3_600_000)
        #expect(energy(harness) == 15_000)
        // Half an hour heating at 2 kW: 1 kWh more, counted from the moment it started.
        thermostat(&harness, 18, 2200)
        let outcome = harness.advance(by: 1_800_000)
        #expect(energy(harness) == 1_015_000)
        // Each reading snapshots the total: CumulativeEnergyMeasured.
        let snapshot = outcome.events.last {
            $0.name == "node_event" && $0.data["cluster_id"] == 145 && $0.data["node_id"] == .integer(pump)
        }
        #expect(snapshot?.data["data"]?["energyImported"] == ["0": 1_015_000])
        // Back to standby for a minute: 250 mWh, counted from the change on.
        thermostat(&harness, 18, 2000)
        _ = harness.advance(by: 60_000)
        #expect(energy(harness) == 1_015_250)
        // A minute of 2 kW is 33,333⅓ mWh: the third is kept for the next minute, not lost.
        thermostat(&harness, 18, 2200)
        _ = harness.advance(by: 60_000)
        _ = harness.advance(by: 60_000)
        _ = harness.advance(by: 60_000)
        #expect(energy(harness) == 1_115_250)
    }

    @Test func aHeatPumpIsOneDeviceOnly() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let several = harness.error("add_simulated_device", ["template": "heat-pump", "endpoints": 2])
        #expect(several?.code == .invalidArguments)
        let bridged = harness.error(
            "add_simulated_device", ["template": "bridge", "bridged_devices": 2, "bridged_template": "heat-pump"])
        #expect(bridged?.code == .invalidArguments)
        #expect(harness.ok("add_simulated_device", ["template": "heat-pump"])["template"] == "heat-pump")
    }
}
