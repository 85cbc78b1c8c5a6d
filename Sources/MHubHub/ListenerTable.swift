import MHubProtocol
import MatterDataModel

/// Who hears the hub: the connections that listen and to what, whose first sync of the home is under way or done,
/// and who follows which attributes (`enable_notification`).
///
/// None of it is stored: it lasts as long as the connections it names, and `connectionClosed(_:)` forgets one.
public struct ListenerTable: Hashable, Sendable {
    /// Connections that called `start_listening`: which events each asked for, and who it is.
    public internal(set) var listeners: [UInt64: Listener] = [:]
    /// mhub listeners whose first sync of the home is under way, and when it is done (`slow_sync`).
    public internal(set) var pendingSyncs: [UInt64: Timestamp] = [:]
    /// Connections whose first sync is done.
    var syncedConnections: Set<UInt64> = []
    /// The attributes each connection asked to be notified of (`enable_notification`).
    public internal(set) var notifications: [UInt64: NotificationSubscription] = [:]

    /// A connection closed: it stops listening, and its sync and notifications go.
    mutating func connectionClosed(_ connectionID: UInt64) {
        listeners[connectionID] = nil
        pendingSyncs[connectionID] = nil
        syncedConnections.remove(connectionID)
        notifications[connectionID] = nil
    }

    /// `start_listening`: the connection hears events as `listener` asked; an OHF listener has no first sync.
    mutating func startListening(_ connectionID: UInt64, _ listener: Listener) {
        listeners[connectionID] = listener
        switch listener.subscription {
        case .all: break
        case .ohf: pendingSyncs[connectionID] = nil
        }
    }

    // MARK: first syncs

    /// Whether the connection's first sync is still under way: it reads an empty home and hears no events.
    func isSyncing(_ connectionID: UInt64) -> Bool {
        pendingSyncs[connectionID] != nil
    }

    /// The connection's first sync begins, done at `due`; false if it has begun or ended before (a connection syncs
    /// once).
    mutating func beginSync(_ connectionID: UInt64, due: Timestamp) -> Bool {
        guard !syncedConnections.contains(connectionID), pendingSyncs[connectionID] == nil else { return false }
        pendingSyncs[connectionID] = due
        return true
    }

    /// Ends every first sync whose time has come, in connection order; returns the mhub listeners among them, who
    /// get the home as they may see it.
    mutating func finishSyncs(dueBy now: Timestamp) -> [(connectionID: UInt64, principal: Principal)] {
        var finished: [(connectionID: UInt64, principal: Principal)] = []
        for (id, due) in pendingSyncs.sorted(by: { $0.key < $1.key }) where due <= now {
            pendingSyncs[id] = nil
            syncedConnections.insert(id)
            guard let listener = listeners[id], listener.subscription == .all else { continue }
            finished.append((id, listener.principal))
        }
        return finished
    }

    /// When the next first sync is done.
    var nextSyncDeadline: Timestamp? { pendingSyncs.values.min() }

    // MARK: who hears an event

    /// The connections `event` goes to, in connection order: the listeners that asked for its kind and may see its
    /// structure (`permitted`), those it names itself (`.listenersAnd(ids)`), and those following its attribute.
    func recipients(of event: HubEvent, permitted: (Principal, StructureID) -> Bool) -> [UInt64] {
        if case .connection(let id) = event.audience { return [id] }
        // A listener whose first sync is under way hears nothing yet: the sync brings the home as it is then.
        var targets = Set(
            listeners.filter { id, listener in
                (event.isOHF || listener.subscription == .all) && !isSyncing(id)
                    && event.structure.map { permitted(listener.principal, $0) } ?? true
            }.keys)
        if case .listenersAnd(let ids) = event.audience {
            targets.formUnion(ids)
        }
        if let attribute = event.attribute {
            targets.formUnion(notified(by: attribute, structure: event.structure, permitted: permitted))
        }
        return targets.sorted()
    }

    // MARK: notifications per attribute

    /// The attributes a connection follows, as the protocol lists them.
    func followed(by connectionID: UInt64) -> [FollowedAttribute] {
        (notifications[connectionID]?.entries ?? []).map {
            FollowedAttribute(nodeID: $0.node, attributePath: $0.pattern.text)
        }
    }

    /// A node left (`nil`: every node): notifications for it go (node IDs start again after a reset).
    mutating func dropNotifications(of node: NodeID?) {
        for (id, var subscription) in notifications {
            subscription.entries.removeAll { node == nil || $0.node == node }
            notifications[id] = subscription.entries.isEmpty ? nil : subscription
        }
    }

    /// The connections whose notifications ask for this attribute and may see its structure.
    private func notified(
        by attribute: AttributeRef, structure: StructureID?, permitted: (Principal, StructureID) -> Bool
    )
        -> [UInt64]
    {
        notifications.filter { _, subscription in
            subscription.entries.contains { $0.node == attribute.node && $0.pattern.matches(attribute.path) }
                && structure.map { permitted(subscription.principal, $0) } ?? true
        }.keys.sorted()
    }
}

/// One `enable_notification`: a node and the attribute paths it names.
struct AttributeNotification: Hashable, Sendable {
    var node: NodeID
    var pattern: AttributePattern
}

/// A connection's attribute notifications, and who it is (for permissions).
public struct NotificationSubscription: Hashable, Sendable {
    var principal: Principal
    var entries: [AttributeNotification]
}
