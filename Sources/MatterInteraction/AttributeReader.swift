import MatterDataModel
import MatterTLV

/// Expands a read's attribute paths over an `AttributeSource` into attribute reports, one at a time from a cursor.
///
/// As CHIP's reporting engine does (`src/app/reporting/Engine.cpp`, `src/app/ReadHandler.cpp`; Matter Core
/// Specification 8.4.3.2 "Path expansion"):
/// * A concrete path gets the attribute's data, or a status saying which part does not exist:
///   UNSUPPORTED_ENDPOINT, then UNSUPPORTED_CLUSTER, then UNSUPPORTED_ATTRIBUTE.
/// * A wildcard path gets the data of every existing attribute it matches, in endpoint, cluster and
///   attribute ID order, and nothing (no status) for what does not exist. A `ReadPath` may ask for the same on a
///   concrete path (a subscription's report of what changed under a wildcard path).
/// * A DataVersionFilter whose version equals the cluster's current one leaves that cluster's data out.
/// * Fabric-scoped list attributes (Matter Core Specification 7.13.6, "Fabric-Scoped Data"; CHIP
///   `AttributeValueEncoder::EncodeList` with `AccessingFabricIndex`): a fabric-filtered read gets only the entries
///   of the accessing fabric (none without one); an unfiltered read gets every entry, but of other fabrics' entries
///   only the fields that are not fabric-sensitive and the fabric index (field 0xFE).
/// * An attribute whose read privilege the accessor lacks (`requiredPrivileges` against what it was granted on the
///   cluster, `privilege(endpoint:cluster:)`) gets UNSUPPORTED_ACCESS on a concrete path and is skipped by a wildcard
///   (CHIP `CheckAccessDeniedError`).
/// * A list attribute too large for a chunk of its own goes in parts (CHIP `AttributeValueEncoder::EncodeList`):
///   first the list with as many leading items as fit (replace-all), then each further item as an AttributeDataIB
///   of its own whose path has ListIndex null (append).
/// Paths are expanded in request order; overlapping paths report an attribute more than once, as CHIP may.
/// A read keeps a `Cursor`, not its reports, so a large read costs one chunk's reports at a time (as CHIP's
/// `ReadHandler` keeps an `AttributePathExpandIterator`).
public struct AttributeReader: Sendable {
    /// Where a read stands: the request's path being expanded and, within a wildcard path, the last attribute
    /// reported from it; and a list attribute sent in part, with the next item to append.
    public struct Cursor: Hashable, Sendable {
        struct PartialList: Hashable, Sendable {
            var path: AttributePath
            var next: Int
        }

        var pathIndex = 0
        var after: AttributePath?
        var partial: PartialList?

        /// The start of a read.
        public init() {}

        init(pathIndex: Int, after: AttributePath? = nil) {
            self.pathIndex = pathIndex
            self.after = after
        }
    }

    /// A path to expand, and whether a concrete one reports what does not exist (a request's own concrete paths
    /// do; a concrete path derived from a wildcard one does not).
    public struct ReadPath: Hashable, Sendable {
        public var path: AttributePathIB
        public var reportsMissing: Bool

