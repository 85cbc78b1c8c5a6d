import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// The `appliance_error` fault: a running washer reports the error and holds its program until the fault is off,
/// then waits Paused for Resume; a device with no operational state or charger refuses it, changing nothing.
@Suite struct ApplianceFaultTests {
    let interactions = DeviceInteractionTests()
    let washer = DeviceInteractionTests.node("laundry-washer")

    func value(_ harness: HubHarness, _ path: String) -> AttributeValue? {
        interactions.value(harness, washer, path)
    }

    func deviceID(_ harness: HubHarness, _ node: Int64) -> Int64 {
        Int64(harness.hub.state.simulatedDevices.values.first { $0.nodeID == NodeID(node) }!.id)
    }

    @Test func aRunningWasherReportsTheErrorAndWaitsForResumeOnceItClears() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = interactions.command(&harness, "laundry-washer", cluster: 0x0060, "Start")
        #expect(value(harness, "1/96/4") == .unsigned(1))
        _ = harness.advance(by: 60_000)
        let id = deviceID(harness, washer)
        let raised = harness.send("set_fault", ["fault": "appliance_error", "simulated_device_id": .integer(id)])
        #expect(value(harness, "1/96/4") == .unsigned(3))
        guard case .structure(let error)? = value(harness, "1/96/5") else {
            Issue.record("no OperationalError")
            return
        }
        #expect(error[0] == .unsigned(2))
        #expect(raised.events.contains { $0.name == "node_event" })
        #expect(harness.ok("get_faults")["appliance_errors"] == [String(id): 2])
        // The program is held: an hour later it has not finished.
        let countdown = value(harness, "1/96/2")
        _ = harness.advance(by: 3_600_000)
        #expect(value(harness, "1/96/4") == .unsigned(3))
        #expect(value(harness, "1/96/2") == countdown)
        _ = harness.ok(
            "set_fault", ["fault": "appliance_error", "simulated_device_id": .integer(id), "enabled": false])
        #expect(value(harness, "1/96/4") == .unsigned(2))
        #expect(value(harness, "1/96/5") == .structure([0: .unsigned(0)]))
        _ = interactions.command(&harness, "laundry-washer", cluster: 0x0060, "Resume")
        #expect(value(harness, "1/96/4") == .unsigned(1))
    }

    @Test func aDeviceWithoutAnOperationalStateRefusesItAndAnErrorOfZeroIsRefused() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let lamp = deviceID(harness, DeviceInteractionTests.node("on-off-light"))
        let refused = harness.error("set_fault", ["fault": "appliance_error", "simulated_device_id": .integer(lamp)])
        #expect(refused?.code == .invalidArguments)
        let zero = harness.error(
            "set_fault",
            ["fault": "appliance_error", "simulated_device_id": .integer(deviceID(harness, washer)), "error_state": 0])
        #expect(zero?.code == .invalidArguments)
        #expect(value(harness, "1/96/4") == .unsigned(0))
        #expect(harness.ok("get_faults")["appliance_errors"] == [:])
    }

    @Test func clearFaultsClearsTheErrorAndAScenarioCarriesIt() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let id = deviceID(harness, washer)
        _ = harness.ok(
            "set_fault", ["fault": "appliance_error", "simulated_device_id": .integer(id), "error_state": 0x80])
        #expect(value(harness, "1/96/4") == .unsigned(3))
        guard case .array(let faults)? = harness.ok("export_scenario")["scenario"]?["faults"] else {
            Issue.record("no faults exported")
            return
        }
        #expect(faults.contains { $0["fault"] == "appliance_error" && $0["error_state"] == 0x80 })
        _ = harness.ok("clear_faults")
        #expect(value(harness, "1/96/4") == .unsigned(0))
    }
}

/// The fault on a charger: FaultState and what follows it, as a charger sensing a fault; cleared, NoError again.
@Suite struct ChargerFaultTests {
    let interactions = DeviceInteractionTests()

    @Test func aChargerReportsItsFaultStateUntilTheFaultIsOff() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let charger = DeviceInteractionTests.node("evse")
        let id = Int64(harness.hub.state.simulatedDevices.values.first { $0.nodeID == NodeID(charger) }!.id)
        let raised = harness.send("set_fault", ["fault": "appliance_error", "simulated_device_id": .integer(id)])
        #expect(interactions.value(harness, charger, "1/153/2") == .unsigned(7))
        #expect(interactions.value(harness, charger, "1/153/0") == .unsigned(6))
        #expect(interactions.value(harness, charger, "1/153/1") == .unsigned(3))
        #expect(raised.events.contains { $0.name == "node_event" })
        _ = harness.ok(
            "set_fault", ["fault": "appliance_error", "simulated_device_id": .integer(id), "enabled": false])
        #expect(interactions.value(harness, charger, "1/153/2") == .unsigned(0))
        #expect(interactions.value(harness, charger, "1/153/0") != .unsigned(6))
    }
}
