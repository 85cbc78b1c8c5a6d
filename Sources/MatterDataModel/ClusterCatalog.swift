/// Every cluster definition mhub knows, for looking definitions up by ID.
public enum ClusterCatalog {
    /// The definitions in cluster ID order.
    public static let all: [ClusterDefinition] = [
        .identify, .groups, .onOff, .levelControl, .descriptor, .binding, .accessControl, .basicInformation,
        .otaSoftwareUpdateRequestor,
        .generalCommissioning, .networkCommissioning, .generalDiagnostics, .bridgedDeviceBasicInformation,
        .administratorCommissioning,
        .operationalCredentials, .groupKeyManagement, .booleanState, .doorLock, .windowCovering, .thermostat,
        .colorControl, .temperatureMeasurement, .occupancySensing,
    ]

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The definition of cluster `id`, if mhub has one.
    public static func definition(_ id: ClusterID) -> ClusterDefinition? {
        byID[id]
    }
}
