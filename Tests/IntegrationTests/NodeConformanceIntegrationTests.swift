import Foundation
import MHubClient
import MHubJSON
import MatterDataModel
import MatterSpecification
import MatterTestSupport
import Testing

@testable import MHubHub

/// Every kind of node mhub simulates, as the control socket serves it (`get_nodes`, the OHF node format Home
/// Assistant reads), conforms to Matter 1.4: each endpoint, read back from its attributes alone, is checked against
/// its device types and each cluster's conformance (`ConformanceChecker`).
@Suite struct NodeConformanceIntegrationTests {
    /// Every template the hub offers (issue 37: every composed endpoint included), with the number of endpoints its
    /// node has: the root, its device endpoint and its parts (`get_templates`' `part_device_types`).
    static func templates(_ hub: MHubConnection) throws -> [(key: String, endpoints: Int)] {
        try hub.call("get_templates").arrayValueForTest.compactMap { template in
            guard case .string(let key)? = template["key"], key != "bridge" else { return nil }
            return (key, 2 + (template["part_device_types"]?.arrayValueForTest.count ?? 0))
        }
    }

    @Test func everyNodeTheControlSocketServesConforms() throws {
        let daemon = try DaemonHarness(configuration: ["simulated_devices": []])
        try daemon.start()
        defer { daemon.stop() }
        let hub = try daemon.connect(.unix)
        let templates = try Self.templates(hub)
        #expect(templates.count >= 62)
        for (index, template) in templates.enumerated() {
            _ = try hub.call(
                "add_simulated_device",
                [
                    "template": .string(template.key), "discriminator": .integer(Int64(300 + index)),
                    "passcode": 20_202_021,
                ])
        }
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
        // Every template's node (its root, device endpoint and parts), the strip four, the bridge four (root,
        // aggregator, two lights).
        #expect(checked == templates.map(\.endpoints).reduce(0, +) + 4 + 4)
    }

    /// The endpoints of an OHF `attributes` map ("endpoint/cluster/attribute" → value), as a controller reads them:
    /// read into node data as the hub reads an imported node dump (`Hub.nodeData`), then each endpoint's Descriptor
    /// and global attributes (`EndpointData.composition`).
    static func compositions(_ attributes: [String: JSONValue]) throws -> [EndpointComposition] {
        try Hub.nodeData(attributes, node: 0).endpoints.values.sorted { $0.id < $1.id }.map(\.composition)
    }
}
