import Foundation
import MHubJSON
import MatterSpecification
import Testing

/// Every kind of node mhub simulates, as the control socket serves it (`get_nodes`, the OHF node format Home
/// Assistant reads), conforms to Matter 1.4: each endpoint, read back from its attributes alone, is checked against
/// its device types and each cluster's conformance (`ConformanceChecker`).
@Suite struct NodeConformanceIntegrationTests {
    @Test func everyNodeTheControlSocketServesConforms() throws {
        let templates = LiveDeviceIntegrationTests.templates
        let daemon = try DaemonHarness(configuration: [
            "simulated_devices": .array(
                templates.enumerated().map { index, template in
                    [
                        "template": .string(template), "discriminator": .integer(Int64(300 + index)),
                        "passcode": 20_202_021,
                    ]
                })
        ])
        try daemon.start()
        defer { daemon.stop() }
        let hub = try daemon.connect(.unix)
        // A power strip of three outlets and a bridge of two dimmable lights beside every template.
        _ = try hub.call("add_simulated_device", ["template": "on-off-plug-in-unit", "endpoints": 3])
        _ = try hub.call(
            "add_simulated_device", ["template": "bridge", "bridged_devices": 2, "bridged_template": "dimmable-light"])
        for device in try hub.call("get_simulated_devices").arrayValueForTest {
            guard case .string(let qr)? = device["qr_code"] else { throw TestFailure("no QR code: \(device)") }
            _ = try hub.call("commission_with_code", ["code": .string(qr)])
        }
        let nodes = try hub.call("get_nodes").arrayValueForTest
        #expect(nodes.count == templates.count + 2)
        var checked = 0
        for node in nodes {
            guard case .object(let attributes)? = node["attributes"] else {
                throw TestFailure("no attributes: \(node)")
            }
            let endpoints = try Self.compositions(attributes)
            #expect(endpoints.count >= 2, "node \(node["node_id"] ?? .null) has \(endpoints.count) endpoints")
            for endpoint in endpoints {
                #expect(!endpoint.deviceTypes.isEmpty && !endpoint.servers.isEmpty, "\(endpoint)")
                let findings = ConformanceChecker.check(endpoint, conditions: ["Matter", "Active"])
                #expect(findings.isEmpty, "node \(node["node_id"] ?? .null): \(findings.map(\.description))")
                checked += 1
            }
        }
        // 12 nodes: two endpoints each, the strip four, the bridge four (root, aggregator, two lights).
        #expect(checked == 10 * 2 + 4 + 4)
    }

    /// The endpoints of an OHF node's `attributes` ("endpoint/cluster/attribute" → value), as a controller reads
    /// them: the Descriptor's DeviceTypeList and ClientList, each cluster's global attributes.
    static func compositions(_ attributes: [String: JSONValue]) throws -> [EndpointComposition] {
        var clusters: [UInt16: [UInt32: [UInt32: JSONValue]]] = [:]
        for (path, value) in attributes {
            let parts = path.split(separator: "/").compactMap { UInt32($0) }
            guard parts.count == 3, let endpoint = UInt16(exactly: parts[0]) else {
                throw TestFailure("an attribute path \(path)")
            }
            clusters[endpoint, default: [:]][parts[1], default: [:]][parts[2]] = value
        }
        return clusters.keys.sorted().map { endpoint in
            let servers = clusters[endpoint] ?? [:]
            let descriptor = servers[0x001D] ?? [:]
            let deviceTypes = entries(descriptor[0x0000]).compactMap { entry -> EndpointComposition.DeviceType? in
                guard case .integer(let id)? = entry["0"], case .integer(let revision)? = entry["1"] else { return nil }
                return EndpointComposition.DeviceType(id: UInt32(id), revision: UInt16(revision))
            }
            return EndpointComposition(
                endpoint: endpoint, deviceTypes: deviceTypes,
                servers: servers.keys.sorted().map { id in
                    let cluster = servers[id] ?? [:]
                    return ClusterComposition(
                        id: id, revision: UInt16(number(cluster[0xFFFD])), featureMap: UInt32(number(cluster[0xFFFC])),
                        attributes: Set(numbers(cluster[0xFFFB])),
                        acceptedCommands: Set(numbers(cluster[0xFFF9])),
                        generatedCommands: Set(numbers(cluster[0xFFF8])))
                },
                clients: numbers(descriptor[0x0002]))
        }
    }

    static func entries(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let entries)? = value { return entries }
        return []
    }

    static func number(_ value: JSONValue?) -> Int64 {
        if case .integer(let number)? = value { return number }
        return 0
    }

    static func numbers(_ value: JSONValue?) -> [UInt32] {
        entries(value).compactMap { if case .integer(let number) = $0 { UInt32(exactly: number) } else { nil } }
    }

    /// One endpoint's `composition` as `chip_commission.py bridge` writes it from the CHIP controller's wildcard read:
    /// `device_types` as [id, revision] pairs, `clients`, and `servers` by cluster ID with each one's globals.
    static func composition(endpoint: UInt16, _ json: JSONValue) -> EndpointComposition {
        let deviceTypes = entries(json["device_types"]).compactMap { pair -> EndpointComposition.DeviceType? in
            guard case .array(let numbers) = pair, numbers.count == 2, case .integer(let id) = numbers[0],
                case .integer(let revision) = numbers[1]
            else { return nil }
            return EndpointComposition.DeviceType(id: UInt32(id), revision: UInt16(revision))
        }
        var servers: [ClusterComposition] = []
        if case .object(let clusters)? = json["servers"] {
            for (key, cluster) in clusters {
                guard let id = UInt32(key) else { continue }
                servers.append(
                    ClusterComposition(
                        id: id, revision: UInt16(number(cluster["revision"])),
                        featureMap: UInt32(number(cluster["feature_map"])),
                        attributes: Set(numbers(cluster["attributes"])),
                        acceptedCommands: Set(numbers(cluster["accepted"])),
                        generatedCommands: Set(numbers(cluster["generated"]))))
            }
        }
        return EndpointComposition(
            endpoint: endpoint, deviceTypes: deviceTypes, servers: servers.sorted { $0.id < $1.id },
            clients: numbers(json["clients"]))
    }
}
