/// A kind of device mhub can simulate: a device type on endpoint 1 with its server clusters.
///
/// Nodes built from a template have a Root Node endpoint 0 and the application endpoint 1, the layout of
/// a single-function Matter device.
public struct DeviceTemplate: Hashable, Sendable {
    /// The template's stable name in kebab case, such as `on-off-light`.
    public var key: String
    /// The device type's name, such as `On/Off Light`.
    public var title: String
    /// The device type endpoint 1 implements.
    public var deviceType: DeviceTypeRef
    /// The product name new nodes of this kind get unless told otherwise.
    public var productName: String
    /// Where `mhubctl sim templates` lists it: the Device Library's groups as a hub shows them (`Lighting`,
    /// `Switches and controls`, `Sensors`, `Alarms`, `Closures`, `HVAC`, `Water`, `Bridges`).
    public var category: String
    /// The application endpoint's server clusters besides its Descriptor.
    public var clusters: [ClusterTemplate]
    /// The client clusters its device type requires (a light switch's On/Off client), for its Descriptor's ClientList.
    public var clients: [ClusterID]
    /// Utility device types listed beside `deviceType` on the application endpoint (Power Source, for a device on a
    /// battery, whose Power Source cluster is among `clusters`).
    public var utilityTypes: [DeviceTypeRef]
    /// The device types a composed device is made of, each on an endpoint of its own (2, 3, …) in the PartsList of
    /// endpoint 1 (a heat pump's thermostat); empty for a device of one endpoint.
    public var parts: [PartTemplate]

    public init(
        key: String, title: String, deviceType: DeviceTypeRef, productName: String, category: String,
        clusters: [ClusterTemplate], clients: [ClusterID] = [], utilityTypes: [DeviceTypeRef] = [],
        parts: [PartTemplate] = []
    ) {
        self.key = key
        self.title = title
        self.deviceType = deviceType
        self.productName = productName
        self.category = category
        self.clusters = clusters
        self.clients = clients
        self.utilityTypes = utilityTypes
        self.parts = parts
    }

    /// Whether its device is composed of parts on endpoints of their own: it is made only as one device (not as
    /// several endpoints, nor as a bridge's bridged device).
    public var isComposed: Bool { !parts.isEmpty }

    /// The application endpoint `id` as this template makes it, with `parts` in its PartsList; a bridged device lists
    /// Bridged Node too and carries `extra` clusters (its Bridged Device Basic Information).
    func applicationEndpoint(
        _ id: EndpointID, bridged: Bool = false, extra: [ClusterTemplate] = [], parts: [EndpointID] = []
    ) -> EndpointData {
        EndpointData(
            id: id, deviceTypes: [deviceType] + (bridged ? [.bridgedNode] : []) + utilityTypes,
            serverClusters: clusters + extra, parts: parts, clients: clients)
    }

    /// A node with every attribute at its default, Basic Information from `identity`.
    ///
    /// Endpoint 0 is a Root Node (`data_model/1.4/device_types/RootNodeDeviceType.xml`) with its mandatory
    /// clusters for a Wi-Fi node; its Descriptor's PartsList is every application endpoint. Endpoint 1 carries
    /// `clusters`; a composed device's parts follow on 2, 3, …, listed in endpoint 1's PartsList (the tree pattern of
    /// Matter Core Specification 9.5.5 for a composed device; endpoint 0 has the full family).
    public func makeNode(identity: NodeIdentity) -> NodeData {
        let partEndpoints = parts.indices.map { EndpointID(2 + $0) }
        let root = rootEndpoint(identity: identity, parts: [1] + partEndpoints)
        let partData = zip(partEndpoints, parts).map { endpoint, part in part.endpoint(endpoint) }
        return NodeData(endpoints: [root, applicationEndpoint(1, parts: partEndpoints)] + partData)
    }

    /// Endpoint 0 of a node this template makes: a Root Node and an OTA Requestor, with the Root Node's clusters
    /// and, as the OTA Requestor device type requires (Device Library 2.3), an OTA Software Update Provider client.
    func rootEndpoint(identity: NodeIdentity, parts: [EndpointID]) -> EndpointData {
        EndpointData(
            id: 0, deviceTypes: [.rootNode, .otaRequestor], serverClusters: rootClusters(identity: identity),
            parts: parts, clients: [Self.otaSoftwareUpdateProvider])
    }

