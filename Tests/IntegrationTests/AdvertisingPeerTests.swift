import DNSSDPeerSupport
import Foundation
import MHubJSON
import Testing

/// mhubd's DNS-SD records through a real avahi-daemon, as two independent peers see them: avahi-browse
/// and python-zeroconf (Matter reference A). The daemons advertise on loopback only.
///
/// One test at a time, each holding the machine-wide avahi-daemon lock (some stop or restart the daemon);
/// outside CI they are skipped when avahi-daemon cannot be started, in CI they fail.
@Suite(.serialized, .enabled(if: AvahiDaemon.peerTestsEnabled), .avahiDaemonLock, .timeLimit(AvahiDaemonLock.timeLimit))
struct AdvertisingPeerTests {
    init() throws {
        try AvahiDaemon.requireRunning()
    }

    /// The services a hub with its window open (basic, its configured discriminator) advertises.
    static func expectedServices(_ hub: AdvertisedHub, instance: String, udcPort: UInt16) throws -> [ExpectedService] {
        let operational = try hub.operationalName()
        let fabric = String(operational.prefix(16))
        let short = hub.discriminator >> 8
        return [
            ExpectedService(
                "_matterd._udp", instance, port: udcPort, txt: ["VP=65521+32769", "DT=14", "DN=\(hub.hubName)", "T=4"],
                subtypes: ["_V65521", "_T14"]),
            ExpectedService(
                "_matterc._udp", instance, port: hub.matterPort,
                txt: ["VP=65521+32769", "DT=14", "DN=\(hub.hubName)", "T=4", "D=\(hub.discriminator)", "CM=1"],
                subtypes: ["_V65521", "_T14", "_S\(short)", "_L\(hub.discriminator)", "_CM"]),
            ExpectedService("_matter._tcp", operational, port: hub.matterPort, txt: ["T=4"], subtypes: ["_I\(fabric)"]),
            ExpectedService(
                "_meshcop._udp", hub.borderAgentName, port: 49152,
                txtBytes: [
                    Array("id=MHUB-BORDER-AGEN".utf8), Array("rv=1".utf8), Array("sb=".utf8) + [0, 0, 0x06, 0x30],
                    Array("tv=1.4.0".utf8), Array("xa=".utf8) + hub.extendedAddress,
                    Array("xp=".utf8) + [0xDE, 0xAD, 0x00, 0xBE, 0xEF, 0x00, 0xCA, 0xFE],
                    Array("nn=it-\(hub.suffix)".utf8), Array("pt=".utf8) + [0x12, 0x34, 0x56, 0x78],
                    Array("at=".utf8) + [0, 0, 0, 0, 0, 1, 0, 0],
                    Array("omr=".utf8) + [0x40, 0xFD, 0x4D, 0x48, 0x55, 0x42, 0x00, 0x00, 0x01],
                    Array("vn=mhub".utf8), Array("mn=Mock Hub".utf8),
                ]),
        ]
    }

    /// A client's `set_thread_dataset` makes `_meshcop._udp` name that network (`nn`, `xp`, `at`), as avahi-browse sees
    /// it; `remove_thread_dataset` brings the configured one back.
    @Test func theBorderAgentFollowsTheThreadDatasetSet() throws {
        let hub = try AdvertisedHub()
        try hub.daemon.start()
        defer { hub.daemon.stop() }
        #expect(hub.waitUntil(within: 10, ["border_agent": "established"]))
        func networkName() -> String? {
            let found = try? AvahiBrowse.resolveAll(["_meshcop._udp"], timeout: 10)["_meshcop._udp"]?
                .first { $0.name == hub.borderAgentName && $0.interface == "lo" }
            let entry = found?.txt.first { $0.starts(with: Array("nn=".utf8)) }
            return entry.map { String(decoding: $0.dropFirst(3), as: UTF8.self) }
        }
        #expect(networkName() == "it-\(hub.suffix)")
        // The dataset's network, named uniquely for this run.
        let name = Array("ds-\(hub.suffix)".utf8.prefix(16))
        let dataset =
            "0e080000000000020000000300000f0208" + "1122334455667788" + "0708fdad70bfe5aa15dd0510"
            + "00112233445566778899aabbccddeeff" + "03" + String(format: "%02x", name.count)
            + name.map { String(format: "%02x", $0) }.joined() + "01021234"
        _ = try hub.call("set_thread_dataset", ["dataset": .string(dataset)])
        #expect(eventually(within: 15) { networkName() == String(decoding: name, as: UTF8.self) }, "\(hub.daemon.log)")
        let xp = try AvahiBrowse.resolveAll(["_meshcop._udp"])["_meshcop._udp"]?
            .first { $0.name == hub.borderAgentName && $0.interface == "lo" }?.txt
        #expect(xp?.contains(Array("xp=".utf8) + [0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88]) == true)
        #expect(xp?.contains(Array("at=".utf8) + [0, 0, 0, 0, 0, 2, 0, 0]) == true)
        _ = try hub.call("remove_thread_dataset")
        #expect(eventually(within: 15) { networkName() == "it-\(hub.suffix)" })
    }

