import MatterSpecification
import Testing

@testable import MatterDataModel

/// Issue 37, "Done when": every application device type of Matter 1.4 (the specification's simple device types) is a
/// template's, on its first endpoint or as a part of a composed one, so `get_templates` and `mhubctl sim templates`
/// list each one; and every template's device types are the specification's, at its revisions.
@Suite struct DeviceCatalogueCoverageTests {
    /// The device types of the templates' endpoints and parts, and the bridge's Aggregator (the `bridge` layout,
    /// which `get_templates` lists beside them).
    static let templateDeviceTypes: [UInt32: UInt16] = {
        var types: [UInt32: UInt16] = [DeviceTypeRef.aggregator.id: DeviceTypeRef.aggregator.revision]
        for template in DeviceTemplates.all {
            types[template.deviceType.id] = template.deviceType.revision
            for part in template.parts { types[part.deviceType.id] = part.deviceType.revision }
        }
        return types
    }()

    @Test func everyApplicationDeviceTypeOfMatter14HasATemplate() {
        let application = MatterSpecification.deviceTypes.filter { $0.classification == .simple }
        #expect(application.count >= 60)
        let missing = application.filter { Self.templateDeviceTypes[$0.id ?? 0] == nil }.map(\.name)
        #expect(missing == [], "no template has these Matter 1.4 device types")
    }

    @Test func everyTemplatesDeviceTypeIsTheSpecificationsAtItsRevision() throws {
        for (id, revision) in Self.templateDeviceTypes {
            let spec = try #require(MatterSpecification.deviceTypes.first { $0.id == id }, "device type \(id)")
            #expect(spec.revision == revision, "\(spec.name)")
        }
    }
}