    /// The OTA Software Update Provider cluster (Core 11.20), which a requestor's endpoint lists as a client.
    static let otaSoftwareUpdateProvider: ClusterID = 0x0029

    /// Endpoint 0's server clusters besides its Descriptor.
    ///
    /// MaxGroupsPerFabric is 4 when endpoint 1 has a Groups server and 0 otherwise.
    func rootClusters(identity: NodeIdentity) -> [ClusterTemplate] {
        let hasGroups = (clusters + parts.flatMap(\.clusters)).contains {
            $0.definition.id == ClusterDefinition.groups.id
        }
        return [
            ClusterTemplate(.accessControl),
            ClusterTemplate(.otaSoftwareUpdateRequestor),
            Self.basicInformation(identity: identity),
            ClusterTemplate(.generalCommissioning),
            ClusterTemplate(.networkCommissioning),
            ClusterTemplate(.generalDiagnostics),
            ClusterTemplate(.administratorCommissioning),
            ClusterTemplate(.operationalCredentials),
            ClusterTemplate(.groupKeyManagement, overrides: [0x0002: .unsigned(hasGroups ? 4 : 0)]),
        ]
    }

    /// Endpoint 0's Basic Information for `identity`: the one cluster of a template's node that differs between
    /// nodes of one template (`NodeData.settingIdentity`).
    ///
    /// PartNumber is the product ID in hexadecimal and ProductURL points into the reserved `.invalid`
    /// domain (RFC 2606), so neither looks like a real product's.
    static func basicInformation(identity: NodeIdentity) -> ClusterTemplate {
        ClusterTemplate(.basicInformation, overrides: basicInformationValues(identity: identity))
    }

    /// The Basic Information values `identity` sets.
    static func basicInformationValues(identity: NodeIdentity) -> [AttributeID: AttributeValue] {
        let vendor = hex(identity.vendorID)
        let product = hex(identity.productID)
        return [
            0x0001: .string(identity.vendorName),
            0x0002: .unsigned(UInt64(identity.vendorID)),
            0x0003: .string(identity.productName),
            0x0004: .unsigned(UInt64(identity.productID)),
            0x0005: .string(identity.nodeLabel),
            0x0007: .unsigned(UInt64(identity.hardwareVersion)),
            0x0008: .string(String(identity.hardwareVersion)),
            0x0009: .unsigned(UInt64(identity.softwareVersion)),
            0x000A: .string(identity.softwareVersionString),
            0x000C: .string(product),
            0x000D: .string("https://mhub.invalid/products/\(vendor)/\(product)"),
            0x000E: .string(identity.productName),
            0x000F: .string(identity.serialNumber),
            0x0012: .string(identity.uniqueID),
        ]
    }
}

extension NodeData {
    /// The node with endpoint 0's Basic Information values set from `identity`, as the templates set them: for a node
    /// a template made (any of its `makeNode` forms), the node that template makes for `identity`, without making any
    /// cluster again. Only attributes the cluster has are set (as `ClusterTemplate` ignores overrides its definition
    /// lacks); a node without Basic Information on endpoint 0 is returned as it is.
    public func settingIdentity(_ identity: NodeIdentity) -> NodeData {
        let cluster = ClusterDefinition.basicInformation.id
        guard var attributes = endpoints[0]?.clusters[cluster]?.attributes else { return self }
        for (attribute, value) in DeviceTemplate.basicInformationValues(identity: identity)
        where attributes[attribute] != nil {
            attributes[attribute] = value
        }
        var node = self
        node.endpoints[0]!.clusters[cluster]!.attributes = attributes
        // A bridge's bridged devices: their Bridged Device Basic Information's values that come from the identity.
        let bridged = ClusterDefinition.bridgedDeviceBasicInformation.id
        let numbered = node.endpoints.keys.sorted().filter { node.endpoints[$0]?.clusters[bridged] != nil }
        for (index, endpoint) in numbered.enumerated() {
            for (attribute, value) in DeviceTemplate.bridgedIdentityValues(identity: identity, number: index + 1) {
                node.endpoints[endpoint]!.clusters[bridged]!.attributes[attribute] = value
            }
        }
        return node
    }
}

/// `value` as four upper-case hexadecimal digits.
private func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
}
