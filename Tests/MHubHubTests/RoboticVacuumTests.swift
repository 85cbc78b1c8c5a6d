import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// The robotic vacuum cleaner: a run started by RVC Run Mode's Cleaning mode goes through the rooms to clean on the
/// hub's clock (CurrentArea and Progress following), then the robot seeks its charger, charges and docks; Pause,
/// Resume and GoHome; Service Area's SelectAreas and SkipArea; the run and clean modes' refusals; errors at the robot.
@Suite struct RoboticVacuumTests {
    let interactions = DeviceInteractionTests()
    let robot = "robotic-vacuum-cleaner"
    let minute: Int64 = 60_000

    func value(_ harness: HubHarness, _ path: String) -> AttributeValue? {
        interactions.value(harness, DeviceInteractionTests.node(robot), path)
    }

    func integer(_ harness: HubHarness, _ path: String) -> Int64? { value(harness, path)?.integerValue }

    /// A command's response field.
    func send(
        _ harness: inout HubHarness, cluster: Int64, _ name: String, _ payload: JSONValue = [:], field: String
    ) -> JSONValue? {
        interactions.command(&harness, robot, cluster: cluster, name, payload).result(for: 1)?[field]
    }

    func runMode(_ harness: inout HubHarness, _ mode: Int64) -> JSONValue? {
        send(&harness, cluster: 0x54, "ChangeToMode", ["newMode": .integer(mode)], field: "status")
    }

    func operational(_ harness: inout HubHarness, _ name: String) -> JSONValue? {
        send(&harness, cluster: 0x61, name, field: "commandResponseState")?["0"]
    }

    func set(_ harness: inout HubHarness, _ path: String, _ value: JSONValue) -> HubOutcome {
        harness.send(
            "set_attribute",
            [
                "node_id": .integer(DeviceInteractionTests.node(robot)), "attribute_path": .string(path),
                "value": value,
            ])
    }

    /// Service Area's Progress as AreaId → Status (0 Pending, 1 Operating, 2 Skipped, 3 Completed).
    func progress(_ harness: HubHarness) -> [Int64: Int64] {
        guard case .list(let entries)? = value(harness, "1/336/5") else { return [:] }
        var statuses: [Int64: Int64] = [:]
        for case .structure(let fields) in entries {
            if let area = fields[0]?.integerValue { statuses[area] = fields[1]?.integerValue }
        }
        return statuses
    }

    func events(_ outcome: HubOutcome) -> [JSONValue] {
        outcome.events.filter { $0.name == "node_event" && $0.data["cluster_id"] == 0x61 }.map { $0.data }
    }

