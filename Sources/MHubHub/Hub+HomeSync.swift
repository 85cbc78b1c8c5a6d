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
        guard listening.beginSync(client.connectionID, due: now + faults.syncLatency) else { return }
        advanceSyncs(now: now, &outcome)
    }

    /// Ends every first sync whose time has come: the connection gets `home_synced` with the home as it may see it.
    mutating func advanceSyncs(now: Timestamp, _ outcome: inout HubOutcome) {
        for (id, principal) in listening.finishSyncs(dueBy: now) {
            outcome.events.append(HubEvent(.homeSynced, home(for: principal), to: .connection(id)))
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
        let node = try homeNode(request.nodeID)
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
            listening.notifications[client.connectionID]
            ?? NotificationSubscription(principal: client.principal, entries: [])
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
        listening.notifications[client.connectionID] = subscription.entries.isEmpty ? nil : subscription
        return listening.followed(by: client.connectionID)
    }

    func getNotifications(_ request: GetNotifications, client: ClientInfo) -> [FollowedAttribute] {
        listening.followed(by: client.connectionID)
    }
}

extension AttributePattern {
    /// As written: `endpoint/cluster/attribute`, `*` for a wildcard.
    var text: String {
        [endpoint.map(String.init), cluster.map(String.init), attribute.map(String.init)].map { $0 ?? "*" }
            .joined(separator: "/")
    }
}
