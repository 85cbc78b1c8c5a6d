import DNSSDPeerSupport
import Foundation
import MHubClient
import MHubJSON
import Testing

/// Issue 35: python-matter-server 7.0.1's server commissions simulated devices on the network (`on_network`), each its
/// own Matter node with its own code, and not the hub: the hub's own window stays closed.
extension OHFServerPeerTests {
    /// A device on the network added to mhubd in the test network, once its node listens with its window open.
    struct NetworkDevice {
        var added: JSONValue
        /// The node that holds its state (`mhubctl device read NODE …`).
        var stateNode: Int64
        var id: Int64
    }

    static func addNetworkDevice(
        _ template: String, discriminator: Int64, passcode: Int64, to hub: MHubConnection
    ) throws -> NetworkDevice {
        let added = try hub.call(
            "add_simulated_device",
            [
                "template": .string(template), "on_network": true, "discriminator": .integer(discriminator),
                "passcode": .integer(passcode), "network": "ethernet",
            ])
        guard case .integer(let id)? = added["simulated_device_id"],
            case .integer(let stateNode)? = added["matter_node"]?["node_id"]
        else { throw TestFailure("add_simulated_device answered \(added)") }
        let listening = eventually(within: 10) {
            let node = try? matterNode(of: id, hub)
            return node?["port"]?.isInteger == true && node?["commissioning_window_open"] == true
        }
        guard listening else { throw TestFailure("device \(id)'s node never listened: \(added)") }
        return NetworkDevice(added: added, stateNode: stateNode, id: id)
    }

    /// `get_simulated_devices`' `matter_node` of device `id`.
    static func matterNode(of id: Int64, _ hub: MHubConnection) throws -> JSONValue? {
        guard case .array(let devices) = try hub.call("get_simulated_devices") else { return nil }
        return devices.first { $0["simulated_device_id"] == .integer(id) }?["matter_node"]
    }

    /// What mhub's node `node` holds on `endpoint` (its Descriptor): its device type IDs in order and its server
    /// clusters (ServerList), ascending.
    static func descriptor(
        _ node: Int64, endpoint: Int, _ hub: MHubConnection
    ) throws -> (deviceTypes: [Int64], clusters: [Int64]) {
        let path = "\(endpoint)/29/*"
        let read = try hub.call("read_attribute", ["node_id": .integer(node), "attribute_path": .string(path)])
        guard case .array(let types)? = read["\(endpoint)/29/0"] else { return ([], []) }
        let deviceTypes = types.compactMap { if case .integer(let id)? = $0["0"] { id } else { nil } }
        return (deviceTypes, read["\(endpoint)/29/1"]?.integers ?? [])
    }

