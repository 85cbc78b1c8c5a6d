/// What one endpoint of a node is, as a controller finds it by reading it (its Descriptor and each cluster's global
/// attributes) or as mhub serves it: what the conformance checker checks against the specification's tables.
public struct EndpointComposition: Hashable, Sendable {
    /// A `DeviceTypeList` entry.
    public struct DeviceType: Hashable, Sendable {
        public var id: UInt32
        public var revision: UInt16

        public init(id: UInt32, revision: UInt16) {
            self.id = id
            self.revision = revision
        }
    }

    public var endpoint: UInt16
    public var deviceTypes: [DeviceType]
    public var servers: [ClusterComposition]
    /// The `ClientList`.
    public var clients: [UInt32]

    public init(endpoint: UInt16, deviceTypes: [DeviceType], servers: [ClusterComposition], clients: [UInt32] = []) {
        self.endpoint = endpoint
        self.deviceTypes = deviceTypes
        self.servers = servers
        self.clients = clients
    }

    public func server(_ id: UInt32) -> ClusterComposition? {
        servers.first { $0.id == id }
    }
}

/// One server cluster instance as its global attributes describe it (Core 7.13): `ClusterRevision`, `FeatureMap`,
/// `AttributeList`, `AcceptedCommandList`, `GeneratedCommandList`, and the events it can emit when the reader knows
/// them (a node does not list its events; mhub knows its own).
public struct ClusterComposition: Hashable, Sendable {
    public var id: UInt32
    public var revision: UInt16
    public var featureMap: UInt32
    public var attributes: Set<UInt32>
    public var acceptedCommands: Set<UInt32>
    public var generatedCommands: Set<UInt32>
    /// `nil` when unknown: then events are not checked.
    public var events: Set<UInt32>?

    public init(
        id: UInt32, revision: UInt16, featureMap: UInt32 = 0, attributes: Set<UInt32>,
        acceptedCommands: Set<UInt32> = [], generatedCommands: Set<UInt32> = [], events: Set<UInt32>? = nil
    ) {
        self.id = id
        self.revision = revision
        self.featureMap = featureMap
        self.attributes = attributes
        self.acceptedCommands = acceptedCommands
        self.generatedCommands = generatedCommands
        self.events = events
    }
}