        public init(_ path: AttributePathIB, reportsMissing: Bool? = nil) {
            self.path = path
            self.reportsMissing = reportsMissing ?? (path.concrete != nil)
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

    public var source: any AttributeSource
    /// The data version of a cluster instance that neither `versions` nor `dataVersions` has.
    public var dataVersion: UInt32
    /// The data version of each cluster instance, bumped by the owner when the cluster's data changes.
    public var dataVersions: [ClusterInstance: UInt32] = [:]
    /// The owner's data versions, asked first (for owners that keep them elsewhere).
    public var versions: (@Sendable (ClusterInstance) -> UInt32?)?
    /// Fabric-scoped list attributes, with the fields of their entries that are fabric-sensitive.
    public var fabricScoped: [AttributePath: Set<UInt32>] = [:]
    /// The accessing fabric's index, 0 when the session has none (PASE before AddNOC).
    public var accessingFabricIndex: UInt8 = 0
    /// The privilege (Matter Core Specification 9.10.4.2: 1 View … 5 Administer) each attribute needs to be read,
    /// where it is more than View.
    public var requiredPrivileges: [AttributePath: UInt8] = [:]
    /// What the accessor was granted where `grants` does not say: 5 (Administer) over PASE; its best ACL privilege
    /// over CASE, 0 for none.
    public var grantedPrivilege: UInt8 = 5
    /// What the accessor was granted on each cluster instance (the ACL's targets), asked first.
    public var grants: (@Sendable (EndpointID, ClusterID) -> UInt8)?

    public init(source: any AttributeSource, dataVersion: UInt32) {
        self.source = source
        self.dataVersion = dataVersion
    }

    public init(node: NodeData, dataVersion: UInt32) {
        self.init(source: node, dataVersion: dataVersion)
    }

    /// The data version of `cluster` on `endpoint`.
    public func version(endpoint: EndpointID, cluster: ClusterID) -> UInt32 {
        let instance = ClusterInstance(endpoint: endpoint, cluster: cluster)
        return versions?(instance) ?? dataVersions[instance] ?? dataVersion
    }

    /// What the accessor was granted on `cluster` of `endpoint`.
    public func privilege(endpoint: EndpointID, cluster: ClusterID) -> UInt8 {
        grants?(endpoint, cluster) ?? grantedPrivilege
    }

    /// Every report of a read, at once (for small reads and tests; a responder walks them with `nextReport`).
    public func reports(
        for paths: [AttributePathIB], filters: [DataVersionFilterIB] = [], fabricFiltered: Bool = true
    ) -> [AttributeReportIB] {
        let paths = paths.map { ReadPath($0) }
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
        nextReport(for: paths.map { ReadPath($0) }, filters: filters, fabricFiltered: fabricFiltered, at: cursor)
    }

    /// The report at `cursor` and the cursor after it; nil when the read has nothing more. With `budget`, a list
    /// attribute whose report would take more bytes than that is split: the report holds the leading items that
    /// fit, and the next calls append the others one by one.
    public func nextReport(
        for paths: [ReadPath], filters: [DataVersionFilterIB], fabricFiltered: Bool = true, at cursor: Cursor,
        splittingAbove budget: Int? = nil
    ) -> (AttributeReportIB, Cursor)? {
        var cursor = cursor
        if let partial = cursor.partial {
            cursor.partial = nil
            if let value = source.value(at: partial.path),
                case .list(let items) = scoped(value, at: partial.path, fabricFiltered: fabricFiltered),
                partial.next < items.count
            {
                if partial.next + 1 < items.count {
                    cursor.partial = Cursor.PartialList(path: partial.path, next: partial.next + 1)
                }
                let version = version(endpoint: partial.path.endpoint, cluster: partial.path.cluster)
                return (.appended(dataVersion: version, path: partial.path, value: items[partial.next]), cursor)
            }
        }
        while cursor.pathIndex < paths.count {
            let read = paths[cursor.pathIndex]
            if let concrete = read.path.concrete {
                cursor = Cursor(pathIndex: cursor.pathIndex + 1)
                if let report = report(
                    for: concrete, reportsMissing: read.reportsMissing, filters: filters, fabricFiltered: fabricFiltered
                ) {
                    return split(report, at: concrete, budget: budget, next: cursor)
                }
            } else if let found = firstMatch(of: read.path, after: cursor.after, filters: filters) {
                let report = AttributeReportIB.data(
                    dataVersion: version(endpoint: found.path.endpoint, cluster: found.path.cluster), path: found.path,
                    value: scoped(found.value, at: found.path, fabricFiltered: fabricFiltered))
                return split(
                    report, at: found.path, budget: budget, next: Cursor(pathIndex: cursor.pathIndex, after: found.path)
                )
            } else {
                cursor = Cursor(pathIndex: cursor.pathIndex + 1)
            }
        }
        return nil
    }

    /// `report`, or if it is a list larger than `budget` bytes, its leading items that fit (the rest to append).
    private func split(_ report: AttributeReportIB, at path: AttributePath, budget: Int?, next: Cursor)
        -> (AttributeReportIB, Cursor)
    {
        guard let budget, case .data(let version, _, .list(let items)) = report, !items.isEmpty,
            TLVEncoder.encode(report.element).count > budget
        else { return (report, next) }
        var used = TLVEncoder.encode(AttributeReportIB.data(dataVersion: version, path: path, value: .list([])).element)
            .count
        var count = 0
        while count < items.count {
            let size = TLVEncoder.encode(TLVElement(items[count].tlvValue)).count
            guard used + size <= budget else { break }
            used += size
            count += 1
        }
        var cursor = next
        cursor.partial = Cursor.PartialList(path: path, next: count)
        return (.data(dataVersion: version, path: path, value: .list(Array(items[0..<count]))), cursor)
    }

    private func filtered(_ endpoint: EndpointID, _ cluster: ClusterID, _ filters: [DataVersionFilterIB]) -> Bool {
        guard !filters.isEmpty else { return false }
        let current = version(endpoint: endpoint, cluster: cluster)
        return filters.contains { $0.matches(endpoint: endpoint, cluster: cluster, version: current) }
    }

    private func readable(_ path: AttributePath) -> Bool {
        privilege(endpoint: path.endpoint, cluster: path.cluster) >= (requiredPrivileges[path] ?? 1)
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
        for concrete: AttributePath, reportsMissing: Bool, filters: [DataVersionFilterIB], fabricFiltered: Bool
    ) -> AttributeReportIB? {
        func missing(_ status: InteractionModelStatus) -> AttributeReportIB? {
            reportsMissing ? .status(path: AttributePathIB(concrete), StatusIB(status)) : nil
        }
        guard let hasCluster = source.hasCluster(concrete.cluster, on: concrete.endpoint) else {
            return missing(.unsupportedEndpoint)
        }
        guard hasCluster else { return missing(.unsupportedCluster) }
        guard let value = source.value(at: concrete) else { return missing(.unsupportedAttribute) }
        guard readable(concrete) else { return missing(.unsupportedAccess) }
        if filtered(concrete.endpoint, concrete.cluster, filters) { return nil }
        return .data(
            dataVersion: version(endpoint: concrete.endpoint, cluster: concrete.cluster), path: concrete,
            value: scoped(value, at: concrete, fabricFiltered: fabricFiltered))
    }

    /// The first existing attribute `path` matches after `after`, in endpoint, cluster and attribute ID order.
    private func firstMatch(
        of path: AttributePathIB, after: AttributePath?, filters: [DataVersionFilterIB]
    ) -> (path: AttributePath, value: AttributeValue)? {
        var next: EndpointID? = path.endpoint ?? source.endpoint(atOrAbove: after?.endpoint ?? 0)
        if let endpoint = path.endpoint, let after, endpoint < after.endpoint { next = nil }
        while let endpointID = next {
            if let match = firstMatch(of: path, on: endpointID, after: after, filters: filters) { return match }
            guard path.endpoint == nil, endpointID < EndpointID.max else { return nil }
            next = source.endpoint(atOrAbove: endpointID + 1)
        }
        return nil
    }

    private func firstMatch(
        of path: AttributePathIB, on endpointID: EndpointID, after: AttributePath?, filters: [DataVersionFilterIB]
    ) -> (path: AttributePath, value: AttributeValue)? {
        let start = after.flatMap { $0.endpoint == endpointID ? ($0.cluster, $0.attribute) : nil }
        for clusterID in source.clusterIDs(on: endpointID) ?? []
        where (path.cluster == nil || path.cluster == clusterID) && start.map({ clusterID >= $0.0 }) ?? true {
            guard !filtered(endpointID, clusterID, filters) else { continue }
            for attributeID in source.attributeIDs(of: clusterID, on: endpointID) ?? []
            where (path.attribute == nil || path.attribute == attributeID)
                && start.map({ (clusterID, attributeID) > $0 }) ?? true
            {
                let found = AttributePath(endpoint: endpointID, cluster: clusterID, attribute: attributeID)
                guard readable(found), let value = source.value(at: found) else { continue }
                return (found, value)
            }
        }
        return nil
    }
}
