import DNSSDPeerSupport
import Foundation
import MHubCore
import Testing

/// The CHIP Python controller against the real mhubd across the test network (`scripts/netns-pair.sh`): mhubd and
/// avahi-daemon in `mh-hub`, the controller in `mh-ctl`, so the controller finds the hub by its own multicast DNS
/// over the veth pair and reaches it at its link-local address, as on a real network.
///
/// One test at a time under the machine-wide avahi-daemon lock (the pair stops the host's daemon while it exists).
/// Outside CI the suite is skipped when the controller or the network cannot be made here (no environment from
/// `scripts/peers-venv.sh chip`, not root, no `ip`); in CI a missing prerequisite fails it.
@Suite(
    .serialized, .enabled(if: ChipCommissionScript.shouldRun), .avahiDaemonLock, .timeLimit(.minutes(5)))
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
}
