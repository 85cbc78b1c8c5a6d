import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// The kitchen appliances: a fridge-freezer's compartments set and cooling on the hub's clock, its door alarm, the
/// wine cooler's setpoint rules, the hob's zones switched on at the hob and off from afar, and the hood's fan.
@Suite struct KitchenApplianceTests {
    let interactions = DeviceInteractionTests()

    func value(_ harness: HubHarness, _ template: String, _ path: String) -> AttributeValue? {
        interactions.value(harness, DeviceInteractionTests.node(template), path)
    }

    func command(
        _ harness: inout HubHarness, _ template: String, endpoint: Int64, cluster: Int64, _ name: String,
        _ payload: JSONValue = [:]
    ) -> HubOutcome {
        harness.send(
            "device_command",
            [
                "node_id": .integer(DeviceInteractionTests.node(template)), "endpoint_id": .integer(endpoint),
                "cluster_id": .integer(cluster), "command_name": .string(name), "payload": payload,
            ])
    }

    func refusal(_ outcome: HubOutcome) -> String? {
        guard case .failure(let error)? = outcome.replies.last?.result else { return nil }
        return error.details
    }

    func physical(_ harness: inout HubHarness, _ template: String, _ path: String, _ value: JSONValue) -> HubOutcome {
        harness.send(
            "set_attribute",
            [
                "node_id": .integer(DeviceInteractionTests.node(template)), "attribute_path": .string(path),
                "value": value,
            ])
    }

    func events(_ outcome: HubOutcome) -> [[String: JSONValue]] {
        outcome.events.filter { $0.name == "node_event" }.compactMap {
            if case .object(let data)? = $0.data["data"] { data } else { nil }
        }
    }

    @Test func theRefrigeratorIsComposedOfItsFridgeAndFreezerCabinets() throws {
        let harness = DeviceInteractionTests.homeWithEveryTemplate()
        let node = try #require(harness.hub.state.nodes[NodeID(DeviceInteractionTests.node("refrigerator"))])
        #expect(node.data.endpoints[1]?.deviceTypes.map(\.id) == [0x0070])
        #expect(node.data.endpoints[2]?.deviceTypes.map(\.id) == [0x0071])
        #expect(node.data.endpoints[3]?.deviceTypes.map(\.id) == [0x0071])
        #expect(value(harness, "refrigerator", "1/29/3") == .list([.unsigned(2), .unsigned(3)]))
        #expect(value(harness, "refrigerator", "2/1026/0") == .signed(400))
        #expect(value(harness, "refrigerator", "3/86/0") == .signed(-1800))
    }

