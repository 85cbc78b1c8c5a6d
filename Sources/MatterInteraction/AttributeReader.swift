import MatterDataModel

/// Expands a read's attribute paths over a node's data into attribute reports, one at a time from a cursor.
///
/// As CHIP's reporting engine does (`src/app/reporting/Engine.cpp`, `src/app/ReadHandler.cpp`; Matter Core
/// Specification 8.4.3.2 "Path expansion"):
/// * A concrete path gets the attribute's data, or a status saying which part does not exist:
///   UNSUPPORTED_ENDPOINT, then UNSUPPORTED_CLUSTER, then UNSUPPORTED_ATTRIBUTE.
/// * A wildcard path gets the data of every existing attribute it matches, in endpoint, cluster and
///   attribute ID order, and nothing (no status) for what does not exist.
/// * A DataVersionFilter whose version equals the cluster's current one leaves that cluster's data out.
/// Paths are expanded in request order; overlapping paths report an attribute more than once, as CHIP may.
/// A read keeps a `Cursor`, not its reports, so a large read costs one chunk's reports at a time (as CHIP's
/// `ReadHandler` keeps an `AttributePathExpandIterator`).
public struct AttributeReader: Sendable {
    /// Where a read stands: the request's path being expanded and, within a wildcard path, the last attribute
    /// reported from it.
    public struct Cursor: Hashable, Sendable {
        var pathIndex = 0
        var after: AttributePath?

        /// The start of a read.
        public init() {}

        init(pathIndex: Int, after: AttributePath? = nil) {
            self.pathIndex = pathIndex
            self.after = after
        }
    }

    public var node: NodeData
    /// The data version of every cluster of the node (mhub's node data does not change while it serves).
    public var dataVersion: UInt32

    public init(node: NodeData, dataVersion: UInt32) {
        self.node = node
        self.dataVersion = dataVersion
    }

    /// Every report of a read, at once (for small reads and tests; a responder walks them with `nextReport`).
    public func reports(for paths: [AttributePathIB], filters: [DataVersionFilterIB] = []) -> [AttributeReportIB] {
        var reports: [AttributeReportIB] = []
        var cursor = Cursor()
        while let (report, next) = nextReport(for: paths, filters: filters, at: cursor) {
            reports.append(report)
            cursor = next
        }
        return reports
    }

    /// The report at `cursor` and the cursor after it; nil when the read has nothing more.
    public func nextReport(
        for paths: [AttributePathIB], filters: [DataVersionFilterIB], at cursor: Cursor
    ) -> (AttributeReportIB, Cursor)? {
        var cursor = cursor
        while cursor.pathIndex < paths.count {
            let path = paths[cursor.pathIndex]
            if let concrete = path.concrete {
                cursor = Cursor(pathIndex: cursor.pathIndex + 1)
                if let report = report(for: concrete, filters: filters) { return (report, cursor) }
            } else if let found = firstMatch(of: path, after: cursor.after, filters: filters) {
                return (
                    .data(dataVersion: dataVersion, path: found.path, value: found.value),
                    Cursor(pathIndex: cursor.pathIndex, after: found.path)
                )
            } else {
                cursor = Cursor(pathIndex: cursor.pathIndex + 1)
            }
        }
        return nil
    }

    private func filtered(_ endpoint: EndpointID, _ cluster: ClusterID, _ filters: [DataVersionFilterIB]) -> Bool {
        filters.contains { $0.matches(endpoint: endpoint, cluster: cluster, version: dataVersion) }
    }

    private func report(for concrete: AttributePath, filters: [DataVersionFilterIB]) -> AttributeReportIB? {
        guard let endpoint = node.endpoints[concrete.endpoint] else {
            return .status(path: AttributePathIB(concrete), StatusIB(.unsupportedEndpoint))
        }
        guard let cluster = endpoint.clusters[concrete.cluster] else {
            return .status(path: AttributePathIB(concrete), StatusIB(.unsupportedCluster))
        }
        guard let value = cluster.attributes[concrete.attribute] else {
            return .status(path: AttributePathIB(concrete), StatusIB(.unsupportedAttribute))
        }
        if filtered(concrete.endpoint, concrete.cluster, filters) { return nil }
        return .data(dataVersion: dataVersion, path: concrete, value: value)
    }

    /// The first existing attribute `path` matches after `after`, in endpoint, cluster and attribute ID order.
    private func firstMatch(
        of path: AttributePathIB, after: AttributePath?, filters: [DataVersionFilterIB]
    ) -> (path: AttributePath, value: AttributeValue)? {
        let start = after.map { ($0.endpoint, $0.cluster, $0.attribute) }
        for endpointID in node.endpoints.keys.sorted()
        where (path.endpoint == nil || path.endpoint == endpointID) && start.map({ endpointID >= $0.0 }) ?? true {
            guard let endpoint = node.endpoints[endpointID] else { continue }
            for clusterID in endpoint.clusters.keys.sorted()
            where (path.cluster == nil || path.cluster == clusterID)
                && start.map({ (endpointID, clusterID) >= ($0.0, $0.1) }) ?? true
            {
                guard let cluster = endpoint.clusters[clusterID], !filtered(endpointID, clusterID, filters) else {
                    continue
                }
                for attributeID in cluster.attributes.keys.sorted()
                where (path.attribute == nil || path.attribute == attributeID)
                    && start.map({ (endpointID, clusterID, attributeID) > $0 }) ?? true
                {
                    guard let value = cluster.attributes[attributeID] else { continue }
                    return (AttributePath(endpoint: endpointID, cluster: clusterID, attribute: attributeID), value)
                }
            }
        }
        return nil
    }
}
