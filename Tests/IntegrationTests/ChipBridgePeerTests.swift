import DNSSDPeerSupport
import Foundation
import MHubJSON
import MatterSpecification
import Testing

/// The CHIP Python controller using mhub's home over Matter across the test network, after commissioning the hub:
/// a wildcard read of the whole node (every bridged endpoint, `is_bridge`), a Toggle that `mhubctl device read`
/// then shows, a write the device logic refuses with its status, a subscription that hears `mhubctl device set …
/// --as-physical` within a second, and an unreachable device's Reachable false and FAILURE.
@Suite(.serialized, .enabled(if: ChipCommissionScript.shouldRun), .avahiDaemonLock, .timeLimit(.minutes(8)))
struct ChipBridgePeerTests {
    static let configuration: [String: JSONValue] = [
        "hub": ["name": "Bridge hub", "serial_number": "SN-BRIDGE-2", "discriminator": 3078, "passcode": 20_202_021],
        "simulated_devices": [
            ["template": "on-off-light", "discriminator": 201, "passcode": 20_202_021, "name": "Lamp"],
            ["template": "dimmable-light", "discriminator": 202, "passcode": 20_202_021, "name": "Desk"],
        ],
    ]

    static func mhubctl(_ daemon: DaemonHarness, _ arguments: [String]) throws -> String {
        let result = try runProcess(Executables.mhubctl, ["--socket", daemon.socketPath] + arguments)
        guard result.status == 0 else { throw TestFailure("mhubctl \(arguments): \(result.errors)") }
        return result.output
    }

    static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    @Test func aRealControllerUsesTheHomeBehindTheHub() throws {
        try NetworkNamespacePair.with { pair in
            let daemon = try DaemonHarness(in: pair, configuration: Self.configuration)
            try daemon.start()
            defer { daemon.stop() }
            let hub = try daemon.connect(.unix)
            for device in try hub.call("get_simulated_devices").arrayValueForTest {
                guard case .string(let qr)? = device["qr_code"] else { throw TestFailure("no QR code") }
                _ = try hub.call("commission_with_code", ["code": .string(qr)])
            }
            guard let controller = try ChipCommissionScript.commissioningTheHub(daemon, through: hub, in: pair) else {
                return
            }

            // The whole node: the Root Node, the Aggregator and the two bridged lights.
            let bridge = try controller.run("bridge", ["1"])
            #expect(bridge.ok, "\(bridge.json)\n\(daemon.log.suffix(3000))")
            #expect(bridge.result?["is_bridge"] == true)
            let endpoints = bridge.result?["endpoints"]
            #expect(endpoints?["0"]?["parts"] == [1, 2, 3])
            #expect(endpoints?["1"]?["parts"] == [2, 3])
            #expect(endpoints?["2"]?["device_types"] == [0x0100, 0x0013])
            #expect(endpoints?["3"]?["device_types"] == [0x0101, 0x0013])
            #expect(endpoints?["2"]?["bridged"]?["node_label"] == "Lamp")
            #expect(endpoints?["3"]?["bridged"]?["node_label"] == "Desk")
            #expect(endpoints?["2"]?["bridged"]?["reachable"] == true)
            #expect(endpoints?["2"]?["on_off"] == false)

            // The whole node as the controller decoded it with the SDK's own cluster objects, checked against Matter
            // 1.4: no cluster failed to decode; the hub's own Root Node (with Network Commissioning, General
            // Diagnostics and Group Key Management, issue 34), the Aggregator and the bridged lights conform.
            #expect(bridge.result?["decode_failures"] == [], "\(bridge.json)")
            guard case .object(let globals)? = bridge.result?["globals"] else {
                Issue.record("no globals in \(bridge.json)")
                return
            }
            let compositions = try NodeConformanceIntegrationTests.compositions(globals)
            #expect(compositions.map(\.endpoint) == [0, 1, 2, 3])
            for composition in compositions {
                #expect(!composition.deviceTypes.isEmpty && !composition.servers.isEmpty, "\(composition)")
                let findings = ConformanceChecker.check(composition, conditions: ["Matter", "Active"])
                #expect(findings.isEmpty, "endpoint \(composition.endpoint): \(findings.map(\.description))")
            }

            // Toggle: mhubctl sees the light on.
            let toggled = try controller.run("toggle", ["1", "2"])
            #expect(toggled.ok, "\(toggled.json)")
            #expect(toggled.result?["on_off"] == true)
            #expect(try Self.mhubctl(daemon, ["device", "read", "1", "1/6/0"]).contains("true"))

            // A write the device logic refuses: CONSTRAINT_ERROR (0x87); the other one succeeds.
            let written = try controller.run("write", ["1", "3"])
            #expect(written.ok, "\(written.json)")
            #expect(written.result?["statuses"] == [0x87, 0])

            // A subscription hears a change made on the device within a second.
            let subscription = try controller.start("subscribe", ["1", "2", "8"])
            let deadline = Date().addingTimeInterval(60)
            while !subscription.outputSoFar.contains("@@chip_commission_subscribed"), subscription.isRunning,
                Date() < deadline
            {
                usleep(50_000)
            }
            let changedAt = Self.monotonicNow()
            _ = try Self.mhubctl(daemon, ["device", "set", "1", "1/6/0", "false", "--as-physical"])
            let heard = try controller.report(of: subscription, within: 60)
            #expect(heard.ok, "\(heard.json)")
            guard case .array(let updates)? = heard.result?["updates"] else {
                Issue.record("no updates: \(heard.json)\n\(daemon.log.suffix(3000))")
                return
            }
            let change = updates.first { $0["value"] == false }
            #expect(change != nil, "\(updates)")
            if case .double(let at)? = change?["monotonic"] {
                #expect(at - changedAt < 1.0, "the report came \(at - changedAt) s after the change")
            }

            // Unreachable: Reachable false, and a command fails.
            let devices = try hub.call("get_devices").arrayValueForTest
            guard case .integer(let device)? = devices.first(where: { $0["node_id"] == 1 })?["simulated_device_id"]
            else {
                Issue.record("no simulated device for node 1: \(devices)")
                return
            }
            _ = try hub.call("set_fault", ["fault": "device_unreachable", "simulated_device_id": .integer(device)])
            let unreachable = try controller.run("bridge", ["1"])
            #expect(unreachable.result?["endpoints"]?["2"]?["bridged"]?["reachable"] == false)
            let refused = try controller.run("toggle", ["1", "2"])
            #expect(!refused.ok)
            #expect("\(refused.json["first_error"] ?? .null)".contains("Failure (0x1)"), "\(refused.json)")
        }
    }
}
