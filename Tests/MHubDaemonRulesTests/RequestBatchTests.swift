import MHubConfiguration
import MHubHub
import Testing

@testable import MHubDaemonRules

/// One read's requests: the undo point, their changes in order, and what a failed commit answers.
@Suite struct RequestBatchTests {
    static func outcome(_ id: String, changes: [StoreChange] = [], event: Bool = false) -> HubOutcome {
        var outcome = HubOutcome()
        outcome.changes = changes
        outcome.replies = [HubReply(connectionID: 1, messageID: .string(id), result: .success(.string(id)))]
        if event {
            outcome.events = [HubEvent(.roomUpdated, .string(id))]
            outcome.outputs = [.windowChanged(nil)]
        }
        return outcome
    }

    @Test func aFailedCommitRefusesFromTheFirstChangeOn() {
        var batch = RequestBatch<Int>()
        batch.append(Self.outcome("read", event: true))
        // The hub leaves its way back as it runs the first request with changes (`Hub.handle`'s `rollback`).
        batch.rollback = 1
        batch.append(Self.outcome("create", changes: [.deleteRoom(1)], event: true))
        batch.append(Self.outcome("read again"))
        batch.append(Self.outcome("create again", changes: [.deleteRoom(2)]))
        #expect(batch.rollback == 1 && batch.firstChange == 1)
        #expect(batch.changes == [.deleteRoom(1), .deleteRoom(2)])
        let failed = batch.failed(reason: "disk full")
        // The read before any change keeps its reply and event; everything from the first change is refused.
        #expect(failed[0].replies == batch.outcomes[0].replies && failed[0].events.count == 1)
        #expect(failed[0].outputs == [.windowChanged(nil)])
        for outcome in failed.dropFirst() {
            #expect(outcome.events.isEmpty && outcome.changes.isEmpty && outcome.outputs.isEmpty)
            #expect(outcome.replies.map { (try? $0.result.get()) == nil } == [true])
            if case .failure(let error) = outcome.replies[0].result {
                #expect(error.code == .storageFailed && error.details == "disk full")
            }
        }
        #expect(failed.map { $0.replies[0].messageID } == batch.outcomes.map { $0.replies[0].messageID })
    }

    @Test func aBatchWithoutChangesHasNothingToUndo() {
        var batch = RequestBatch<Int>()
        batch.append(Self.outcome("a"))
        batch.append(Self.outcome("b"))
        #expect(batch.rollback == nil && batch.firstChange == nil && batch.changes.isEmpty)
        #expect(batch.failed(reason: "x").map(\.replies) == batch.outcomes.map(\.replies))
    }

    /// Only a batch with a request the hub ran as more than a query makes the service look at the hub again.
    @Test func aBatchOfQueriesAndRefusalsLeavesTheHubAsItWas() {
        var batch = RequestBatch<Int>()
        batch.append(Self.outcome("server_info"), changedNothing: true)
        batch.append(Self.outcome("a refused message"), changedNothing: true)
        #expect(!batch.reachedHub)
        batch.append(Self.outcome("rename_room that failed"))
        #expect(batch.reachedHub && batch.firstChange == nil)
    }
}
