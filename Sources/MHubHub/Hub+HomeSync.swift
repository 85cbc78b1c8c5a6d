import MHubJSON
import MHubProtocol
import MatterDataModel

/// HomeKit's semantics (docs/protocol.md §5, "First sync" and "Notifications per attribute"): an mhub listener's
/// first sync of the home is an event it can wait for, and until then it reads an empty home, as an app reading
/// `HMHomeManager.homes` before `homeManagerDidUpdateHomes(_:)` does; and a connection can ask for the changes of
/// one attribute, as `HMCharacteristic.enableNotification(_:)` does, without listening to everything.
extension Hub {
    /// How many attribute notifications one connection may hold.
    static let maximumNotificationsPerConnection = 1024

    /// `start_listening {"events": "all"}`: the connection's first sync begins, done after the `slow_sync` fault's
    /// latency (at once without it); a connection syncs once.
    mutating func beginFirstSync(_ client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome) {
        let id = client.connectionID
        guard !syncedConnections.contains(id), pendingSyncs[id] == nil else { return }
        pendingSyncs[id] = now + faults.syncLatency
        advanceSyncs(now: now, &outcome)
    }

    /// Whether the connection's first sync is still under way: it reads an empty home and hears no events.
    func isSyncing(_ connectionID: UInt64) -> Bool {
        pendingSyncs[connectionID] != nil
    }

    /// Ends every first sync whose time has come: the connection gets `home_synced` with the home as it may see it.
    mutating func advanceSyncs(now: Timestamp, _ outcome: inout HubOutcome) {
        for (id, due) in pendingSyncs.sorted(by: { $0.key < $1.key }) where due <= now {
            pendingSyncs[id] = nil
            syncedConnections.insert(id)
            guard let listener = listeners[id], listener.subscription == .all else { continue }
            outcome.events.append(HubEvent(.homeSynced, home(for: listener.principal), to: .connection(id)))
        }
    }

    /// The structures `principal` may see, with their rooms, devices and nodes.
    func home(for principal: Principal) -> HomeSynced {
        let structures = state.structures.values.filter { isPermitted(principal, structure: $0.id) }
            .sorted { $0.id < $1.id }
        let visible = Set(structures.map(\.id))
        let rooms = state.rooms.values.filter { visible.contains($0.structureID) }.sorted { $0.id < $1.id }
        let nodes = state.nodes.values.filter { visible.contains($0.structureID) }.sorted { $0.id < $1.id }
        return HomeSynced(
            structures: structures, rooms: rooms, devices: nodes.map { homeDevice($0) },
            nodes: nodes.map(matterNodeData))
    }

    // MARK: notifications per attribute

    /// `enable_notification {node_id, attribute_path, enabled?}`: this connection gets `attribute_updated` for the
    /// attributes the path names (`*` allowed) of that node, listening or not; returns its notifications.
    mutating func enableNotification(_ request: EnableNotification, client: ClientInfo) throws(HubError)
        -> [FollowedAttribute]
    {
        let node = try node(request.nodeID)
        let (text, enabled) = (request.attributePath, request.enabled)
        try checkStructure(node.structureID, for: client)
        guard let pattern = AttributePattern(text) else {
            throw HubError(
                .invalidArguments, "invalid attribute path \"\(text)\" (endpoint/cluster/attribute, * allowed)")
        }
        guard node.data.attributes.contains(where: { pattern.matches($0.0) }) else {
            throw HubError(.invalidArguments, "node \(node.id) has no attribute at \(text)")
        }
        let entry = AttributeNotification(node: node.id, pattern: pattern)
        var subscription =
            notifications[client.connectionID] ?? NotificationSubscription(principal: client.principal, entries: [])
        if enabled {
            if !subscription.entries.contains(entry) {
                try checkQuota(
                    subscription.entries.count, Self.maximumNotificationsPerConnection,
                    "attribute notifications per connection")
                subscription.entries.append(entry)
            }
        } else {
            subscription.entries.removeAll { $0 == entry }
        }
        notifications[client.connectionID] = subscription.entries.isEmpty ? nil : subscription
        return followed(by: client.connectionID)
    }

    func getNotifications(_ request: GetNotifications, client: ClientInfo) -> [FollowedAttribute] {
        followed(by: client.connectionID)
    }

    /// The attributes a connection follows, as the protocol lists them.
    private func followed(by connectionID: UInt64) -> [FollowedAttribute] {
        (notifications[connectionID]?.entries ?? []).map {
            FollowedAttribute(nodeID: $0.node, attributePath: $0.pattern.text)
        }
    }

    /// A node left: notifications for it go (node IDs start again after a reset).
    mutating func dropNotifications(of node: NodeID?) {
        for (id, var subscription) in notifications {
            subscription.entries.removeAll { node == nil || $0.node == node }
            notifications[id] = subscription.entries.isEmpty ? nil : subscription
        }
    }

    /// The connections whose notifications ask for this attribute and may see its structure.
    func notified(by attribute: AttributeRef, structure: StructureID?) -> [UInt64] {
        notifications.filter { _, subscription in
            subscription.entries.contains { $0.node == attribute.node && $0.pattern.matches(attribute.path) }
                && structure.map { isPermitted(subscription.principal, structure: $0) } ?? true
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

extension AttributePattern {
    /// As written: `endpoint/cluster/attribute`, `*` for a wildcard.
    var text: String {
        [endpoint.map(String.init), cluster.map(String.init), attribute.map(String.init)].map { $0 ?? "*" }
            .joined(separator: "/")
    }
}
