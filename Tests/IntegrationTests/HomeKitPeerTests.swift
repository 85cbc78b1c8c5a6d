import Foundation
import MHubJSON
import MatterTestSupport
import Testing

/// mhubd's HomeKit face (issue 36: the home served as a HAP/IP bridge) driven by aiohomekit 4.0.1, the library Home
/// Assistant's `homekit_controller` uses, as it drives an accessory: Pair Setup with the setup code, Pair Verify on
/// every connection, `/accessories`, reads, writes, events and the pairings (`Peers/hap_controller.py`, one
/// controller for a test), and the same through aiohomekit's CLI on the pairing file the controller wrote.
///
/// No mDNS: the controller builds the `_hap._tcp` record by hand from the hub's address, the port in its ready file
/// (`homekit_port`) and the Device ID `mhubctl hub homekit` shows, as the reference recipe does against HAP-python
/// (shared/docs/hap-reference.md §10). The hub holds the harness's Lamp (on/off light) and Door (contact sensor),
/// commissioned in that order, so their first endpoints are the hub's bridged endpoints 2 and 3 (docs/matter.md,
/// "Endpoint numbers"), which are their aids.
///
/// Outside CI the suite is skipped, saying why, without `.build/hap-venv` (`scripts/peers-venv.sh hap`); in CI (`CI`
/// set) it fails.
@Suite(.serialized, .enabled(if: HAPPeer.shouldRun, "no aiohomekit environment: run scripts/peers-venv.sh hap"))
struct HomeKitPeerTests {
    static let setupCode = "031-45-154"
    static let alias = "mhub"
    static let configuration: [String: JSONValue] = [
        "homekit": ["enabled": true, "port": 0, "setup_code": .string(setupCode), "name": "mhub test"]
    ]
    /// Lamp's and Door's aids: their first endpoints' numbers on the hub's bridge.
    static let lampAID: Int64 = 2
    static let doorAID: Int64 = 3

    // HAP types (R14 chapters 8 and 9; pyhap/resources), in aiohomekit's full form.
    static let accessoryInformation = HAPPeer.appleType("3E")
    static let lightbulb = HAPPeer.appleType("43")
    static let contactSensor = HAPPeer.appleType("80")
    static let identify = HAPPeer.appleType("14")
    static let name = HAPPeer.appleType("23")
    static let on = HAPPeer.appleType("25")
    static let contactSensorState = HAPPeer.appleType("6A")

    /// A hub with the HomeKit face on and both harness devices commissioned into its home.
    static func startHub(_ daemon: DaemonHarness? = nil) throws -> DaemonHarness {
        let daemon = try daemon ?? DaemonHarness(configuration: configuration)
        try daemon.start()
        let hub = try daemon.connect(.unix)
        defer { hub.close() }
        for device in try hub.call("get_simulated_devices").arrayValueForTest {
            guard case .string(let qr)? = device["qr_code"] else { throw TestFailure("no QR code in \(device)") }
            _ = try hub.call("commission_with_code", ["code": .string(qr)])
        }
        return daemon
    }

    /// `mhubctl hub homekit --json`: enabled, port, device_id, setup_code, setup_id, setup_uri, paired,
    /// configuration_number, pairings.
    static func homekit(_ daemon: DaemonHarness) throws -> JSONValue {
        let result = try runProcess(Executables.mhubctl, ["--socket", daemon.socketPath, "hub", "homekit", "--json"])
        guard result.status == 0 else { throw TestFailure("mhubctl hub homekit: \(result.errors)") }
        return try JSONParser().parse(result.output)
    }

    /// The HomeKit port the ready file names; it must be the one `mhubctl hub homekit` shows.
    static func homekitPort(_ daemon: DaemonHarness) throws -> Int64 {
        guard case .integer(let port)? = daemon.ready?["homekit_port"], port > 0 else {
            throw TestFailure("no homekit_port in the ready file: \(daemon.ready ?? [:])\n\(daemon.log.suffix(3000))")
        }
        return port
    }

