extension ClusterDefinition {
    /// The OTA Software Update Requestor's UpdateStateEnum values mhub moves through (Core 11.20.7.4.15).
    public enum OTAUpdateState: UInt64, Sendable {
        case unknown = 0
        case idle = 1
        case querying = 2
        case downloading = 4
        case applying = 5
    }
}
