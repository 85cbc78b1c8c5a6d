/// The Message Reliability Protocol for one exchange, as a value: acknowledgements and retransmissions.
///
/// Matter reference D, "MRP" (CHIP `src/messaging/ReliableMessageContext.cpp`, `ReliableMessageMgr.cpp`).
/// An exchange has at most one unacknowledged reliable message of its own and at most one pending
/// acknowledgement for the peer:
/// * A received message with the R flag starts a 200 ms standalone-ack timer; a message this exchange
///   sends before then carries the acknowledgement instead (piggybacked). A second reliable message
///   arriving while an ack is pending forces a standalone ack for the first.
/// * A duplicate reliable message (per `MessageCounterWindow`) is acknowledged at once with a standalone
///   ack, since no response will follow it (`HandleNeedsAckInner`).
/// * A reliable message sent is retransmitted after `backoffMilliseconds` until acknowledged, at most
///   `maximumRetransmissions` times; the base interval is the peer's active interval if it sent something
///   within its active threshold, else its idle interval.
/// Time and randomness (the backoff jitter) are inputs; the owner asks `nextDeadline` when to call `timerFired`.
public struct ReliableMessaging: Sendable {
    private struct PendingAck: Hashable, Sendable {
        var counter: UInt32
        var deadline: MonotonicInstant
    }

    private struct Unacknowledged: Hashable, Sendable {
        var counter: UInt32
        /// Transmissions after the first so far.
        var retransmissions: Int
        var deadline: MonotonicInstant
    }

    public let configuration: ReliableMessagingConfiguration
    private var pendingAck: PendingAck?
    private var unacknowledged: Unacknowledged?
    private var lastPeerActivity: MonotonicInstant?

    public init(configuration: ReliableMessagingConfiguration = .default) {
        self.configuration = configuration
    }

    /// When the owner must call `timerFired(now:using:)` next, if ever.
    public var nextDeadline: MonotonicInstant? {
        [pendingAck?.deadline, unacknowledged?.deadline].compactMap { $0 }.min()
    }

    /// The counter of the received message still waiting for an acknowledgement.
    public var pendingAcknowledgement: UInt32? {
        pendingAck?.counter
    }

    /// The counter of this exchange's own message still waiting to be acknowledged.
    public var awaitingAcknowledgement: UInt32? {
        unacknowledged?.counter
    }

    // MARK: events

    /// This exchange is about to send the message `counter`; returns the acknowledgement to piggyback in
    /// its protocol header (A flag), which clears the pending ack.
    ///
    /// A reliable message (R flag) is kept for retransmission. Only one may be outstanding
    /// (CHIP `AddToRetransTable` refuses a second); sending another replaces the first.
    @discardableResult
    public mutating func messageSending(
        counter: UInt32, needsAcknowledgement: Bool, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> UInt32? {
        let piggybacked = pendingAck?.counter
        pendingAck = nil
        if needsAcknowledgement {
            let wait = backoff(retransmissions: 0, now: now, using: &generator)
            unacknowledged = Unacknowledged(
                counter: counter, retransmissions: 0, deadline: now.advanced(byMilliseconds: wait))
        }
        return piggybacked
    }

    /// A message arrived on this exchange.
    ///
    /// `acknowledgedCounter` is its A-flag counter, piggybacked or in a standalone ack; `isDuplicate` is the
    /// verdict of the session's `MessageCounterWindow`. The owner delivers only non-duplicates.
    public mutating func messageReceived(
        counter: UInt32, needsAcknowledgement: Bool, acknowledgedCounter: UInt32?, isDuplicate: Bool,
        now: MonotonicInstant
    ) -> [ReliableMessagingAction] {
        var actions: [ReliableMessagingAction] = []
        lastPeerActivity = now
        if let acknowledgedCounter, let message = unacknowledged, message.counter == acknowledgedCounter {
            unacknowledged = nil
            actions.append(.delivered(messageCounter: acknowledgedCounter))
        }
        if needsAcknowledgement {
            if isDuplicate {
                actions.append(.sendStandaloneAck(acknowledging: counter))
                if pendingAck?.counter == counter { pendingAck = nil }
            } else {
                if let previous = pendingAck, previous.counter != counter {
                    actions.append(.sendStandaloneAck(acknowledging: previous.counter))
                }
                let deadline = now.advanced(byMilliseconds: configuration.standaloneAckTimeoutMilliseconds)
                pendingAck = PendingAck(counter: counter, deadline: deadline)
            }
        }
        return actions
    }

    /// `nextDeadline` came (early or late calls are fine).
    public mutating func timerFired(
        now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    ) -> [ReliableMessagingAction] {
        var actions: [ReliableMessagingAction] = []
        if let ack = pendingAck, ack.deadline <= now {
            pendingAck = nil
            actions.append(.sendStandaloneAck(acknowledging: ack.counter))
        }
        if var message = unacknowledged, message.deadline <= now {
            if message.retransmissions >= configuration.maximumRetransmissions {
                unacknowledged = nil
                actions.append(.deliveryFailed(messageCounter: message.counter))
            } else {
                message.retransmissions += 1
                let wait = backoff(retransmissions: message.retransmissions, now: now, using: &generator)
                message.deadline = now.advanced(byMilliseconds: wait)
                unacknowledged = message
                actions.append(.retransmit(messageCounter: message.counter, attempt: message.retransmissions))
            }
        }
        return actions
    }

    /// The exchange is closing: a pending acknowledgement is sent at once and retransmission stops.
    public mutating func exchangeClosing() -> [ReliableMessagingAction] {
        var actions: [ReliableMessagingAction] = []
        if let ack = pendingAck {
            actions.append(.sendStandaloneAck(acknowledging: ack.counter))
        }
        pendingAck = nil
        unacknowledged = nil
        return actions
    }

    // MARK: helpers

    private func backoff(
        retransmissions: Int, now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    ) -> UInt64 {
        let peerIsActive =
            lastPeerActivity.map {
                now.milliseconds(since: $0) < configuration.activeThresholdMilliseconds
            } ?? false
        let base =
            peerIsActive
            ? configuration.activeRetransmissionMilliseconds : configuration.idleRetransmissionMilliseconds
        let jitter = UInt8(truncatingIfNeeded: generator.next())
        return ReliableMessagingConfiguration.backoffMilliseconds(
            baseInterval: base, sendCount: retransmissions, jitter: jitter)
    }
}
