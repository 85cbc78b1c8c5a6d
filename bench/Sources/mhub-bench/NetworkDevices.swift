import MHubClient
import MHubJSON
import MatterDataModel
import MatterInteraction
import MatterTestSupport

/// Simulated devices on the network (issue 35), each its own Matter node on its own UDP port, driven as a controller
/// drives them: added on the control socket, commissioned by the Swift commissioner (`MatterTestSupport`) with their
/// own passcodes, read over CASE; beside the hub's own node, commissioned the same way, and a light it bridges.
enum NetworkDevices {
    /// A device on the network: its simulated device ID and its node's UDP port and passcode.
    struct Device {
        let id: Int64
        let port: UInt16
        let passcode: UInt32
    }

    /// Adds `count` On/Off lights on the network (discriminators from 3000, each with its own passcode); returns each
    /// one's passcode by its simulated device ID.
    static func add(count: Int, _ control: MHubMessagePipe) throws -> [Int64: UInt32] {
        var passcodes: [Int64: UInt32] = [:]
        for index in 0..<count {
            let passcode = UInt32(30_000_000 + 7 * index)
            let added = try control.call(
                "add_simulated_device",
                [
                    "template": "on-off-light", "on_network": true, "discriminator": .integer(Int64(3000 + index)),
                    "passcode": .integer(Int64(passcode)), "network": "ethernet",
                ])
            guard case .integer(let id)? = added["simulated_device_id"] else {
                throw BenchFailure("add_simulated_device answered \(added)")
            }
            passcodes[id] = passcode
        }
        return passcodes
    }

    /// The devices of `passcodes` once every one's node listens with its commissioning window open
    /// (`get_simulated_devices`' `matter_node`), in the order of their IDs.
    static func listening(_ passcodes: [Int64: UInt32], _ control: MHubMessagePipe, timeout: Double = 60) throws
        -> [Device]
    {
        let deadline = monotonicSeconds() + timeout
        while true {
            guard case .array(let listed) = try control.call("get_simulated_devices") else {
                throw BenchFailure("get_simulated_devices: no list")
            }
            let ready = listed.compactMap { device -> Device? in
                guard case .integer(let id)? = device["simulated_device_id"], let passcode = passcodes[id],
                    case .integer(let port)? = device["matter_node"]?["port"],
                    device["matter_node"]?["commissioning_window_open"] == true
                else { return nil }
                return Device(id: id, port: UInt16(port), passcode: passcode)
            }
            if ready.count == passcodes.count { return ready.sorted { $0.id < $1.id } }
            guard monotonicSeconds() < deadline else {
                throw BenchFailure("only \(ready.count) of \(passcodes.count) devices listen with their windows open")
            }
            pause(0.01)
        }
    }

    /// A Matter node commissioned by the Swift commissioner, with the CASE session it ended on.
    struct Commissioned {
        var commissioner: MatterTestCommissioner
        var transport: MatterSocketTransport
        /// From the first PBKDFParamRequest to CommissioningComplete's answer.
        let seconds: Double
    }

    /// Commissions the node on `port` with `passcode`: PASE … CommissioningComplete (every stage
    /// `MatterTestCommissioner.commission` runs, attestation included) over a new UDP socket, timed.
    static func commission(port: UInt16, passcode: UInt32, fabric: UInt64) throws -> Commissioned {
        var transport = MatterSocketTransport(try MatterSocketClient(.udp, port: port))
        var commissioner = try MatterTestCommissioner(
            passcode: passcode, fabricID: 0xD0_0000 + fabric, hubNodeID: 0x1000 + fabric, seed: 0xD000 + fabric)
        let start = monotonicSeconds()
        try commissioner.commission(over: &transport)
        return Commissioned(
            commissioner: commissioner, transport: transport, seconds: monotonicSeconds() - start)
    }

    /// Reads `path` over `node`'s CASE session `count` times, one after another, each on a new exchange; returns each
    /// read's time until its ReportData is decoded (and acknowledged). Each is checked to hold a Boolean.
    static func reads(_ path: AttributePath, of node: inout Commissioned, count: Int) throws -> Sample {
        var sample = Sample()
        for _ in 0..<count {
            let start = monotonicSeconds()
            let reports = try node.commissioner.read([AttributePathIB(path)], over: &node.transport)
            let seconds = monotonicSeconds() - start
            guard case .bool? = AttributeReportIB.assemble(reports)[path] else {
                throw BenchFailure("a read of \(path) gave \(reports)")
            }
            sample.append(seconds)
        }
        return sample
    }

    /// The highest endpoint the hub's Aggregator (endpoint 1) lists: the bridged light of a home of one.
    static func bridgedEndpoint(of hub: inout Commissioned) throws -> EndpointID {
        let partsList = AttributePath(endpoint: 1, cluster: 0x1D, attribute: 3)
        let reports = try hub.commissioner.read([AttributePathIB(partsList)], over: &hub.transport)
        guard case .list(let parts)? = AttributeReportIB.assemble(reports)[partsList],
            let endpoint = parts.compactMap({ part -> UInt64? in if case .unsigned(let e) = part { e } else { nil } })
                .max()
        else { throw BenchFailure("the Aggregator's PartsList lists no bridged endpoint: \(reports)") }
        return EndpointID(endpoint)
    }
}
