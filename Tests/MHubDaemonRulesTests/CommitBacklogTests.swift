import MHubConfiguration
import MHubHub
import MHubProtocol
import Testing

@testable import MHubDaemonRules

/// What waits for the disk, retries with backoff, and when a run of failures begins and ends.
@Suite struct CommitBacklogTests {
    static let room = StoreChange.saveRoom(Room(id: 1, structureID: 1, name: "Hall"))
    static let reply = HubReply(connectionID: 3, messageID: "7", result: .success(.null))

    @Test func anUnacknowledgedFailureWaitsAndRetriesWithADoublingDelay() {
        var backlog = CommitBacklog()
        #expect(backlog.isEmpty && backlog.retryAt == nil)
        #expect(!backlog.commitsNow([], now: 0))
        #expect(backlog.commitsNow([Self.room], now: 0))
        // The first failure begins a run and sets the first retry.
        let began = backlog.commitFailed(now: 1000, keeping: [Self.room], replies: [Self.reply])
        #expect(began)
        #expect(backlog.retryAt == 1250 && backlog.heldReplies == [Self.reply])
        #expect(backlog.changesToCommit(with: [.deleteRoom(2)]) == [Self.room, .deleteRoom(2)])
        // Until the retry is due, later changes only wait: no commit, however many inputs come.
        #expect(!backlog.commitsNow([.deleteRoom(2)], now: 1249))
        backlog.hold([.deleteRoom(2)], replies: [])
        #expect(backlog.commitsNow([], now: 1250))
        // Each failed retry doubles the delay, up to the longest.
        var now: Timestamp = 1250
        var delays: [Timestamp] = []
        for _ in 0..<8 {
            let began = backlog.commitFailed(now: now)
            #expect(!began)
            delays.append(backlog.retryAt! - now)
            now = backlog.retryAt!
        }
        #expect(delays == [500, 1000, 2000, 4000, 8000, 8000, 8000, 8000])
        #expect(backlog.failure == CommitBacklog.Failure(since: 1000, attempts: 9, nextDelay: 8000))
        // A success ends the run and frees the held replies; nothing waits any more.
        let (replies, ended) = backlog.committed()
        #expect(replies == [Self.reply] && ended?.attempts == 9 && ended?.since == 1000)
        #expect(backlog.isEmpty && backlog.retryAt == nil && backlog.failure == nil)
        #expect(backlog.changesToCommit(with: []) == [])
    }

    @Test func aFailedRequestWaitsForNothingAndDoesNotPushTheRetryBack() {
        var backlog = CommitBacklog()
        // A request that fails is undone: a run begins, but nothing waits and no retry is set.
        let first = backlog.commitFailed(now: 0)
        #expect(first)
        #expect(backlog.isEmpty && backlog.retryAt == nil)
        let ended = backlog.committed().ended
        #expect(ended?.attempts == 1)
        // With a retry pending, a request failing before it is due leaves it where it was.
        let began2 = backlog.commitFailed(now: 100, keeping: [Self.room])
        #expect(began2)
        #expect(backlog.retryAt == 350)
        let began3 = backlog.commitFailed(now: 200)
        #expect(!began3)
        #expect(backlog.retryAt == 350)
        let began4 = backlog.commitFailed(now: 350)
        #expect(!began4)
        #expect(backlog.retryAt == 850)
    }

    @Test func stoppingAbandonsTheHeldReplies() {
        var backlog = CommitBacklog()
        _ = backlog.commitFailed(now: 0, keeping: [Self.room], replies: [Self.reply])
        #expect(backlog.abandon() == [Self.reply])
        #expect(backlog.isEmpty && backlog.failure == nil)
    }
}
