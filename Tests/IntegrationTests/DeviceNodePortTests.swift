import Foundation
import MHubConfiguration
import MHubJSON
import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterSecureChannel
import MatterTestSupport
import Testing

/// Simulated devices on the network against the real mhubd, over UDP on loopback: each device is its own Matter node
/// on its own port, commissioned with its own passcode by the Swift commissioner, read and driven over CASE, one state
/// with the control socket; wrong passcodes close its window; a kill -9 keeps its port, identity and fabrics.
@Suite struct DeviceNodePortTests {
    static let lightPasscode: UInt32 = 34_567_890
    static let sensorPasscode: UInt32 = 45_678_901
    static let refusal = StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter)

    /// mhubd with the hub's own Matter port and the devices' ports ephemeral.
    static func daemon() throws -> DaemonHarness {
        let daemon = try DaemonHarness(configuration: ["matter": ["port": 0, "device_port_base": 0]])
        try daemon.start()
        return daemon
    }

    struct NetworkDevice {
        var id: Int64
        var nodeID: Int64
        var port: UInt16
    }

    /// Adds a device on the network and waits until its node listens with its window open.
    static func add(
        _ template: String, discriminator: Int64, passcode: UInt32, to daemon: DaemonHarness
    ) throws -> NetworkDevice {
        let hub = try daemon.connect(.unix)
        let added = try hub.call(
            "add_simulated_device",
            [
                "template": .string(template), "on_network": true, "discriminator": .integer(discriminator),
                "passcode": .integer(Int64(passcode)), "network": "ethernet",
            ])
        guard case .integer(let id)? = added["simulated_device_id"],
            case .integer(let nodeID)? = added["matter_node"]?["node_id"]
        else { throw DeviceNodeTestError("add_simulated_device answered \(added)") }
        let info = try matterNode(of: id, daemon) { $0["port"] != .null && $0["commissioning_window_open"] == true }
        guard case .integer(let port)? = info["port"], info["commissioning_window_open"] == true else {
            throw DeviceNodeTestError("device \(id)'s node never listened:\n\(daemon.log)")
        }
        return NetworkDevice(id: id, nodeID: nodeID, port: UInt16(port))
    }

    /// Device `id`'s `matter_node` once `condition` holds of it, or as it is after 5 s.
    static func matterNode(of id: Int64, _ daemon: DaemonHarness, once condition: (JSONValue) -> Bool) throws
        -> JSONValue
    {
        var node = try matterNode(of: id, daemon)
        for _ in 0..<100 where !condition(node) {
            Thread.sleep(forTimeInterval: 0.05)
            node = try matterNode(of: id, daemon)
        }
        return node
    }

    /// `get_simulated_devices`' `matter_node` of device `id`.
    static func matterNode(of id: Int64, _ daemon: DaemonHarness) throws -> JSONValue {
        guard case .array(let devices) = try daemon.connect(.unix).call("get_simulated_devices", [:]),
            let device = devices.first(where: { $0["simulated_device_id"] == .integer(id) })
        else { return .null }
        return device["matter_node"] ?? .null
    }

    /// mhubd with an on-off light on the network that the Swift commissioner (fabric `fabricID`, the light as node
    /// `nodeID`) commissioned over UDP, and the transport it used.
    static func commissionedLight(discriminator: Int64, fabricID: UInt64, nodeID: UInt64, seed: UInt64) throws
        -> (DaemonHarness, NetworkDevice, MatterSocketTransport, MatterTestCommissioner)
    {
        let daemon = try Self.daemon()
        let light = try Self.add("on-off-light", discriminator: discriminator, passcode: Self.lightPasscode, to: daemon)
        var transport = try Self.transport(light)
        var commissioner = try MatterTestCommissioner(
            passcode: Self.lightPasscode, fabricID: fabricID, hubNodeID: nodeID, seed: seed)
        #expect(try commissioner.commission(over: &transport) == 1)
        return (daemon, light, transport, commissioner)
    }

    static func transport(_ device: NetworkDevice) throws -> MatterSocketTransport {
        MatterSocketTransport(try MatterSocketClient(.udp, port: device.port))
    }

    static func value(_ reports: [AttributeReportIB]) -> AttributeValue? {
        for case .data(_, _, let value) in reports { return value }
        return nil
    }

    @Test func aDeviceIsCommissionedWithItsOwnPasscodeAndIsOneStateWithTheSocket() throws {
        let daemon = try Self.daemon()
        let light = try Self.add("on-off-light", discriminator: 2001, passcode: Self.lightPasscode, to: daemon)
        let sensor = try Self.add("contact-sensor", discriminator: 2002, passcode: Self.sensorPasscode, to: daemon)
        #expect(light.port != sensor.port && light.port != daemon.matterPort)

        // The hub's passcode and the other device's get nowhere on this device's port.
        let client = try MatterSocketClient(.udp, port: light.port)
        var wrong = MatterTestController(passcode: Self.sensorPasscode, seed: 300)
        #expect(try wrong.converse(wrong.pbkdfParamRequest(), over: client) == [.statusReport(Self.refusal)])

        var transport = try Self.transport(light)
        var commissioner = try MatterTestCommissioner(
            passcode: Self.lightPasscode, fabricID: 0xFAB2, hubNodeID: 0x5151, seed: 301)
        // Its DAC chains to the devices' PAA that get_attestation gives (for a controller's trust store).
        let attestation = try daemon.connect(.unix).call("get_attestation", [:])
        guard case .string(let paa)? = attestation["device_paa"]?["der_base64"], let der = Base64.decode(paa) else {
            Issue.record("no device_paa in get_attestation: \(attestation)")
            return
        }
        #expect(attestation["device_paa"]?["subject"] == "CN=mhub Devices PAA", "a PAA without a vendor ID")
        commissioner.trustedPAA = der
        #expect(try commissioner.commission(over: &transport) == 1)

        // Over CASE: its own Basic Information and endpoints, not the hub's.
        let vendor = try commissioner.read(
            [AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 2)], over: &transport)
        #expect(Self.value(vendor) == .unsigned(0xFFF1))
        let types = try commissioner.read([AttributePathIB(endpoint: 1, cluster: 0x1D, attribute: 0)], over: &transport)
        guard case .list(let deviceTypes)? = Self.value(types) else {
            Issue.record("no DeviceTypeList on endpoint 1: \(types)")
            return
        }
        #expect(
            deviceTypes.first == .structure([0: .unsigned(0x0100), 1: .unsigned(3)]), "On/Off Light: \(deviceTypes)")
        let parts = try commissioner.read([AttributePathIB(endpoint: 0, cluster: 0x1D, attribute: 3)], over: &transport)
        #expect(Self.value(parts) == .list([.unsigned(1)]), "no Aggregator")

        // A toggle over Matter is the device's state on the socket.
        let toggled = try commissioner.invoke(endpoint: 1, cluster: 6, command: 2, over: &transport)
        #expect(try commissioner.status(toggled) == .success)
        let hub = try daemon.connect(.unix)
        let read = try hub.call(
            "read_attribute", ["node_id": .integer(light.nodeID), "attribute_path": "1/6/0"])
        #expect(read["1/6/0"] == true, "read_attribute answered \(read)")
        // A change at the socket is what the controller reads next.
        _ = try hub.call(
            "set_attribute", ["node_id": .integer(light.nodeID), "attribute_path": "1/6/0", "value": false])
        let onOff = try commissioner.read([AttributePathIB(endpoint: 1, cluster: 6, attribute: 0)], over: &transport)
        #expect(Self.value(onOff) == .bool(false))
        // Endpoint 0 is the device's too: its Basic Information as it is now, its OTA Requestor.
        _ = try hub.call(
            "set_attribute", ["node_id": .integer(light.nodeID), "attribute_path": "0/40/5", "value": "Renamed"])
        let label = try commissioner.read([AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 5)], over: &transport)
        #expect(Self.value(label) == .string("Renamed"))
        let updatePossible = try commissioner.read(
            [AttributePathIB(endpoint: 0, cluster: 0x2A, attribute: 1)], over: &transport)
        #expect(Self.value(updatePossible) == .bool(true))

        // Its port takes TCP too: CASE and a read over a TCP connection to it.
        var tcp = MatterSocketTransport(try MatterSocketClient(.tcp, port: light.port))
        try commissioner.establishCASE(over: &tcp)
        let overTCP = try commissioner.read([AttributePathIB(endpoint: 1, cluster: 6, attribute: 0)], over: &tcp)
        #expect(Self.value(overTCP) == .bool(false))

        // The socket shows its fabric and its closed window; the other device is still commissionable.
        let info = try Self.matterNode(of: light.id, daemon)
        #expect(info["commissioning_window_open"] == false)
        #expect(info["fabrics"]?.arrayCount == 1)
        #expect(try Self.matterNode(of: sensor.id, daemon)["commissioning_window_open"] == true)
        // Not in the hub's home.
        #expect(try hub.call("get_nodes", [:]) == [])
        #expect(daemon.stop() == 0)
    }

    @Test func twentyWrongPasscodesCloseTheDevicesWindow() throws {
        let daemon = try Self.daemon()
        let light = try Self.add("on-off-light", discriminator: 2003, passcode: Self.lightPasscode, to: daemon)
        let client = try MatterSocketClient(.udp, port: light.port)
        for attempt in 1...21 {
            var wrong = MatterTestController(passcode: 12_345_679, seed: 400 + UInt64(attempt))
            #expect(
                try wrong.converse(wrong.pbkdfParamRequest(), over: client) == [.statusReport(Self.refusal)],
                "attempt \(attempt)")
        }
        var right = MatterTestController(passcode: Self.lightPasscode, seed: 430)
        #expect(try right.converse(right.pbkdfParamRequest(), over: client) == [.statusReport(Self.refusal)])
        let info = try Self.matterNode(of: light.id, daemon)
        #expect(info["commissioning_window_open"] == false)
        #expect(info["problem"] == "its commissioning window closed after too many wrong passcodes")
        #expect(daemon.stop() == 0)
    }

    @Test func aFactoryResetMakesItCommissionableAgainForAnotherController() throws {
        var (daemon, light, _, first) = try Self.commissionedLight(
            discriminator: 2005, fabricID: 0xFAB4, nodeID: 0x7171, seed: 601)
        _ = try daemon.connect(.unix).call("reset_simulated_device", ["simulated_device_id": .integer(light.id)])
        let reset = try Self.matterNode(of: light.id, daemon) { $0["commissioning_window_open"] == true }
        #expect(reset["commissioning_window_open"] == true, "its window opens again")
        #expect(reset["fabrics"]?.arrayCount == 0)
        // The first controller's fabric is gone; a second controller commissions it with the same codes.
        var again = try Self.transport(light)
        #expect(throws: (any Error).self) { try first.establishCASE(over: &again) }
        var second = try MatterTestCommissioner(
            passcode: Self.lightPasscode, fabricID: 0xFAB5, hubNodeID: 0x7272, seed: 602)
        var fresh = try Self.transport(light)
        #expect(try second.commission(over: &fresh) == 1)
        #expect(daemon.stop() == 0)
    }

    @Test func mhubsOwnCommissioningPutsMhubsFabricBesideTheControllers() throws {
        var (daemon, light, _, controller) = try Self.commissionedLight(
            discriminator: 2006, fabricID: 0xFAB6, nodeID: 0x8181, seed: 701)
        let hub = try daemon.connect(.unix)
        let manual = try #require(
            try hub.call("get_simulated_devices", [:]).arrayValueForTest.first {
                $0["simulated_device_id"] == .integer(light.id)
            }?["manual_code"])
        let node = try hub.call("commission_with_code", ["code": manual])
        #expect(node["node_id"] == .integer(light.nodeID), "the same node joins the home")
        // Over the socket: both fabrics, mhub's with its fabric ID and vendor.
        let fabricID = try hub.call("server_info", [:])["fabric_id"]
        let fabrics =
            try Self.matterNode(of: light.id, daemon) { $0["fabrics"]?.arrayCount == 2 }["fabrics"]?
            .arrayValueForTest ?? []
        #expect(fabrics.count == 2, "\(fabrics)")
        #expect(fabrics.last?["vendor_id"] == 0xFFF1 && fabrics.last?["committed"] == true)
        if case .integer(let id)? = fabricID {
            #expect(fabrics.last?["fabric_id"] == .string(String(format: "%016llX", UInt64(id))))
        }
        // Over Matter: the controller reads both in Fabrics (not filtered by its fabric).
        var again = try Self.transport(light)
        try controller.establishCASE(over: &again)
        let listed = try controller.read(
            [AttributePathIB(endpoint: 0, cluster: 0x3E, attribute: 1)], fabricFiltered: false, over: &again)
        guard case .list(let entries)? = Self.value(listed) else {
            Issue.record("no Fabrics: \(listed)")
            return
        }
        #expect(entries.count == 2)
        // Out of the home, it leaves mhub's fabric and keeps the controller's.
        _ = try hub.call("remove_node", ["node_id": .integer(light.nodeID)])
        #expect(
            try Self.matterNode(of: light.id, daemon) { $0["fabrics"]?.arrayCount == 1 }["fabrics"]?.arrayCount == 1)
        var third = try Self.transport(light)
        try controller.establishCASE(over: &third)
        #expect(daemon.stop() == 0)
    }

    @Test func faultsActOnTheWire() throws {
        var (daemon, light, transport, controller) = try Self.commissionedLight(
            discriminator: 2007, fabricID: 0xFAB7, nodeID: 0x9191, seed: 801)
        let hub = try daemon.connect(.unix)
        let onOff = [AttributePathIB(endpoint: 1, cluster: 6, attribute: 0)]
        // Unreachable: no answer at all.
        _ = try hub.call(
            "set_fault", ["fault": "device_unreachable", "simulated_device_id": .integer(light.id)])
        transport.timeout = 1
        #expect(throws: (any Error).self) { try controller.read(onOff, over: &transport) }
        _ = try hub.call("clear_faults", [:])
        // Slow: answered, after its latency.
        _ = try hub.call(
            "set_fault", ["fault": "slow_device", "simulated_device_id": .integer(light.id), "latency_ms": 400])
        var fresh = try Self.transport(light)
        fresh.timeout = 5
        try controller.establishCASE(over: &fresh)
        let started = Date()
        #expect(Self.value(try controller.read(onOff, over: &fresh)) == .bool(false))
        #expect(Date().timeIntervalSince(started) >= 0.4)
        #expect(daemon.stop() == 0)
    }

    @Test func aDeviceTakesNoPortOfTheDaemonsOwn() throws {
        // The control socket's TCP port where the devices' range starts (as UDC's 5550 and OHF's 5580 lie in the
        // default range from 5541), and a device declared on the network: its node starts before the control
        // socket listens, and must leave that port to it.
        let base = UInt16.random(in: 40_000...48_000)
        let daemon = try DaemonHarness(configuration: [
            "matter": ["port": 0, "device_port_base": .integer(Int64(base))],
            "control": ["tcp_port": .integer(Int64(base))],
            "simulated_devices": [
                [
                    "template": "on-off-light", "discriminator": 2008, "passcode": .integer(Int64(Self.lightPasscode)),
                    "network": "ethernet", "on_network": true,
                ]
            ],
        ])
        try daemon.start()
        let node = try Self.matterNode(of: 1, daemon) { $0["port"] != .null }
        guard case .integer(let port)? = node["port"] else {
            Issue.record("the declared device's node does not listen: \(node)\n\(daemon.log)")
            return
        }
        #expect(port > Int64(base), "port \(port), base \(base)")
        #expect(daemon.stop() == 0)
    }

    @Test func aKill9KeepsItsPortIdentityAndFabric() throws {
        var (daemon, light, transport, commissioner) = try Self.commissionedLight(
            discriminator: 2004, fabricID: 0xFAB3, nodeID: 0x6161, seed: 501)
        let dac = try commissioner.read(
            [AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 0x12)], over: &transport)

        daemon.killHard()
        try daemon.start()
        let restarted = try Self.matterNode(of: light.id, daemon) { $0["port"] != .null }
        #expect(restarted["port"] == .integer(Int64(light.port)), "the port it had")
        var again = try Self.transport(light)
        try commissioner.establishCASE(over: &again)
        let uniqueID = try commissioner.read(
            [AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 0x12)], over: &again)
        #expect(Self.value(uniqueID) == Self.value(dac))
        #expect(try Self.matterNode(of: light.id, daemon)["commissioning_window_open"] == false)
        #expect(daemon.stop() == 0)
    }
}

struct DeviceNodeTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension JSONValue {
    fileprivate var arrayCount: Int? { if case .array(let items) = self { items.count } else { nil } }
}
