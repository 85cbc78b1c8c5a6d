/// Makes equal clusters, and equal list, structure and string values, of different nodes share one storage.
///
/// Nodes made from one template carry many identical clusters (Descriptor, Identify, Groups, …) and, in the
/// clusters that differ, identical lists (AttributeList, AcceptedCommandList, …): built from the template they
/// share storage by copy-on-write, but nodes decoded from disk each get copies of their own. Passing decoded nodes
/// through one interner gives them back that sharing; a later change to one node copies just what it changes,
/// as before.
public struct ClusterDataInterner {
    private var seen: Set<ClusterData> = []
    private var values: Set<AttributeValue> = []

    public init() {}

    /// `node` with each cluster replaced by an equal one seen before, if any.
    public mutating func intern(_ node: NodeData) -> NodeData {
        var node = node
        for (endpointID, endpoint) in node.endpoints {
            for (clusterID, cluster) in endpoint.clusters {
                if let shared = seen.firstIndex(of: cluster).map({ seen[$0] }) {
                    node.endpoints[endpointID]!.clusters[clusterID] = shared
                    continue
                }
                var interned = cluster
                for (attributeID, value) in cluster.attributes {
                    switch value {
                    case .list, .structure, .string, .bytes:
                        interned.attributes[attributeID] = values.insert(value).memberAfterInsert
                    default:
                        break
                    }
                }
                seen.insert(interned)
                node.endpoints[endpointID]!.clusters[clusterID] = interned
            }
        }
        return node
    }
}