    /// The server's client commissions a Dimmable Light on the network with its manual code and an On/Off Plug-in
    /// Unit with its QR code (`commission_with_code`, network only), the server's trust store holding only the
    /// devices' PAA (`mhubctl hub attestation --device-paa-der`). Its client sees each as a node of its own with the
    /// device's data model (no bridge: endpoint 1 the device's type and clusters, Basic Information the device's); a
    /// Toggle from the client is the light's state in `mhubctl device read`, and `mhubctl device set … --as-physical`
    /// reaches the client as `attribute_updated` through the server's subscription; mhub lists the server's fabric on
    /// each device.
    @Test func theOHFServerCommissionsDevicesOnTheNetworkWithTheirOwnCodes() throws {
        try NetworkNamespacePair.with { pair in
            let daemon = try DaemonHarness(in: pair, configuration: Self.hub)
            try daemon.start()
            defer { daemon.stop() }
            let hub = try daemon.connect(.unix)
            let light = try Self.addNetworkDevice(
                "dimmable-light", discriminator: 2021, passcode: 34_567_890, to: hub)
            let plug = try Self.addNetworkDevice(
                "on-off-plug-in-unit", discriminator: 3021, passcode: 45_678_901, to: hub)
            #expect(try hub.call("get_commissioning_window")["open"] == false, "the hub's own window stays closed")

            let trustStore = daemon.directory.appendingPathComponent("ohf-device-paa")
            try FileManager.default.createDirectory(at: trustStore, withIntermediateDirectories: true)
            let paa = trustStore.appendingPathComponent("mhub-device-paa.der")
            let written = try runProcess(
                Executables.mhubctl,
                ["--socket", daemon.socketPath, "hub", "attestation", "--device-paa-der", paa.path])
            #expect(written.status == 0, "mhubctl hub attestation: \(written.errors)")
            let server = OHFServer(pair: pair, storage: daemon.directory.appendingPathComponent("ohf-server"), paa: paa)
            let running = try server.start()
            defer { running.stop() }

            // The light, by its manual code.
            guard case .string(let manualCode)? = light.added["manual_code"] else {
                Issue.record("no manual code: \(light.added)")
                return
            }
            let commissioned = try server.run("commission-code", [manualCode], timeout: 240)
            #expect(
                commissioned.ok && commissioned.result?["answered"] == true,
                "\(commissioned.json)\n\(running.errorsSoFar.suffix(6000))\n\(daemon.log.suffix(4000))")
            guard case .integer(let lightNode)? = commissioned.result?["answered_node_id"] else { return }
            let steps = OHFServer.finishedSteps(in: running.errorsSoFar + running.outputSoFar)
            for step in ["AttestationVerification", "SendNOC", "SendComplete"] {
                #expect(steps.contains(step), "\(step) not among \(steps)")
            }
            guard let node = commissioned.nodes.first(where: { $0["node_id"] == .integer(lightNode) }) else {
                Issue.record("the server lists no node \(lightNode): \(commissioned.json)")
                return
            }
            try Self.expectTheDevicesNode(node, of: light, deviceType: 0x0101, hub)

            // mhub's side: the server's fabric on the light, committed, its window closed; the plug untouched.
            let info = try Self.matterNode(of: light.id, hub)
            #expect(info?["commissioning_window_open"] == false, "\(info ?? .null)")
            guard case .array(let fabrics)? = info?["fabrics"] else {
                Issue.record("no fabrics in \(info ?? .null)")
                return
            }
            #expect(fabrics.count == 1, "\(fabrics)")
            #expect(fabrics.first?["committed"] == true)
            #expect(fabrics.first?["vendor_id"] == 0xFFF1)
            #expect(fabrics.first?["fabric_id"] == "0000000000000001")
            #expect(fabrics.first?["node_id"] == .string(String(format: "%016llX", lightNode)))
            #expect(node["current_fabric_index"] == fabrics.first?["fabric_index"])
            #expect(try Self.matterNode(of: plug.id, hub)?["commissioning_window_open"] == true)
            #expect(try hub.call("get_nodes") == [], "not in the hub's home")

            // Its subscription established (the node available), a Toggle from the client and a change by hand.
            let ready = try server.run("nodes", options: ["--wait", "60"], timeout: 120)
            #expect(
                ready.nodes.first { $0["node_id"] == .integer(lightNode) }?["available"] == true,
                "\(ready.json)\n\(running.errorsSoFar.suffix(4000))")
            let before = try hub.call(
                "read_attribute", ["node_id": .integer(light.stateNode), "attribute_path": "1/6/0"])
            let driven = try server.run(
                "device", [String(lightNode), Executables.mhubctl.path, daemon.socketPath, String(light.stateNode)],
                timeout: 120)
            #expect(driven.ok, "\(driven.json)\n\(running.errorsSoFar.suffix(4000))\n\(daemon.log.suffix(3000))")
            let result = driven.result
            #expect(result?["node"]?["is_bridge"] == false)
            #expect(result?["on_before"] == before["1/6/0"])
            #expect(result?["on_after_toggle"] != result?["on_before"], "\(driven.json)")
            // What mhubctl read right after the Toggle is what the client heard.
            #expect(result?["mhubctl_read"]?["status"] == 0, "\(driven.json)")
            if case .string(let output)? = result?["mhubctl_read"]?["output"] {
                let read = try? JSONParser(maximumBytes: 1 << 16).parse(output)
                #expect(read?["1/6/0"] == result?["on_after_toggle"], "mhubctl device read printed \(output)")
            }
            #expect(result?["mhubctl_status"] == 0)
            #expect(result?["attribute_updated"]?["path"] == "1/6/0")
            #expect(result?["attribute_updated"]?["value"] == result?["on_before"])
            #expect(result?["on_after_mhubctl"] == result?["on_before"])
            let after = try hub.call(
                "read_attribute", ["node_id": .integer(light.stateNode), "attribute_path": "1/6/0"])
            #expect(after["1/6/0"] == before["1/6/0"])

