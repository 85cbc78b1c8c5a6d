import MHubConfiguration
import MatterMessage
import Testing

@testable import MatterNode

/// Log lines a flood can cause: the first per kind and interval, then one count per interval.
@Suite struct MatterLogLimiterTests {
    let peer = MatterNodeHarness.udp(40_001)

    static func at(_ milliseconds: UInt64) -> MonotonicInstant { MonotonicInstant(milliseconds: milliseconds) }

    @Test func aFloodGetsItsFirstLineThenACountPerInterval() {
        var limiter = MatterLogLimiter(intervalMilliseconds: 10_000)
        let event = MatterNodeEvent.windowClosed(peer)
        #expect(limiter.admit(event, now: Self.at(0)) == .init(level: .notice, text: event.description))
        #expect(limiter.nextDeadline == nil)
        for instant in 1...999 {
            #expect(limiter.admit(event, now: Self.at(UInt64(instant))) == nil)
        }
        // Another kind has its own first line.
        #expect(limiter.admit(.dropped(peer, reason: "x"), now: Self.at(1_000)) != nil)
        #expect(limiter.nextDeadline == Self.at(10_000))
        #expect(limiter.intervalEnded(now: Self.at(9_999)).isEmpty)
        let counts = limiter.intervalEnded(now: Self.at(10_000))
        #expect(
            counts.map(\.text) == ["matter: 999 more closed-window refusals in the last 10 s (logged once per 10 s)"])
        #expect(counts.map(\.level) == [.notice])
        // The flood goes on: counted into the next interval, no single line.
        #expect(limiter.admit(event, now: Self.at(10_001)) == nil)
        #expect(limiter.intervalEnded(now: Self.at(20_000)).count == 1)
        // Quiet for an interval: the next one is logged again.
        #expect(limiter.intervalEnded(now: Self.at(30_000)).isEmpty)
        #expect(limiter.nextDeadline == nil)
        #expect(limiter.admit(event, now: Self.at(30_001)) != nil)
    }

    @Test func eventsTheNodeKeepsRareAreNeverHeldBack() {
        var limiter = MatterLogLimiter()
        let established = MatterNodeEvent.paseEstablished(peer, localSessionID: 1, peerSessionID: 2)
        #expect(established.floodKind == nil)
        #expect((0..<100).allSatisfy { _ in limiter.admit(established, now: Self.at(0)) != nil })
    }
}