    @Test func everyServiceIsSeenByBothPeersAndByMhubctl() throws {
        let hub = try AdvertisedHub()
        try hub.daemon.start()
        defer { hub.daemon.stop() }
        // Before a controller commissions it, the hub has no operational record (no fabric of its own to name).
        #expect(hub.waitUntil(within: 10, ["commissioner": "established", "border_agent": "established"]))
        #expect(try hub.advertised("operational") == nil)
        try hub.commission()
        let window = try hub.call("open_commissioning_window", ["timeout": 120])
        #expect(window["commissioning_mode"] == 1)
        #expect(
            hub.waitUntil(
                within: 10,
                [
                    "commissioner": "established", "commissionable": "established", "operational": "established",
                    "border_agent": "established",
                ]), "\(hub.daemon.log)")
        let instance = try #require(try hub.advertised("commissionable")?["name"].flatMap(Self.string))
        #expect(try hub.advertised("commissioner")?["name"] == .string(instance), "_matterd and _matterc share it")
        let udcPort = try #require(hub.udcPort)
        let expected = try Self.expectedServices(hub, instance: instance, udcPort: udcPort)
        try PeerCheck.seenByBothPeers(expected)

        let status = try hub.call("get_status")["advertising"]
        #expect(status?["state"] == "running")
        #expect(status?["summary"] == "advertising: 4 of 4 services established")

        // mhubctl shows each service with its state, name, port, subtypes and TXT.
        let table = try runProcess(
            Executables.mhubctl, ["hub", "advertising", "--socket", hub.daemon.socketPath], timeout: 30)
        #expect(table.status == 0, "\(table.errors)")
        #expect(table.output.hasPrefix("advertising: 4 of 4 services established (interfaces: lo)\n"))
        for service in expected {
            let row = table.output.split(separator: "\n").first { $0.hasPrefix(service.type) }.map(String.init) ?? ""
            #expect(row.contains("established") && row.contains(service.name), "\(table.output)")
            #expect(row.contains("  \(service.port)  "), "\(row)")
            #expect(service.subtypes.isEmpty || row.contains(service.subtypes.joined(separator: " ")), "\(row)")
        }
        #expect(table.output.contains("VP=65521+32769 DT=14 DN=\(hub.hubName) T=4 D=\(hub.discriminator) CM=1"))
        #expect(table.output.contains("sb=0x00000630"))
    }

    @Test func theWindowsRecordsComeAndGoWithTheWindow() throws {
        let hub = try AdvertisedHub()
        try hub.daemon.start()
        defer { hub.daemon.stop() }
        #expect(hub.waitUntil(within: 10, ["commissioner": "established", "border_agent": "established"]))
        #expect(try hub.advertised("commissionable") == nil)

        // A basic window of 3 s: _matterc with CM=1 and _CM appears, then goes by itself.
        _ = try hub.call("open_commissioning_window", ["timeout": 3])
        #expect(hub.waitUntil(within: 5, ["commissionable": "established"]))
        let basic = try #require(try hub.advertised("commissionable")?["name"].flatMap(Self.string))
        let cm = try AvahiBrowse.resolve("_CM._sub._matterc._udp").filter { $0.name == basic && $0.interface == "lo" }
        #expect(!cm.isEmpty && cm.allSatisfy { $0.txt.contains(Array("CM=1".utf8)) }, "\(cm)")
        #expect(PeerCheck.listed("_L\(hub.discriminator)._sub._matterc._udp", basic))
        #expect(eventually(within: 8) { !PeerCheck.listed("_matterc._udp", basic) }, "withdrawn when it closed")
        #expect(try hub.advertised("commissionable") == nil)

        // An enhanced window with its own discriminator: CM=2, a new instance name; closed on request.
        _ = try hub.call("open_commissioning_window", ["timeout": 120, "enhanced": true, "discriminator": 77])
        #expect(hub.waitUntil(within: 5, ["commissionable": "established"]))
        let enhanced = try #require(try hub.advertised("commissionable")?["name"].flatMap(Self.string))
        #expect(enhanced != basic)
        let expected = ExpectedService(
            "_matterc._udp", enhanced, port: hub.matterPort,
            txt: ["VP=65521+32769", "DT=14", "DN=\(hub.hubName)", "T=4", "D=77", "CM=2"],
            subtypes: ["_V65521", "_T14", "_S0", "_L77", "_CM"])
        try PeerCheck.seenByBothPeers([expected])
        #expect(try hub.call("close_commissioning_window") == ["closed": true])
        #expect(eventually(within: 8) { !PeerCheck.listed("_CM._sub._matterc._udp", enhanced) })
        #expect(try hub.advertised("commissioner")?["name"] == .string(enhanced), "_matterd keeps the window's name")
    }

    static func string(_ value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }
}
