import MatterDataModel
import MatterTLV

/// DataVersionFilterIB: "I already have this cluster at this version", so a read leaves its data out.
///
/// A structure (CHIP `src/app/MessageDef/DataVersionFilterIB.h`): 0 Path, a ClusterPathIB list
/// (`ClusterPathIB.h`: 0 Node, 1 Endpoint, 2 Cluster), and 1 DataVersion (uint32). A filter without an
/// endpoint or cluster names no cluster instance and is ignored, as CHIP ignores it.
public struct DataVersionFilterIB: Hashable, Sendable {
    public var endpoint: EndpointID?
    public var cluster: ClusterID?
    public var dataVersion: UInt32?

    public init(endpoint: EndpointID?, cluster: ClusterID?, dataVersion: UInt32?) {
        self.endpoint = endpoint
        self.cluster = cluster
        self.dataVersion = dataVersion
    }

    public init(_ element: TLVElement) throws(InteractionModelError) {
        let fields = try TLVFields(element, "DataVersionFilterIB")
        if let path = fields.element(0) {
            let pathFields = try TLVFields(path, "ClusterPathIB", allowsList: true)
            endpoint = try pathFields.unsigned(1, "ClusterPathIB.Endpoint", as: EndpointID.self)
            cluster = try pathFields.unsigned(2, "ClusterPathIB.Cluster", as: ClusterID.self)
        }
        dataVersion = try fields.unsigned(1, "DataVersion", as: UInt32.self)
    }

    /// The filter as an anonymous structure (for requests written in Swift).
    var element: TLVElement {
        var path: [TLVElement] = []
        if let endpoint { path.append(TLVElement(tag: .context(1), .unsigned(UInt64(endpoint)))) }
        if let cluster { path.append(TLVElement(tag: .context(2), .unsigned(UInt64(cluster)))) }
        var members = [TLVElement(tag: .context(0), .list(path))]
        if let dataVersion { members.append(TLVElement(tag: .context(1), .unsigned(UInt64(dataVersion)))) }
        return TLVElement(.structure(members))
    }

    /// Whether this filter says the peer has `cluster` on `endpoint` at `version`.
    public func matches(endpoint: EndpointID, cluster: ClusterID, version: UInt32) -> Bool {
        self.endpoint == endpoint && self.cluster == cluster && dataVersion == version
    }
}
