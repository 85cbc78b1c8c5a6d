import MHubHub

/// The requests that one read of a connection delivered, run through the hub one after another and committed
/// in one transaction (group commit), so a pipelined burst costs one sync of the disk instead of one each.
///
/// Replies still leave only after the commit. If it fails, the hub goes back to its state before the batch's
/// first request that changed anything (`rollback`, which the hub fills in as it runs the requests:
/// `Hub.handle(_:from:now:rollback:)`), and from that request on every reply becomes StorageFailed and no event
/// leaves: the later requests may have seen its changes. Earlier requests, which changed nothing durable, keep their
/// replies and events. `Rollback` is `HubRollback` (a type parameter for tests).
package struct RequestBatch<Rollback> {
    package private(set) var outcomes: [HubOutcome] = []
    /// What puts the hub back as it was before the first request with changes; the hub sets it at that request.
    package var rollback: Rollback?
    /// The index in `outcomes` of the first request with changes.
    package private(set) var firstChange: Int?

    /// Whether a request of the batch went to the hub other than as a query: only then may the hub have changed,
    /// and what follows its state (the timer, the observers) need look at it again.
    package private(set) var reachedHub = false

    package init() {}

    /// Adds a request's outcome. A request with changes must have left `rollback` set by then. `changedNothing`
    /// says the request cannot have changed the hub: a query (answered by a method that cannot), or a message
    /// refused before the hub saw it.
    package mutating func append(_ outcome: HubOutcome, changedNothing: Bool = false) {
        if firstChange == nil && !outcome.changes.isEmpty {
            precondition(rollback != nil, "a request changed the hub without leaving the way back")
            firstChange = outcomes.count
        }
        if !changedNothing { reachedHub = true }
        outcomes.append(outcome)
    }

    /// Every change of the batch, in order.
    package var changes: [StoreChange] {
        outcomes.flatMap(\.changes)
    }

    /// The outcomes to deliver after a failed commit: from the first request with changes on, replies are
    /// StorageFailed with `reason` and events and outputs are dropped.
    package func failed(reason: String) -> [HubOutcome] {
        guard let index = firstChange else { return outcomes }
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