    /// Pairs `controller` with the hub as `alias`; returns the pairing data it answered (without its secret key).
    @discardableResult
    static func pair(_ controller: HAPController, _ daemon: DaemonHarness, alias: String = alias) throws -> JSONValue {
        let info = try homekit(daemon)
        guard let deviceID = info["device_id"] else { throw TestFailure("no device_id: \(info)") }
        return try controller.call(
            "pair",
            [
                "host": "127.0.0.1", "port": .integer(try homekitPort(daemon)), "device_id": deviceID,
                "code": .string(setupCode), "alias": .string(alias),
            ])["pairing"] ?? .null
    }

    /// A controller with its pairing file in the daemon's directory.
    static func controller(_ daemon: DaemonHarness) throws -> HAPController {
        try HAPController(pairingFile: daemon.directory.appendingPathComponent("hap-pairing.json"))
    }

    /// `mhubctl device read NODE PATH`'s output.
    static func read(_ daemon: DaemonHarness, node: Int, _ path: String) throws -> String {
        try ChipBridgePeerTests.mhubctl(daemon, ["device", "read", String(node), path])
    }

    /// The aids of an `accessories` answer, in order (HAP sets no order on them).
    static func aids(_ accessories: JSONValue) -> [Int64] {
        accessories["accessories"]?.arrayValueForTest.compactMap {
            if case .integer(let aid)? = $0["aid"] { aid } else { nil }
        }.sorted() ?? []
    }

    /// The services of accessory `aid` in an `accessories` answer.
    static func services(_ accessories: JSONValue, aid: Int64) -> [JSONValue] {
        let accessory = accessories["accessories"]?.arrayValueForTest.first { $0["aid"] == .integer(aid) }
        return accessory?["services"]?.arrayValueForTest ?? []
    }

    /// The characteristic of `type` in the service of `serviceType` of accessory `aid`.
    static func characteristic(_ accessories: JSONValue, aid: Int64, service serviceType: String, _ type: String)
        -> JSONValue?
    {
        services(accessories, aid: aid).first { $0["type"] == .string(serviceType) }?["characteristics"]?
            .arrayValueForTest.first { $0["type"] == .string(type) }
    }

    /// `"aid.iid"` of that characteristic; throws when it is not there.
    static func id(_ accessories: JSONValue, aid: Int64, service: String, _ type: String) throws -> String {
        guard case .integer(let iid)? = characteristic(accessories, aid: aid, service: service, type)?["iid"] else {
            throw TestFailure("no \(type) in \(service) of aid \(aid): \(accessories)")
        }
        return "\(aid).\(iid)"
    }

    /// Every aid with the service and characteristic iids and types of its accessory, for comparing databases.
    static func shape(_ accessories: JSONValue) -> [String] {
        accessories["accessories"]?.arrayValueForTest.flatMap { accessory in
            accessory["services"]?.arrayValueForTest.flatMap { service in
                ["\(accessory["aid"] ?? nil).\(service["iid"] ?? nil) \(service["type"] ?? nil)"]
                    + (service["characteristics"]?.arrayValueForTest.map { characteristic in
                        "\(accessory["aid"] ?? nil).\(characteristic["iid"] ?? nil) \(characteristic["type"] ?? nil) "
                            + "\(characteristic["perms"] ?? nil) \(characteristic["format"] ?? nil)"
                    } ?? [])
            } ?? []
        }.sorted() ?? []
    }

    /// The events of an `events` answer for `id` ("aid.iid"), their values in order.
    static func values(_ events: JSONValue, _ id: String) -> [JSONValue] {
        events["events"]?.arrayValueForTest.filter { event in
            guard case .integer(let aid)? = event["aid"], case .integer(let iid)? = event["iid"] else { return false }
            return "\(aid).\(iid)" == id
        }.compactMap { $0["value"] } ?? []
    }