    @Test func setTemperatureFollowsTheFeatureRulesAndTheCompartmentCoolsOnTheClock() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        func set(_ target: Int64) -> HubOutcome {
            command(
                &harness, "refrigerator", endpoint: 2, cluster: 0x56, "SetTemperature",
                ["targetTemperature": .integer(target)])
        }
        // Outside 1 to 8 °C, or off the whole-degree step: CONSTRAINT_ERROR; without the number: INVALID_COMMAND.
        #expect(refusal(set(900))?.contains("CONSTRAINT_ERROR") == true)
        #expect(refusal(set(350))?.contains("CONSTRAINT_ERROR") == true)
        #expect(
            refusal(command(&harness, "refrigerator", endpoint: 2, cluster: 0x56, "SetTemperature"))?.contains(
                "INVALID_COMMAND") == true)
        #expect(value(harness, "refrigerator", "2/86/0") == .signed(400))
        // 2 °C asked: the reading goes down 1 °C a minute.
        #expect(refusal(set(200)) == nil)
        #expect(value(harness, "refrigerator", "2/86/0") == .signed(200))
        _ = harness.advance(by: 60_000)
        #expect(value(harness, "refrigerator", "2/1026/0") == .signed(300))
        _ = harness.advance(by: 60_000)
        #expect(value(harness, "refrigerator", "2/1026/0") == .signed(200))
        // The freezer is its own cabinet with its own limits.
        let freezer = command(
            &harness, "refrigerator", endpoint: 3, cluster: 0x56, "SetTemperature",
            ["targetTemperature": .integer(-2000)])
        #expect(refusal(freezer) == nil)
        #expect(value(harness, "refrigerator", "3/86/0") == .signed(-2000))
    }

    @Test func theCabinetsModesChange() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let rapid = command(&harness, "refrigerator", endpoint: 3, cluster: 0x52, "ChangeToMode", ["newMode": 1])
        #expect(refusal(rapid) == nil)
        #expect(value(harness, "refrigerator", "3/82/1") == .unsigned(1))
        // The freezer has no Vacation mode (2): UnsupportedMode, nothing changes.
        _ = command(&harness, "refrigerator", endpoint: 3, cluster: 0x52, "ChangeToMode", ["newMode": 2])
        #expect(value(harness, "refrigerator", "3/82/1") == .unsigned(1))
        _ = command(&harness, "refrigerator", endpoint: 2, cluster: 0x52, "ChangeToMode", ["newMode": 2])
        #expect(value(harness, "refrigerator", "2/82/1") == .unsigned(2))
    }

    @Test func theDoorOpenedRaisesTheAlarmWithNotifyAndClosedEndsIt() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let opened = physical(&harness, "refrigerator", "1/87/2", 1)
        #expect(value(harness, "refrigerator", "1/87/2") == .unsigned(1))
        #expect(
            events(opened) == [["active": 1, "inactive": 0, "state": 1, "mask": 1]])
        let closed = physical(&harness, "refrigerator", "1/87/2", 0)
        #expect(value(harness, "refrigerator", "1/87/2") == .unsigned(0))
        #expect(events(closed) == [["active": 0, "inactive": 1, "state": 0, "mask": 1]])
        // Bits the alarm does not support are not reported.
        let unknown = physical(&harness, "refrigerator", "1/87/2", 2)
        #expect(value(harness, "refrigerator", "1/87/2") == .unsigned(0))
        #expect(events(unknown).isEmpty)
    }

    @Test func theWineCoolersLevelsAreRefusedAndItsNumberTaken() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let warmer = command(
            &harness, "temperature-controlled-cabinet", endpoint: 1, cluster: 0x56, "SetTemperature",
            ["targetTemperature": 1400, "targetTemperatureLevel": 3])
        #expect(refusal(warmer) == nil)
        #expect(value(harness, "temperature-controlled-cabinet", "1/86/0") == .signed(1400))
        _ = harness.advance(by: 120_000)
        #expect(value(harness, "temperature-controlled-cabinet", "1/1026/0") == .signed(1400))
    }

    @Test func aZoneSwitchedOnAtTheHobHeatsAndTheCooktopsOffSwitchesEverythingOff() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(value(harness, "cooktop", "1/6/0") == .bool(false))
        // Only Off is accepted from afar (OffOnly).
        #expect(
            refusal(command(&harness, "cooktop", endpoint: 2, cluster: 6, "On"))?.contains("UNSUPPORTED_COMMAND")
                == true)
        _ = physical(&harness, "cooktop", "2/6/0", true)
        #expect(value(harness, "cooktop", "1/6/0") == .bool(true))
        // Medium (180 °C) from 21 °C at 2 °C a second: 79.5 s.
        _ = harness.advance(by: 10_000)
        #expect(value(harness, "cooktop", "2/1026/0") == .signed(4100))
        // Level High while on: it heats on to 250 °C.
        #expect(
            refusal(
                command(
                    &harness, "cooktop", endpoint: 2, cluster: 0x56, "SetTemperature", ["targetTemperatureLevel": 2]))
                == nil)
        #expect(value(harness, "cooktop", "2/86/4") == .unsigned(2))
        #expect(
            refusal(
                command(
                    &harness, "cooktop", endpoint: 2, cluster: 0x56, "SetTemperature", ["targetTemperatureLevel": 3]))?
                .contains("CONSTRAINT_ERROR") == true)
        _ = harness.advance(by: 200_000)
        #expect(value(harness, "cooktop", "2/1026/0") == .signed(25000))
        _ = physical(&harness, "cooktop", "3/6/0", true)
        // The cooktop's Off: both zones off, the pans cool at 0.5 °C a second.
        #expect(refusal(command(&harness, "cooktop", endpoint: 1, cluster: 6, "Off")) == nil)
        #expect(value(harness, "cooktop", "1/6/0") == .bool(false))
        #expect(value(harness, "cooktop", "2/6/0") == .bool(false))
        #expect(value(harness, "cooktop", "3/6/0") == .bool(false))
        _ = harness.advance(by: 10_000)
        #expect(value(harness, "cooktop", "2/1026/0") == .signed(24500))
    }

    @Test func aZonesOffLeavesTheCooktopOnWhileAnotherHeats() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = physical(&harness, "cooktop", "2/6/0", true)
        _ = physical(&harness, "cooktop", "3/6/0", true)
        _ = command(&harness, "cooktop", endpoint: 2, cluster: 6, "Off")
        #expect(value(harness, "cooktop", "2/6/0") == .bool(false))
        #expect(value(harness, "cooktop", "1/6/0") == .bool(true))
        _ = command(&harness, "cooktop", endpoint: 3, cluster: 6, "Off")
        #expect(value(harness, "cooktop", "1/6/0") == .bool(false))
    }

    @Test func theHoodsFanTakesItsThreeSpeeds() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let hood = DeviceInteractionTests.node("extractor-hood")
        _ = harness.ok("write_attribute", ["node_id": .integer(hood), "attribute_path": "1/514/0", "value": 3])
        #expect(value(harness, "extractor-hood", "1/514/6") == .unsigned(3))
        #expect(value(harness, "extractor-hood", "1/514/3") == .unsigned(100))
        // Auto is not in its sequence (Off, Low, Medium, High).
        let auto = harness.error(
            "write_attribute", ["node_id": .integer(hood), "attribute_path": "1/514/0", "value": 5])
        #expect(auto?.details.contains("CONSTRAINT_ERROR") == true)
        #expect(value(harness, "extractor-hood", "1/114/0") == .unsigned(100))
    }
}
