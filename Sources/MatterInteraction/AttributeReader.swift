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
/// * Fabric-scoped list attributes (Matter Core Specification 7.13.6, "Fabric-Scoped Data"; CHIP
///   `AttributeValueEncoder::EncodeList` with `AccessingFabricIndex`): a fabric-filtered read gets only the entries
///   of the accessing fabric (none without one); an unfiltered read gets every entry, but of other fabrics' entries
///   only the fields that are not fabric-sensitive and the fabric index (field 0xFE).
/// * An attribute whose read privilege the accessor lacks (`requiredPrivileges`, `grantedPrivilege`) gets
///   UNSUPPORTED_ACCESS on a concrete path and is skipped by a wildcard (CHIP `CheckAccessDeniedError`).
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

    /// A cluster on an endpoint: what a data version belongs to.
    public struct ClusterInstance: Hashable, Sendable {
        public var endpoint: EndpointID
        public var cluster: ClusterID

        public init(endpoint: EndpointID, cluster: ClusterID) {
            self.endpoint = endpoint
            self.cluster = cluster
        }
    }

    /// The struct field every fabric-scoped entry carries: its fabric index (Matter Core Specification 7.13.6).
    public static let fabricIndexField: UInt32 = 0xFE

    public var node: NodeData
    /// The data version of a cluster instance not in `dataVersions`.
    public var dataVersion: UInt32
    /// The data version of each cluster instance, bumped by the owner when the cluster's data changes.
    public var dataVersions: [ClusterInstance: UInt32] = [:]
    /// Fabric-scoped list attributes, with the fields of their entries that are fabric-sensitive.
    public var fabricScoped: [AttributePath: Set<UInt32>] = [:]
    /// The accessing fabric's index, 0 when the session has none (PASE before AddNOC).
    public var accessingFabricIndex: UInt8 = 0
    /// The privilege (Matter Core Specification 9.10.4.2: 1 View … 5 Administer) each attribute needs to be read,
    /// where it is more than View.
    public var requiredPrivileges: [AttributePath: UInt8] = [:]
    /// What the accessor was granted: 5 (Administer) over PASE; its best ACL privilege over CASE, 0 for none.
    public var grantedPrivilege: UInt8 = 5

    public init(node: NodeData, dataVersion: UInt32) {
        self.node = node
        self.dataVersion = dataVersion
    }

    /// The data version of `cluster` on `endpoint`.
    public func version(endpoint: EndpointID, cluster: ClusterID) -> UInt32 {
        dataVersions[ClusterInstance(endpoint: endpoint, cluster: cluster)] ?? dataVersion
    }

    /// Every report of a read, at once (for small reads and tests; a responder walks them with `nextReport`).
    public func reports(
        for paths: [AttributePathIB], filters: [DataVersionFilterIB] = [], fabricFiltered: Bool = true
    ) -> [AttributeReportIB] {
        var reports: [AttributeReportIB] = []
        var cursor = Cursor()
        while let (report, next) = nextReport(for: paths, filters: filters, fabricFiltered: fabricFiltered, at: cursor)
        {
            reports.append(report)
            cursor = next
        }
        return reports
    }

    /// The report at `cursor` and the cursor after it; nil when the read has nothing more.
    public func nextReport(
        for paths: [AttributePathIB], filters: [DataVersionFilterIB], fabricFiltered: Bool = true, at cursor: Cursor
    ) -> (AttributeReportIB, Cursor)? {
        var cursor = cursor
        while cursor.pathIndex < paths.count {
            let path = paths[cursor.pathIndex]
            if let concrete = path.concrete {
                cursor = Cursor(pathIndex: cursor.pathIndex + 1)
                if let report = report(for: concrete, filters: filters, fabricFiltered: fabricFiltered) {
                    return (report, cursor)
                }
            } else if let found = firstMatch(of: path, after: cursor.after, filters: filters) {
                return (
                    .data(
                        dataVersion: version(endpoint: found.path.endpoint, cluster: found.path.cluster),
                        path: found.path, value: scoped(found.value, at: found.path, fabricFiltered: fabricFiltered)),
                    Cursor(pathIndex: cursor.pathIndex, after: found.path)
                )
            } else {
                cursor = Cursor(pathIndex: cursor.pathIndex + 1)
            }
        }
        return nil
    }

    private func filtered(_ endpoint: EndpointID, _ cluster: ClusterID, _ filters: [DataVersionFilterIB]) -> Bool {
        let current = version(endpoint: endpoint, cluster: cluster)
        return filters.contains { $0.matches(endpoint: endpoint, cluster: cluster, version: current) }
    }

    private func readable(_ path: AttributePath) -> Bool {
        grantedPrivilege >= (requiredPrivileges[path] ?? 1)
    }

    /// A fabric-scoped list as this accessor may read it.
    func scoped(_ value: AttributeValue, at path: AttributePath, fabricFiltered: Bool) -> AttributeValue {
        guard let sensitive = fabricScoped[path], case .list(let entries) = value else { return value }
        var visible: [AttributeValue] = []
        for entry in entries {
            guard case .structure(let fields) = entry else { continue }
            let owner = fields[Self.fabricIndexField].flatMap {
                if case .unsigned(let index) = $0 { index } else { nil }
            }
            if owner == UInt64(accessingFabricIndex), accessingFabricIndex != 0 {
                visible.append(entry)
            } else if !fabricFiltered {
                visible.append(.structure(fields.filter { !sensitive.contains($0.key) }))
            }
        }
        return .list(visible)
    }

    private func report(
        for concrete: AttributePath, filters: [DataVersionFilterIB], fabricFiltered: Bool
    ) -> AttributeReportIB? {
        guard let endpoint = node.endpoints[concrete.endpoint] else {
            return .status(path: AttributePathIB(concrete), StatusIB(.unsupportedEndpoint))
        }
        guard let cluster = endpoint.clusters[concrete.cluster] else {
            return .status(path: AttributePathIB(concrete), StatusIB(.unsupportedCluster))
        }
        guard let value = cluster.attributes[concrete.attribute] else {
            return .status(path: AttributePathIB(concrete), StatusIB(.unsupportedAttribute))
        }
        guard readable(concrete) else { return .status(path: AttributePathIB(concrete), StatusIB(.unsupportedAccess)) }
        if filtered(concrete.endpoint, concrete.cluster, filters) { return nil }
        return .data(
            dataVersion: version(endpoint: concrete.endpoint, cluster: concrete.cluster), path: concrete,
            value: scoped(value, at: concrete, fabricFiltered: fabricFiltered))
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
                    let found = AttributePath(endpoint: endpointID, cluster: clusterID, attribute: attributeID)
                    guard let value = cluster.attributes[attributeID], readable(found) else { continue }
                    return (found, value)
                }
            }
        }
        return nil
    }
}
