import MatterDataModel

/// One device's endpoints as its own node serves them (`MatterNodeLayout.device`): every endpoint of its data but 0,
/// with the device's own numbers, device types and clusters, its Descriptor among them. Endpoint 0 is the node's own
/// Root Node (`MatterRootEndpoint`), not the device's.
///
/// `NodeData` is a copy-on-write value: the view holds the device's data without copying it.
public struct DeviceEndpoints: NodeEndpoints {
    public var data: NodeData

    public init(_ data: NodeData) {
        self.data = data
    }

    public var endpointIDs: [EndpointID] { data.endpoints.keys.filter { $0 != 0 }.sorted() }

    public func endpoint(_ endpoint: EndpointID) -> NodeEndpoint? {
        guard endpoint != 0, let served = data.endpoints[endpoint] else { return nil }
        return NodeEndpoint(deviceTypes: served.deviceTypes, clusters: served.clusters, device: nil)
    }
}
