import Foundation
import MHubJSON
import Testing

@testable import MHubProtocol

/// Golden messages made from the protocol's own types: replies, an error reply and events, as the hub writes them.
/// `Fixtures/golden-messages.jsonl` holds them, one message a line; the dashboard's JavaScript model
/// (`GoldenMessagesScriptTests` runs `golden-messages.mjs` in Node) and the Python helper
/// (`python/tests/test_golden_messages.py`) read the same file, so a change of a type that they do not follow fails
/// their tests. `MHUB_GOLDEN_UPDATE=1 swift test --filter GoldenMessagesTests` writes the file anew after a change
/// of the protocol that is meant.
@Suite struct GoldenMessagesTests {
    static let fileURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden-messages.jsonl")

    static let lamp = HomeDevice(
        nodeID: 5, name: "Lamp", structureID: 1, roomID: 1, room: "Kitchen", template: "dimmable-light",
        deviceIDs: ["5:1"], simulatedDeviceID: 3, dateCommissioned: "2026-01-02T03:04:05.000Z")
    static let lampNode = MatterNodeData(
        nodeID: 5, dateCommissioned: "2026-01-02T03:04:05.000Z", lastInterview: "2026-01-02T03:04:05.000Z",
        available: true, isBridge: false, attributes: ["1/6/0": true, "1/8/0": 128, "0/40/5": "Lamp"])
    static let firmware = FirmwareStatus(
        softwareVersion: 1, softwareVersionString: "1.0",
        update: FirmwareUpdateOffer(
            softwareVersion: 2, softwareVersionString: "2.0", releaseNotesURL: nil, sizeBytes: 1_048_576))

    static func simulated(_ id: Int64, nodeID: UInt64?) -> SimulatedDeviceInfo {
        SimulatedDeviceInfo(
            id: id, template: "dimmable-light", name: "Lamp \(id)", vendorID: 0xFFF1, productID: 0x8001,
            discriminator: 3840, passcode: 20_202_021, serialNumber: "MHUB-\(id)",
            qrCode: "MT:-24J0AFN00KA0648G00", manualCode: "34970112332", manualCodeGrouped: "3497-011-2332",
            commissionable: nodeID == nil, nodeID: nodeID, reachable: true, network: "wifi", firmware: firmware)
    }

    /// A device on the network (`on_network`): its own node 7 on UDP port 5541, commissionable; or node 8 on port
    /// 5542, on a controller's fabric with a session open.
    static func onNetwork(_ id: Int64, onAFabric: Bool) -> SimulatedDeviceInfo {
        var device = simulated(id, nodeID: nil)
        (device.discriminator, device.network) = (onAFabric ? 2002 : 2001, "ethernet")
        let fabric = MatterFabricInfo(
            fabricIndex: 1, vendorID: 0xFFF1, fabricID: "000000000000FAB2", nodeID: "0000000000005151",
            compressedFabricID: "2B7E1516C3A1F9D0", label: "Kitchen hub", committed: true)
        device.matterNode = DeviceMatterNodeInfo(
            nodeID: onAFabric ? 8 : 7, port: onAFabric ? 5542 : 5541, commissioningWindowOpen: !onAFabric,
            problem: nil, fabrics: onAFabric ? [fabric] : [], sessions: onAFabric ? 1 : 0)
        return device
    }

    /// `get_status` of a hub with the lamp, its window closed and its records published.
    static let status = HubStatus(
        online: true, hubName: "mhub", version: "1.0.0", timingProfile: "instant", nodes: 1, structures: 1, rooms: 2,
        simulatedDevices: 1, session: nil, faults: FaultsStatus(), listeners: 1,
        commissioningWindow: CommissioningWindowInfo(open: false),
        advertising: AdvertisingStatus(
            state: "running", summary: "advertising: 2 of 2 services established", services: 2, established: 2),
        instance: nil)

    /// `press_button`'s answer to a long press of a button (node 6) held two seconds.
    static let pressed = ButtonPressed(
        nodeID: 6, endpointID: 1, presses: 1, long: true, holdMilliseconds: 2000, releaseAt: 1_767_225_602_000)

    /// `get_homekit` as an administrator reads it before any controller pairs: the setup code and the URI its QR code
    /// carries. `homekit_updated` once a controller paired: without them, as every listener hears it.
    static let homeKitUnpaired = HomeKitStatus(
        enabled: true, port: 51826, deviceID: "AA:BB:CC:DD:EE:01", setupCode: "031-45-154", setupID: "MHUB",
        setupURI: "X-HM://0023ISYWYMHUB", paired: false, configurationNumber: 1, accessories: 2, omittedDevices: 1)
    static let homeKitPaired = HomeKitStatus(
        enabled: true, port: 51826, deviceID: "AA:BB:CC:DD:EE:01", setupID: "MHUB", paired: true,
        configurationNumber: 2, accessories: 2, omittedDevices: 1,
        pairings: [
            HomeKitPairingInfo(identifier: "8F6E1C52-0D3A-4C8B-9E21-5A7B3C9D0E14", admin: true),
            HomeKitPairingInfo(identifier: "iPad-guest", admin: false),
        ])

