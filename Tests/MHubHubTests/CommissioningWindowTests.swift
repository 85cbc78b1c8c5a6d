import MHubConfiguration
import Testing

@testable import MHubHub

@Suite struct CommissioningWindowTests {
    @Test func theWindowOpensWithTheConfiguredCodeAndClosesByItself() {
        var harness = HubHarness()
        let window = harness.ok("open_commissioning_window", ["timeout": 60])
        #expect(window["open"] == true)
        #expect(window["commissioning_mode"] == 1)
        #expect(window["setup_pin_code"] == 20_202_021)
        #expect(window["setup_qr_code"] == "MT:-24J0AFN00KA0648G00")
        #expect(harness.hub.nextDeadline == harness.now + 60_000)
        #expect(harness.advance(by: 59_999).events.isEmpty)
        let closed = harness.advance(by: 1)
        #expect(closed.events.map(\.name) == ["commissioning_window_updated"])
        #expect(harness.hub.desk.window == nil)
        #expect(harness.ok("get_commissioning_window")["close_reason"] == "timeout")
    }

    @Test func aClosedWindowSaysHowItClosedUntilTheNextOpens() {
        var harness = HubHarness()
        #expect(harness.ok("get_commissioning_window") == ["open": false])
        _ = harness.ok("open_commissioning_window")
        _ = harness.ok("close_commissioning_window")
        #expect(harness.ok("get_commissioning_window")["close_reason"] == "closed")
        #expect(harness.ok("get_commissioning_window")["closed_at"] == .string(isoTimestamp(harness.now)))
        let reopened = harness.ok("open_commissioning_window")
        #expect(reopened["open"] == true && reopened["close_reason"] == nil)
    }

    @Test func exhaustedPASEAttemptsCloseTheWindowWithTheirReason() {
        var harness = HubHarness()
        _ = harness.ok("open_commissioning_window")
        let outcome = harness.hub.commissioningAttemptsExhausted(now: harness.now)
        #expect(outcome.events.map(\.name) == ["commissioning_window_updated"])
        #expect(
            outcome.events.first?.data
                == ["open": false, "close_reason": "failed_attempts", "closed_at": .string(isoTimestamp(harness.now))])
        #expect(harness.hub.desk.window == nil)
        #expect(harness.hub.nextDeadline == nil)
        // A late report, with no window open, changes nothing.
        #expect(harness.hub.commissioningAttemptsExhausted(now: harness.now).events.isEmpty)
        #expect(harness.ok("get_commissioning_window")["close_reason"] == "failed_attempts")
    }

    @Test func anEnhancedWindowHasItsOwnPasscode() {
        var harness = HubHarness()
        let window = harness.ok("open_commissioning_window", ["enhanced": true])
        #expect(window["commissioning_mode"] == 2)
        #expect(window["setup_pin_code"] != 20_202_021)
        #expect(harness.ok("close_commissioning_window") == ["closed": true])
        #expect(harness.ok("close_commissioning_window") == ["closed": false])
    }

    @Test func badWindowRequestsAreRefused() {
        var harness = HubHarness()
        #expect(harness.error("open_commissioning_window", ["timeout": 901])?.code == .invalidArguments)
        #expect(harness.error("open_commissioning_window", ["node_id": 1])?.code == .nodeNotExists)
        // An OHF client's form for a device that is not on the network: UnknownError, with mhub's
        // NodeWindowUnsupported first in the details.
        _ = harness.ok("commission_with_code", ["code": .string(HubHarness.lampManual)])
        let nodeWindow = harness.error("open_commissioning_window", ["node_id": 1])
        #expect(nodeWindow?.code == .unknownError)
        #expect(nodeWindow?.details.hasPrefix("NodeWindowUnsupported (228): ") == true)
        #expect(harness.error("open_commissioning_window", ["iteration": 10])?.code == .invalidArguments)
        #expect(harness.hub.desk.window == nil)
    }
}
