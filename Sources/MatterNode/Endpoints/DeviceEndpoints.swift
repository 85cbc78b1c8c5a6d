import MatterDataModel

/// One device's endpoints as its own node serves them (`MatterNodeLayout.device`): every endpoint of its data but 0,
/// with the device's own numbers, device types and clusters, its Descriptor among them. Endpoint 0 is the node's own
/// Root Node (`MatterRootEndpoint`), not the device's.
///
/// `NodeData` is a copy-on-write value: the view holds the device's data without copying it. What reads ask of every
/// path (the endpoint numbers, endpoint 0's extension) is worked out once when the view is made, for the call it
/// lives in.
public struct DeviceEndpoints: NodeEndpoints {
    public let data: NodeData
    public let endpointIDs: [EndpointID]
    /// The device's endpoint 0 but the Root Node's device type and the clusters the node's Root Node keeps itself
    /// (its fabrics, sessions, access control, commissioning: `MatterRootEndpoint.clusterIDs` but Basic
    /// Information): what else the device has there, served live from its data. Basic Information is the device's,
    /// so a rename or a firmware update on the socket is what a controller reads.
    public let rootExtension: NodeEndpoint?

    public init(_ data: NodeData) {
        self.data = data
        endpointIDs = data.endpoints.keys.filter { $0 != 0 }.sorted()
        rootExtension = data.endpoints[0].flatMap(Self.extension(of:))
    }

    /// Its Descriptor stays, for its ClientList (an OTA Requestor's OTA Provider client); the node makes the rest.
    private static let nodesOwn = Set(MatterRootEndpoint.clusterIDs).subtracting([
        ClusterDefinition.basicInformation.id, ClusterDefinition.descriptor.id,
    ])

    private static func `extension`(of root: EndpointData) -> NodeEndpoint? {
        let clusters = root.clusters.filter { !nodesOwn.contains($0.key) }
        let types = root.deviceTypes.filter { $0.id != DeviceTypeRef.rootNode.id }
        guard !clusters.isEmpty || !types.isEmpty else { return nil }
        return NodeEndpoint(deviceTypes: types, clusters: clusters, device: nil)
    }

    public func endpoint(_ endpoint: EndpointID) -> NodeEndpoint? {
        guard endpoint != 0, let served = data.endpoints[endpoint] else { return nil }
        return NodeEndpoint(deviceTypes: served.deviceTypes, clusters: served.clusters, device: nil)
    }
}
