import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// The washer, dryer and dishwasher: programs started, paused, resumed and stopped over the control socket and at the
/// machine, run on the hub's clock with their phases and end events; modes that change the program; the dead-front
/// power switch; temperature levels, washer and dryer settings, and the dishwasher's alarms.
@Suite struct LaundryApplianceTests {
    let interactions = DeviceInteractionTests()
    let washer = DeviceInteractionTests.node("laundry-washer")
    let minute: Int64 = 60_000

    func value(_ harness: HubHarness, _ template: String, _ path: String) -> AttributeValue? {
        interactions.value(harness, DeviceInteractionTests.node(template), path)
    }

    /// An Operational State command's CommandResponseState ErrorStateID.
    func operational(_ harness: inout HubHarness, _ name: String, on template: String = "laundry-washer") -> JSONValue?
    {
        let outcome = interactions.command(&harness, template, cluster: 0x60, name)
        return outcome.result(for: 1)?["commandResponseState"]?["0"]
    }

    func set(_ harness: inout HubHarness, _ template: String, _ path: String, _ value: JSONValue) -> HubOutcome {
        harness.send(
            "set_attribute",
            [
                "node_id": .integer(DeviceInteractionTests.node(template)), "attribute_path": .string(path),
                "value": value,
            ])
    }

    func events(_ outcome: HubOutcome, cluster: Int64) -> [JSONValue] {
        outcome.events.filter { $0.name == "node_event" && $0.data["cluster_id"] == .integer(cluster) }.map {
            $0.data
        }
    }

