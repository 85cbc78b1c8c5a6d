import MHubConfiguration
import MHubProtocol
import MatterDataModel
import Testing

@testable import MHubHub

/// The quotas of docs/protocol.md §14 that the structure and room tests do not reach: simulated devices, requests
/// waiting for a silent device, and imported nodes. Each is refused with QuotaExceeded (225) and changes nothing.
@Suite struct HubQuotasTests {
    @Test func simulatedDevicesPastTheQuotaAreRefusedAndChangeNothing() {
        var harness = HubHarness()
        let declared = harness.hub.state.simulatedDevices.count
        for index in declared..<HubQuotas.simulatedDevices {
            // Discriminator and passcode given, so each add is cheap; the quota counts devices, not codes.
            _ = harness.ok(
                "add_simulated_device",
                [
                    "template": "on-off-light", "discriminator": .integer(Int64(index % 4096)),
                    "passcode": 20_202_021,
                ])
        }
        #expect(harness.hub.state.simulatedDevices.count == HubQuotas.simulatedDevices)
        let refused = harness.send("add_simulated_device", ["template": "on-off-light"])
        #expect(refused.errorCode(for: HubHarness.admin.connectionID) == .quotaExceeded)
        #expect(refused.changes.isEmpty && refused.events.isEmpty)
        #expect(harness.hub.state.simulatedDevices.count == HubQuotas.simulatedDevices)
        #expect(HubError.Code.quotaExceeded.rawValue == 225)
    }

    /// The lamp commissioned as node 1 and made silent, so every command to it waits.
    static func silentLamp() -> HubHarness {
        var harness = HubHarness()
        _ = harness.ok("commission_with_code", ["code": .string(HubHarness.lampQR)])
        let device = harness.hub.state.nodes[1]!.simulatedDeviceID!
        _ = harness.ok("set_fault", ["fault": "device_unresponsive", "simulated_device_id": .integer(device)])
        return harness
    }

    static func toggle(_ harness: inout HubHarness, as client: ClientInfo) -> HubOutcome {
        harness.send(
            "device_command",
            ["node_id": 1, "endpoint_id": 1, "cluster_id": 6, "command_name": "Toggle", "payload": [:]], as: client)
    }

    /// Whether an OHF command (`device_command`, `import_test_node`) was refused for a quota: OHF commands answer
    /// UnknownError (0) with mhub's name and code first in `details` (docs/protocol.md §3).
    static func refusedForQuota(_ outcome: HubOutcome, _ connection: UInt64) -> Bool {
        guard let reply = outcome.replies.last(where: { $0.connectionID == connection }),
            case .failure(let error) = reply.result
        else { return false }
        return error.code == .unknownError && error.details.hasPrefix("QuotaExceeded (225)")
    }

    static func connection(_ id: UInt64) -> ClientInfo {
        ClientInfo(connectionID: id, principal: Principal("uid:0"), scope: .control, peer: "unix uid 0 #\(id)")
    }

    @Test func requestsWaitingForASilentDeviceAreBoundedPerConnectionAndInAll() {
        var harness = Self.silentLamp()
        let first = Self.connection(100)
        for _ in 0..<HubQuotas.pendingInteractionsPerConnection {
            #expect(Self.toggle(&harness, as: first).replies.isEmpty, "waits for the device")
        }
        let overOwn = Self.toggle(&harness, as: first)
        #expect(Self.refusedForQuota(overOwn, first.connectionID))
        #expect(overOwn.changes.isEmpty && overOwn.events.isEmpty)
        #expect(harness.hub.devices.pending.count == HubQuotas.pendingInteractionsPerConnection)

        // Other connections still wait, until the hub holds its limit in all.
        let connections = HubQuotas.pendingInteractions / HubQuotas.pendingInteractionsPerConnection
        for offset in 1..<connections {
            let client = Self.connection(100 + UInt64(offset))
            for _ in 0..<HubQuotas.pendingInteractionsPerConnection {
                _ = Self.toggle(&harness, as: client)
            }
        }
        #expect(harness.hub.devices.pending.count == HubQuotas.pendingInteractions)
        let late = Self.connection(999)
        let overAll = Self.toggle(&harness, as: late)
        #expect(Self.refusedForQuota(overAll, late.connectionID))
        #expect(harness.hub.devices.pending.count == HubQuotas.pendingInteractions)
        #expect(harness.hub.state.nodes[1]?.data[AttributePath("1/6/0")!] == .bool(false), "nothing was applied")

        // Once they time out, a connection may wait again.
        let timedOut = harness.advance(by: Hub.defaultInteractionTimeout)
        #expect(timedOut.replies.count == HubQuotas.pendingInteractions)
        #expect(Self.toggle(&harness, as: late).replies.isEmpty)
        #expect(harness.hub.devices.pending.count == 1)
    }

    /// A server dump (`data.server.nodes`) of `count` nodes that have no attributes.
    static func dump(nodes count: Int) -> String {
        #"{"data": {"server": {"nodes": ["#
            + Array(repeating: #"{"attributes": {}}"#, count: count).joined(separator: ",")
            + "]}}}"
    }

    @Test func importedNodesPastTheQuotaAreRefusedAndChangeNothing() {
        var harness = HubHarness()
        // One dump past the quota imports none of its nodes.
        let tooMany = harness.send("import_test_node", ["dump": .string(Self.dump(nodes: HubQuotas.importedNodes + 1))])
        #expect(Self.refusedForQuota(tooMany, HubHarness.admin.connectionID))
        #expect(tooMany.changes.isEmpty && tooMany.events.isEmpty)
        #expect(harness.hub.state.nodes.isEmpty)

        let filled = harness.ok("import_test_node", ["dump": .string(Self.dump(nodes: HubQuotas.importedNodes))])
        #expect(filled["node_ids"]?.arrayCount == HubQuotas.importedNodes)
        let oneMore = harness.send("import_test_node", ["dump": .string(Self.dump(nodes: 1))])
        #expect(Self.refusedForQuota(oneMore, HubHarness.admin.connectionID))
        #expect(oneMore.changes.isEmpty && oneMore.events.isEmpty)
        #expect(harness.hub.state.nodes.count == HubQuotas.importedNodes)
        // Commissioned nodes are not imported ones: the quota does not hold them back.
        _ = harness.ok("commission_with_code", ["code": .string(HubHarness.lampQR)])
        #expect(harness.hub.state.nodes.count == HubQuotas.importedNodes + 1)
    }
}
