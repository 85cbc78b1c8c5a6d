import Foundation
import MHubConfiguration
import MHubTestSupport
import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterTLV
import MatterTestSupport
import Testing

/// The home over Matter through the real mhubd: the hub commissioned by the Swift commissioner over UDP, then over
/// CASE a bridged light read, toggled, written and subscribed to, with the control socket seeing the same state;
/// and after a kill -9 and a restart the same endpoint numbers.
@Suite struct MatterBridgeIntegrationTests {
    static func daemon() throws -> DaemonHarness {
        let daemon = try DaemonHarness(configuration: [
            "matter": ["port": 0], "hub": ["name": "Bridge hub", "serial_number": "SN-BRIDGE-1"],
            "simulated_devices": [
                ["template": "on-off-light", "discriminator": 101, "passcode": 20_202_021, "name": "Lamp"],
                ["template": "door-lock", "discriminator": 102, "passcode": 20_202_021, "name": "Front door"],
            ],
        ])
        try daemon.start()
        return daemon
    }

    static func values(_ reports: [AttributeReportIB]) -> [AttributePath: AttributeValue] {
        AttributeReportIB.assemble(reports)
    }

    static let partsList = AttributePath(endpoint: 1, cluster: 0x1D, attribute: 3)
    static let onOff = AttributePath(endpoint: 2, cluster: 6, attribute: 0)
    static let uniqueID = AttributePath(endpoint: 2, cluster: 0x39, attribute: 0x12)

    @Test func aBridgedLightOverCASEAndTheControlSocketShareOneState() throws {
        let daemon = try Self.daemon()
        let hub = try daemon.connect(.unix)
        for device in try hub.call("get_simulated_devices").arrayValueForTest {
            guard case .string(let qr)? = device["qr_code"] else { throw TestFailure("no QR code") }
            _ = try hub.call("commission_with_code", ["code": .string(qr)])
        }
        _ = try hub.call("open_commissioning_window", [:])
        var transport = MatterSocketTransport(try MatterSocketClient(.udp, port: daemon.matterPort))
        var commissioner = try MatterTestCommissioner(
            passcode: MatterPortTests.passcode, fabricID: 0xB1D9, hubNodeID: 0x4321, seed: 91)
        #expect(try commissioner.commission(over: &transport) == 1)

        // Every endpoint: the Aggregator's PartsList, the light's Bridged Device Basic Information and On/Off.
        let first = Self.values(
            try commissioner.read(
                [
                    AttributePathIB(Self.partsList), AttributePathIB(endpoint: 2, cluster: 0x39),
                    AttributePathIB(Self.onOff),
                ], over: &transport))
        #expect(first[Self.partsList] == .list([.unsigned(2), .unsigned(3)]))
        #expect(first[AttributePath(endpoint: 2, cluster: 0x39, attribute: 5)] == .string("Lamp"))
        #expect(first[AttributePath(endpoint: 2, cluster: 0x39, attribute: 0x11)] == .bool(true))
        #expect(first[Self.onOff] == .bool(false))
        let uniqueID = try #require(first[Self.uniqueID])

        // Toggle over Matter: the control socket reads the light on.
        let toggled = try commissioner.invoke(endpoint: 2, cluster: 6, command: 2, over: &transport)
        #expect(
            toggled == .status(path: CommandPathIB(endpoint: 2, cluster: 6, command: 2), StatusIB(.success), ref: nil))
        #expect(try hub.call("read_attribute", ["node_id": 1, "attribute_path": "1/6/0"])["1/6/0"] == true)

        // Writes: one the device logic takes, one it refuses with its status.
        let written = try transport.converse(
            commissioner.controller.write([
                AttributeDataIB(path: AttributePathIB(endpoint: 2, cluster: 6, attribute: 0x4001), data: .unsigned(12)),
                AttributeDataIB(path: AttributePathIB(Self.onOff), data: .bool(false)),
            ]), controller: &commissioner.controller)
        guard case .writeResponse(let response)? = written.last else {
            Issue.record("no WriteResponse: \(written)")
            return
        }
        #expect(response.writeResponses.map(\.status.status) == [.success, .unsupportedWrite])
        #expect(try hub.call("read_attribute", ["node_id": 1, "attribute_path": "1/6/16385"])["1/6/16385"] == 12)

        // A subscription hears a change made on the device itself within a second.
        let subscribed = try transport.converse(
            commissioner.controller.subscribe(
                SubscribeRequestMessage(
                    minIntervalFloorSeconds: 0, maxIntervalCeilingSeconds: 60,
                    attributeRequests: [AttributePathIB(Self.onOff)])), controller: &commissioner.controller)
        guard case .subscribeResponse(let established)? = subscribed.last else {
            Issue.record("no SubscribeResponse: \(subscribed)")
            return
        }
        let started = Date()
        _ = try hub.call("set_attribute", ["node_id": 1, "attribute_path": "1/6/0", "value": false])
        let client = transport.client
        guard let bytes = client.receive(timeout: 2),
            case .hubRequest(0x05, let payload, let exchange)? = try commissioner.controller.receive(bytes).event
        else {
            Issue.record("no report from the subscription\n\(daemon.log.suffix(2000))")
            return
        }
        #expect(Date().timeIntervalSince(started) < 1)
        let report = try ReportDataMessage(payload: payload)
        #expect(report.subscriptionID == established.subscriptionID)
        #expect(Self.values(report.attributeReports ?? [])[Self.onOff] == .bool(false))
        client.send(
            try commissioner.controller.respond(
                toHubExchange: exchange, opcode: InteractionModelOpcode.statusResponse.rawValue,
                payload: StatusResponseMessage(status: .success).encoded()))

        // kill -9 and a restart: the same endpoints, the same UniqueID.
        daemon.killHard()
        try daemon.start()
        var again = MatterSocketTransport(try MatterSocketClient(.udp, port: daemon.matterPort))
        try commissioner.establishCASE(over: &again)
        let after = Self.values(
            try commissioner.read([AttributePathIB(Self.partsList), AttributePathIB(Self.uniqueID)], over: &again))
        #expect(after[Self.partsList] == .list([.unsigned(2), .unsigned(3)]))
        #expect(after[Self.uniqueID] == uniqueID)
        #expect(daemon.stop() == 0)
    }
}
