import Testing

@testable import MatterDataModel

private let identity = NodeIdentity(
    vendorID: 0xFFF1, vendorName: "mhub", productID: 0x8001, productName: "Test Product", nodeLabel: "Kitchen",
    serialNumber: "SN-0001", uniqueID: "UID-0001", hardwareVersion: 2, softwareVersion: 10,
    softwareVersionString: "1.0")

/// Device type IDs and revisions from CHIP SDK `data_model/1.4/device_types/*.xml` and
/// `device_type_ids.json` (the plug from `data_model/1.4.1/device_types/OnOffPlug-inUnit.xml`).
private let verifiedDeviceTypes: [(String, DeviceTypeID, UInt16)] = [
    ("on-off-light", 0x0100, 3),
    ("dimmable-light", 0x0101, 3),
    ("color-temperature-light", 0x010C, 4),
    ("on-off-plug-in-unit", 0x010A, 3),
    ("contact-sensor", 0x0015, 2),
    ("temperature-sensor", 0x0302, 2),
    ("occupancy-sensor", 0x0107, 4),
    ("door-lock", 0x000A, 3),
    ("thermostat", 0x0301, 4),
    ("window-covering", 0x0202, 3),
]

/// Endpoint 1's server clusters per template of the first round: Descriptor plus the device type's mandatory servers
/// (and Power Source, on the battery devices). The later templates are checked against the specification's tables
/// (`DeviceTemplateConformanceTests`).
private let requiredClusters: [String: [ClusterID]] = [
    "on-off-light": [0x0003, 0x0004, 0x0006, 0x001D],
    "dimmable-light": [0x0003, 0x0004, 0x0006, 0x0008, 0x001D],
    "color-temperature-light": [0x0003, 0x0004, 0x0006, 0x0008, 0x001D, 0x0300],
    "on-off-plug-in-unit": [0x0003, 0x0004, 0x0006, 0x001D],
    "contact-sensor": [0x0003, 0x001D, 0x002F, 0x0045],
    "temperature-sensor": [0x0003, 0x001D, 0x002F, 0x0402],
    "occupancy-sensor": [0x0003, 0x001D, 0x001E, 0x002F, 0x0406],
    "door-lock": [0x0003, 0x001D, 0x002F, 0x0101],
    "thermostat": [0x0003, 0x0004, 0x001D, 0x0201],
    "window-covering": [0x0003, 0x0004, 0x001D, 0x002F, 0x0102],
]

/// Root Node servers (`RootNodeDeviceType.xml`, mandatory ones for a Wi-Fi node) plus its Descriptor, and the OTA
/// Requestor's server (`OTARequestorDeviceType.xml`).
private let rootClusters: [ClusterID] = [
    0x001D, 0x001F, 0x0028, 0x002A, 0x0030, 0x0031, 0x0033, 0x003C, 0x003E, 0x003F,
]

private func unsignedList(_ value: AttributeValue?) -> [UInt64]? {
    guard case .list(let items) = value else { return nil }
    var numbers: [UInt64] = []
    for item in items {
        guard case .unsigned(let number) = item else { return nil }
        numbers.append(number)
    }
    return numbers
}

@Suite struct DeviceTemplateTests {
    @Test func theFirstTenComeFirstAndEveryKeyAndProductIDIsUnique() {
        let keys = DeviceTemplates.all.map(\.key)
        #expect(Array(keys.prefix(10)) == verifiedDeviceTypes.map(\.0))
        #expect(Set(keys).count == keys.count)
        // Device types repeat only as two forms of one kind (momentary and latching generic switches); product IDs never.
        #expect(Set(DeviceTemplates.all.map(DeviceTemplates.productID)).count == keys.count)
        #expect(DeviceTemplates.named("generic-switch").map(DeviceTemplates.productID) == 0x800F)
        #expect(DeviceTemplates.named("generic-switch-latching").map(DeviceTemplates.productID) == 0x900F)
        #expect(DeviceTemplates.named("dimmable-light")?.title == "Dimmable Light")
        #expect(DeviceTemplates.named("no-such-thing") == nil)
    }

