import MatterMessage

/// When the Matter port's one timer must go off, and which TCP connections have been idle too long: the node's
/// deadlines (retransmissions, exchanges, sessions, subscriptions), the log limiter's interval, and each connection's
/// idle limit, all on the node's monotonic clock.
package enum MatterPortDeadline {
    /// The earliest of them, or nil when nothing waits.
    package static func next(
        node: MonotonicInstant?, logLimiter: MonotonicInstant?, lastActivity: [MonotonicInstant],
        idleMilliseconds: UInt64
    ) -> MonotonicInstant? {
        var earliest = [node, logLimiter].compactMap { $0 }.min()
        for last in lastActivity {
            let idle = last.advanced(byMilliseconds: idleMilliseconds)
            if earliest.map({ idle < $0 }) ?? true { earliest = idle }
        }
        return earliest
    }

    /// Whether a connection whose node last took a message at `lastActivity` is idle too long at `now`.
    package static func isIdle(lastActivity: MonotonicInstant, now: MonotonicInstant, idleMilliseconds: UInt64) -> Bool
    {
        lastActivity.advanced(byMilliseconds: idleMilliseconds) <= now
    }
}
