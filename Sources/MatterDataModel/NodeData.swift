/// One cluster on an endpoint, with its attributes' current values.
public struct ClusterData: Hashable, Sendable {
    public var id: ClusterID
    public var attributes: [AttributeID: AttributeValue]

    public init(id: ClusterID, attributes: [AttributeID: AttributeValue]) {
        self.id = id
        self.attributes = attributes
    }

    /// Whether this instance accepts `command`: its AcceptedCommandList lists it (Core 7.13.4; a command it does not
    /// list is UNSUPPORTED_COMMAND, whatever other instances of the cluster accept). An instance without the list (a
    /// node assembled by hand) is taken to accept what its cluster's definition has.
    public func accepts(command: CommandID) -> Bool {
        guard case .list(let accepted)? = attributes[GlobalAttributes.acceptedCommandList] else { return true }
        return accepted.contains(.unsigned(UInt64(command)))
    }
}

/// One endpoint of a node: the device types it implements and its server clusters.
public struct EndpointData: Hashable, Sendable {
    public var id: EndpointID
    public var deviceTypes: [DeviceTypeRef]
    public var clusters: [ClusterID: ClusterData]

    public init(id: EndpointID, deviceTypes: [DeviceTypeRef], clusters: [ClusterData]) {
        self.id = id
        self.deviceTypes = deviceTypes
        self.clusters = Dictionary(uniqueKeysWithValues: clusters.map { ($0.id, $0) })
    }
}

/// Every attribute of a node, keyed by path.
public struct NodeData: Hashable, Sendable {
    public var endpoints: [EndpointID: EndpointData]

    public init(endpoints: [EndpointData]) {
        self.endpoints = Dictionary(uniqueKeysWithValues: endpoints.map { ($0.id, $0) })
    }

    public subscript(path: AttributePath) -> AttributeValue? {
        get { endpoints[path.endpoint]?.clusters[path.cluster]?.attributes[path.attribute] }
        set {
            guard endpoints[path.endpoint]?.clusters[path.cluster] != nil else { return }
            endpoints[path.endpoint]!.clusters[path.cluster]!.attributes[path.attribute] = newValue
        }
    }

    /// Every attribute with its path, in path order.
    public var attributes: [(AttributePath, AttributeValue)] {
        var result: [(AttributePath, AttributeValue)] = []
        for endpoint in endpoints.values {
            for cluster in endpoint.clusters.values {
                for (attribute, value) in cluster.attributes {
                    result.append(
                        (AttributePath(endpoint: endpoint.id, cluster: cluster.id, attribute: attribute), value))
                }
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }
}