    @Test func aRunCleansEveryRoomThenTheRobotGoesHomeChargesAndDocks() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(integer(harness, "1/97/4") == 0x42)
        #expect(runMode(&harness, 1) == 0)
        #expect(integer(harness, "1/84/1") == 1)
        #expect(integer(harness, "1/97/4") == 1)
        #expect(value(harness, "1/97/1") == .null)
        // Kitchen 10, living room 20, bedroom 12, hallway 6 minutes.
        #expect(value(harness, "1/97/2") == .unsigned(48 * 60))
        #expect(integer(harness, "1/336/3") == 1)
        #expect(progress(harness) == [1: 1, 2: 0, 3: 0, 4: 0])
        #expect(integer(harness, "1/47/26") == 3)
        _ = harness.advance(by: 10 * minute)
        #expect(integer(harness, "1/336/3") == 2)
        #expect(progress(harness) == [1: 3, 2: 1, 3: 0, 4: 0])
        let end = harness.advance(by: 38 * minute)
        #expect(integer(harness, "1/97/4") == 0x40)
        #expect(value(harness, "1/336/3") == .null)
        #expect(progress(harness) == [1: 3, 2: 3, 3: 3, 4: 3])
        #expect(integer(harness, "1/84/1") == 0)
        #expect(value(harness, "1/97/2") == .null)
        #expect(
            events(end).first?["data"] == ["completionErrorCode": 0, "totalOperationalTime": 2880, "pausedTime": 0])
        // 48 minutes of cleaning: 48 % of the battery.
        #expect(integer(harness, "1/47/12") == 104)
        _ = harness.advance(by: 30_000)
        #expect(integer(harness, "1/97/4") == 0x41)
        #expect(integer(harness, "1/47/26") == 1)
        _ = harness.advance(by: 96 * 9000)
        #expect(integer(harness, "1/97/4") == 0x42)
        #expect(integer(harness, "1/47/12") == 200)
        #expect(integer(harness, "1/47/26") == 2)
    }

    @Test func selectedAreasAreCleanedAndOneCanBeSkipped() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(send(&harness, cluster: 0x150, "SkipArea", ["skippedArea": 2], field: "status") == 1)
        #expect(send(&harness, cluster: 0x150, "SelectAreas", ["newAreas": [9]], field: "status") == 1)
        #expect(send(&harness, cluster: 0x150, "SelectAreas", ["newAreas": [4, 2, 4]], field: "status") == 0)
        #expect(value(harness, "1/336/2") == .list([.unsigned(4), .unsigned(2)]))
        #expect(send(&harness, cluster: 0x150, "SkipArea", ["skippedArea": 2], field: "status") == 2)
        _ = runMode(&harness, 1)
        // The living room (20 minutes) and the hallway (6), in SupportedAreas' order.
        #expect(value(harness, "1/97/2") == .unsigned(26 * 60))
        #expect(integer(harness, "1/336/3") == 2)
        #expect(progress(harness) == [2: 1, 4: 0])
        #expect(send(&harness, cluster: 0x150, "SelectAreas", ["newAreas": [1]], field: "status") == 2)
        #expect(send(&harness, cluster: 0x150, "SkipArea", ["skippedArea": 1], field: "status") == 3)
        #expect(send(&harness, cluster: 0x150, "SkipArea", ["skippedArea": 9], field: "status") == 3)
        _ = harness.advance(by: 5 * minute)
        #expect(send(&harness, cluster: 0x150, "SkipArea", ["skippedArea": 2], field: "status") == 0)
        #expect(integer(harness, "1/336/3") == 4)
        #expect(progress(harness) == [2: 2, 4: 1])
        #expect(value(harness, "1/97/2") == .unsigned(6 * 60))
        _ = harness.advance(by: 6 * minute)
        #expect(integer(harness, "1/97/4") == 0x40)
        #expect(progress(harness) == [2: 2, 4: 3])
    }

    @Test func pauseResumeAndGoHome() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        // Docked: nothing to pause or resume; GoHome has nothing to do.
        #expect(operational(&harness, "Pause") == 3)
        #expect(operational(&harness, "Resume") == 3)
        #expect(operational(&harness, "GoHome") == 0)
        _ = runMode(&harness, 1)
        _ = harness.advance(by: 4 * minute)
        #expect(operational(&harness, "Pause") == 0)
        #expect(integer(harness, "1/97/4") == 2)
        _ = harness.advance(by: 60 * minute)
        #expect(integer(harness, "1/97/4") == 2)
        #expect(operational(&harness, "Resume") == 0)
        #expect(integer(harness, "1/97/4") == 1)
        #expect(value(harness, "1/97/2") == .unsigned(44 * 60))
        let home = interactions.command(&harness, robot, cluster: 0x61, "GoHome")
        #expect(integer(harness, "1/97/4") == 0x40)
        #expect(integer(harness, "1/84/1") == 0)
        #expect(events(home).first?["data"]?["completionErrorCode"] == 0)
        #expect(progress(harness) == [1: 2, 2: 2, 3: 2, 4: 2])
        // Paused on the way home, it stays where it is; resumed, it heads home again.
        #expect(operational(&harness, "Pause") == 0)
        _ = harness.advance(by: minute)
        #expect(integer(harness, "1/97/4") == 2)
        #expect(operational(&harness, "Resume") == 0)
        #expect(integer(harness, "1/97/4") == 0x40)
        #expect(operational(&harness, "Resume") == 0)
        _ = harness.advance(by: 30_000)
        #expect(integer(harness, "1/97/4") == 0x41)
        #expect(operational(&harness, "GoHome") == 0)
    }

    @Test func theModesRefuseWhatTheSpecificationRefuses() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(runMode(&harness, 7) == 1)
        #expect(send(&harness, cluster: 0x55, "ChangeToMode", ["newMode": 1], field: "status") == 0)
        _ = runMode(&harness, 1)
        // Mop: half as long again.
        #expect(value(harness, "1/97/2") == .unsigned(72 * 60))
        #expect(runMode(&harness, 1) == 0)
        #expect(send(&harness, cluster: 0x55, "ChangeToMode", ["newMode": 2], field: "status") == 0x40)
        #expect(integer(harness, "1/85/1") == 1)
        // Idle: the run ends where the robot is.
        let stop = interactions.command(&harness, robot, cluster: 0x54, "ChangeToMode", ["newMode": 0])
        #expect(events(stop).count == 1)
        #expect(integer(harness, "1/97/4") == 0)
        _ = harness.advance(by: 5 * minute)
        #expect(integer(harness, "1/97/4") == 0)
        #expect(send(&harness, cluster: 0x55, "ChangeToMode", ["newMode": 2], field: "status") == 0)
        // A low battery does not start.
        _ = set(&harness, "1/47/12", 10)
        #expect(runMode(&harness, 1) == 0x48)
        #expect(integer(harness, "1/97/4") == 0)
    }

    @Test func theRobotStuckOrItsBinRemovedIsAnErrorAndItsButtonStartsIt() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = set(&harness, "1/97/4", 1)
        #expect(integer(harness, "1/97/4") == 1)
        #expect(integer(harness, "1/84/1") == 1)
        #expect(integer(harness, "1/336/3") == 1)
        let stuck = set(&harness, "1/97/5", ["0": 0x41])
        #expect(integer(harness, "1/97/4") == 3)
        #expect(events(stuck).first?["data"]?["errorState"]?["0"] == 0x41)
        let countdown = value(harness, "1/97/2")
        _ = harness.advance(by: 60 * minute)
        #expect(value(harness, "1/97/2") == countdown)
        #expect(operational(&harness, "GoHome") == 3)
        // Set down again: paused, its run waiting for Resume.
        _ = set(&harness, "1/97/5", ["0": 0])
        #expect(integer(harness, "1/97/4") == 2)
        #expect(operational(&harness, "Resume") == 0)
        #expect(integer(harness, "1/97/4") == 1)
        // Its bin removed: an error; stopped by Idle, it cannot start again until the bin is back.
        _ = set(&harness, "1/97/5", ["0": 0x42])
        #expect(runMode(&harness, 0) == 0)
        #expect(integer(harness, "1/97/4") == 3)
        #expect(runMode(&harness, 1) == 0x42)
        _ = set(&harness, "1/97/5", ["0": 0])
        #expect(integer(harness, "1/97/4") == 0)
        #expect(runMode(&harness, 1) == 0)
    }

    @Test func aRestartedRobotIsStoppedWhereItWas() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = runMode(&harness, 1)
        let settled = Hub.settlingPrograms(harness.hub.state.nodes[NodeID(DeviceInteractionTests.node(robot))]!)
        #expect(settled.data[AttributePath("1/97/4")!] == .unsigned(0))
        #expect(settled.data[AttributePath("1/97/2")!] == .null)
    }

    @Test func theApplianceErrorFaultMakesTheRobotStuck() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = runMode(&harness, 1)
        let node = NodeID(DeviceInteractionTests.node(robot))
        let id = Int64(harness.hub.state.simulatedDevices.values.first { $0.nodeID == node }!.id)
        _ = harness.ok("set_fault", ["fault": "appliance_error", "simulated_device_id": .integer(id)])
        #expect(integer(harness, "1/97/4") == 3)
        guard case .structure(let error)? = value(harness, "1/97/5") else {
            Issue.record("no OperationalError")
            return
        }
        #expect(error[0] == .unsigned(0x41))
        _ = harness.ok(
            "set_fault", ["fault": "appliance_error", "simulated_device_id": .integer(id), "enabled": false])
        #expect(integer(harness, "1/97/4") == 2)
    }
}
