import MHubJSON
import Testing

@testable import MHubHub

/// Every input of the hub is a value: a list of them, logged as they came, replayed on a hub from the same start
/// gives the same outcomes and the same hub.
@Suite struct HubInputReplayTests {
    static let start: Timestamp = 1_800_000_000_000

    /// Requests, time, a disconnect and the other parts' reports, each with the time it came at.
    static let inputs: [(HubInput, Timestamp)] = [
        (.request(request("1", "create_room", ["name": "Kitchen"]), from: HubHarness.admin), start),
        (
            .request(
                request("2", "commission_with_code", ["code": .string(HubHarness.lampQR)]), from: HubHarness.other),
            start + 10
        ),
        (.tick, start + 1_000),
        (.tick, start + 30_000),
        (.advertisingChanged(.disabled), start + 30_001),
        (.matter(.fabricsChanged([])), start + 30_002),
        (.request(request("3", "get_devices"), from: HubHarness.admin), start + 30_003),
        (.clientDisconnected(connectionID: HubHarness.other.connectionID), start + 30_004),
        (.tick, start + 120_000),
    ]

    static func request(_ id: String, _ command: String, _ args: JSONValue? = nil) -> HubRequest {
        HubRequest(messageID: .string(id), command: command, args: args)
    }

    /// What one run of the inputs gave: each outcome's replies, events and changes, and the hub's state at the end.
    struct Run: Equatable {
        var replies: [[HubReply]] = []
        var events: [[HubEvent]] = []
        var changes: [[StoreChange]] = []
        var state: HubState?
    }

    static func run(_ inputs: [(HubInput, Timestamp)]) -> Run {
        var hub = HubHarness().hub
        var run = Run()
        for (input, now) in inputs {
            let outcome = hub.handle(input, now: now)
            run.replies.append(outcome.replies)
            run.events.append(outcome.events)
            run.changes.append(outcome.changes)
        }
        run.state = hub.state
        return run
    }

    @Test func aReplayOfTheLoggedInputsGivesTheSameHub() {
        let first = Self.run(Self.inputs)
        #expect(first.changes.joined().contains { if case .saveRoom = $0 { true } else { false } })
        #expect(first.events.joined().contains { $0.kind == .nodeAdded }, "the lamp was commissioned")
        #expect(first.state?.nodes.count == 1)
        #expect(Self.run(Self.inputs) == first)
        // Each input has its line for the debug log, and a request's line names its command, not its arguments.
        for (input, _) in Self.inputs {
            #expect(!input.description.isEmpty)
        }
        #expect(Self.inputs[1].0.description == "request commission_with_code from client 2")
    }
}
