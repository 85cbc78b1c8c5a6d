import DNSSDPeerSupport
import Foundation
import MHubJSON
import Testing

/// Configuration switches seen from the network: the retired simulated devices key, a device on the network's own
/// records, and interfaces that do not exist.
extension AdvertisingPeerTests {
    /// `dns_sd.advertise_simulated_devices` no longer publishes the declared devices' records (they pointed at the
    /// hub's port); the log says it is deprecated.
    @Test func theRetiredSimulatedDevicesKeyPublishesNothingOfTheDevicesAndIsLogged() throws {
        let hub = try AdvertisedHub()
        hub.daemon.extraConfiguration["dns_sd"] = [
            "enabled": true, "interfaces": ["lo"], "advertise_simulated_devices": true,
        ]
        try hub.daemon.start()
        defer { hub.daemon.stop() }
        #expect(
            hub.waitUntil(within: 10, ["commissioner": "established", "border_agent": "established"]),
            "\(hub.reportText)")
        guard case .array(let services)? = try hub.call("get_advertising")["services"] else {
            Issue.record("get_advertising has no services: \(hub.reportText)")
            return
        }
        #expect(services.map { $0["role"] } == ["commissioner", "border_agent"], "\(hub.reportText)")
        #expect(hub.daemon.log.contains("dns_sd.advertise_simulated_devices (true) is deprecated and has no effect"))
    }

    /// A device added on the network gets `_matterc._udp` on its own node's port while its window is open, and loses
    /// it when it is removed.
    @Test func aDeviceOnTheNetworkIsAdvertisedOnItsOwnPort() throws {
        let hub = try AdvertisedHub()
        try hub.daemon.start()
        defer { hub.daemon.stop() }
        let discriminator = Int64((hub.discriminator + 1) % 4096)
        let added = try hub.call(
            "add_simulated_device",
            [
                "template": "on-off-light", "name": "Porch", "discriminator": .integer(discriminator),
                "passcode": 20_202_021, "on_network": true, "network": "ethernet",
            ])
        let id = try #require(added["simulated_device_id"])
        #expect(hub.waitUntil(within: 10, ["device_commissionable": "established"]), "\(hub.reportText)")
        let record = try #require(try hub.advertised("device_commissionable"))
        let name = try #require(record["name"].flatMap(Self.string))
        let port = try #require(try Self.devicePort(hub, id))
        #expect(port != hub.matterPort)
        guard case .integer(let vendor)? = added["vendor_id"], case .integer(let product)? = added["product_id"]
        else { throw TestFailure("add_simulated_device gave no vendor_id or product_id: \(added)") }
        try PeerCheck.seenByBothPeers([
            ExpectedService(
                "_matterc._udp", name, port: port,
                txt: ["VP=\(vendor)+\(product)", "DT=256", "DN=Porch", "T=4", "D=\(discriminator)", "CM=1"],
                subtypes: ["_V\(vendor)", "_T256", "_S\(discriminator >> 8)", "_L\(discriminator)", "_CM"])
        ])
        _ = try hub.call("remove_simulated_device", ["simulated_device_id": id])
        #expect(eventually(within: 5) { !PeerCheck.listed("_matterc._udp", name) })
    }

    /// `get_simulated_devices`' port of device `id`'s own node, once it listens.
    private static func devicePort(_ hub: AdvertisedHub, _ id: JSONValue) throws -> UInt16? {
        guard case .array(let devices) = try hub.call("get_simulated_devices"),
            let device = devices.first(where: { $0["simulated_device_id"] == id }),
            case .integer(let port)? = device["matter_node"]?["port"]
        else { return nil }
        return UInt16(exactly: port)
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
