import MHubJSON
import Testing

@testable import MHubHub

/// Firmware updates through the hub (docs/protocol.md §8a): offered, found, installed on the hub's clock, failed.
@Suite struct FirmwareUpdateTests {
    /// A hub with the lamp commissioned as node 1 and an update offered to it.
    static func hub() -> HubHarness {
        var harness = HubHarness()
        _ = harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        _ = harness.ok(
            "set_firmware_update",
            ["node_id": 1, "update": ["software_version": 2, "software_version_string": "1.1.0", "size_bytes": 1000]])
        return harness
    }

    @Test func anOfferedUpdateIsFoundAndInstalled() {
        var harness = Self.hub()
        #expect(harness.ok("check_node_update", ["node_id": 1])["software_version_string"] == "1.1.0")
        #expect(harness.error("update_node", ["node_id": 1, "software_version": 3])?.code == .updateCheckError)
        let started = harness.send("update_node", ["node_id": 1, "software_version": "1.1.0"])
        #expect(started.replies.isEmpty, "the reply comes when the device runs it")
        #expect(harness.error("update_node", ["node_id": 1, "software_version": 2])?.code == .updateError)
        var replies: [HubReply] = []
        var states: [JSONValue] = []
        for _ in 0..<40 {
            let outcome = harness.advance(by: 100)
            replies += outcome.replies
            for event in outcome.events where event.name == "attribute_updated" {
                guard case .array(let data) = event.data, data.count == 3, data[1] == "0/42/2" else { continue }
                states.append(data[2])
            }
        }
        #expect(states == [4, 5, 1])
        #expect(replies.count == 1)
        #expect(replies.first.map { (try? $0.result.get()) == .null } == true)
        let node = harness.hub.state.nodes[1]!
        #expect(node.data[Hub.softwareVersionPath] == .unsigned(2))
        #expect(node.data[Hub.softwareVersionStringPath] == .string("1.1.0"))
        #expect(harness.ok("check_node_update", ["node_id": 1]) == .null)
        #expect(harness.hub.state.simulatedDevices[1]?.firmware.version == 2)
    }

    @Test func theFaultFailsTheUpdateAndTheDeviceKeepsItsVersion() {
        var harness = Self.hub()
        _ = harness.ok("set_fault", ["fault": "update_failure", "simulated_device_id": 1, "stage": "applying"])
        _ = harness.send("update_node", ["node_id": 1, "software_version": 2])
        var failures: [HubError] = []
        for _ in 0..<40 {
            for reply in harness.advance(by: 100).replies {
                if case .failure(let error) = reply.result { failures.append(error) }
            }
        }
        #expect(failures.map(\.code) == [.updateError])
        #expect(failures.first?.details.contains("failed while applying") == true)
        #expect(harness.hub.state.nodes[1]!.data[Hub.softwareVersionPath] == .unsigned(1))
        #expect(harness.hub.devices.updates.isEmpty)
        #expect(harness.ok("check_node_update", ["node_id": 1])["software_version"] == 2, "still offered")
    }

    @Test func offersAreChecked() {
        var harness = Self.hub()
        #expect(
            harness.error(
                "set_firmware_update",
                ["node_id": 1, "update": ["software_version": 1, "software_version_string": "x"]])?
                .code == .invalidArguments, "not newer")
        #expect(harness.error("set_firmware_update", ["node_id": 1])?.code == .invalidArguments)
        #expect(harness.error("set_firmware_update", ["node_id": 9, "update": .null])?.code == .nodeNotExists)
        #expect(harness.ok("set_firmware_update", ["node_id": 1, "update": .null])["update"] == .null)
        #expect(harness.ok("check_node_update", ["node_id": 1]) == .null)
    }
}
