/// The Matter specification's data model as tables: every cluster and device type of Matter 1.4 with the
/// conformance of each element, generated from the specification (`Generated/`, docs/data-model.md). What mhub
/// implements is `MatterDataModel`; this is what the specification says, for the conformance checker and for
/// building clusters from.
public enum MatterSpecification {
    /// The version of the specification the tables hold.
    public static let version = "1.4"

    private static let clustersByID = Dictionary(
        clusters.compactMap { cluster in cluster.id.map { ($0, cluster) } }, uniquingKeysWith: { first, _ in first })
    private static let clustersByName = Dictionary(
        clusters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    private static let deviceTypesByID = Dictionary(
        deviceTypes.compactMap { type in type.id.map { ($0, type) } }, uniquingKeysWith: { first, _ in first })
    private static let deviceTypesByName = Dictionary(
        deviceTypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    public static func cluster(id: UInt32) -> SpecCluster? { clustersByID[id] }
    public static func cluster(named name: String) -> SpecCluster? { clustersByName[name] }
    public static func deviceType(id: UInt32) -> SpecDeviceType? { deviceTypesByID[id] }
    public static func deviceType(named name: String) -> SpecDeviceType? { deviceTypesByName[name] }
}