    @Test func aWashRunsItsPhasesOnTheHubsClockAndReportsItsEnd() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(operational(&harness, "Start") == 0)
        #expect(value(harness, "laundry-washer", "1/96/4") == .unsigned(1))
        #expect(value(harness, "laundry-washer", "1/96/1") == .unsigned(0))
        // Normal: 10 min pre-wash, 40 wash, 20 rinse, 15 spin.
        #expect(value(harness, "laundry-washer", "1/96/2") == .unsigned(85 * 60))
        // CountdownTime is not reported every second: nothing changes within a phase.
        let quiet = harness.advance(by: 5 * minute)
        #expect(quiet.events.filter { $0.name == "attribute_updated" && "\($0.data)".contains("1/96/2") }.isEmpty)
        _ = harness.advance(by: 5 * minute)
        #expect(value(harness, "laundry-washer", "1/96/1") == .unsigned(1))
        #expect(value(harness, "laundry-washer", "1/96/2") == .unsigned(75 * 60))
        _ = harness.advance(by: 40 * minute)
        #expect(value(harness, "laundry-washer", "1/96/1") == .unsigned(2))
        _ = harness.advance(by: 20 * minute)
        #expect(value(harness, "laundry-washer", "1/96/1") == .unsigned(3))
        #expect(operational(&harness, "Start") == 0)
        let end = harness.advance(by: 15 * minute)
        #expect(value(harness, "laundry-washer", "1/96/4") == .unsigned(0))
        #expect(value(harness, "laundry-washer", "1/96/1") == .unsigned(0))
        #expect(value(harness, "laundry-washer", "1/96/2") == .null)
        let completion = events(end, cluster: 0x60)
        #expect(completion.count == 1)
        #expect(completion.first?["event_id"] == 1)
        #expect(
            completion.first?["data"]
                == ["completionErrorCode": 0, "totalOperationalTime": 5100, "pausedTime": 0])
        // Once stopped, nothing more is due.
        #expect(events(harness.advance(by: 60 * minute), cluster: 0x60).isEmpty)
    }

    @Test func aPauseHoldsTheProgramAndResumeContinuesIt() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(operational(&harness, "Pause") == 3)
        #expect(operational(&harness, "Resume") == 3)
        #expect(operational(&harness, "Stop") == 0)
        _ = operational(&harness, "Start")
        _ = harness.advance(by: 5 * minute)
        #expect(operational(&harness, "Pause") == 0)
        #expect(value(harness, "laundry-washer", "1/96/4") == .unsigned(2))
        #expect(value(harness, "laundry-washer", "1/96/2") == .unsigned(80 * 60))
        #expect(operational(&harness, "Pause") == 0)
        // A paused wash continues with Resume, not Start.
        #expect(operational(&harness, "Start") == 1)
        _ = harness.advance(by: 30 * minute)
        #expect(value(harness, "laundry-washer", "1/96/1") == .unsigned(0))
        #expect(operational(&harness, "Resume") == 0)
        #expect(value(harness, "laundry-washer", "1/96/4") == .unsigned(1))
        let end = harness.advance(by: 80 * minute)
        #expect(
            events(end, cluster: 0x60).first?["data"]
                == ["completionErrorCode": 0, "totalOperationalTime": 6900, "pausedTime": 1800])
    }

    @Test func stopEndsTheWashWithItsCompletion() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = operational(&harness, "Start")
        _ = harness.advance(by: 12 * minute)
        let stop = interactions.command(&harness, "laundry-washer", cluster: 0x60, "Stop")
        #expect(stop.result(for: 1)?["commandResponseState"]?["0"] == 0)
        #expect(value(harness, "laundry-washer", "1/96/4") == .unsigned(0))
        #expect(
            events(stop, cluster: 0x60).first?["data"]
                == ["completionErrorCode": 0, "totalOperationalTime": 720, "pausedTime": 0])
        #expect(events(harness.advance(by: 90 * minute), cluster: 0x60).isEmpty)
    }

    @Test func theModeChoosesTheProgramAndCannotChangeDuringIt() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = interactions.command(&harness, "laundry-washer", cluster: 0x51, "ChangeToMode", ["newMode": 3])
        _ = operational(&harness, "Start")
        // Quick: no pre-wash, 15 wash, 10 rinse, 5 spin.
        #expect(value(harness, "laundry-washer", "1/96/1") == .unsigned(1))
        #expect(value(harness, "laundry-washer", "1/96/2") == .unsigned(30 * 60))
        let refused = interactions.command(&harness, "laundry-washer", cluster: 0x51, "ChangeToMode", ["newMode": 0])
        #expect(refused.result(for: 1)?["status"] == 3)
        _ = harness.advance(by: 30 * minute)
        #expect(value(harness, "laundry-washer", "1/96/4") == .unsigned(0))
        // Extra rinses and no spin change the next wash.
        _ = harness.send(
            "write_attribute", ["node_id": .integer(washer), "attribute_path": "1/83/2", "value": 3])
        _ = harness.send(
            "write_attribute", ["node_id": .integer(washer), "attribute_path": "1/83/1", "value": 0])
        _ = operational(&harness, "Start")
        // Quick with the rinse twice as long and no spin: 15 + 20 minutes.
        #expect(value(harness, "laundry-washer", "1/96/2") == .unsigned(35 * 60))
    }

    @Test func theDryerAndTheDishwasherRunTheirOwnPrograms() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(operational(&harness, "Start", on: "laundry-dryer") == 0)
        #expect(value(harness, "laundry-dryer", "1/96/2") == .unsigned(70 * 60))
        #expect(operational(&harness, "Start", on: "dishwasher") == 0)
        #expect(value(harness, "dishwasher", "1/96/2") == .unsigned(100 * 60))
        _ = harness.advance(by: 60 * minute)
        #expect(value(harness, "laundry-dryer", "1/96/1") == .unsigned(1))
        #expect(value(harness, "dishwasher", "1/96/1") == .unsigned(2))
    }

    @Test func aCycleStartedAtTheMachineAndAFaultThere() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = set(&harness, "laundry-washer", "1/96/4", 1)
        #expect(value(harness, "laundry-washer", "1/96/2") == .unsigned(85 * 60))
        _ = harness.advance(by: 20 * minute)
        let fault = set(&harness, "laundry-washer", "1/96/5", ["0": 2, "2": "drain pump blocked"])
        #expect(value(harness, "laundry-washer", "1/96/4") == .unsigned(3))
        #expect(events(fault, cluster: 0x60).first?["event_id"] == 0)
        #expect(events(fault, cluster: 0x60).first?["data"]?["errorState"]?["0"] == 2)
        // Held: no program time passes in error, and it cannot be resumed or started.
        _ = harness.advance(by: 60 * minute)
        #expect(value(harness, "laundry-washer", "1/96/2") == .unsigned(65 * 60))
        #expect(operational(&harness, "Resume") == 3)
        #expect(operational(&harness, "Start") == 1)
        let stop = interactions.command(&harness, "laundry-washer", cluster: 0x60, "Stop")
        #expect(events(stop, cluster: 0x60).first?["data"]?["completionErrorCode"] == 2)
        #expect(value(harness, "laundry-washer", "1/96/5") == .structure([0: .unsigned(0)]))
    }

    @Test func switchingTheWasherOffEndsItsWashAndItCannotStartOff() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = operational(&harness, "Start")
        let off = interactions.command(&harness, "laundry-washer", cluster: 0x06, "Off")
        #expect(value(harness, "laundry-washer", "1/96/4") == .unsigned(0))
        #expect(events(off, cluster: 0x60).first?["event_id"] == 1)
        #expect(operational(&harness, "Start") == 1)
    }

    @Test func aRestartedWasherShowsItsWashGone() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = operational(&harness, "Start")
        let node = harness.hub.state.nodes[NodeID(washer)]!
        let settled = Hub.settlingPrograms(node)
        let state = AttributePath("1/96/4")!
        #expect(settled.data[state] == .unsigned(0))
        #expect(settled.data[AttributePath("1/96/2")!] == .null)
    }

    @Test func temperatureLevelsAndSettingsAreCheckedAgainstWhatTheMachineOffers() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = interactions.command(
            &harness, "laundry-washer", cluster: 0x56, "SetTemperature", ["targetTemperatureLevel": 4])
        #expect(value(harness, "laundry-washer", "1/86/4") == .unsigned(4))
        let past = harness.error(
            "device_command",
            [
                "node_id": .integer(DeviceInteractionTests.node("dishwasher")), "endpoint_id": 1, "cluster_id": 0x56,
                "command_name": "SetTemperature", "payload": ["targetTemperatureLevel": 4],
            ])
        #expect(past?.details.contains("CONSTRAINT_ERROR") == true)
        let spin = harness.error(
            "write_attribute", ["node_id": .integer(washer), "attribute_path": "1/83/1", "value": 5])
        #expect(spin?.details.contains("CONSTRAINT_ERROR") == true)
        let dryness = harness.error(
            "write_attribute",
            ["node_id": .integer(DeviceInteractionTests.node("laundry-dryer")), "attribute_path": "1/74/1", "value": 2])
        #expect(dryness == nil)
    }

    @Test func theDishwasherDoorAlarmPausesItsProgramAndLatchedAlarmsWaitForReset() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = operational(&harness, "Start", on: "dishwasher")
        let door = set(&harness, "dishwasher", "1/93/2", 4)
        #expect(events(door, cluster: 0x5D).first?["data"] == ["active": 4, "inactive": 0, "state": 4, "mask": 63])
        #expect(value(harness, "dishwasher", "1/96/4") == .unsigned(2))
        let closed = set(&harness, "dishwasher", "1/93/2", 0)
        #expect(events(closed, cluster: 0x5D).first?["data"]?["inactive"] == 4)
        #expect(operational(&harness, "Resume", on: "dishwasher") == 0)
        // A drain error latches: Reset clears it.
        _ = set(&harness, "dishwasher", "1/93/2", 2)
        let reset = interactions.command(&harness, "dishwasher", cluster: 0x5D, "Reset", ["alarms": 2])
        #expect(value(harness, "dishwasher", "1/93/2") == .unsigned(0))
        #expect(events(reset, cluster: 0x5D).first?["data"]?["inactive"] == 2)
        // A disabled alarm is not raised.
        _ = interactions.command(&harness, "dishwasher", cluster: 0x5D, "ModifyEnabledAlarms", ["mask": 0x3B])
        #expect(value(harness, "dishwasher", "1/93/0") == .unsigned(0x3B))
        _ = set(&harness, "dishwasher", "1/93/2", 4)
        #expect(value(harness, "dishwasher", "1/93/2") == .unsigned(0))
    }
}
