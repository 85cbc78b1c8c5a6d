import MHubTestSupport
import Testing

@testable import MatterMessage

/// MRP acknowledgements and retransmissions driven by a manual clock (Matter reference D, "MRP").
@Suite struct ReliableMessagingTests {
    typealias Action = ReliableMessagingAction

    static func at(_ milliseconds: UInt64) -> MonotonicInstant {
        MonotonicInstant(milliseconds: milliseconds)
    }

    /// CHIP `TestReliableMessageProtocol.cpp` `theBackoffComplianceTestVector`: (base, sendCount, min, max).
    static let backoffBounds: [(UInt64, Int, UInt64, UInt64)] = [
        (300, 0, 330, 413), (300, 1, 330, 413), (300, 2, 528, 661), (300, 3, 844, 1057), (300, 4, 1351, 1691),
        (300, 5, 2162, 2705), (300, 6, 2162, 2705), (4000, 0, 4400, 5503), (4000, 1, 4400, 5503),
        (4000, 2, 7040, 8805), (4000, 3, 11264, 14088), (4000, 4, 18022, 22541), (4000, 5, 28835, 36065),
        (4000, 6, 28835, 36065), (3_600_000, 4, 16_220_160, 20_286_001),
    ]

    @Test func backoffStaysWithinCHIPBounds() {
        for (base, sendCount, minimum, maximum) in Self.backoffBounds {
            for jitter in [UInt8(0), 1, 128, 255] {
                let backoff = ReliableMessagingConfiguration.backoffMilliseconds(
                    baseInterval: base, sendCount: sendCount, jitter: jitter)
                #expect((minimum...maximum).contains(backoff), "base \(base) n \(sendCount) jitter \(jitter)")
            }
        }
        // No jitter: 300 ms · 1127/1024 = 330 ms, then · 1.6 from the second retransmission on.
        #expect(ReliableMessagingConfiguration.backoffMilliseconds(baseInterval: 300, sendCount: 0, jitter: 0) == 330)
        #expect(ReliableMessagingConfiguration.backoffMilliseconds(baseInterval: 300, sendCount: 2, jitter: 0) == 528)
    }

