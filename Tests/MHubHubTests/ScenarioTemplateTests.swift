import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// Every template in a scenario (issue 34): a home of one commissioned device of each of `DeviceTemplates.all` and a
/// bridge loads, a timeline that changes one attribute of each runs at its times on the hub's clock, and the home
/// exported afterwards loads back to the same devices. Built from `DeviceTemplates.all`, so a template added later is
/// in it, and one a scenario cannot use fails it.
@Suite struct ScenarioTemplateTests {
    /// One timeline step's change: an attribute of a device's endpoint and the value it is set to.
    struct Change {
        var device: String
        var path: AttributePath
        var value: AttributeValue
    }

    /// The bridge's own id in the scenario; its bridged devices are of the first template.
    static let bridgeID = "bridge"
    static let bridgedCount = 2

    /// A change `set_attribute` takes on `template`'s application endpoint `endpoint`: the first attribute of its
    /// first cluster besides Identify and Groups that is a boolean (the other value) or a whole number with a
    /// neighbour in its range (one more, or one less); nil when no cluster has one.
    /// A composed device whose endpoint 1 has nothing to change (an oven: Identify alone) changes its first part
    /// (endpoint 2).
    static func change(for template: DeviceTemplate, endpoint: EndpointID) -> (AttributePath, AttributeValue)? {
        change(in: template.clusters, endpoint: endpoint)
            ?? template.parts.first.flatMap { change(in: $0.clusters, endpoint: endpoint + 1) }
    }

    static func change(in clusters: [ClusterTemplate], endpoint: EndpointID) -> (AttributePath, AttributeValue)? {
        let skipped = [ClusterDefinition.identify.id, ClusterDefinition.groups.id]
        for cluster in clusters where !skipped.contains(cluster.definition.id) {
            let values = cluster.makeData().attributes
            for attribute in cluster.definition.attributes {
                let path = AttributePath(endpoint: endpoint, cluster: cluster.definition.id, attribute: attribute.id)
                switch values[attribute.id] {
                case .bool(let value)?:
                    return (path, .bool(!value))
                case .unsigned(let value)?:
                    for next in [value &+ 1, value &- 1] where attribute.accepts(.unsigned(next)) {
                        return (path, .unsigned(next))
                    }
                case .signed(let value)?:
                    for next in [value &+ 1, value &- 1] where attribute.accepts(.signed(next)) {
                        return (path, .signed(next))
                    }
                default: continue
                }
            }
        }
        return nil
    }

