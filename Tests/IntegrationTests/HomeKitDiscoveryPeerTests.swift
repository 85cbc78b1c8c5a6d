import DNSSDPeerSupport
import Foundation
import MHubJSON
import MatterCrypto
import Testing

/// Whether `HomeKitDiscoveryPeerTests` can run here: aiohomekit's environment and the test network.
enum HAPDiscoveryPeer {
    /// What is missing (aiohomekit's environment; root, iproute2, avahi-daemon), or nil.
    static var missingPrerequisite: String? {
        if HAPPeer.python == nil { return "no aiohomekit environment: run scripts/peers-venv.sh hap" }
        return NetworkNamespacePair.missingPrerequisite
    }

    /// In CI always (a missing prerequisite then fails the tests); elsewhere only when nothing is missing.
    static var shouldRun: Bool { HAPPeer.inCI || missingPrerequisite == nil }

    static var skipComment: Comment {
        Comment(rawValue: "SKIPPED, HomeKit discovery peer test: \(missingPrerequisite ?? "runs")")
    }
}

/// mhubd's `_hap._tcp` record end to end across the test network (issue 36): mhubd and avahi-daemon in `mh-hub`,
/// python-zeroconf and aiohomekit 4.0.1 in `mh-ctl`. python-zeroconf resolves the record with its nine TXT keys,
/// aiohomekit finds the hub by its Device ID among the records and pairs at the address and port the record gives
/// (`Peers/hap_controller.py`, `pair_discovered`), and the record follows the hub: `sf` 1 → 0 → 1 across the pairing
/// and the removal of the last administrator (HAP R14 §6.4, Table 6-8), `c#` up when a device joins the home.
///
/// The pair's ends have only link-local addresses, which aiohomekit ignores in a record
/// (`HomeKitService.from_service_info`, aiohomekit/zeroconf.py), so each test puts an RFC 1918 address on both
/// ends for its run (`NetworkNamespacePair.withPrivateAddresses`); nothing touches the machine's own interfaces.
///
/// Under the machine-wide avahi-daemon lock. Outside CI skipped, saying why, without aiohomekit's environment
/// (`scripts/peers-venv.sh hap`) or the test network (root, iproute2, avahi-daemon), and python-zeroconf's checks
/// skipped without it; in CI (`CI` set) each of them missing fails.
@Suite(
    .serialized, .enabled(if: HAPDiscoveryPeer.shouldRun, HAPDiscoveryPeer.skipComment),
    .avahiDaemonLock, .timeLimit(AvahiDaemonLock.timeLimit))
struct HomeKitDiscoveryPeerTests {
    static let bridgeName = "mhub test"
    static let configuration: [String: JSONValue] = [
        "homekit": [
            "enabled": true, "port": 0, "setup_code": .string(HomeKitPeerTests.setupCode),
            "name": .string(bridgeName),
        ]
    ]
    static let type = "_hap._tcp"

    /// The hub of `HomeKitPeerTests` (Lamp and Door commissioned) inside the pair, advertising on its interface.
    static func startHub(in pair: NetworkNamespacePair) throws -> DaemonHarness {
        try HomeKitPeerTests.startHub(DaemonHarness(in: pair, configuration: configuration))
    }

    /// The instance name mhubd gives the record: the bridge's name and the Device ID's last three bytes.
    static func instanceName(deviceID: String) -> String {
        bridgeName + " " + String(deviceID.filter { $0 != ":" }.suffix(6))
    }

    /// `sh`: Base64 of the first four bytes of SHA-512 over the setup ID then the Device ID, as text (R14 §6.4,
    /// Table 6-7; ADK `HAPAccessorySetupGetSetupHash`).
    static func setupHash(setupID: String, deviceID: String) -> String {
        Data(SHA512.hash(Array((setupID + deviceID).utf8)).prefix(4)).base64EncodedString()
    }