    @Test func retransmitsFourTimesThenFails() {
        var mrp = ReliableMessaging()
        var noJitter = ConstantGenerator(value: 0)
        // Nothing heard from the peer yet: the idle interval (500 ms → 550 ms with the margin).
        let ack = mrp.messageSending(counter: 10, needsAcknowledgement: true, now: Self.at(0), using: &noJitter)
        #expect(ack == nil)
        #expect(mrp.nextDeadline == Self.at(550))
        #expect(mrp.timerFired(now: Self.at(549), using: &noJitter) == [])
        var now: UInt64 = 550
        let waits: [UInt64] = [550, 880, 1408, 2252]
        for (attempt, wait) in waits.enumerated() {
            let actions = mrp.timerFired(now: Self.at(now), using: &noJitter)
            #expect(actions == [.retransmit(messageCounter: 10, attempt: attempt + 1)])
            #expect(mrp.nextDeadline == Self.at(now + wait))
            now += wait
        }
        #expect(
            mrp.timerFired(now: Self.at(now), using: &noJitter) == [.deliveryFailed(messageCounter: 10)])
        #expect(mrp.nextDeadline == nil)
        #expect(mrp.awaitingAcknowledgement == nil)
    }

    @Test func anAckStopsRetransmission() {
        var mrp = ReliableMessaging()
        var random = SeededGenerator(seed: 3)
        _ = mrp.messageSending(counter: 10, needsAcknowledgement: true, now: Self.at(0), using: &random)
        #expect(mrp.awaitingAcknowledgement == 10)
        // A standalone ack for another counter changes nothing; the right one delivers.
        #expect(
            mrp.messageReceived(
                counter: 50, needsAcknowledgement: false, acknowledgedCounter: 9, isDuplicate: false, now: Self.at(100))
                == [])
        let actions = mrp.messageReceived(
            counter: 51, needsAcknowledgement: false, acknowledgedCounter: 10, isDuplicate: false, now: Self.at(120))
        #expect(actions == [.delivered(messageCounter: 10)])
        #expect(mrp.nextDeadline == nil)
    }

    @Test func activePeerUsesTheActiveInterval() {
        var mrp = ReliableMessaging()
        var noJitter = ConstantGenerator(value: 0)
        _ = mrp.messageReceived(
            counter: 1, needsAcknowledgement: false, acknowledgedCounter: nil, isDuplicate: false, now: Self.at(1000))
        mrp.messageSending(counter: 2, needsAcknowledgement: true, now: Self.at(1100), using: &noJitter)
        #expect(mrp.nextDeadline == Self.at(1100 + 330))
        // After the active threshold (4 s) without news the peer counts as idle again.
        var later = ReliableMessaging()
        _ = later.messageReceived(
            counter: 1, needsAcknowledgement: false, acknowledgedCounter: nil, isDuplicate: false, now: Self.at(0))
        later.messageSending(counter: 2, needsAcknowledgement: true, now: Self.at(4000), using: &noJitter)
        #expect(later.nextDeadline == Self.at(4000 + 550))
    }

    @Test func jitterComesFromTheInjectedGenerator() {
        var maximumJitter = ConstantGenerator(value: 0xFF)
        var mrp = ReliableMessaging()
        mrp.messageSending(counter: 1, needsAcknowledgement: true, now: Self.at(0), using: &maximumJitter)
        // 550 · (1024 + 255) / 1024 = 686.
        #expect(mrp.nextDeadline == Self.at(686))
    }

    @Test func pendingAckIsPiggybackedOrSentAlone() {
        var mrp = ReliableMessaging()
        var random = SeededGenerator(seed: 4)
        let received = mrp.messageReceived(
            counter: 77, needsAcknowledgement: true, acknowledgedCounter: nil, isDuplicate: false, now: Self.at(0))
        #expect(received == [])
        #expect(mrp.nextDeadline == Self.at(200))
        #expect(mrp.pendingAcknowledgement == 77)
        // A response within 200 ms carries the ack.
        let ack = mrp.messageSending(counter: 5, needsAcknowledgement: false, now: Self.at(50), using: &random)
        #expect(ack == 77)
        #expect(mrp.nextDeadline == nil)
        // No response: the timer sends a standalone ack.
        _ = mrp.messageReceived(
            counter: 78, needsAcknowledgement: true, acknowledgedCounter: nil, isDuplicate: false, now: Self.at(300))
        #expect(
            mrp.timerFired(now: Self.at(500), using: &random) == [.sendStandaloneAck(acknowledging: 78)])
        #expect(mrp.pendingAcknowledgement == nil)
    }

    @Test func secondReliableMessageFlushesTheFirstAck() {
        var mrp = ReliableMessaging()
        _ = mrp.messageReceived(
            counter: 1, needsAcknowledgement: true, acknowledgedCounter: nil, isDuplicate: false, now: Self.at(0))
        let actions = mrp.messageReceived(
            counter: 2, needsAcknowledgement: true, acknowledgedCounter: nil, isDuplicate: false, now: Self.at(10))
        #expect(actions == [.sendStandaloneAck(acknowledging: 1)])
        #expect(mrp.nextDeadline == Self.at(210))
        #expect(mrp.pendingAcknowledgement == 2)
    }

    @Test func duplicatesAreAcknowledgedAtOnce() {
        var mrp = ReliableMessaging()
        var window = MessageCounterWindow(mode: .unencrypted)
        let first = window.receive(40)
        #expect(first == .new)
        _ = mrp.messageReceived(
            counter: 40, needsAcknowledgement: true, acknowledgedCounter: nil, isDuplicate: false, now: Self.at(0))
        _ = mrp.messageReceived(
            counter: 41, needsAcknowledgement: true, acknowledgedCounter: nil, isDuplicate: false, now: Self.at(5))
        // The peer retransmits 40 (its ack was lost): acknowledged at once, 41 stays pending.
        let again = window.receive(40)
        #expect(again == .duplicate)
        let actions = mrp.messageReceived(
            counter: 40, needsAcknowledgement: true, acknowledgedCounter: nil, isDuplicate: true, now: Self.at(20))
        #expect(actions == [.sendStandaloneAck(acknowledging: 40)])
        #expect(mrp.pendingAcknowledgement == 41)
        // A duplicate of the pending one is acknowledged and clears it.
        let duplicate = mrp.messageReceived(
            counter: 41, needsAcknowledgement: true, acknowledgedCounter: nil, isDuplicate: true, now: Self.at(30))
        #expect(duplicate == [.sendStandaloneAck(acknowledging: 41)])
        #expect(mrp.nextDeadline == nil)
    }

    @Test func closingFlushesThePendingAck() {
        var mrp = ReliableMessaging()
        var random = SeededGenerator(seed: 5)
        _ = mrp.messageReceived(
            counter: 9, needsAcknowledgement: true, acknowledgedCounter: nil, isDuplicate: false, now: Self.at(0))
        _ = mrp.messageSending(counter: 3, needsAcknowledgement: true, now: Self.at(1), using: &random)
        _ = mrp.messageReceived(
            counter: 10, needsAcknowledgement: true, acknowledgedCounter: nil, isDuplicate: false, now: Self.at(2))
        #expect(mrp.exchangeClosing() == [.sendStandaloneAck(acknowledging: 10)])
        #expect(mrp.nextDeadline == nil)
        #expect(mrp.exchangeClosing() == [])
    }
}
