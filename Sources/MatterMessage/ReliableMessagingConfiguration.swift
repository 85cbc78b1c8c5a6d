/// The MRP timing of one peer, from its session parameters or the defaults.
///
/// Matter reference D, "MRP" (CHIP `src/messaging/ReliableMessageProtocolConfig.h`, `GetDefaultMRPConfig`):
/// idle 500 ms, active 300 ms, active threshold 4000 ms, 4 retransmissions (5 transmissions in all),
/// standalone-ack timeout 200 ms (`CHIP_CONFIG_RMP_DEFAULT_ACK_TIMEOUT`).
public struct ReliableMessagingConfiguration: Hashable, Sendable {
    /// The peer's SESSION_IDLE_INTERVAL: the base retransmission interval while it is idle.
    public var idleRetransmissionMilliseconds: UInt64
    /// The peer's SESSION_ACTIVE_INTERVAL: the base interval while it is active.
    public var activeRetransmissionMilliseconds: UInt64
    /// The peer's SESSION_ACTIVE_THRESHOLD: how long after its last message it still counts as active.
    public var activeThresholdMilliseconds: UInt64
    /// Retransmissions after the first transmission before giving up.
    public var maximumRetransmissions: Int
    /// How long a received reliable message may wait for a piggybacked acknowledgement.
    public var standaloneAckTimeoutMilliseconds: UInt64

    public init(
        idleRetransmissionMilliseconds: UInt64 = 500, activeRetransmissionMilliseconds: UInt64 = 300,
        activeThresholdMilliseconds: UInt64 = 4000, maximumRetransmissions: Int = 4,
        standaloneAckTimeoutMilliseconds: UInt64 = 200
    ) {
        self.idleRetransmissionMilliseconds = idleRetransmissionMilliseconds
        self.activeRetransmissionMilliseconds = activeRetransmissionMilliseconds
        self.activeThresholdMilliseconds = activeThresholdMilliseconds
        self.maximumRetransmissions = maximumRetransmissions
        self.standaloneAckTimeoutMilliseconds = standaloneAckTimeoutMilliseconds
    }

    public static let `default` = ReliableMessagingConfiguration()

    /// The wait before retransmission number `sendCount` + 1, with jitter byte `jitter`.
    ///
    /// Matter reference D (CHIP `ReliableMessageMgr::GetBackoff`, in its integer arithmetic):
    /// t = i · MARGIN · BASE^max(0, n − THRESHOLD) · (1 + jitter · JITTER), with MARGIN 1.1 (1127/1024),
    /// BASE 1.6, THRESHOLD 1, JITTER 0.25 (jitter / 1024 for a random byte), and the exponent capped at 4.
    /// `sendCount` n is 0 for the wait after the first transmission.
    public static func backoffMilliseconds(baseInterval: UInt64, sendCount: Int, jitter: UInt8) -> UInt64 {
        let interval = baseInterval.multipliedFullWidthSaturating(by: 1127) / 1024
        let exponent = min(max(0, sendCount - 1), 4)
        // BASE^exponent as one fraction, rounded down once, as CHIP does.
        var numerator: UInt64 = 1
        var denominator: UInt64 = 1
        for _ in 0..<exponent {
            numerator *= 16
            denominator *= 10
        }
        let backoff = interval.multipliedFullWidthSaturating(by: numerator) / denominator
        return backoff.multipliedFullWidthSaturating(by: 1024 + UInt64(jitter)) / 1024
    }
}

extension UInt64 {
    fileprivate func multipliedFullWidthSaturating(by other: UInt64) -> UInt64 {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}
