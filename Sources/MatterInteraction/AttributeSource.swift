import MatterDataModel

/// The attribute data a read walks: endpoints in ID order, their clusters and attributes, one value at a time.
///
/// A read asks only for what it reports, so a source may make values on demand (the hub's node computes its
/// Descriptors, the bridged devices' Bridged Device Basic Information, and reads the rest from the home as it is)
/// instead of holding a copy of every endpoint.
public protocol AttributeSource: Sendable {
    /// The lowest endpoint ID at or above `endpoint`, if any.
    func endpoint(atOrAbove endpoint: EndpointID) -> EndpointID?
    /// The server clusters of `endpoint`, ascending; nil when there is no such endpoint.
    func clusterIDs(on endpoint: EndpointID) -> [ClusterID]?
    /// The attributes of a cluster instance, ascending; nil when there is no such cluster on the endpoint.
    func attributeIDs(of cluster: ClusterID, on endpoint: EndpointID) -> [AttributeID]?
    /// The value of one attribute.
    func value(at path: AttributePath) -> AttributeValue?
    /// Whether `endpoint` has server cluster `cluster`; nil when there is no such endpoint. What a read of a
    /// concrete path checks first, so a source may answer it without listing the endpoint's clusters.
    func hasCluster(_ cluster: ClusterID, on endpoint: EndpointID) -> Bool?
}

extension AttributeSource {
    public func hasCluster(_ cluster: ClusterID, on endpoint: EndpointID) -> Bool? {
        clusterIDs(on: endpoint).map { $0.contains(cluster) }
    }
}

extension NodeData: AttributeSource {
    public func endpoint(atOrAbove endpoint: EndpointID) -> EndpointID? {
        endpoints.keys.filter { $0 >= endpoint }.min()
    }

    public func clusterIDs(on endpoint: EndpointID) -> [ClusterID]? {
        endpoints[endpoint].map { $0.clusters.keys.sorted() }
    }

    public func hasCluster(_ cluster: ClusterID, on endpoint: EndpointID) -> Bool? {
        endpoints[endpoint].map { $0.clusters[cluster] != nil }
    }

    public func attributeIDs(of cluster: ClusterID, on endpoint: EndpointID) -> [AttributeID]? {
        endpoints[endpoint]?.clusters[cluster].map { $0.attributes.keys.sorted() }
    }

    public func value(at path: AttributePath) -> AttributeValue? {
        self[path]
    }
}
