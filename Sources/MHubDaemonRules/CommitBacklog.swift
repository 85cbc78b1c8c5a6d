import MHubHub

/// What waits in memory for the disk while commits fail, and when `HubService` tries again.
///
/// A request's changes are committed before its reply leaves; when that commit fails the request is undone and
/// answered StorageFailed, so nothing of it waits here. An input nobody acknowledges (time passing, a
/// disconnect, another part's report) happens in memory all the same, so that timers stay honest (a window
/// closes, a deadline passes once): its changes wait here, compacted (`UnsavedChanges`), together with that
/// input's replies, since a slow device's late answer acknowledges a change too. What waits goes to disk first
/// in the next commit, a request's or a retry's; retries come after a delay that doubles from
/// `firstRetryDelay` to `longestRetryDelay`, never in a loop. A failure lasts from the first commit that fails
/// to the next that succeeds; the owner logs its start and its end, not each attempt.
package struct CommitBacklog {
    static let firstRetryDelay: Timestamp = 250
    static let longestRetryDelay: Timestamp = 8000

    /// A run of failed commits.
    package struct Failure: Equatable {
        /// When the first commit failed.
        package var since: Timestamp
        /// How many commits failed.
        package var attempts: Int
        /// The delay before the retry after the next failure.
        var nextDelay: Timestamp
    }

    private(set) var unsaved = UnsavedChanges()
    /// Replies of unacknowledged inputs, in order, that leave once their changes are on disk.
    private(set) var heldReplies: [HubReply] = []
    /// The failure in progress, `nil` while commits succeed.
    private(set) var failure: Failure?
    /// When to commit what waits even if no input comes; `nil` when nothing waits.
    package private(set) var retryAt: Timestamp?

    package init() {}

    /// Whether nothing waits for the disk.
    package var isEmpty: Bool { unsaved.isEmpty && heldReplies.isEmpty }

    /// Whether an unacknowledged input with `changes` is committed now, or only joins what waits (a retry is
    /// due later); a due retry commits even with no changes of its own.
    package func commitsNow(_ changes: [StoreChange], now: Timestamp) -> Bool {
        if let retryAt { return retryAt <= now }
        return !changes.isEmpty
    }

    /// What one commit writes: what waits, then `changes`.
    package func changesToCommit(with changes: [StoreChange]) -> [StoreChange] {
        unsaved.followed(by: changes)
    }

    /// The commit of what waited and of the new changes succeeded: the held replies may leave now, before the
    /// new ones; returns them, and the failure this ends, if one was in progress.
    package mutating func committed() -> (replies: [HubReply], ended: Failure?) {
        let result = (heldReplies, failure)
        self = CommitBacklog()
        return result
    }

    /// A commit failed at `now`. `changes` and `replies` are an unacknowledged input's, which now wait; a
    /// request's are none (it was undone). Returns whether this failure is the first of a run (to log it once).
    package mutating func commitFailed(now: Timestamp, keeping changes: [StoreChange] = [], replies: [HubReply] = [])
        -> Bool
    {
        unsaved.append(changes)
        heldReplies += replies
        let first = failure == nil
        var current = failure ?? Failure(since: now, attempts: 0, nextDelay: Self.firstRetryDelay)
        current.attempts += 1
        if isEmpty {
            retryAt = nil
        } else if retryAt.map({ $0 <= now }) ?? true {
            // A retry that failed (or the first wait) sets the next one; a request that fails before it is due
            // does not push it back.
            retryAt = now + current.nextDelay
            current.nextDelay = min(current.nextDelay * 2, Self.longestRetryDelay)
        }
        failure = current
        return first
    }

    /// An unacknowledged input's changes and replies join what waits, without a commit now.
    package mutating func hold(_ changes: [StoreChange], replies: [HubReply]) {
        unsaved.append(changes)
        heldReplies += replies
    }

    /// The daemon stops with changes that never reached the disk: returns the replies that waited for them,
    /// which can only be refused now.
    package mutating func abandon() -> [HubReply] {
        let replies = heldReplies
        self = CommitBacklog()
        return replies
    }
}
