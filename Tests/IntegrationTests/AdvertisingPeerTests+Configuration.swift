import DNSSDPeerSupport
import Foundation
import MHubJSON
import Testing

/// Configuration switches seen from the network: simulated devices as their own records, and interfaces
/// that do not exist.
extension AdvertisingPeerTests {
    @Test func simulatedDevicesAreAdvertisedWhenAskedTo() throws {
        let hub = try AdvertisedHub()
        hub.daemon.extraConfiguration["dns_sd"] = [
            "enabled": true, "interfaces": ["lo"], "advertise_simulated_devices": true,
        ]
        try hub.daemon.start()
        defer { hub.daemon.stop() }
        #expect(hub.waitUntil(within: 10, ["simulated_commissionable": "established"]), "\(hub.reportText)")
        // The harness declares a Lamp (on-off light, discriminator 1234) and a contact sensor (3000).
        let lamp = try #require(
            try hub.advertisedAll("simulated_commissionable").first { $0["txt"]?.contains("D=1234") == true })
        let lampName = try #require(lamp["name"].flatMap(Self.string))
        try PeerCheck.seenByBothPeers([
            ExpectedService(
                "_matterc._udp", lampName, port: hub.matterPort,
                txt: ["VP=65521+32769", "DT=256", "DN=Lamp", "T=4", "D=1234", "CM=1"],
                subtypes: ["_V65521", "_T256", "_S4", "_L1234", "_CM"])
        ])

        // Commissioned, the lamp is node 1 on the hub's fabric: its _matterc goes, its _matter._tcp comes.
        #expect(try hub.call("commission_with_code", ["code": .string(DaemonHarness.lampQR)])["node_id"] == 1)
        let node = try hub.ownFabric() + "-0000000000000001"
        #expect(hub.waitUntil(within: 10, ["simulated_operational": "established"]), "\(hub.reportText)")
        #expect(eventually(within: 5) { PeerCheck.listed("_matter._tcp", node) })
        #expect(eventually(within: 5) { !PeerCheck.listed("_L1234._sub._matterc._udp", lampName) })
    }

    @Test func anInterfaceThatDoesNotExistIsAProblemAndNothingIsPublished() throws {
        let hub = try AdvertisedHub()
        hub.daemon.extraConfiguration["dns_sd"] = ["enabled": true, "interfaces": ["nosuch0"]]
        try hub.daemon.start()
        defer { hub.daemon.stop() }
        #expect(
            eventually(within: 5) {
                (try? hub.call("get_advertising"))?["problems"] == ["dns_sd.interfaces: no interface named \"nosuch0\""]
            }, "\(hub.reportText)")
        #expect(try hub.call("get_advertising")["services"] == [])
        #expect(hub.daemon.log.contains("advertising: dns_sd.interfaces: no interface named \"nosuch0\""))
    }
}

extension JSONValue {
    /// Whether an array holds the string `text`.
    func contains(_ text: String) -> Bool {
        if case .array(let items) = self { return items.contains(.string(text)) }
        return false
    }
}