    /// Pair Setup with a wrong code fails and the right one succeeds; the hub then shows itself paired to the
    /// controller, as an admin, under the pairing identifier aiohomekit made, and its Device ID is the accessory
    /// pairing ID aiohomekit keeps.
    @Test func aiohomekitPairsWithTheSetupCodeAtTheHubsAddress() throws {
        let daemon = try Self.startHub()
        defer { daemon.stop() }
        let controller = try Self.controller(daemon)
        defer { controller.stop() }
        let before = try Self.homekit(daemon)
        #expect(before["enabled"] == true)
        #expect(before["paired"] == false)
        #expect(before["pairings"] == [])
        #expect(before["setup_code"] == .string(Self.setupCode))
        #expect(before["port"] == .integer(try Self.homekitPort(daemon)))
        #expect(try daemon.connect(.unix).call("get_homekit") == before)
        guard case .string(let deviceID)? = before["device_id"] else { throw TestFailure("no device_id: \(before)") }
        #expect(deviceID.wholeMatch(of: /[0-9A-F]{2}(:[0-9A-F]{2}){5}/) != nil, "\(deviceID)")

        let wrong = try controller.answer(
            "pair",
            [
                "host": "127.0.0.1", "port": .integer(try Self.homekitPort(daemon)), "device_id": .string(deviceID),
                "code": "111-22-333", "alias": "wrong",
            ])
        #expect(wrong["error"] == "AuthenticationError", "\(wrong)")
        #expect(try Self.homekit(daemon)["paired"] == false)

        let pairing = try Self.pair(controller, daemon)
        #expect(pairing["AccessoryPairingID"] == .string(deviceID), "\(pairing)")
        #expect(pairing["iOSDeviceLTSK"] == nil)
        let after = try Self.homekit(daemon)
        #expect(after["paired"] == true)
        #expect(after["pairings"] == [["identifier": pairing["iOSPairingId"] ?? nil, "admin": true]], "\(after)")
        #expect(after["device_id"] == .string(deviceID))
        // The controller's own view: one admin pairing, with the key aiohomekit made.
        let listed = try controller.call("list_pairings", ["alias": .string(Self.alias)])["pairings"]
        #expect(
            listed
                == [
                    [
                        "pairing_id": pairing["iOSPairingId"] ?? nil, "public_key": pairing["iOSDeviceLTPK"] ?? nil,
                        "permissions": 1, "admin": true,
                    ]
                ], "\(listed ?? nil)")
        #expect(try controller.call("verify", ["alias": .string(Self.alias)]) == ["ok": true])
        #expect(try controller.call("identify", ["alias": .string(Self.alias)]) == ["identified": true])
    }

    /// `/accessories`: the bridge at aid 1 and each device of the home at its aid, each with Accessory Information
    /// at iid 1 (Identify, and Name the device's name), the light's Lightbulb with On, the sensor's Contact Sensor;
    /// iids unique within an accessory, and a value on every readable characteristic.
    @Test func theAccessoriesAreTheBridgeAndEveryDeviceOfTheHome() throws {
        let paired = try PairedHub()
        defer { paired.stop() }
        let (daemon, controller, accessories) = (paired.daemon, paired.controller, paired.accessories)
        #expect(Self.aids(accessories) == [1, Self.lampAID, Self.doorAID], "\(accessories)")

        for (aid, name) in [(Int64(1), "mhub test"), (Self.lampAID, "Lamp"), (Self.doorAID, "Door")] {
            let services = Self.services(accessories, aid: aid)
            let information = services.first { $0["type"] == .string(Self.accessoryInformation) }
            #expect(information?["iid"] == 1, "aid \(aid): \(services)")
            #expect(
                Self.characteristic(accessories, aid: aid, service: Self.accessoryInformation, Self.name)?["value"]
                    == .string(name), "aid \(aid)")
            let identify = Self.characteristic(
                accessories, aid: aid, service: Self.accessoryInformation, Self.identify)
            #expect(identify?["perms"] == ["pw"], "aid \(aid): \(identify ?? nil)")
            // iids are unique within the accessory, across its services and characteristics (R14 §2.6.1.2).
            let iids = services.flatMap { service in
                [service["iid"]] + (service["characteristics"]?.arrayValueForTest.map { $0["iid"] } ?? [])
            }
            #expect(Set(iids).count == iids.count, "aid \(aid): \(iids)")
            for characteristic in services.flatMap({ $0["characteristics"]?.arrayValueForTest ?? [] })
            where characteristic["perms"]?.arrayValueForTest.contains("pr") == true {
                #expect(
                    characteristic["value"] != nil && characteristic["value"] != .null,
                    "aid \(aid): no value on \(characteristic)")
            }
        }
        let on = Self.characteristic(accessories, aid: Self.lampAID, service: Self.lightbulb, Self.on)
        #expect(on?["format"] == "bool", "\(on ?? nil)")
        #expect(on?["perms"] == ["pr", "pw", "ev"], "\(on ?? nil)")
        #expect(on?["value"] == false)
        let contact = Self.characteristic(
            accessories, aid: Self.doorAID, service: Self.contactSensor, Self.contactSensorState)
        #expect(contact?["format"] == "uint8", "\(contact ?? nil)")
        #expect(contact?["perms"] == ["pr", "ev"], "\(contact ?? nil)")
        #expect(
            Self.services(accessories, aid: Self.doorAID).contains { $0["type"] == .string(Self.lightbulb) } == false)
    }

    /// A write of On reaches the device (`mhubctl device read` shows OnOff true) and reads back; the writer hears no
    /// event of its own write.
    @Test func aLightSwitchedOnInHomeKitIsOnInTheHome() throws {
        let paired = try PairedHub()
        defer { paired.stop() }
        let (daemon, controller, accessories) = (paired.daemon, paired.controller, paired.accessories)
        let on = try Self.id(accessories, aid: Self.lampAID, service: Self.lightbulb, Self.on)
        #expect(try Self.read(daemon, node: 1, "1/6/0").contains("false"))
        _ = try controller.call("subscribe", ["alias": .string(Self.alias), "ids": [.string(on)]])

        let written = try controller.call(
            "put", ["alias": .string(Self.alias), "writes": [[.integer(Self.lampAID), .integer(Self.iid(on)), true]]])
        #expect(written["statuses"] == [:], "\(written)")
        #expect(try Self.read(daemon, node: 1, "1/6/0").contains("true"))
        let readBack = try controller.call("get", ["alias": .string(Self.alias), "ids": [.string(on)]])
        #expect(readBack["values"]?[on] == ["value": true], "\(readBack)")
        // Not to the writer (HAP-python async_send_event; the ADK skips the writer's session).
        let echoed = try controller.call("events", ["alias": .string(Self.alias), "wait_s": 2, "min_count": 1])
        #expect(echoed["events"] == [], "\(echoed)")
    }

    /// Subscribed, the controller hears a change made at the device (`--as-physical`) and one made on the control
    /// socket (`device_command`), as EVENT messages; none when it subscribes.
    @Test func eventsComeForAPhysicalChangeAndForAControlSocketChange() throws {
        let paired = try PairedHub()
        defer { paired.stop() }
        let (daemon, controller, accessories) = (paired.daemon, paired.controller, paired.accessories)
        let on = try Self.id(accessories, aid: Self.lampAID, service: Self.lightbulb, Self.on)
        let contact = try Self.id(
            accessories, aid: Self.doorAID, service: Self.contactSensor, Self.contactSensorState)
        let subscribed = try controller.call(
            "subscribe", ["alias": .string(Self.alias), "ids": [.string(on), .string(contact)]])
        #expect(subscribed["statuses"] == [:], "\(subscribed)")
        // None on subscribe (hap-java/HAP-Java#83).
        let quiet = try controller.call("events", ["alias": .string(Self.alias), "wait_s": 1.5, "min_count": 1])
        #expect(quiet["events"] == [], "\(quiet)")

        _ = try ChipBridgePeerTests.mhubctl(daemon, ["device", "set", "1", "1/6/0", "true", "--as-physical"])
        let physical = try controller.call("events", ["alias": .string(Self.alias), "wait_s": 5, "min_count": 1])
        #expect(Self.values(physical, on).last == true, "\(physical)\n\(daemon.log.suffix(3000))")

        let hub = try daemon.connect(.unix)
        defer { hub.close() }
        _ = try hub.call(
            "device_command",
            ["node_id": 1, "endpoint_id": 1, "cluster_id": 6, "command_name": "Off", "payload": [:]])
        let commanded = try controller.call("events", ["alias": .string(Self.alias), "wait_s": 5, "min_count": 1])
        #expect(Self.values(commanded, on).last == false, "\(commanded)")

        // The door opened at the device: BooleanState false (no contact) is ContactSensorState 1.
        _ = try ChipBridgePeerTests.mhubctl(daemon, ["device", "set", "2", "1/69/0", "false", "--as-physical"])
        let opened = try controller.call("events", ["alias": .string(Self.alias), "wait_s": 5, "min_count": 1])
        #expect(Self.values(opened, contact).last == 1, "\(opened)")
    }

    /// The hub commissioned over Matter by the Swift commissioner (UDP), which toggles the Lamp at its bridged
    /// endpoint 2: the HomeKit controller hears On at aid 2, the same device under the same number.
    @Test func aChangeOverMatterComesAsAnEvent() throws {
        let paired = try PairedHub()
        defer { paired.stop() }
        let (daemon, controller, accessories) = (paired.daemon, paired.controller, paired.accessories)
        let on = try Self.id(accessories, aid: Self.lampAID, service: Self.lightbulb, Self.on)
        _ = try controller.call("subscribe", ["alias": .string(Self.alias), "ids": [.string(on)]])

        let hub = try daemon.connect(.unix)
        defer { hub.close() }
        _ = try hub.call("open_commissioning_window", [:])
        var transport = MatterSocketTransport(try MatterSocketClient(.udp, port: daemon.matterPort))
        var commissioner = try MatterTestCommissioner(
            passcode: MatterPortTests.passcode, fabricID: 0xB1DA, hubNodeID: 0x4322, seed: 36)
        #expect(try commissioner.commission(over: &transport) == 1)
        _ = try commissioner.invoke(
            endpoint: UInt16(Self.lampAID), cluster: 6, command: 2, over: &transport)  // Toggle
        #expect(try Self.read(daemon, node: 1, "1/6/0").contains("true"))
        let heard = try controller.call("events", ["alias": .string(Self.alias), "wait_s": 5, "min_count": 1])
        #expect(Self.values(heard, on) == [true], "\(heard)\n\(daemon.log.suffix(3000))")
    }

    /// A write to a read-only characteristic is answered -70404 and one to an iid the accessory does not have
    /// -70409, in a 207 (aiohomekit refuses the latter on its own side, so that write goes out unchecked).
    @Test func writesToReadOnlyAndUnknownCharacteristicsGetTheirStatuses() throws {
        let paired = try PairedHub()
        defer { paired.stop() }
        let (daemon, controller, accessories) = (paired.daemon, paired.controller, paired.accessories)
        let name = try Self.id(accessories, aid: Self.lampAID, service: Self.accessoryInformation, Self.name)
        let readOnly = try controller.call(
            "put", ["alias": .string(Self.alias), "writes": [[.integer(Self.lampAID), .integer(Self.iid(name)), "X"]]])
        #expect(readOnly["statuses"]?[name]?["status"] == -70404, "\(readOnly)")
        #expect(try Self.read(daemon, node: 1, "1/6/0").contains("false"))

        let unknown = try controller.call(
            "put",
            ["alias": .string(Self.alias), "writes": [[.integer(Self.lampAID), 9999, true]], "unchecked": true])
        #expect(unknown["http_status"] == 207, "\(unknown)")
        #expect(unknown["statuses"]?["\(Self.lampAID).9999"]?["status"] == -70409, "\(unknown)")
        let unknownAccessory = try controller.call(
            "put", ["alias": .string(Self.alias), "writes": [[999, 9, true]], "unchecked": true])
        #expect(unknownAccessory["statuses"]?["999.9"]?["status"] == -70409, "\(unknownAccessory)")

        // The lamp unreachable (a fault): its reads and writes are -70402, HAP's "unable to communicate".
        let on = try Self.id(accessories, aid: Self.lampAID, service: Self.lightbulb, Self.on)
        let hub = try daemon.connect(.unix)
        defer { hub.close() }
        _ = try hub.call("set_fault", ["fault": "device_unreachable", "simulated_device_id": 1])
        let unreachableRead = try controller.call("get", ["alias": .string(Self.alias), "ids": [.string(on)]])
        #expect(unreachableRead["values"]?[on]?["status"] == -70402, "\(unreachableRead)")
        let unreachableWrite = try controller.call(
            "put", ["alias": .string(Self.alias), "writes": [[.integer(Self.lampAID), .integer(Self.iid(on)), true]]])
        #expect(unreachableWrite["statuses"]?[on]?["status"] == -70402, "\(unreachableWrite)")
        _ = try hub.call("clear_faults")
        #expect(
            try controller.call("get", ["alias": .string(Self.alias), "ids": [.string(on)]])["values"]?[on] == [
                "value": false
            ])
    }

    /// A second controller's pairing added through the admin's session can Pair Verify; once removed, its Pair
    /// Verify fails (Authentication) while the admin's still works; the hub lists what the accessory has.
    @Test func aPairingAddedAndRemovedCanNoLongerVerify() throws {
        let daemon = try Self.startHub()
        defer { daemon.stop() }
        let controller = try Self.controller(daemon)
        defer { controller.stop() }
        let admin = try Self.pair(controller, daemon)
        let second = "7D2E2F7A-2C4B-4E8C-9C2A-3B5B3F6E0A11"  // iOS's form: an uppercase UUID
        let added = try controller.call(
            "add_pairing",
            ["alias": .string(Self.alias), "pairing_id": .string(second), "admin": false, "as_alias": "second"])
        let listed = try controller.call("list_pairings", ["alias": .string(Self.alias)])["pairings"]
        #expect(
            listed?.arrayValueForTest.contains([
                "pairing_id": .string(second), "public_key": added["public_key_hex"] ?? nil, "permissions": 0,
                "admin": false,
            ]) == true, "\(listed ?? nil)")
        #expect(listed?.arrayValueForTest.count == 2)
        let shown = try Self.homekit(daemon)["pairings"]?.arrayValueForTest
        #expect(shown?.contains(["identifier": .string(second), "admin": false]) == true, "\(shown ?? [])")
        #expect(try controller.call("verify", ["alias": "second"]) == ["ok": true])
        // A user pairing may not list pairings (admin only: State 2, Error 2, which aiohomekit raises as UnpairedError).
        let listedByUser = try controller.answer("list_pairings", ["alias": "second"])
        #expect(listedByUser["error"] == "UnpairedError", "\(listedByUser)")

        #expect(
            try controller.call("remove_pairing", ["alias": .string(Self.alias), "pairing_id": .string(second)])
                == ["removed": true])
        let removedVerify = try controller.answer("verify", ["alias": "second"])
        #expect(removedVerify["ok"] != true, "\(removedVerify)")
        #expect(removedVerify["error"] == "AuthenticationError", "\(removedVerify)")
        #expect(try controller.call("verify", ["alias": .string(Self.alias)]) == ["ok": true])
        let remaining = try controller.call("list_pairings", ["alias": .string(Self.alias)])["pairings"]
        #expect(remaining?.arrayValueForTest.map { $0["pairing_id"] } == [admin["iOSPairingId"]], "\(remaining ?? nil)")
        #expect(
            try Self.homekit(daemon)["pairings"] == [["identifier": admin["iOSPairingId"] ?? nil, "admin": true]])
    }

    /// mhubd stopped and started on the same state directory: the same Device ID, aids, iids and types, the
    /// pairing still verifies, and the subscription made again hears a change.
    @Test func aRestartKeepsTheAccessoriesAndThePairing() throws {
        let daemon = try Self.startHub()
        defer { daemon.stop() }
        let controller = try Self.controller(daemon)
        defer { controller.stop() }
        try Self.pair(controller, daemon)
        let before = try controller.call("accessories", ["alias": .string(Self.alias)])
        let on = try Self.id(before, aid: Self.lampAID, service: Self.lightbulb, Self.on)
        _ = try controller.call("subscribe", ["alias": .string(Self.alias), "ids": [.string(on)]])
        let infoBefore = try Self.homekit(daemon)

        #expect(daemon.stop() == 0)
        try daemon.start()
        let infoAfter = try Self.homekit(daemon)
        #expect(infoAfter["device_id"] == infoBefore["device_id"])
        #expect(infoAfter["paired"] == true)
        #expect(infoAfter["pairings"] == infoBefore["pairings"])
        #expect(infoAfter["configuration_number"] == infoBefore["configuration_number"], "no database change")
        // On port 0 the face has a new port; mDNS would tell aiohomekit, here the test does.
        let reconnected = try controller.call(
            "reconnect", ["alias": .string(Self.alias), "port": .integer(try Self.homekitPort(daemon))])
        #expect(reconnected == ["connected": true, "subscriptions": 1], "\(reconnected)\n\(daemon.log.suffix(3000))")
        let after = try controller.call("accessories", ["alias": .string(Self.alias)])
        #expect(Self.shape(after) == Self.shape(before))
        #expect(try controller.call("verify", ["alias": .string(Self.alias)]) == ["ok": true])
        _ = try ChipBridgePeerTests.mhubctl(daemon, ["device", "set", "1", "1/6/0", "true", "--as-physical"])
        let heard = try controller.call("events", ["alias": .string(Self.alias), "wait_s": 5, "min_count": 1])
        #expect(Self.values(heard, on).last == true, "\(heard)")
    }

    /// aiohomekit's CLI on the pairing file: `accessories`, `get`, `put` (seen in `mhubctl device read`), `watch`
    /// (hears an `--as-physical` change), `identify`, `list-pairings`, and `unpair`, after which the hub is
    /// unpaired and the alias gone from the file.
    @Test func aiohomekitsCommandLineDrivesTheHub() throws {
        let daemon = try Self.startHub()
        defer { daemon.stop() }
        let controller = try Self.controller(daemon)
        let pairing = try Self.pair(controller, daemon)
        controller.stop()
        let cli = HAPCommandLine(pairingFile: controller.pairingFile)

        let listing = try cli.run(["accessories", "-a", Self.alias, "-o", "json"])
        #expect(listing.status == 0, "\(listing.errors)")
        let accessories: JSONValue = ["accessories": try JSONParser().parse(listing.output)]
        #expect(
            Self.aids(accessories) == [1, Self.lampAID, Self.doorAID], "\(listing.output)")
        let on = try Self.id(accessories, aid: Self.lampAID, service: Self.lightbulb, Self.on)
        let compact = try cli.run(["accessories", "-a", Self.alias, "-o", "compact"])
        #expect(compact.output.contains("  \(on): False () >\(Self.on)< [pr,pw,ev]"), "\(compact.output)")

        let got = try cli.run(["get", "-a", Self.alias, "-c", on])
        #expect(HAPCommandLine.printedObjects(got.output) == [[on: ["value": false]]], "\(got.output)")
        let put = try cli.run(["put", "-a", Self.alias, "-c", on, "true"])
        #expect(put.status == 0 && put.output.isEmpty, "\(put.output)\(put.errors)")
        #expect(try Self.read(daemon, node: 1, "1/6/0").contains("true"))
        let name = try Self.id(accessories, aid: Self.lampAID, service: Self.accessoryInformation, Self.name)
        let refused = try cli.run(["put", "-a", Self.alias, "-c", name, "\"X\""])
        #expect(refused.output.contains("put_characteristics failed on \(name) because: "), "\(refused.output)")
        #expect(refused.output.contains("(-70404)"), "\(refused.output)")

        // watch: the first poll's value, then the event of a change at the device.
        let watch = try cli.startWatch(alias: Self.alias, ids: [on], seconds: 12)
        let deadline = Date().addingTimeInterval(10)
        while !watch.text.contains("\"value\": true"), Date() < deadline { usleep(50_000) }
        _ = try ChipBridgePeerTests.mhubctl(daemon, ["device", "set", "1", "1/6/0", "false", "--as-physical"])
        let watched = watch.finish()
        // timeout(1)'s 124, or SIGKILL's 9 three seconds on when SIGTERM was ignored (a child of the test runner may
        // inherit SIGTERM ignored).
        #expect([124, 9].contains(watched.status), "\(watched.text)")
        let printed = HAPCommandLine.printedObjects(watched.text)
        #expect(printed.contains([on: ["value": true]]), "\(watched.text)")
        #expect(printed.contains([on: ["value": false]]), "\(watched.text)")

        #expect(try cli.run(["identify", "-a", Self.alias]).status == 0)
        let pairings = try cli.run(["list-pairings", "-a", Self.alias])
        #expect(pairings.output.contains("Pairing Id: \(pairing["iOSPairingId"]?.stringForTest ?? "?")"))
        #expect(pairings.output.contains("Permissions: 1 (admin)"), "\(pairings.output)")

        let unpaired = try cli.run(["unpair", "-a", Self.alias])
        #expect(unpaired.output.contains("Device \(Self.alias) was completely unpaired."), "\(unpaired.output)")
        #expect(try Self.homekit(daemon)["paired"] == false)
        #expect(try Self.homekit(daemon)["pairings"] == [])
        let file = try JSONParser().parse(Array(try Data(contentsOf: controller.pairingFile)))
        #expect(file[Self.alias] == nil, "\(file)")
    }

    /// The iid of an "aid.iid" string.
    static func iid(_ id: String) -> Int64 { Int64(id.split(separator: ".").last ?? "") ?? -1 }
}

extension JSONValue {
    /// The string, or nil when it is not one.
    fileprivate var stringForTest: String? { if case .string(let text) = self { text } else { nil } }
}

/// A hub with its devices commissioned, a controller paired with it, and the accessories it listed: how most of the
/// suite's tests start.
struct PairedHub {
    let daemon: DaemonHarness
    let controller: HAPController
    let accessories: JSONValue

    init() throws {
        daemon = try HomeKitPeerTests.startHub()
        do {
            controller = try HomeKitPeerTests.controller(daemon)
        } catch {
            daemon.stop()
            throw error
        }
        do {
            try HomeKitPeerTests.pair(controller, daemon)
            accessories = try controller.call("accessories", ["alias": .string(HomeKitPeerTests.alias)])
        } catch {
            controller.stop()
            daemon.stop()
            throw error
        }
    }

    func stop() {
        controller.stop()
        daemon.stop()
    }
}
