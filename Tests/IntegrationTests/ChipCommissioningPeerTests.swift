import DNSSDPeerSupport
import Foundation
import MHubJSON
import MHubProtocol
import Testing

/// The CHIP Python controller against the real mhubd across the test network (`scripts/netns-pair.sh`): mhubd and
/// avahi-daemon in `mh-hub`, the controller in `mh-ctl`, so the controller finds the hub by its own multicast DNS
/// over the veth pair and reaches it at its link-local address, as on a real network.
///
/// One test at a time under the machine-wide avahi-daemon lock (the pair stops the host's daemon while it exists).
/// Outside CI the suite is skipped when the controller or the network cannot be made here (no environment from
/// `scripts/peers-venv.sh chip`, not root, no `ip`); in CI a missing prerequisite fails it.
@Suite(
    .serialized, .enabled(if: ChipCommissionScript.shouldRun), .avahiDaemonLock, .timeLimit(AvahiDaemonLock.timeLimit))
struct ChipCommissioningPeerTests {
    static let hub: [String: JSONValue] = [
        "hub": ["name": "Pair hub", "serial_number": "SN-PAIR-12", "discriminator": 3077, "passcode": 20_202_021]
    ]

    /// What mhub supports today: the controller discovers `_matterc._udp` across the pair, opens PASE at the hub's
    /// link-local address and reads Basic Information over the session.
    @Test func theControllerDiscoversTheHubAcrossThePairAndReadsBasicInformationOverPASE() throws {
        try NetworkNamespacePair.with { pair in
            let daemon = try DaemonHarness(in: pair, configuration: Self.hub)
            try daemon.start()
            defer { daemon.stop() }
            let window = try daemon.connect(.unix).call("open_commissioning_window", ["timeout": 120])
            #expect(window["commissioning_mode"] == 1, "\(window)")
            let controller = ChipCommissionScript(pair: pair, sandbox: daemon.directory.appendingPathComponent("ctl"))

            let discovery = try controller.run("discover", extraOptions: ["--discriminator", "3077"])
            #expect(discovery.ok, "\(discovery.json)")
            guard case .array(let nodes)? = discovery.result?["nodes"], let node = nodes.first else {
                Issue.record("nothing discovered: \(discovery.json)\n\(daemon.log)")
                return
            }
            #expect(node["longDiscriminator"] == 3077)
            #expect(node["port"] == 5540)
            #expect(node["vendorId"] == 0xFFF1)
            #expect(node["productId"] == 0x8001)
            #expect(node["commissioningMode"] == 1)
            #expect(node["deviceName"] == "Pair hub")
            // Every address the controller resolved is the hub's own on the pair: nothing else is on that link.
            let addresses = nodes.flatMap { node -> [JSONValue] in
                if case .array(let addresses)? = node["addresses"] { addresses } else { [] }
            }
            #expect(addresses.contains(.string(pair.hub.linkLocalAddress)), "\(nodes)")
            let own: Set<JSONValue> = [.string(pair.hub.linkLocalAddress), .string(pair.hub.ipv4Address)]
            #expect(addresses.allSatisfy(own.contains), "\(nodes)")

            let read = try controller.run("pase-read", [pair.hubAddressFromController, "20202021", "1"])
            #expect(read.ok, "\(read.json)")
            let basic = read.result?["basic_information"]
            #expect(basic?["vendor_id"] == 0xFFF1)
            #expect(basic?["product_id"] == 0x8001)
            #expect(basic?["node_label"] == "Pair hub")
            #expect(basic?["serial_number"] == "SN-PAIR-12")
            #expect(basic?["software_version_string"] == .string(MHubVersion.string))
            #expect(read.log.contains("New secure session activated"))
            // The session came from the controller's end of the pair, by link-local address.
            #expect(
                daemon.log.contains(
                    "PASE session with udp [\(pair.controller.linkLocalAddress)%\(pair.hub.interface)]"),
                "\(daemon.log.suffix(3000))")
        }
    }

    /// Writes the hub's PAA where a controller's trust store reads it, as a user does: `mhubctl hub attestation
    /// --paa-der FILE`, into a directory of its own (the controller reads only `.der` files there).
    static func trustStore(for daemon: DaemonHarness, named name: String) throws -> URL {
        let directory = daemon.directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let written = try runProcess(
            Executables.mhubctl,
            [
                "--socket", daemon.socketPath, "hub", "attestation", "--paa-der",
                directory.appendingPathComponent("mhub-paa.der").path,
            ])
        guard written.status == 0 else { throw TestFailure("mhubctl hub attestation: \(written.errors)") }
        return directory
    }

    /// The whole commissioning by a real controller (the stage table of matter-commissionee.md §1), then the fabric
    /// in use over CASE: reads, a restart after kill -9, a second administrator through OpenCommissioningWindow,
    /// RemoveFabric; and a controller that does not trust mhub's PAA stopping at attestation.
    @Test func aRealControllerCommissionsTheHubAndUsesItsFabric() throws {
        try NetworkNamespacePair.with { pair in
            let daemon = try DaemonHarness(in: pair, configuration: Self.hub)
            try daemon.start()
            defer { daemon.stop() }
            let hub = try daemon.connect(.unix)
            _ = try hub.call("open_commissioning_window", ["timeout": 300])
            var first = ChipCommissionScript(pair: pair, sandbox: daemon.directory.appendingPathComponent("ctl-1"))
            first.options = ["--paa-trust-store", try Self.trustStore(for: daemon, named: "paa-1").path]

            let commissioned = try first.run("commission-on-network", ["1", "20202021"], timeout: 150)
            #expect(commissioned.ok, "\(commissioned.json)\n\(daemon.log.suffix(4000))")
            #expect(commissioned.stages.contains("AttestationVerification"), "\(commissioned.stages)")
            #expect(commissioned.stages.contains("SendNOC") && commissioned.stages.contains("SendComplete"))
            guard commissioned.ok else { return }
            // The hub's side: one committed fabric, its operational record, the window closed by the commissioning.
            let fabrics = try hub.call("get_fabrics")
            guard case .array(let list)? = fabrics["fabrics"], let fabric = list.first else {
                Issue.record("no fabric after commissioning: \(fabrics)")
                return
            }
            #expect(list.count == 1)
            #expect(fabric["committed"] == true)
            #expect(fabric["vendor_id"] == 0xFFF1)
            #expect(try hub.call("get_commissioning_window")["close_reason"] == "commissioned")
            let listed = try runProcess(Executables.mhubctl, ["--socket", daemon.socketPath, "hub", "fabrics"])
            #expect(listed.output.contains("commissioned"), "\(listed.output)")

            let read = try first.run("read", ["1"])
            #expect(read.ok, "\(read.json)")
            #expect(read.result?["basic_information"]?["node_label"] == "Pair hub")
            #expect(read.result?["current_fabric_index"] == fabric["fabric_index"])

            // kill -9 and a restart: the stored fabric serves a new CASE session.
            daemon.killHard()
            try daemon.start()
            let restarted = try daemon.connect(.unix)
            let again = try first.run("read", ["1"])
            #expect(again.ok, "after a restart: \(again.json)\n\(daemon.log.suffix(3000))")

            // A second administrator, through an enhanced window the first one opens.
            let opened = try first.run("open-window", ["1"])
            #expect(opened.ok, "\(opened.json)")
            guard case .integer(let passcode)? = opened.result?["passcode"] else {
                Issue.record("no passcode from open-window: \(opened.json)")
                return
            }
            var second = ChipCommissionScript(pair: pair, sandbox: daemon.directory.appendingPathComponent("ctl-2"))
            second.options = [
                "--paa-trust-store", try Self.trustStore(for: daemon, named: "paa-2").path, "--fabric-id", "2",
                "--controller-node-id", "223344",
            ]
            let joined = try second.run(
                "commission-on-network", ["2", String(passcode)], extraOptions: ["--discriminator", "3840"],
                timeout: 150)
            #expect(joined.ok, "\(joined.json)\n\(daemon.log.suffix(4000))")
            let both = try restarted.call("get_fabrics")
            guard case .array(let two)? = both["fabrics"] else { return }
            #expect(two.count == 2, "\(both)")
            #expect(try second.run("read", ["2"]).ok)

            // The first administrator removes the second fabric.
            if let index = two.first(where: { $0["fabric_index"] != fabric["fabric_index"] })?["fabric_index"],
                case .integer(let secondIndex) = index
            {
                let removed = try first.run("remove-fabric", ["1", String(secondIndex)])
                #expect(removed.ok, "\(removed.json)")
                guard case .array(let left)? = try restarted.call("get_fabrics")["fabrics"] else { return }
                #expect(left.count == 1)
            }
        }
    }

    /// The attestation check is real: a controller whose trust store lacks mhub's PAA stops at attestation, and
    /// nothing of the attempt stays on the hub.
    @Test func aControllerThatDoesNotTrustTheHubsPAAStopsAtAttestation() throws {
        try NetworkNamespacePair.with { pair in
            let daemon = try DaemonHarness(in: pair, configuration: Self.hub)
            try daemon.start()
            defer { daemon.stop() }
            let hub = try daemon.connect(.unix)
            _ = try hub.call("open_commissioning_window", ["timeout": 300])
            let untrusting = ChipCommissionScript(pair: pair, sandbox: daemon.directory.appendingPathComponent("ctl-x"))
            let refused = try untrusting.run("commission-on-network", ["5", "20202021"], timeout: 120)
            #expect(!refused.ok)
            #expect(refused.json["failed_stage"] == "AttestationVerification", "\(refused.json)")
            #expect(!refused.stages.contains("SendNOC"))
            guard case .array(let fabrics)? = try hub.call("get_fabrics")["fabrics"] else { return }
            #expect(fabrics.isEmpty)
        }
    }

    /// CommissionIP at the hub's link-local address (no discovery) also commissions it; and a fail-safe armed over
    /// PASE and then left alone expires: Breadcrumb goes back to 0, the hub hears of it, its window stays open.
    @Test func commissionIPAndAFailSafeLeftToExpire() throws {
        try NetworkNamespacePair.with { pair in
            // A controller leaves its last PASE session open (the SDK sends no CloseSession): the one commissioning
            // slot frees after the PASE idle timeout, 5 s here.
            var configuration = Self.hub
            configuration["matter"] = ["pase_timeout_s": 5]
            let daemon = try DaemonHarness(in: pair, configuration: configuration)
            try daemon.start()
            defer { daemon.stop() }
            let hub = try daemon.connect(.unix)
            _ = try hub.call("open_commissioning_window", ["timeout": 300])
            let controller = ChipCommissionScript(pair: pair, sandbox: daemon.directory.appendingPathComponent("ctl"))
            let expired = try controller.run("fail-safe", [pair.hubAddressFromController, "20202021", "9", "3"])
            #expect(expired.ok, "\(expired.json)\n\(daemon.log.suffix(3000))")
            #expect(expired.result?["arm_error_code"] == 0)
            #expect(expired.result?["breadcrumb_armed"] == 7)
            #expect(expired.result?["breadcrumb_after_expiry"] == 0)
            #expect(try hub.call("get_fabrics")["fail_safe_expired_at"] != .null)
            #expect(try hub.call("get_commissioning_window")["open"] == true)
            Thread.sleep(forTimeInterval: 6)

            var trusting = ChipCommissionScript(pair: pair, sandbox: daemon.directory.appendingPathComponent("ctl-ip"))
            trusting.options = ["--paa-trust-store", try Self.trustStore(for: daemon, named: "paa-ip").path]
            let commissioned = try trusting.run(
                "commission-ip", [pair.hubAddressFromController, "20202021", "4"], timeout: 150)
            #expect(commissioned.ok, "\(commissioned.json)\n\(daemon.log.suffix(3000))")
            #expect(commissioned.result?["node_id"] == 4)
            guard case .array(let fabrics)? = try hub.call("get_fabrics")["fabrics"] else { return }
            #expect(fabrics.count == 1)
        }
    }
}
