import MatterDataModel

/// What puts the hub back as it was before a run of requests whose changes a commit then failed to store
/// (`HubService`'s group commit): the hub before the run's first request with changes, and the nodes' undo log of
/// that request and of each successful one after it.
///
/// The copy of the hub is the one `handle(_:from:now:rollback:)` keeps anyway to undo a failed request, moved here
/// when the request succeeds, so no second copy is made. Like that copy it leaves the nodes out, so that a write into
/// a large home copies no shard of them; their undo logs put them back.
public struct HubRollback: Sendable {
    /// The hub before the first request with changes, without its nodes.
    var hub: Hub
    /// The nodes' undo log of each request from that one on, in order (empty ones left out).
    var nodeLogs: [ShardedDictionary<NodeID, Node>.UndoLog]
}

extension Hub {
    /// Puts the hub back as `rollback` says: every later change undone, its nodes included.
    public mutating func rollBack(_ rollback: HubRollback) {
        var nodes: ShardedDictionary<NodeID, Node> = [:]
        swap(&nodes, &state.nodes)  // moved out, not copied: a copy would make the undo copy the shards
        for log in rollback.nodeLogs.reversed() {
            nodes.undo(log)
        }
        self = rollback.hub
        state.nodes = nodes
    }
}