    @Test func templatesUseTheDeviceLibrarysTypesAndRevisions() {
        for (key, id, revision) in verifiedDeviceTypes {
            #expect(DeviceTemplates.named(key)?.deviceType == DeviceTypeRef(id: id, revision: revision), "\(key)")
        }
        #expect(DeviceTypeRef.rootNode == DeviceTypeRef(id: 0x0016, revision: 3))
    }

    @Test(arguments: DeviceTemplates.all.map(\.key))
    func endpointOneHasTheRequiredClusters(_ key: String) throws {
        let template = try #require(DeviceTemplates.named(key))
        let node = template.makeNode(identity: identity)
        // A composed device's parts follow on 2, 3, …, each of its device type with its clusters.
        #expect(node.endpoints.keys.sorted() == Array(0...EndpointID(1 + template.parts.count)))
        for (index, part) in template.parts.enumerated() {
            let endpoint = try #require(node.endpoints[EndpointID(2 + index)])
            #expect(endpoint.deviceTypes == [part.deviceType])
            #expect(endpoint.clusters.keys.sorted() == ([0x001D] + part.clusters.map(\.definition.id)).sorted())
        }
        let endpoint = try #require(node.endpoints[1])
        #expect(endpoint.deviceTypes == [template.deviceType] + template.utilityTypes)
        let expected = requiredClusters[template.key] ?? ([0x001D] + template.clusters.map(\.definition.id)).sorted()
        #expect(endpoint.clusters.keys.sorted() == expected, "\(template.key)")
    }

    @Test(arguments: DeviceTemplates.all.map(\.key))
    func endpointZeroIsARootNodeWithTheIdentity(_ key: String) throws {
        let template = try #require(DeviceTemplates.named(key))
        let node = template.makeNode(identity: identity)
        let root = try #require(node.endpoints[0])
        #expect(root.deviceTypes == [.rootNode, .otaRequestor])
        #expect(root.clusters.keys.sorted() == rootClusters)
        func basic(_ attribute: AttributeID) -> AttributeValue? {
            node[AttributePath(endpoint: 0, cluster: 0x0028, attribute: attribute)]
        }
        #expect(basic(0x0001) == .string("mhub"))
        #expect(basic(0x0002) == .unsigned(0xFFF1))
        #expect(basic(0x0003) == .string("Test Product"))
        #expect(basic(0x0004) == .unsigned(0x8001))
        #expect(basic(0x0005) == .string("Kitchen"))
        #expect(basic(0x0007) == .unsigned(2))
        #expect(basic(0x0009) == .unsigned(10))
        #expect(basic(0x000A) == .string("1.0"))
        #expect(basic(0x000C) == .string("8001"))
        #expect(basic(0x000F) == .string("SN-0001"))
        #expect(basic(0x0012) == .string("UID-0001"))
        #expect(basic(0x0000) == .unsigned(18))
        #expect(basic(0x0015) == .unsigned(0x0104_0000))
    }

    @Test(arguments: DeviceTemplates.all.map(\.key))
    func descriptorsDescribeTheirEndpoints(_ key: String) throws {
        let template = try #require(DeviceTemplates.named(key))
        let node = template.makeNode(identity: identity)
        for endpoint in node.endpoints.values {
            let descriptor = try #require(endpoint.clusters[0x001D]).attributes
            let types = endpoint.deviceTypes.map { type in
                AttributeValue.structure([0: .unsigned(UInt64(type.id)), 1: .unsigned(UInt64(type.revision))])
            }
            #expect(descriptor[0x0000] == .list(types))
            #expect(unsignedList(descriptor[0x0001]) == endpoint.clusters.keys.sorted().map { UInt64($0) })
            // The OTA Requestor on endpoint 0 lists the OTA Software Update Provider as a client (Device Library 2.3);
            // a controller lists the clusters it commands.
            let clients: [ClusterID] =
                switch endpoint.id {
                case 0: [0x0029]
                case 1: template.clients
                default: template.parts[Int(endpoint.id) - 2].clients
                }
            #expect(descriptor[0x0002] == .list(clients.sorted().map { AttributeValue.unsigned(UInt64($0)) }))
            // Endpoint 0 lists every other endpoint; a composed device's endpoint 1 its parts (Core 9.5.5).
            let parts = (2..<(2 + template.parts.count)).map { UInt64($0) }
            let expectedParts: [UInt64] =
                switch endpoint.id {
                case 0: [1] + parts
                case 1: parts
                default: []
                }
            #expect(unsignedList(descriptor[0x0003]) == expectedParts)
        }
    }