    /// A record's TXT as keys and values (each string split at its first `=`), with how many strings it held.
    static func txt(_ instance: ZeroconfPeer.Instance) -> (values: [String: String], count: Int) {
        var values: [String: String] = [:]
        for string in instance.txtBytes.map({ String(decoding: $0, as: UTF8.self) }) {
            let parts = string.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            values[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return (values, instance.txtBytes.count)
    }

    /// The hub's `_hap._tcp` record as python-zeroconf in the controller's namespace resolves it, browsed again
    /// (a fresh browser, so nothing cached) until `condition` holds of it or `seconds` pass; the last one resolved,
    /// or nil when none was.
    static func record(
        _ name: String, in pair: NetworkNamespacePair, within seconds: Double = 20,
        until condition: (ZeroconfPeer.Instance) -> Bool = { _ in true }
    ) throws -> ZeroconfPeer.Instance? {
        let deadline = Date().addingTimeInterval(seconds)
        var last: ZeroconfPeer.Instance?
        repeat {
            let browsed = try ZeroconfPeer.browse(
                [type], expecting: [(type, name)], seconds: 5, launcher: pair.launcher(in: pair.controller))
            if let found = browsed[type]?.first(where: { $0.name == name }) {
                last = found
                if condition(found) { return found }
            }
            usleep(200_000)
        } while Date() < deadline
        return last
    }

    /// python-zeroconf resolves the unpaired hub's record: its instance name, the HomeKit port, the private address,
    /// and the nine keys with their values (`id` the Device ID, `c#` the configuration number, `sh` the setup hash
    /// of the setup ID and Device ID `get_homekit` shows).
    @Test func pythonZeroconfResolvesTheRecordWithItsNineKeys() throws {
        try NetworkNamespacePair.with { pair in
            try pair.withPrivateAddresses { hubAddress, _ in
                let daemon = try Self.startHub(in: pair)
                defer { daemon.stop() }
                guard try ZeroconfPeer.require() else { return }
                let info = try HomeKitPeerTests.homekit(daemon)
                guard case .string(let deviceID)? = info["device_id"], case .string(let setupID)? = info["setup_id"],
                    case .integer(let port)? = info["port"], case .integer(let number)? = info["configuration_number"]
                else { throw TestFailure("get_homekit answered \(info)") }
                #expect(info["paired"] == false)

                let name = Self.instanceName(deviceID: deviceID)
                guard let record = try Self.record(name, in: pair) else {
                    Issue.record("no \(Self.type) record called \(name):\n\(daemon.log.suffix(3000))")
                    return
                }
                #expect(record.type == "\(Self.type).local.")
                #expect(Int64(record.port) == port)
                #expect(record.addresses.contains(hubAddress), "\(record.addresses)")
                let (values, count) = Self.txt(record)
                #expect(count == 9, "\(values)")
                #expect(
                    values == [
                        "c#": String(number), "ff": "0", "id": deviceID, "md": "mhub", "pv": "1.1", "s#": "1",
                        "sf": "1", "ci": "2", "sh": Self.setupHash(setupID: setupID, deviceID: deviceID),
                    ], "\(values)")
            }
        }
    }

    /// aiohomekit finds the hub by its Device ID among the `_hap._tcp` records and pairs at the private address and
    /// port it read there; the record then says paired (`sf=0`), a device commissioned into the home moves `c#` up,
    /// and removing the pairing, the last administrator, makes it say unpaired again.
    @Test func aiohomekitPairsThroughDiscoveryAndTheRecordFollows() throws {
        try NetworkNamespacePair.with { pair in
            try pair.withPrivateAddresses { hubAddress, _ in
                let daemon = try Self.startHub(in: pair)
                defer { daemon.stop() }
                let zeroconf = try ZeroconfPeer.require()
                let info = try HomeKitPeerTests.homekit(daemon)
                guard case .string(let deviceID)? = info["device_id"], case .integer(let port)? = info["port"],
                    case .integer(let number)? = info["configuration_number"]
                else { throw TestFailure("get_homekit answered \(info)") }
                let name = Self.instanceName(deviceID: deviceID)
                let sf = { (instance: ZeroconfPeer.Instance) in Self.txt(instance).values["sf"] }

                let controller = try HAPController(
                    pairingFile: daemon.directory.appendingPathComponent("hap-pairing.json"),
                    launcher: pair.launcher(in: pair.controller))
                defer { controller.stop() }
                let paired = try controller.call(
                    "pair_discovered",
                    [
                        "device_id": .string(deviceID), "code": .string(HomeKitPeerTests.setupCode),
                        "alias": .string(HomeKitPeerTests.alias), "timeout_s": 30,
                    ], within: 90)
                // What aiohomekit read from the record: the hub, unpaired, at the private address only.
                let discovered = paired["discovered"]
                #expect(discovered?["id"] == .string(deviceID.lowercased()), "\(paired)")
                #expect(discovered?["name"] == .string(name), "\(paired)")
                #expect(discovered?["address"] == .string(hubAddress), "\(paired)")
                #expect(discovered?["addresses"] == [.string(hubAddress)], "\(paired)")
                #expect(discovered?["port"] == .integer(port), "\(paired)")
                #expect(discovered?["status_flags"] == 1, "\(paired)")
                #expect(discovered?["config_num"] == .integer(number), "\(paired)")
                #expect(discovered?["category"] == 2, "\(paired)")
                let pairing = paired["pairing"]
                #expect(pairing?["AccessoryPairingID"] == .string(deviceID), "\(paired)")
                #expect(pairing?["AccessoryIP"] == .string(hubAddress), "\(paired)")
                #expect(pairing?["AccessoryPort"] == .integer(port), "\(paired)")
                let hub = try HomeKitPeerTests.homekit(daemon)
                #expect(hub["paired"] == true)
                #expect(hub["pairings"] == [["identifier": pairing?["iOSPairingId"] ?? nil, "admin": true]], "\(hub)")
                #expect(
                    try controller.call("verify", ["alias": .string(HomeKitPeerTests.alias)]) == ["ok": true])

                if zeroconf {
                    let pairedRecord = try Self.record(name, in: pair) { sf($0) == "0" }
                    #expect(pairedRecord.map(sf) == "0", "\(pairedRecord.map(Self.txt) ?? ([:], 0))")
                }

                // A device joins the home (commissioned, so bridged): a new accessory, and c# moves up.
                let hubConnection = try daemon.connect(.unix)
                defer { hubConnection.close() }
                let added = try hubConnection.call(
                    "add_simulated_device",
                    ["template": "on-off-light", "name": "Porch", "discriminator": 3001, "network": "ethernet"])
                guard case .string(let qr)? = added["qr_code"] else { throw TestFailure("no QR code in \(added)") }
                _ = try hubConnection.call("commission_with_code", ["code": .string(qr)])
                // The HomeKit face hears of the new device from the hub and moves c# on its own queue.
                let numberNow = { try? HomeKitPeerTests.homekit(daemon)["configuration_number"] }
                #expect(eventually(within: 10) { numberNow() != .integer(number) }, "\(daemon.log.suffix(3000))")
                guard case .integer(let moved)? = numberNow() else { throw TestFailure("no configuration_number") }
                #expect(moved > number)
                let accessories = try controller.call("accessories", ["alias": .string(HomeKitPeerTests.alias)])
                #expect(HomeKitPeerTests.aids(accessories).count == 4, "\(accessories)")
                if zeroconf {
                    let joined = try Self.record(name, in: pair) { Self.txt($0).values["c#"] == String(moved) }
                    #expect(joined.flatMap { Self.txt($0).values["c#"] } == String(moved), "before: \(number)")
                    #expect(joined.map(sf) == "0")
                }

                // The last administrator removed: every pairing goes, and the record says unpaired again.
                #expect(
                    try controller.call(
                        "remove_pairing",
                        [
                            "alias": .string(HomeKitPeerTests.alias),
                            "pairing_id": pairing?["iOSPairingId"] ?? .null,
                        ]) == ["removed": true])
                let unpaired = try HomeKitPeerTests.homekit(daemon)
                #expect(unpaired["paired"] == false)
                #expect(unpaired["pairings"] == [])
                if zeroconf {
                    let record = try Self.record(name, in: pair) { sf($0) == "1" }
                    #expect(record.map(sf) == "1", "\(record.map(Self.txt) ?? ([:], 0))")
                    #expect(record.flatMap { Self.txt($0).values["c#"] } == String(moved))
                }
            }
        }
    }
}
