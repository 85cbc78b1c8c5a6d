import MatterDataModel

/// Expands a read's attribute paths over a node's data into attribute reports.
///
/// As CHIP's reporting engine does (`src/app/reporting/Engine.cpp`, `src/app/ReadHandler.cpp`; Matter Core
/// Specification 8.4.3.2 "Path expansion"):
/// * A concrete path gets the attribute's data, or a status saying which part does not exist:
///   UNSUPPORTED_ENDPOINT, then UNSUPPORTED_CLUSTER, then UNSUPPORTED_ATTRIBUTE.
/// * A wildcard path gets the data of every existing attribute it matches, in endpoint, cluster and
///   attribute ID order, and nothing (no status) for what does not exist.
/// * A DataVersionFilter whose version equals the cluster's current one leaves that cluster's data out.
/// Paths are expanded in request order; overlapping paths report an attribute more than once, as CHIP may.
public struct AttributeReader: Sendable {
    public var node: NodeData
    /// The data version of every cluster of the node (mhub's node data does not change while it serves).
    public var dataVersion: UInt32

    public init(node: NodeData, dataVersion: UInt32) {
        self.node = node
        self.dataVersion = dataVersion
    }

    public func reports(for paths: [AttributePathIB], filters: [DataVersionFilterIB] = []) -> [AttributeReportIB] {
        paths.flatMap { reports(for: $0, filters: filters) }
    }

    func reports(for path: AttributePathIB, filters: [DataVersionFilterIB]) -> [AttributeReportIB] {
        func filtered(_ endpoint: EndpointID, _ cluster: ClusterID) -> Bool {
            filters.contains { $0.matches(endpoint: endpoint, cluster: cluster, version: dataVersion) }
        }
        if let concrete = path.concrete {
            guard let endpoint = node.endpoints[concrete.endpoint] else {
                return [.status(path: AttributePathIB(concrete), StatusIB(.unsupportedEndpoint))]
            }
            guard let cluster = endpoint.clusters[concrete.cluster] else {
                return [.status(path: AttributePathIB(concrete), StatusIB(.unsupportedCluster))]
            }
            guard let value = cluster.attributes[concrete.attribute] else {
                return [.status(path: AttributePathIB(concrete), StatusIB(.unsupportedAttribute))]
            }
            if filtered(concrete.endpoint, concrete.cluster) { return [] }
            return [.data(dataVersion: dataVersion, path: concrete, value: value)]
        }
        var reports: [AttributeReportIB] = []
        for endpointID in node.endpoints.keys.sorted() where path.endpoint == nil || path.endpoint == endpointID {
            guard let endpoint = node.endpoints[endpointID] else { continue }
            for clusterID in endpoint.clusters.keys.sorted() where path.cluster == nil || path.cluster == clusterID {
                guard let cluster = endpoint.clusters[clusterID], !filtered(endpointID, clusterID) else { continue }
                for attributeID in cluster.attributes.keys.sorted()
                where path.attribute == nil || path.attribute == attributeID {
                    guard let value = cluster.attributes[attributeID] else { continue }
                    let concrete = AttributePath(endpoint: endpointID, cluster: clusterID, attribute: attributeID)
                    reports.append(.data(dataVersion: dataVersion, path: concrete, value: value))
                }
            }
        }
        return reports
    }
}
