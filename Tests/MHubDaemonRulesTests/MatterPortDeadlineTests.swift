import MatterMessage
import Testing

@testable import MHubDaemonRules

/// When the Matter port's one timer goes off, and which TCP connections are idle.
@Suite struct MatterPortDeadlineTests {
    @Test func theMatterPortWaitsForTheEarliestOfTheNodeTheLimiterAndIdleConnections() {
        func at(_ milliseconds: UInt64) -> MonotonicInstant { MonotonicInstant(milliseconds: milliseconds) }
        #expect(MatterPortDeadline.next(node: nil, logLimiter: nil, lastActivity: [], idleMilliseconds: 100) == nil)
        #expect(
            MatterPortDeadline.next(node: at(500), logLimiter: at(400), lastActivity: [], idleMilliseconds: 100)
                == at(400))
        #expect(
            MatterPortDeadline.next(
                node: at(500), logLimiter: nil, lastActivity: [at(350), at(250)], idleMilliseconds: 100) == at(350))
        #expect(
            MatterPortDeadline.next(node: nil, logLimiter: nil, lastActivity: [at(10)], idleMilliseconds: 100)
                == at(110))
        #expect(!MatterPortDeadline.isIdle(lastActivity: at(10), now: at(109), idleMilliseconds: 100))
        #expect(MatterPortDeadline.isIdle(lastActivity: at(10), now: at(110), idleMilliseconds: 100))
    }
}