    /// The scenario, and the changes its timeline makes in order (step N at N seconds).
    static func scenario() throws -> (text: String, changes: [Change]) {
        var devices: [JSONValue] = []
        var changes: [Change] = []
        for template in DeviceTemplates.all {
            devices.append([
                "id": .string(template.key), "template": .string(template.key), "name": .string(template.title),
            ])
            let (path, value) = try #require(
                change(for: template, endpoint: 1), "\(template.key): no attribute a timeline step can change")
            changes.append(Change(device: template.key, path: path, value: value))
        }
        let bridged = try #require(DeviceTemplates.all.first)
        devices.append([
            "id": .string(bridgeID), "template": .string(SimulatedLayout.bridgeKey), "name": "Bridge",
            "bridged_devices": .integer(Int64(bridgedCount)), "bridged_template": .string(bridged.key),
        ])
        // The last bridged device: endpoint 1 is the Aggregator, the bridged devices 2…N+1.
        let (path, value) = try #require(change(for: bridged, endpoint: EndpointID(1 + bridgedCount)))
        changes.append(Change(device: bridgeID, path: path, value: value))
        let timeline: [JSONValue] = changes.enumerated().map { index, change in
            [
                "at": .integer(Int64(index + 1) * 1_000),
                "set_attribute": [
                    "device": .string(change.device), "attribute_path": .string(change.path.description),
                    "value": change.value.json,
                ],
            ]
        }
        let scenario: JSONValue = [
            "mhub_scenario": 1, "name": "Every template", "structures": [["name": "Home", "rooms": ["Lab"]]],
            "devices": .array(devices), "timeline": .array(timeline),
        ]
        return (JSONWriter.pretty(scenario), changes)
    }

    /// Each device's template and its application endpoints' values, by name.
    static func summary(_ hub: Hub) -> [String] {
        hub.state.nodes.values.sorted { $0.name < $1.name }.map { node in
            let values = node.data.attributes.filter { $0.0.endpoint > 0 }.map {
                "\($0.0)=\(JSONWriter.compact($0.1.json))"
            }
            return "\(node.name) \(node.template) \(values)"
        }
    }

    @Test func aHomeOfEveryTemplateRunsItsTimelineOnTheClockAndExportsBack() throws {
        let (text, changes) = try Self.scenario()
        var harness = HubHarness()
        _ = harness.ok("load_scenario", ["text": .string(text)])
        let run = try #require(harness.hub.scenario)

        // Every device is there, made from its template.
        for template in DeviceTemplates.all {
            let node = try #require(run.nodes[template.key].flatMap { harness.hub.state.nodes[$0] }, "\(template.key)")
            #expect(SimulatedLayout(stored: node.template) == .single(template), "\(template.key): \(node.template)")
            #expect(node.name == template.title)
        }
        let bridge = try #require(run.nodes[Self.bridgeID].flatMap { harness.hub.state.nodes[$0] })
        let bridged = try #require(DeviceTemplates.all.first)
        #expect(SimulatedLayout(stored: bridge.template) == .bridge(bridged, count: Self.bridgedCount))
        #expect(harness.hub.state.nodes.count == DeviceTemplates.all.count + 1)

        // Nothing has changed before its time; the last step waits until its millisecond.
        let end = Int64(changes.count) * 1_000
        for change in changes {
            let node = try #require(run.nodes[change.device].flatMap { harness.hub.state.nodes[$0] })
            #expect(node.data[change.path] != change.value, "\(change.device) \(change.path) before the timeline")
        }
        _ = harness.advance(by: end - 1)
        #expect(harness.ok("get_scenario")["done"] == .integer(Int64(changes.count - 1)))
        _ = harness.advance(by: 1)

        // Every step ran and took effect.
        let status = harness.ok("get_scenario")
        #expect(status["done"] == .integer(Int64(changes.count)), "\(JSONWriter.compact(status))")
        #expect((status["failures"]?.arrayCount ?? 0) == 0, "\(JSONWriter.compact(status))")
        for change in changes {
            let node = try #require(run.nodes[change.device])
            let read = harness.ok(
                "read_attribute",
                ["node_id": .integer(Int64(node)), "attribute_path": .string(change.path.description)])
            #expect(read[change.path.description] == change.value.json, "\(change.device) \(change.path): \(read)")
        }

        // The home as it is now loads back to the same devices and values.
        let exported = try #require(harness.ok("export_scenario", ["name": "copy"])["scenario"])
        var copy = HubHarness()
        _ = copy.ok("load_scenario", ["text": .string(JSONWriter.pretty(exported))])
        let mine = Self.summary(harness.hub)
        let theirs = Self.summary(copy.hub)
        #expect(theirs == mine, "\(Set(theirs).symmetricDifference(Set(mine)))")
        let templates = Set(
            copy.hub.state.nodes.values.compactMap { SimulatedLayout(stored: $0.template)?.template.key })
        #expect(templates == Set(DeviceTemplates.all.map(\.key)))
    }

    @Test func aScenarioDeclaresBridgesAndSeveralEndpointsAsAddSimulatedDeviceDoes() throws {
        let template = try #require(DeviceTemplates.all.last { !$0.isComposed })
        let composed = try #require(DeviceTemplates.all.first { $0.isComposed })
        let text = """
            {"mhub_scenario": 1, "name": "Layouts",
             "simulated_devices": [{"id": "strip", "template": "\(template.key)", "endpoints": 3}],
             "devices": [{"id": "hub", "template": "bridge", "name": "Hub"}]}
            """
        var harness = HubHarness()
        _ = harness.ok("load_scenario", ["text": .string(text)])
        let run = try #require(harness.hub.scenario)
        let strip = try #require(run.simulatedDevices["strip"].flatMap { harness.hub.state.simulatedDevices[$0] })
        #expect(SimulatedLayout(stored: strip.template) == .endpoints(template, count: 3))
        let hub = try #require(run.nodes["hub"].flatMap { harness.hub.state.nodes[$0] })
        #expect(SimulatedLayout(stored: hub.template)?.key == SimulatedLayout.bridgeKey)

        for (wrong, reason) in [
            (#""template": "bridge", "endpoints": 2"#, "a bridge takes bridged_devices, not endpoints"),
            (#""template": "\#(template.key)", "bridged_devices": 2"#, #"are for template "bridge""#),
            (#""template": "bridge", "bridged_template": "toaster""#, #"unknown template "toaster""#),
            (#""template": "bridge", "bridged_devices": 0"#, "must be from 1 to"),
            (#""template": "\#(composed.key)", "endpoints": 3"#, "is a composed device"),
            (#""template": "bridge", "bridged_template": "\#(composed.key)""#, "a bridge's devices have one each"),
        ] {
            let broken = #"{"mhub_scenario": 1, "name": "x", "simulated_devices": [{\#(wrong)}]}"#
            let error = harness.error("load_scenario", ["text": .string(broken)])
            #expect(error?.code == .invalidScenario)
            #expect(error?.details.contains(reason) == true, "\(wrong): \(String(describing: error))")
        }
    }
}
