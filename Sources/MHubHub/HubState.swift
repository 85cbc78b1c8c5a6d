import MHubProtocol
import MatterDataModel

/// Counters that hand out IDs; persisted so IDs are never reused.
public struct HubCounters: Hashable, Sendable {
    public var nextNodeID: NodeID = 1
    public var nextStructureID: StructureID = 1
    public var nextRoomID: RoomID = 1
    public var nextSimulatedDeviceID: SimulatedDeviceID = 1
    /// The endpoint number the next bridged device endpoint gets on the hub's Matter node: 0 is its root, 1 its
    /// Aggregator.
    public var nextBridgedEndpoint: EndpointID = 2
    /// The number the next node event gets: one sequence for the hub's life, across restarts (Matter Core
    /// Specification 7.14.2.1), shared by `node_event` and the hub's Matter node.
    public var nextEventNumber: UInt64 = 1

    public init() {}
}

/// Everything the hub keeps on disk.
public struct HubState: Hashable, Sendable {
    /// Chosen when the hub first starts, and never changed (`server_info` is made from it once).
    public let fabric: FabricIdentity
    public var counters = HubCounters()
    public var structures: [StructureID: Structure] = [:]
    public var rooms: [RoomID: Room] = [:]
    /// Sharded, so that the copy a request's undo keeps costs one shard on the next change (`ShardedDictionary`).
    public var nodes: ShardedDictionary<NodeID, Node> = [:]
    /// Sharded too, and the uncommissioned devices indexed for discovery (`SimulatedDeviceTable`).
    public var simulatedDevices = SimulatedDeviceTable()
    /// Principals whose permission on a structure was revoked.
    public var revoked: Set<PermissionKey> = []
    /// The fabric label and network credentials OHF clients set.
    public var preferences = HubPreferences()

    public init(fabric: FabricIdentity, preferences: HubPreferences = HubPreferences()) {
        self.fabric = fabric
        self.preferences = preferences
    }

    public struct PermissionKey: Hashable, Sendable {
        public var principal: Principal
        public var structureID: StructureID

        public init(principal: Principal, structureID: StructureID) {
            self.principal = principal
            self.structureID = structureID
        }
    }
}

extension HubState {
    /// Gives each simulated device on the network the node that holds its state (`SimulatedDevice.networkNodeID`,
    /// not stored: found from the nodes, after a load).
    public mutating func linkNetworkNodes() {
        for (id, node) in nodes {
            guard let deviceID = node.simulatedDeviceID, let device = simulatedDevices[deviceID], device.onNetwork,
                device.networkNodeID != id
            else { continue }
            simulatedDevices[deviceID]?.networkNodeID = id
        }
    }
}
