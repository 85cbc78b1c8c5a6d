import MHubJSON
import MHubProtocol
import Testing

@testable import MHubHub

/// The router: every command reaches a handler, and a query changes nothing.
@Suite struct HubRouterTests {
    /// Each command sent with no arguments, by an admin, to a fresh hub: its handler answers (often that an argument
    /// is missing), never that the command has none.
    @Test(arguments: HubCommand.allCases)
    func everyCommandHasAHandler(_ command: HubCommand) {
        var harness = HubHarness()
        let error = harness.error(command.rawValue)
        #expect(error?.code != .invalidCommand, "\(command.rawValue): \(error.map { "\($0)" } ?? "")")
    }

    /// A query leaves no change to save and no event, whatever its arguments (here none, and a wrong one).
    @Test(arguments: HubCommand.allCases.filter(\.isQuery))
    func aQueryChangesNothing(_ command: HubCommand) {
        var harness = HubHarness()
        for args: JSONValue? in [nil, ["no_such_argument": 1]] {
            let outcome = harness.hub.handle(
                HubRequest(messageID: "q", command: command.rawValue, args: args), from: HubHarness.admin,
                now: harness.now)
            #expect(outcome.changes.isEmpty && outcome.events.isEmpty && outcome.outputs.isEmpty, "\(command.rawValue)")
            #expect(outcome.replies.count == 1, "\(command.rawValue)")
        }
    }
}
