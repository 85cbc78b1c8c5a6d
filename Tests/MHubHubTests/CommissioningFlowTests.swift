import MHubJSON
import MatterDataModel
import MatterOnboarding
import Testing

@testable import MHubHub

@Suite struct CommissioningFlowTests {
    @Test func theWholeFlowAddsOneDeviceWithNameAndRoom() {
        var harness = HubHarness()
        _ = harness.ok("create_room", ["name": "Kitchen"])
        let session = harness.ok("prepare_commissioning")
        #expect(session["state"] == "prepared")
        let commissioning = harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        #expect(
            commissioning.progress == [
                "discovery:started", "discovery:completed", "pase:started", "pase:completed", "attestation:started",
                "attestation:completed", "csr:started", "csr:completed", "noc:started", "noc:completed",
                "network_setup:started", "network_setup:completed", "operational_discovery:started",
                "operational_discovery:completed", "commissioned:completed",
            ])
        #expect(commissioning.result(for: 1)?["node_id"] == 1)
        #expect(commissioning.changes.isEmpty, "nothing is stored before complete")
        #expect(harness.ok("get_rooms").arrayCount == 1)
        _ = harness.ok("configure_device", ["name": "Kitchen light", "room": "Kitchen"])
        let completed = harness.ok("complete_commissioning")
        #expect(completed["node_ids"] == [1])
        #expect(harness.hub.desk.session == nil)
        let node = harness.hub.state.nodes[1]
        #expect(node?.name == "Kitchen light")
        #expect(node?.roomID == 1)
        #expect(harness.hub.state.simulatedDevices[1]?.nodeID == 1)
        #expect(harness.committed.contains { if case .saveNode(let saved) = $0 { saved.id == 1 } else { false } })
        // Basic Information comes from the simulated device.
        #expect(node?.data[AttributePath(endpoint: 0, cluster: 0x28, attribute: 2)] == .unsigned(0xFFF1))
        // Complete is idempotent: the same IDs again.
        #expect(harness.ok("complete_commissioning")["node_ids"] == [1])
    }

    @Test func prepareChecksPermissionThenOnlineThenBusyInThatOrder() {
        var harness = HubHarness()
        _ = harness.ok("prepare_commissioning", as: HubHarness.other)
        _ = harness.ok("set_fault", ["fault": "hub_offline"])
        _ = harness.ok("set_permission", ["principal": "uid:0", "granted": false])
        #expect(harness.error("prepare_commissioning")?.code == .permissionDenied)
        _ = harness.ok("set_permission", ["principal": "uid:0", "granted": true])
        #expect(harness.error("prepare_commissioning")?.code == .hubOffline)
        _ = harness.ok("set_fault", ["fault": "hub_offline", "enabled": false])
        let busy = harness.error("prepare_commissioning")
        #expect(busy?.code == .sessionBusy)
        #expect(busy?.details.contains("ws other") == true)
        #expect(busy?.details.contains("until 2027-01-15T08:05:00.000Z") == true)
    }

    @Test func cancelRollsBackAndTheDeviceIsCommissionableAgain() {
        var harness = HubHarness()
        _ = harness.ok("prepare_commissioning")
        harness.send("commission_with_code", ["code": .string(HubHarness.lampManual)])
        guard case .commissioned? = harness.hub.desk.session?.state else {
            Issue.record("not commissioned")
            return
        }
        let cancelled = harness.ok("cancel_commissioning")
        #expect(cancelled["cancelled"] == true)
        #expect(harness.hub.desk.session == nil)
        #expect(harness.hub.state.nodes.isEmpty)
        #expect(harness.hub.state.simulatedDevices[1]?.nodeID == nil)
        #expect(!harness.committed.contains { if case .saveNode = $0 { true } else { false } })
        // Cancel is idempotent, and the device can be commissioned again.
        #expect(harness.ok("cancel_commissioning")["cancelled"] == false)
        _ = harness.ok("prepare_commissioning")
        #expect(harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)]).result(for: 1) != nil)
    }

    @Test func theDeadlineRollsBack() {
        var harness = HubHarness { $0.commissioning.sessionTimeoutSeconds = 60 }
        _ = harness.ok("prepare_commissioning")
        harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        #expect(harness.hub.nextDeadline == harness.now + 60_000)
        #expect(harness.advance(by: 59_999).events.isEmpty)
        let expired = harness.advance(by: 1)
        #expect(expired.events.contains { $0.name == "session_updated" && $0.data["change"] == "expired" })
        #expect(harness.hub.desk.session == nil)
        #expect(harness.hub.state.nodes.isEmpty)
    }

    @Test func disconnectRollsBackAfterTheGraceUnlessResumed() {
        var harness = HubHarness { $0.commissioning.disconnectGraceMilliseconds = 5000 }
        _ = harness.ok("prepare_commissioning")
        let id = harness.hub.desk.session!.id
        _ = harness.disconnect(HubHarness.admin)
        #expect(harness.hub.desk.session?.ownerGoneAt == harness.now)
        _ = harness.advance(by: 4999)
        #expect(harness.hub.desk.session != nil)
        _ = harness.advance(by: 1)
        #expect(harness.hub.desk.session == nil)

        _ = harness.ok("prepare_commissioning")
        _ = harness.disconnect(HubHarness.admin)
        _ = harness.advance(by: 1000)
        let resumed = harness.ok(
            "resume_commissioning", ["session_id": .string(harness.hub.desk.session!.id)], as: HubHarness.other)
        #expect(resumed["owner"] == "ws other")
        _ = harness.advance(by: 10_000)
        #expect(harness.hub.desk.session != nil)
        #expect(harness.hub.desk.session?.id != id)
    }

    @Test func wrongPasscodeFailsPASEAndTheSessionStaysPrepared() {
        var harness = HubHarness()
        _ = harness.ok("prepare_commissioning")
        // Discriminator 1234 (the lamp) with passcode 20202022.
        let code = try! SetupPayloadHelper.qr(discriminator: 1234, passcode: 20_202_022)
        let outcome = harness.send("commission_with_code", ["code": .string(code)])
        #expect(outcome.errorCode(for: 1) == .paseFailed)
        #expect(outcome.progress.suffix(2) == ["pase:started", "pase:failed"])
        #expect(harness.hub.desk.session?.state == .prepared)
        #expect(harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)]).result(for: 1) != nil)
    }

    @Test func unknownDeviceFailsDiscoveryAfterTheDiscoveryTimeout() {
        var harness = HubHarness { $0.commissioning.timingProfile = "realistic" }
        _ = harness.ok("prepare_commissioning")
        let code = try! SetupPayloadHelper.qr(discriminator: 99, passcode: 20_202_021)
        let started = harness.send("commission_with_code", ["code": .string(code)])
        #expect(started.replies.isEmpty)
        #expect(started.progress == ["discovery:started"])
        #expect(harness.advance(by: 29_999).replies.isEmpty)
        #expect(harness.advance(by: 1).errorCode(for: 1) == .deviceNotFound)
    }

    @Test func realisticTimingTakesSecondsPerStepAndSlowDevicesLonger() {
        var harness = HubHarness { $0.commissioning.timingProfile = "realistic" }
        _ = harness.ok("set_fault", ["fault": "slow_device", "latency_ms": 1000])
        _ = harness.ok("prepare_commissioning")
        harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        #expect(harness.advance(by: 2499).progress.isEmpty)
        #expect(harness.advance(by: 1).progress == ["discovery:completed", "pase:started"])
        var total: Int64 = 2500
        while harness.hub.desk.session.map({ if case .running = $0.state { true } else { false } }) == true {
            _ = harness.advance(by: 100)
            total += 100
        }
        // Seven timed steps of the realistic profile plus one second each.
        #expect(total == TimingProfile.realistic.stepDurations.values.reduce(0, +) + 7000)
    }

    @Test(arguments: ["discovery", "pase", "attestation", "csr", "noc", "network_setup", "operational_discovery"])
    func aNamedStepFailsOrTimesOut(step: String) {
        var harness = HubHarness()
        _ = harness.ok("set_fault", ["fault": "step_failure", "step": .string(step), "mode": "fail"])
        _ = harness.ok("prepare_commissioning")
        let failed = harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        #expect(failed.errorCode(for: 1) == .stepFailed)
        #expect(failed.progress.last == "\(step):failed")
        _ = harness.ok("set_fault", ["fault": "step_failure", "step": .string(step), "mode": "timeout"])
        let timedOut = harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        #expect(timedOut.errorCode(for: 1) == .stepTimeout)
        #expect(harness.hub.state.nodes.isEmpty)
    }

    /// The reply to `commission_with_code` and completion's `node_added` share the node's attributes, made once;
    /// `node_added` is still the stored node's JSON as it is then (here: its device unreachable since).
    @Test func nodeAddedIsTheStoredNodesJSONAtCompletion() {
        var harness = HubHarness()
        _ = harness.ok("prepare_commissioning")
        let reply = harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)]).result(for: 1)
        _ = harness.ok("configure_device", ["name": "Hall lamp"])
        _ = harness.ok("set_fault", ["fault": "device_unreachable", "simulated_device_id": 1])
        let added = harness.send("complete_commissioning").events.first { $0.name == "node_added" }?.data
        guard let stored = harness.hub.state.nodes[1] else {
            Issue.record("no node 1")
            return
        }
        #expect(added == harness.hub.nodeJSON(stored))
        #expect(reply?["available"] == true)
        #expect(added?["available"] == false)
        #expect(added?["attributes"] == reply?["attributes"])
        #expect(added?["attributes"]?["0/40/5"] == "Lamp")
    }

    @Test func unreachableDeviceIsNotDiscovered() {
        var harness = HubHarness()
        _ = harness.ok("set_fault", ["fault": "device_unreachable", "simulated_device_id": 1])
        _ = harness.ok("prepare_commissioning")
        #expect(
            harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)]).errorCode(for: 1)
                == .deviceNotFound)
    }

    @Test func commissionWithoutPrepareOpensAnImplicitSessionAndCompletesIt() {
        var harness = HubHarness()
        let outcome = harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        #expect(outcome.result(for: 1)?["node_id"] == 1)
        #expect(outcome.events.contains { $0.name == "node_added" })
        #expect(harness.hub.desk.session == nil)
        #expect(harness.hub.state.nodes[1] != nil)
        // The device is taken now: a second attempt finds nothing, reported with an OHF code.
        let failed = harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        #expect(failed.errorCode(for: 1) == .nodeCommissionFailed)
        #expect(
            failed.replies.last.map { if case .failure(let error) = $0.result { error.details } else { "" } }?
                .hasPrefix("DeviceNotFound (206): ") == true)
    }

    @Test func sessionsBelongToTheirConnection() {
        var harness = HubHarness()
        _ = harness.ok("prepare_commissioning")
        // To another connection, commission_with_code is an OHF command: OHF code, mhub's name in the details.
        let busy = harness.error("commission_with_code", ["code": .string(HubHarness.lampQR)], as: HubHarness.other)
        #expect(busy?.code == .nodeCommissionFailed)
        #expect(busy?.details.hasPrefix("SessionBusy (202): ") == true)
        #expect(harness.error("configure_device", ["name": "x"], as: HubHarness.other)?.code == .sessionNotOwned)
        #expect(harness.error("complete_commissioning", as: HubHarness.other)?.code == .sessionNotOwned)
        #expect(harness.error("configure_device", ["name": "x"])?.code == .sessionState)
    }

    @Test func invalidCodesAreRefusedAndChangeNothing() {
        var harness = HubHarness()
        _ = harness.ok("prepare_commissioning")
        for code in ["MT:00000", "00852607537", "12345", ""] {
            #expect(harness.error("commission_with_code", ["code": .string(code)])?.code == .invalidOnboardingPayload)
        }
        #expect(harness.hub.desk.session?.state == .prepared)
        #expect(harness.error("commission_with_code", [:])?.code == .invalidArguments)
        #expect(harness.error("commission_with_code", ["code": 5])?.code == .invalidArguments)
        #expect(harness.error("commission_with_code", ["code": "x", "bogus": 1])?.code == .invalidArguments)
    }

    /// Of the uncommissioned devices a code's discriminator matches, discovery takes one with the code's passcode,
    /// then the lowest ID; a device on the fabric is never found, whatever its discriminator.
    @Test func discoveryTakesThePasscodeThenTheLowestIDAndSkipsCommissionedDevices() throws {
        var harness = HubHarness()
        var added: [JSONValue] = []
        for (discriminator, passcode) in [(1234, 20_202_021), (1234, 34_567_891), (1100, 20_202_021)] {
            let device = harness.ok(
                "add_simulated_device",
                [
                    "template": "on-off-light", "discriminator": .integer(Int64(discriminator)),
                    "passcode": .integer(Int64(passcode)),
                ])
            added.append(device["simulated_device_id"] ?? .null)
        }
        #expect(added == [3, 4, 5])
        let otherPasscode = try SetupPayloadHelper.qr(discriminator: 1234, passcode: 34_567_891)
        // The lamp (1) and device 3 share discriminator and passcode: the lower ID first, then the other.
        // The lamp's manual code carries only the short discriminator (1234 >> 8 == 1100 >> 8): device 5 takes its
        // passcode, device 4, with a lower ID, does not. Device 4 is found by its own code.
        for (code, device) in [
            (HubHarness.lampQR, 1), (HubHarness.lampQR, 3), (HubHarness.lampManual, 5), (otherPasscode, 4),
        ] {
            let nodeID = harness.send("commission_with_code", ["code": .string(code)]).result(for: 1)?["node_id"]
            #expect(nodeID != nil, "\(code)")
            #expect(
                harness.hub.state.simulatedDevices[SimulatedDeviceID(device)]?.nodeID.map { .integer(Int64($0)) }
                    == nodeID, "\(code) takes device \(device)")
        }
        #expect(harness.error("commission_with_code", ["code": .string(HubHarness.lampQR)]) != nil)
    }

    @Test func removingANodeMakesItsDeviceCommissionableAgain() {
        var harness = HubHarness()
        harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        _ = harness.ok("remove_node", ["node_id": 1])
        #expect(harness.hub.state.nodes.isEmpty)
        #expect(harness.hub.state.simulatedDevices[1]?.nodeID == nil)
        #expect(
            harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)]).result(for: 1)?["node_id"] == 2)
    }
}

enum SetupPayloadHelper {
    static func qr(discriminator: UInt16, passcode: UInt32) throws -> String {
        try SetupPayload(vendorID: 0xFFF1, productID: 0x8001, discriminator: discriminator, passcode: passcode)
            .qrCodeString()
    }
}

extension JSONValue {
    var arrayCount: Int {
        if case .array(let values) = self { return values.count }
        return -1
    }
}

extension JSONValue {
    var firstElement: JSONValue? {
        if case .array(let values) = self { return values.first }
        return nil
    }
}
