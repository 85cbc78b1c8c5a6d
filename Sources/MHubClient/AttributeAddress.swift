import MatterDataModel

/// One attribute of a device endpoint, named by cluster and attribute names (`OnOff`, `onOff`) or numbers, as
/// the library resolves them from the cluster definitions mhub simulates (docs/devices.md).
public struct AttributeAddress: Hashable, Sendable, CustomStringConvertible {
    public var endpoint: UInt16
    public var cluster: UInt32
    public var attribute: UInt32

    public init(endpoint: UInt16, cluster: UInt32, attribute: UInt32) {
        self.endpoint = endpoint
        self.cluster = cluster
        self.attribute = attribute
    }

    /// `cluster` and `attribute` by name (case-insensitively) or as decimal numbers.
    public init(endpoint: UInt16, cluster: String, attribute: String) throws(MHubClientError) {
        let clusterID = try Self.clusterID(cluster)
        let attributeID: UInt32
        if let number = UInt32(attribute) {
            attributeID = number
        } else if let definition = ClusterCatalog.definition(clusterID)?.attribute(named: attribute)
            ?? ClusterCatalog.definition(clusterID)?.attributes.first(where: {
                $0.name.lowercased() == attribute.lowercased()
            })
        {
            attributeID = definition.id
        } else {
            throw .invalidArgument("cluster \(cluster) has no attribute \(attribute)")
        }
        self.init(endpoint: endpoint, cluster: clusterID, attribute: attributeID)
    }

    /// A cluster's ID from its name (`OnOff`, `onoff`) or its number.
    public static func clusterID(_ name: String) throws(MHubClientError) -> UInt32 {
        guard let id = ClusterCatalog.clusterID(name) else { throw .invalidArgument("no cluster named \(name)") }
        return id
    }

    /// `endpoint/cluster/attribute`, as the protocol writes paths.
    public var description: String { "\(endpoint)/\(cluster)/\(attribute)" }
}
