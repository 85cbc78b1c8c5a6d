/// A node's ID on a fabric (Matter Core Specification 2.5.5).
public typealias NodeID = UInt64
/// An endpoint of a node; endpoint 0 is the root node endpoint.
public typealias EndpointID = UInt16
/// A cluster ID; standard clusters are below 0x7FFF.
public typealias ClusterID = UInt32
/// An attribute ID within its cluster.
public typealias AttributeID = UInt32
/// A command ID within its cluster.
public typealias CommandID = UInt32
/// A device type ID (Matter Device Library Specification).
public typealias DeviceTypeID = UInt32

/// The path of one attribute: endpoint, cluster and attribute.
///
/// Written `"endpoint/cluster/attribute"` in decimal, as the OHF Matter Server writes attribute keys.
public struct AttributePath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var endpoint: EndpointID
    public var cluster: ClusterID
    public var attribute: AttributeID

    public init(endpoint: EndpointID, cluster: ClusterID, attribute: AttributeID) {
        self.endpoint = endpoint
        self.cluster = cluster
        self.attribute = attribute
    }

    /// Parses `"1/6/0"`; `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let endpoint = EndpointID(parts[0]), let cluster = ClusterID(parts[1]),
            let attribute = AttributeID(parts[2])
        else { return nil }
        self.init(endpoint: endpoint, cluster: cluster, attribute: attribute)
    }

    public var description: String { "\(endpoint)/\(cluster)/\(attribute)" }

    public static func < (lhs: AttributePath, rhs: AttributePath) -> Bool {
        (lhs.endpoint, lhs.cluster, lhs.attribute) < (rhs.endpoint, rhs.cluster, rhs.attribute)
    }
}

/// A device type an endpoint implements, with its revision (Descriptor cluster DeviceTypeStruct).
public struct DeviceTypeRef: Hashable, Sendable {
    public var id: DeviceTypeID
    public var revision: UInt16

    public init(id: DeviceTypeID, revision: UInt16) {
        self.id = id
        self.revision = revision
    }
}
