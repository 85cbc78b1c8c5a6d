import MatterSpecification
import MatterTestSupport
import Testing

@testable import MatterDataModel

/// Every template's node conforms to Matter 1.4 as the conformance checker reads it from its attributes, as a
/// controller would (each endpoint's Descriptor and each cluster's global attributes), in each form a template makes:
/// one device, several endpoints, and a bridge. And the checker does find what is wrong in a template's node.
@Suite struct DeviceTemplateConformanceTests {
    static let identity = NodeIdentity(
        vendorID: 0xFFF1, vendorName: "mhub", productID: 0x8001, productName: "Test Product", nodeLabel: "Kitchen",
        serialNumber: "SN-0001", uniqueID: "UID-0001", hardwareVersion: 2, softwareVersion: 10,
        softwareVersionString: "1.0")

    /// mhub's devices are always-on Wi-Fi or Ethernet nodes (Device Library 1.1.4 "Active").
    static let conditions: Set<String> = ["Matter", "Active"]

    static func findings(_ node: NodeData) -> [ConformanceFinding] {
        node.endpoints.values.sorted { $0.id < $1.id }.flatMap {
            ConformanceChecker.check($0.composition, conditions: conditions)
        }
    }

    @Test(arguments: DeviceTemplates.all.map(\.key))
    func everyFormOfEveryTemplateConforms(_ key: String) throws {
        let template = try #require(DeviceTemplates.named(key))
        #expect(Self.findings(template.makeNode(identity: Self.identity)).map(\.description) == [])
        #expect(Self.findings(template.makeNode(identity: Self.identity, endpointCount: 3)).map(\.description) == [])
        #expect(Self.findings(template.makeBridge(identity: Self.identity, bridgedCount: 2)).map(\.description) == [])
    }

    @Test func aTemplateWithoutAMandatoryAttributeIsFound() throws {
        var node = try #require(DeviceTemplates.named("dimmable-light")).makeNode(identity: Self.identity)
        // CurrentLevel (Level Control 0x0000) taken out of the AttributeList, as a controller would then see it.
        let level = try #require(node.endpoints[1]?.clusters[0x0008])
        guard case .list(let listed)? = level.attributes[0xFFFB] else {
            Issue.record("Level Control has no AttributeList")
            return
        }
        #expect(listed.contains(.unsigned(0x0000)))
        node.endpoints[1]?.clusters[0x0008]?.attributes[0xFFFB] = .list(listed.filter { $0 != .unsigned(0x0000) })
        let findings = Self.findings(node)
        #expect(findings.map(\.element) == [.attribute(cluster: 0x0008, id: 0x0000)])
        #expect(findings.map(\.problem) == [.missing])
    }

    @Test func aTemplateWithAWrongRevisionIsFound() throws {
        var node = try #require(DeviceTemplates.named("on-off-light")).makeNode(identity: Self.identity)
        node.endpoints[1]?.clusters[0x0006]?.attributes[0xFFFD] = .unsigned(5)
        let findings = Self.findings(node)
        #expect(findings.map(\.element) == [.serverCluster(0x0006)])
        #expect(findings.map(\.problem) == [.wrongRevision(expected: 6, found: 5)])
    }
}

/// Every cluster mhub defines is at the revision Matter 1.4 gives it, with the name the specification gives it.
@Suite struct ClusterRevisionTests {
    @Test func everyDefinitionIsAtTheSpecificationsRevision() throws {
        for definition in ClusterCatalog.all {
            let spec = try #require(MatterSpecification.cluster(id: definition.id), "\(definition.name)")
            #expect(
                MatterSpecification.resolved(spec).revision == definition.revision,
                "\(definition.name): mhub \(definition.revision), the specification \(String(describing: spec.revision))"
            )
            #expect(spec.name.lowercased() == definition.name.lowercased(), "\(definition.name) is \(spec.name)")
        }
    }
}