    @Test(arguments: DeviceTemplates.all.map(\.key))
    func everyClusterCarriesGlobalsMatchingItsDefinition(_ key: String) throws {
        let template = try #require(DeviceTemplates.named(key))
        let node = template.makeNode(identity: identity)
        // Each instance against the definition its template placed (the catalog's may have more: Color Control's
        // has what colour temperature lights and extended colour lights carry).
        func placed(on endpoint: EndpointID) -> [ClusterID: ClusterDefinition] {
            let clusters =
                switch endpoint {
                case 0: template.rootClusters(identity: identity)
                case 1: template.clusters
                default: template.parts[Int(endpoint) - 2].clusters
                }
            return Dictionary(
                clusters.map { ($0.definition.id, $0.definition) }, uniquingKeysWith: { first, _ in first })
        }
        for endpoint in node.endpoints.values {
            let placed = placed(on: endpoint.id)
            for cluster in endpoint.clusters.values {
                let definition = try #require(placed[cluster.id] ?? ClusterCatalog.definition(cluster.id))
                let attributes = cluster.attributes
                let present = attributes.keys.sorted().map { UInt64($0) }
                #expect(unsignedList(attributes[GlobalAttributes.attributeList]) == present, "\(definition.name)")
                #expect(present == definition.attributeIDs.map { UInt64($0) }, "\(definition.name)")
                #expect(
                    unsignedList(attributes[GlobalAttributes.acceptedCommandList])
                        == definition.commands.map { UInt64($0.id) }, "\(definition.name)")
                #expect(
                    unsignedList(attributes[GlobalAttributes.generatedCommandList])
                        == definition.responses.map { UInt64($0.id) }, "\(definition.name)")
                #expect(attributes[GlobalAttributes.featureMap] == .unsigned(UInt64(definition.featureMap)))
                #expect(attributes[GlobalAttributes.clusterRevision] == .unsigned(UInt64(definition.revision)))
                #expect(attributes[GlobalAttributes.eventList] == nil)
            }
        }
    }

    @Test(arguments: DeviceTemplates.all.map(\.key))
    func everyValueSatisfiesItsAttributeDefinition(_ key: String) throws {
        let template = try #require(DeviceTemplates.named(key))
        let node = template.makeNode(identity: identity)
        for (path, value) in node.attributes {
            let definition = try #require(ClusterCatalog.definition(path.cluster))
            let attribute = try #require(definition.attribute(path.attribute), "\(path)")
            #expect(attribute.accepts(value), "\(template.key) \(path) \(attribute.name) = \(value)")
        }
    }

    @Test(arguments: DeviceTemplates.all.map(\.key))
    func overridesOnlyNameDefinedAttributes(_ key: String) throws {
        let template = try #require(DeviceTemplates.named(key))
        for cluster in template.clusters {
            for id in cluster.overrides.keys {
                #expect(cluster.definition.attributes.contains { $0.id == id }, "\(template.key) \(id)")
            }
        }
    }

    @Test func identifyTypeAndGroupCapacityFollowTheDevice() {
        func value(_ key: String, _ endpoint: EndpointID, _ cluster: ClusterID, _ attribute: AttributeID)
            -> AttributeValue?
        {
            DeviceTemplates.named(key)?.makeNode(identity: identity)[
                AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)]
        }
        #expect(value("dimmable-light", 1, 0x0003, 0x0001) == .unsigned(1))  // LightOutput
        #expect(value("contact-sensor", 1, 0x0003, 0x0001) == .unsigned(2))  // VisibleIndicator
        #expect(value("window-covering", 1, 0x0003, 0x0001) == .unsigned(5))  // Actuator
        #expect(value("on-off-light", 0, 0x003F, 0x0002) == .unsigned(4))
        #expect(value("door-lock", 0, 0x003F, 0x0002) == .unsigned(0))
        #expect(value("door-lock", 1, 0x0004, 0x0000) == nil)  // Groups is disallowed on a Door Lock
    }
}
