import DNSSDPeerSupport
import Foundation
import MHubClient
import MHubJSON
import MatterTestSupport

/// A real mhubd that advertises on loopback only (`dns_sd.interfaces: ["lo"]`), with a hub name, Thread
/// network and Border Agent name unique to one test, so runs and other users of avahi-daemon do not meet.
final class AdvertisedHub {
    let daemon: DaemonHarness
    let suffix: String
    let discriminator: UInt16
    let extendedAddress: [UInt8]

    /// `thread` keys that two hubs share for a collision test.
    init(suffix: String = String(UInt32.random(in: 0...UInt32.max), radix: 16), thread: [String: JSONValue] = [:])
        throws
    {
        self.suffix = suffix
        discriminator = UInt16.random(in: 100...4000)
        extendedAddress = [0x4D, 0x48, 0x55, 0x42] + (0..<4).map { _ in UInt8.random(in: 0...255) }
        var threadKeys: [String: JSONValue] = [
            "instance_name": .string("mhub it \(suffix)"), "network_name": .string("it-\(suffix)"),
            "extended_address": .string(extendedAddress.map { hex($0) }.joined()),
        ]
        threadKeys.merge(thread) { $1 }
        daemon = try DaemonHarness(configuration: [
            "hub": ["name": .string("mhub it \(suffix)"), "discriminator": .integer(Int64(discriminator))],
            "dns_sd": ["enabled": true, "interfaces": ["lo"]],
            "thread": .object(threadKeys),
            // These tests are about the Matter and Thread records; the HomeKit bridge's `_hap._tcp` is
            // HomeKitDiscoveryPeerTests'.
            "homekit": ["enabled": false],
        ])
        // `_meshcop._udp` names the configured network until a client sets a dataset (a test that wants one sets it).
        daemon.presetNetworks = false
    }

    var hubName: String { "mhub it \(suffix)" }

    /// The Border Agent instance name: `<instance_name> #XXXX` from the extended address's last two bytes.
    var borderAgentName: String {
        let configured = daemon.extraConfiguration["thread"]?["instance_name"]
        guard case .string(let base)? = configured else { return "" }
        return "\(base) #\(hex(extendedAddress[6]))\(hex(extendedAddress[7]))"
    }

    /// The Matter port mhubd bound (the harness asks for a free one), from its log line
    /// (`listening on matter udp+tcp port P`); the records must advertise this one.
    var matterPort: UInt16 {
        let pattern = #"listening on matter udp\+tcp port (\d+)"#
        guard let range = daemon.log.range(of: pattern, options: .regularExpression) else { return 0 }
        return UInt16(daemon.log[range].split(separator: " ").last ?? "") ?? 0
    }

    /// The UDC port mhubd bound, from its log line (`listening for User Directed Commissioning on udp:[::]:P`).
    var udcPort: UInt16? {
        let pattern = #"User Directed Commissioning on udp:(\[::\]|0\.0\.0\.0):(\d+)"#
        guard let range = daemon.log.range(of: pattern, options: .regularExpression) else { return nil }
        return UInt16(daemon.log[range].split(separator: ":").last ?? "")
    }

    func call(_ command: String, _ args: [String: JSONValue] = [:]) throws -> JSONValue {
        let hub = try daemon.connect(.unix)
        defer { hub.close() }
        return try hub.call(command, args)
    }

    /// Commissions the hub as a controller does (the Swift commissioner over UDP: PASE, attestation, CSR, AddNOC,
    /// CASE, CommissioningComplete), so it joins a fabric and publishes its `_matter._tcp` record for it.
    func commission(seed: UInt64 = 71) throws {
        _ = try call("open_commissioning_window", ["timeout": 120])
        var transport = MatterSocketTransport(try MatterSocketClient(.udp, port: matterPort))
        var commissioner = try MatterTestCommissioner(
            passcode: 20_202_021, fabricID: 0xFAB1, hubNodeID: 0x1234, seed: seed)
        _ = try commissioner.commission(over: &transport)
    }

    /// The operational instance name of the fabric the hub joined (`commission()`): `<CFID>-<its node ID>`.
    func operationalName() throws -> String {
        guard case .array(let fabrics)? = try call("get_fabrics")["fabrics"], let fabric = fabrics.first,
            case .string(let compressed)? = fabric["compressed_fabric_id"], case .string(let node)? = fabric["node_id"]
        else { throw TestFailure("the hub has joined no fabric") }
        return compressed + "-" + node
    }

    /// The compressed fabric ID of the hub's own fabric (`server_info`), which its simulated devices' records name.
    func ownFabric() throws -> String {
        guard case .integer(let fabric)? = try call("server_info")["compressed_fabric_id"] else {
            throw TestFailure("server_info has no compressed_fabric_id")
        }
        return hex16(UInt64(bitPattern: fabric))
    }

    /// `get_advertising` as text, for failure messages.
    var reportText: String {
        (try? call("get_advertising")).map { JSONWriter.compact($0) } ?? "no report"
    }

    /// `get_advertising`'s service of `role`.
    func advertised(_ role: String) throws -> JSONValue? {
        guard case .array(let services)? = try call("get_advertising")["services"] else { return nil }
        return services.first { $0["role"] == .string(role) }
    }

    /// `get_advertising`'s services of `role`.
    func advertisedAll(_ role: String) throws -> [JSONValue] {
        guard case .array(let services)? = try call("get_advertising")["services"] else { return [] }
        return services.filter { $0["role"] == .string(role) }
    }

    /// Waits until `get_advertising` says running with every service in `states` by role.
    func waitUntil(within seconds: Double, _ states: [String: String]) -> Bool {
        eventually(within: seconds) {
            guard let report = try? call("get_advertising"), report["state"] == "running",
                case .array(let services)? = report["services"]
            else { return false }
            return states.allSatisfy { role, state in
                services.contains { $0["role"] == .string(role) && $0["state"] == .string(state) }
            }
        }
    }
}

func hex(_ byte: UInt8) -> String {
    (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
}

func hex16(_ value: UInt64) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
