import MHubHub
import MatterDataModel

/// Changes held in memory until they can be committed, reduced to what they leave on disk.
///
/// Every `StoreChange` writes or deletes whole rows, and no row refers to another under a constraint, so
/// what a list of changes leaves on disk is the last change to each row after the last `deleteAll`, that
/// `deleteAll`, and the fabric and the preferences (which `deleteAll` keeps). Holding only those keeps the backlog of a long
/// storage failure as large as the state at most, whatever the number of changes, and commits the same.
package struct UnsavedChanges: Sendable {
    /// The row a change writes.
    enum Row: Hashable, Comparable, Sendable {
        case counters
        case structure(StructureID)
        case room(RoomID)
        case node(NodeID)
        case simulatedDevice(SimulatedDeviceID)
        case permission(String, StructureID)
    }

    private var fabric: StoreChange?
    private var preferences: StoreChange?
    private var deletesAll = false
    private var rows: [Row: StoreChange] = [:]

    package init() {}

    package var isEmpty: Bool { fabric == nil && preferences == nil && !deletesAll && rows.isEmpty }

    /// Adds changes made after the ones held.
    package mutating func append(_ changes: [StoreChange]) {
        for change in changes {
            append(change)
        }
    }

    private mutating func append(_ change: StoreChange) {
        switch change {
        case .saveFabric: fabric = change
        case .savePreferences: preferences = change
        case .deleteAll:
            deletesAll = true
            rows = [:]
        case .saveCounters: rows[.counters] = change
        case .saveStructure(let structure): rows[.structure(structure.id)] = change
        case .deleteStructure(let id): rows[.structure(id)] = change
        case .saveRoom(let room): rows[.room(room.id)] = change
        case .deleteRoom(let id): rows[.room(id)] = change
        case .saveNode(let node): rows[.node(node.id)] = change
        case .deleteNode(let id): rows[.node(id)] = change
        case .saveSimulatedDevice(let device): rows[.simulatedDevice(device.id)] = change
        case .deleteSimulatedDevice(let id): rows[.simulatedDevice(id)] = change
        case .savePermission(let principal, let structureID, _):
            rows[.permission(principal.name, structureID)] = change
        }
    }

    /// The held changes as one list that leaves the same on disk, followed by `later`.
    package func followed(by later: [StoreChange]) -> [StoreChange] {
        var changes: [StoreChange] = []
        changes.reserveCapacity(rows.count + 3 + later.count)
        if let fabric { changes.append(fabric) }
        if let preferences { changes.append(preferences) }
        if deletesAll { changes.append(.deleteAll) }
        changes += rows.sorted { $0.key < $1.key }.map(\.value)
        return changes + later
    }
}