            // The plug, by its QR code: a node of its own beside the light's.
            guard case .string(let qrCode)? = plug.added["qr_code"] else {
                Issue.record("no QR code: \(plug.added)")
                return
            }
            let second = try server.run("commission-code", [qrCode], timeout: 240)
            #expect(
                second.ok && second.result?["answered"] == true,
                "\(second.json)\n\(running.errorsSoFar.suffix(6000))\n\(daemon.log.suffix(4000))")
            guard case .integer(let plugNode)? = second.result?["answered_node_id"] else { return }
            #expect(plugNode != lightNode)
            #expect(second.nodes.count == 2)
            if let node = second.nodes.first(where: { $0["node_id"] == .integer(plugNode) }) {
                try Self.expectTheDevicesNode(node, of: plug, deviceType: 0x010A, hub)
            } else {
                Issue.record("the server lists no node \(plugNode): \(second.json)")
            }
            #expect(try Self.matterNode(of: plug.id, hub)?["fabrics"]?.arrayCount == 1)
        }
    }

    /// The device as the server interviewed it: a node of its own, not a bridge; endpoints 0 and 1 only, endpoint 1
    /// the device's type and the clusters mhub's node of the device has; Basic Information the device's own.
    static func expectTheDevicesNode(
        _ node: JSONValue, of device: NetworkDevice, deviceType: Int64, _ hub: MHubConnection
    ) throws {
        #expect(node["is_bridge"] == false, "\(node)")
        guard case .object(let endpoints)? = node["endpoints"] else {
            Issue.record("no endpoints in \(node)")
            return
        }
        #expect(Set(endpoints.keys) == ["0", "1"], "\(node)")
        // Endpoint 1 as mhub holds it: the device's type, the clusters it serves (as the device served them and as
        // the client modelled them).
        let one = node["endpoints"]?["1"]
        let mhubsOne = try Self.descriptor(device.stateNode, endpoint: 1, hub)
        #expect(mhubsOne.deviceTypes == [deviceType], "mhub's own view of the template")
        #expect(one?["device_types"]?.integers == mhubsOne.deviceTypes, "\(node)")
        #expect(!mhubsOne.clusters.isEmpty && one?["server_list"]?.integers == mhubsOne.clusters, "\(node)")
        #expect(one?["clusters"]?.integers == mhubsOne.clusters, "\(node)")
        #expect(one?["clusters"]?.integers.contains(6) == true)
        #expect(one?["is_bridged_device"] == false)
        // Endpoint 0: a Root Node with the commissioning clusters, as the device's node serves it.
        let zero = node["endpoints"]?["0"]
        #expect(zero?["device_types"]?.integers.contains(0x0016) == true, "\(node)")
        let rootClusters: Set<Int64> = [0x1D, 0x1F, 0x28, 0x30, 0x31, 0x33, 0x3C, 0x3E, 0x3F]
        #expect(rootClusters.isSubset(of: zero?["server_list"]?.integers ?? []), "\(node)")
        // Endpoint 0 is the device's as mhub's state has it: its OTA Requestor (device type 0x0012, cluster 0x002A)
        // beside the Root Node's own clusters.
        let mhubsZero = try Self.descriptor(device.stateNode, endpoint: 0, hub)
        #expect(zero?["server_list"]?.integers == mhubsZero.clusters, "\(node)")
        #expect(zero?["device_types"]?.integers.sorted() == mhubsZero.deviceTypes.sorted(), "\(node)")
        let basic = node["basic_information"]
        #expect(basic?["vendor_id"] == device.added["vendor_id"], "\(node)")
        #expect(basic?["product_id"] == device.added["product_id"])
        #expect(basic?["serial_number"] == device.added["serial_number"])
        #expect(basic?["vendor_name"] == "mhub")
        guard case .array(let fabrics)? = node["fabrics"] else {
            Issue.record("no fabrics in \(node)")
            return
        }
        #expect(fabrics.count == 1)
        #expect(fabrics.first?["vendor_id"] == 0xFFF1)
        #expect(fabrics.first?["fabric_id"] == 1)
    }
}

extension JSONValue {
    fileprivate var isInteger: Bool { if case .integer = self { true } else { false } }
    fileprivate var arrayCount: Int? { if case .array(let items) = self { items.count } else { nil } }
    /// The integers of an array, sorted.
    fileprivate var integers: [Int64] {
        guard case .array(let items) = self else { return [] }
        return items.compactMap { if case .integer(let value) = $0 { value } else { nil } }.sorted()
    }
}
