import MHubHub

/// The requests that one read of a connection delivered, run through the hub one after another and committed
/// in one transaction (group commit), so a pipelined burst costs one sync of the disk instead of one each.
///
/// Replies still leave only after the commit. If it fails, the hub goes back to its state before the batch's
/// first request that changed anything (`undo`), and from that request on every reply becomes StorageFailed
/// and no event leaves: the later requests may have seen its changes. Earlier requests, which changed
/// nothing durable, keep their replies and events. `Snapshot` is the hub (a type parameter for tests).
struct RequestBatch<Snapshot> {
    private(set) var outcomes: [HubOutcome] = []
    /// The hub before the first request with changes, and that request's index in `outcomes`.
    private(set) var undo: (snapshot: Snapshot, index: Int)?

    /// Whether a request of the batch went to the hub other than as a query: only then may the hub have changed,
    /// and what follows its state (the timer, the observers) need look at it again.
    private(set) var reachedHub = false

    /// Whether the batch needs the hub before its next request, if that request may change anything: only until a
    /// request with changes has kept one.
    var needsSnapshot: Bool { undo == nil }

    /// Adds a request's outcome; `before` is the hub before that request, which a request with changes must give
    /// while `needsSnapshot`. `changedNothing` says the request cannot have changed the hub: a query (answered by a
    /// method that cannot), or a message refused before the hub saw it; such a request gives no `before`.
    mutating func append(_ outcome: HubOutcome, before: Snapshot?, changedNothing: Bool = false) {
        if undo == nil && !outcome.changes.isEmpty {
            guard let before else { preconditionFailure("a request changed the hub without the hub before it") }
            undo = (before, outcomes.count)
        }
        if !changedNothing { reachedHub = true }
        outcomes.append(outcome)
    }

    /// Every change of the batch, in order.
    var changes: [StoreChange] {
        outcomes.flatMap(\.changes)
    }

    /// The outcomes to deliver after a failed commit: from the first request with changes on, replies are
    /// StorageFailed with `reason` and events and outputs are dropped.
    func failed(reason: String) -> [HubOutcome] {
        guard let index = undo?.index else { return outcomes }
        var result = outcomes
        for position in index..<result.count {
            result[position].changes = []
            result[position].events = []
            result[position].outputs = []
            result[position].replies = result[position].replies.map { reply in
                var refused = reply
                refused.result = .failure(HubError(.storageFailed, reason))
                return refused
            }
        }
        return result
    }
}
