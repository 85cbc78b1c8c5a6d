import Foundation
import MHubHub
import MHubJSON
import MatterDataModel
import Testing

/// The dashboard's device kinds (`device-kinds.js` and the `kinds-*.js` it gathers) read against mhub's templates:
/// `device-kinds.mjs` runs in Node with every template's endpoints (their clusters, attributes at their defaults and
/// commands with their fields, from the generated definitions) and fails when a template has no kind, a state line
/// reads "unknown" on a new device, or a control's request names an attribute, command or field the device lacks.
@Suite struct DeviceKindsScriptTests {
    @Test func everyTemplateHasAKindWhoseRequestsTheDeviceKnows() throws {
        let catalogue = FileManager.default.temporaryDirectory
            .appendingPathComponent("mhub-device-kinds-\(ProcessInfo.processInfo.processIdentifier).json")
        try JSONWriter.compact(.array(DeviceTemplates.all.map(Self.describe))).write(
            to: catalogue, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: catalogue) }
        guard
            let (status, text) = try NodeScript.run(
                "device-kinds.mjs",
                [NodeScript.root.appendingPathComponent("Sources/MHubDashboard/Assets").path, catalogue.path])
        else { return }
        #expect(status == 0, "device-kinds.mjs failed:\n\(text)")
        #expect(text.contains("device kinds: \(DeviceTemplates.all.count) templates"), "\(text)")
    }

    /// A template as the script reads it: its key, its endpoints' attributes as the page gets them ("e/c/a" → value)
    /// and each cluster's ("e/c") attribute IDs and commands (name → field names); endpoint 1, and a composed
    /// device's parts from 2 on.
    static func describe(_ template: DeviceTemplate) -> JSONValue {
        var attributes: [String: JSONValue] = [:]
        var clusters: [String: JSONValue] = [:]
        let parts = template.parts.enumerated().map { (2 + $0.offset, $0.element.clusters) }
        let endpoints = [(1, template.clusters)] + parts
        for (endpoint, endpointClusters) in endpoints {
            for cluster in endpointClusters {
                let id = cluster.definition.id
                for (attribute, value) in cluster.makeData().attributes {
                    attributes["\(endpoint)/\(id)/\(attribute)"] = value.json
                }
                let commands = cluster.definition.commands.map { command in
                    (command.name, JSONValue.array(command.fields.map { .string($0.name) }))
                }
                clusters["\(endpoint)/\(id)"] = .object([
                    "attributes": .array(cluster.definition.attributes.map { .integer(Int64($0.id)) }),
                    "commands": .object(Dictionary(uniqueKeysWithValues: commands)),
                ])
            }
        }
        return .object(["key": .string(template.key), "attributes": .object(attributes), "clusters": .object(clusters)])
    }
}
