import MHubConfiguration
import MHubJSON
import MHubProtocol
import MatterDataModel
import Testing

@testable import MHubHub
@testable import MHubStore

@Suite struct HomeAndAdminTests {
    @Test func aNewHubHasHomeAndTheDeclaredDevices() {
        let harness = HubHarness()
        #expect(harness.hub.state.structures.values.map(\.name) == ["Home"])
        #expect(harness.hub.state.simulatedDevices.count == 2)
        #expect(harness.hub.state.simulatedDevices[1]?.name == "Lamp")
        #expect(harness.committed.contains { if case .saveFabric = $0 { true } else { false } })
    }

    /// Names are trimmed of white space of every kind at both ends, characters kept whole, and hold at most 64 bytes
    /// after it.
    @Test func namesAreTrimmedAndBounded() {
        var harness = HubHarness()
        #expect(
            harness.ok("create_room", ["name": "\u{3000}\tCafe\u{301} du coin \n"])["name"] == "Cafe\u{301} du coin")
        #expect(
            harness.ok("create_room", ["name": .string(" " + String(repeating: "b", count: 64) + " ")])["name"]
                == .string(String(repeating: "b", count: 64)))
        #expect(
            harness.error("create_room", ["name": .string(String(repeating: "c", count: 65))])?.code
                == .invalidArguments)
        #expect(harness.error("create_room", ["name": "\u{a0}\u{2003}"])?.code == .invalidArguments)
    }

    @Test func roomsAreCreatedRenamedAndDeleted() {
        var harness = HubHarness()
        #expect(harness.ok("create_room", ["name": " Kitchen "])["name"] == "Kitchen")
        #expect(harness.error("create_room", ["name": "kitchen"])?.code == .roomExists)
        #expect(harness.error("create_room", ["name": "   "])?.code == .invalidArguments)
        #expect(harness.error("create_room", ["name": "x", "structure_id": 9])?.code == .structureNotFound)
        _ = harness.ok("create_room", ["name": "Hall"])
        #expect(harness.error("rename_room", ["room_id": 2, "name": "Kitchen"])?.code == .roomExists)
        #expect(harness.ok("rename_room", ["room_id": 2, "name": "Entrance"])["name"] == "Entrance")
        harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        _ = harness.ok("update_device", ["node_id": 1, "room": "Kitchen", "name": "Light"])
        #expect(harness.hub.state.nodes[1]?.roomID == 1)
        _ = harness.ok("delete_room", ["room_id": 1])
        #expect(harness.hub.state.nodes[1]?.roomID == nil)
        #expect(harness.error("delete_room", ["room_id": 1])?.code == .roomNotFound)
        #expect(harness.ok("get_rooms").arrayCount == 1)
    }

    @Test func aFailingRequestChangesNothing() {
        var harness = HubHarness()
        let before = harness.hub.faults
        // The fault is valid, but the extra argument is not: nothing may change.
        let error = harness.error("set_fault", ["fault": "step_failure", "step": "pase", "bogus": true])
        #expect(error?.code == .invalidArguments)
        #expect(harness.hub.faults == before)
        #expect(harness.error("create_room", ["name": "Den", "colour": "red"])?.code == .invalidArguments)
        #expect(harness.hub.state.rooms.isEmpty)
    }

    @Test func scopesGateCommands() {
        var harness = HubHarness()
        #expect(harness.error("prepare_commissioning", as: HubHarness.reader)?.code == .unauthorized)
        #expect(harness.error("set_fault", ["fault": "hub_offline"], as: HubHarness.reader)?.code == .unauthorized)
        #expect(harness.ok("get_nodes", as: HubHarness.reader).arrayCount == 0)
        #expect(harness.error("frobnicate")?.code == .invalidCommand)
        #expect(harness.error("get_nodes", .array([]))?.code == .invalidArguments)
    }

    @Test func everyCommandReadsItsOwnArguments() {
        var harness = HubHarness()
        for command in HubCommand.allCases.map(\.rawValue) {
            // Unknown arguments are refused by each command itself: proof that it was routed there.
            let error = harness.error(command, ["__probe": 1])
            #expect(error?.code == .invalidArguments, "\(command): \(String(describing: error))")
        }
    }

    @Test func simulatedDevicesAreValidatedAndGetPayloads() {
        var harness = HubHarness()
        let device = harness.ok(
            "add_simulated_device", ["template": "door-lock", "discriminator": 77, "passcode": 24_681_357])
        #expect(device["qr_code"] != nil)
        guard case .string(let qr)? = device["qr_code"] else { return }
        #expect(qr.hasPrefix("MT:"))
        #expect(harness.error("add_simulated_device", ["template": "toaster"])?.code == .unknownTemplate)
        #expect(
            harness.error("add_simulated_device", ["template": "door-lock", "passcode": 11_111_111])?.code
                == .invalidArguments)
        #expect(
            harness.error("add_simulated_device", ["template": "door-lock", "discriminator": 5000])?.code
                == .invalidArguments)
        harness.send("commission_with_code", ["code": .string(qr)])
        #expect(harness.hub.state.nodes.values.first?.template == "door-lock")
        #expect(harness.error("remove_simulated_device", ["simulated_device_id": 3])?.code == .sessionState)
        _ = harness.ok("remove_simulated_device", ["simulated_device_id": 2])
        #expect(harness.error("remove_simulated_device", ["simulated_device_id": 2])?.code == .simulatedDeviceNotFound)
    }

    @Test func resetReturnsToTheConfiguredInitialState() {
        var harness = HubHarness()
        let fabric = harness.hub.state.fabric
        _ = harness.ok("create_room", ["name": "Kitchen"])
        harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        _ = harness.ok("add_simulated_device", ["template": "thermostat"])
        _ = harness.ok("set_fault", ["fault": "hub_offline"])
        _ = harness.ok("set_permission", ["principal": "x", "granted": false])
        let outcome = harness.send("reset")
        #expect(outcome.changes.first == .deleteAll)
        #expect(harness.hub.state.nodes.isEmpty)
        #expect(harness.hub.state.rooms.isEmpty)
        #expect(harness.hub.state.simulatedDevices.count == 2)
        #expect(harness.hub.state.revoked.isEmpty)
        #expect(harness.hub.faults == HubFaults())
        #expect(harness.hub.state.fabric == fabric)
    }

    @Test func templateNamesInTheConfigurationMatchTheCatalog() {
        #expect(DeviceTemplateNames.all == DeviceTemplates.all.map(\.key))
    }

    @Test func nodeDataSurvivesItsStorageEncoding() throws {
        var harness = HubHarness()
        harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        let data = try #require(harness.hub.state.nodes[1]?.data)
        let text = JSONWriter.compact(NodeDataCodec.encode(data))
        #expect(try NodeDataCodec.decode(JSONParser().parse(text)) == data)
        let value: AttributeValue = .list([
            .structure([0: .unsigned(UInt64.max), 1: .signed(-5), 2: .bytes([0, 255]), 3: .float(1.5), 4: .null]),
            .string("é"), .bool(true),
        ])
        #expect(
            try TaggedAttributeValue.decode(JSONParser().parse(JSONWriter.compact(TaggedAttributeValue.encode(value))))
                == value)
    }

    @Test func isoTimestampsAreUTC() {
        #expect(isoTimestamp(0) == "1970-01-01T00:00:00.000Z")
        #expect(isoTimestamp(1_800_000_000_123) == "2027-01-15T08:00:00.123Z")
        #expect(isoTimestamp(951_782_400_000) == "2000-02-29T00:00:00.000Z")
        #expect(isoTimestamp(-1) == "1969-12-31T23:59:59.999Z")
        #expect(isoTimestamp(-62_135_596_800_000) == "0001-01-01T00:00:00.000Z")
        #expect(isoTimestamp(253_402_300_799_999) == "9999-12-31T23:59:59.999Z")
        #expect(isoTimestamp(253_402_300_800_000) == "10000-01-01T00:00:00.000Z")
    }
}