    /// The golden messages, in the order a dashboard could meet them.
    static var messages: [[UInt8]] {
        let home = Structure(id: 1, name: "Home")
        let cabin = Structure(id: 2, name: "Cabin")
        let kitchen = Room(id: 1, structureID: 1, name: "Kitchen")
        let hall = Room(id: 2, structureID: 1, name: "Hall")
        var moved = lamp
        (moved.roomID, moved.room) = (2, "Hall")
        var off = lampNode
        off.available = false
        off.attributes = ["1/6/0": false, "1/8/0": 128, "0/40/5": "Lamp"]
        func reply(_ id: String, _ value: some JSONWritable) -> [UInt8] {
            ProtocolEnvelope.replyUTF8(messageID: .string(id), result: JSONText(value))
        }
        func event(_ name: HubEventName, _ value: some JSONWritable) -> [UInt8] {
            ProtocolEnvelope.eventUTF8(name: name.rawValue, data: JSONText(value))
        }
        return [
            reply("1", [home]),
            reply("2", [kitchen]),
            reply("3", [lamp]),
            reply("4", [lampNode]),
            reply("5", [simulated(3, nodeID: 5)]),
            ProtocolEnvelope.errorReplyUTF8(
                messageID: "6", code: .nodeNotExists, details: "node 9 does not exist", data: nil),
            reply("7", status),
            reply(
                "8",
                [
                    DeviceTemplateInfo(
                        key: "dimmable-light", title: "Dimmable light", deviceType: 0x0101, category: "Lighting")
                ]),
            reply("9", pressed),
            reply("10", [onNetwork(5, onAFabric: false), onNetwork(6, onAFabric: true)]),
            reply("11", homeKitUnpaired),
            event(.structureUpdated, cabin),
            event(.roomUpdated, hall),
            event(.deviceUpdated, moved),
            event(.nodeUpdated, off),
            event(.roomRemoved, RoomDeleted(roomID: 1, isReply: false)),
            event(.simulatedDeviceAdded, simulated(4, nodeID: nil)),
            event(.simulatedDeviceRemoved, SimulatedDeviceRemoved(id: 4)),
            event(.structureRemoved, StructureDeleted(structureID: 2, movedNodeIDs: nil)),
            event(.homeSynced, HomeSynced(structures: [home], rooms: [hall], devices: [moved], nodes: [off])),
            event(.attributeUpdated, AttributeChange(nodeID: 5, attributePath: "1/8/0", value: 200)),
            event(.nodeRemoved, NodeRemoved(nodeID: 5)),
            event(.homeKitUpdated, homeKitPaired),
        ]
    }

    @Test func theFileHoldsWhatTheTypesWrite() throws {
        let text = Self.messages.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["MHUB_GOLDEN_UPDATE"] == "1" {
            try text.write(to: Self.fileURL, atomically: true, encoding: .utf8)
        }
        let stored = try String(contentsOf: Self.fileURL, encoding: .utf8)
        #expect(stored == text, "the types write other messages: MHUB_GOLDEN_UPDATE=1 writes the file anew")
    }

    /// Each typed value reads back as itself, and writes the same bytes a `JSONValue` of it would (keys in order).
    @Test func everyMessageReadsBackAndWritesInKeyOrder() throws {
        for bytes in Self.messages {
            let message = try JSONParser().parse(bytes)
            #expect(JSONWriter.compactUTF8(message) == bytes)
        }
        let lampJSON = JSONText(Self.lamp).value
        #expect(try HomeDevice(json: lampJSON) == Self.lamp)
        #expect(try MatterNodeData(json: JSONText(Self.lampNode).value) == Self.lampNode)
        #expect(
            try SimulatedDeviceInfo(json: JSONText(Self.simulated(3, nodeID: 5)).value) == Self.simulated(3, nodeID: 5))
        #expect(
            try SimulatedDeviceInfo(json: JSONText(Self.onNetwork(6, onAFabric: true)).value)
                == Self.onNetwork(6, onAFabric: true))
        #expect(try HubStatus(json: JSONText(Self.status).value).advertising == Self.status.advertising)
        #expect(try ButtonPressed(json: JSONText(Self.pressed).value) == Self.pressed)
        #expect(try HomeKitStatus(json: JSONText(Self.homeKitPaired).value) == Self.homeKitPaired)
        #expect(throws: ProtocolViolation("a device has no node_id")) {
            try HomeDevice(json: ["name": "Lamp"])
        }
    }
}
