import MHubJSON
import MHubProtocol

/// The home as an mhub listener knows it: empty until its first sync (`home_synced`), then kept current by the
/// events that change structures, rooms and devices. A value: `MHubHomeManager` feeds it the connection's events.
public struct HomeSnapshot: Sendable, Equatable {
    /// One structure with its rooms and devices.
    public struct Home: Sendable, Equatable, Identifiable {
        public var structure: MHubConnection.Structure
        public var rooms: [MHubConnection.Room]
        public var devices: [MHubConnection.Device]

        public var id: Int64 { structure.id }
        public var name: String { structure.name }
    }

    /// Whether the first sync has arrived; before it `homes` is empty, as `HMHomeManager.homes` is.
    public private(set) var hasSynced = false
    public private(set) var structures: [MHubConnection.Structure] = []
    public private(set) var rooms: [MHubConnection.Room] = []
    public private(set) var devices: [MHubConnection.Device] = []

    public init() {}

    public var homes: [Home] {
        structures.map { structure in
            Home(
                structure: structure, rooms: rooms.filter { $0.structureID == structure.id },
                devices: devices.filter { $0.structureID == structure.id })
        }
    }

    /// What the snapshot does with an event; `true` when it cannot follow it alone (a new node: the caller reads
    /// the devices again and calls `replaceDevices`).
    public mutating func apply(_ event: MHubEvent) -> Bool {
        switch event.kind {
        case .homeSynced?:
            let home = try? HomeSynced(json: event.data)
            structures = home?.structures ?? []
            rooms = home?.rooms ?? []
            devices = home?.devices ?? []
            hasSynced = true
        case .structureUpdated? where hasSynced:
            if let structure = try? MHubConnection.Structure(json: event.data) { upsert(&structures, structure) }
        case .structureRemoved? where hasSynced:
            let id = (try? StructureDeleted(json: event.data))?.structureID
            structures.removeAll { $0.id == id }
            rooms.removeAll { $0.structureID == id }
        case .roomUpdated? where hasSynced:
            if let room = try? MHubConnection.Room(json: event.data) { upsert(&rooms, room) }
        case .roomRemoved? where hasSynced:
            let id = (try? RoomDeleted(json: event.data))?.roomID
            rooms.removeAll { $0.id == id }
            for index in devices.indices where devices[index].roomID == id {
                devices[index].roomID = nil
                devices[index].room = nil
            }
        case .deviceUpdated? where hasSynced:
            if let device = try? MHubConnection.Device(json: event.data) { upsert(&devices, device) }
        case .nodeRemoved? where hasSynced:
            if let removed = try? NodeRemoved(json: event.data) { devices.removeAll { $0.nodeID == removed.nodeID } }
        case .nodeAdded? where hasSynced:
            return true
        default:
            break
        }
        return false
    }

    /// The devices as read again after a `node_added`.
    public mutating func replaceDevices(_ devices: [MHubConnection.Device]) {
        self.devices = devices
    }

    private func upsert<Item: Identifiable>(_ list: inout [Item], _ item: Item) {
        if let index = list.firstIndex(where: { $0.id == item.id }) { list[index] = item } else { list.append(item) }
    }
}
