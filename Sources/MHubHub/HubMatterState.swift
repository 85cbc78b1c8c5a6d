import MHubJSON
import MatterNode

/// What the hub knows of its own Matter node, from the Matter port's reports (not stored by the hub: the node
/// keeps the fabric table, and reports it at start): its fabrics, its secure sessions, the fail-safe's last
/// expiry. For `get_fabrics` and the operational DNS-SD records the main daemon builds on it.
public struct HubMatterState: Hashable, Sendable {
    /// A secure session of the node, and when the hub heard of it.
    public struct Session: Hashable, Sendable {
        public var summary: MatterSessionSummary
        public var openedAt: Timestamp

        public init(summary: MatterSessionSummary, openedAt: Timestamp) {
            self.summary = summary
            self.openedAt = openedAt
        }
    }

    /// The node's fabrics, as the node summarises them (no certificates, no keys).
    public var fabrics: [MatterFabricSummary] = []
    public var sessions: [UInt16: Session] = [:]
    /// When the fail-safe last expired (or was rolled back), if it did in this run.
    public var failSafeExpiredAt: Timestamp?
    /// `remove_fabric` requests the Matter node is carrying out, by request ID.
    public var pendingRemovals: [UInt64: PendingRemoval] = [:]
    public var nextRequestID: UInt64 = 1

    /// A `remove_fabric` waiting for the node's save: who asked, and which fabric.
    public struct PendingRemoval: Hashable, Sendable {
        public var connectionID: UInt64
        public var messageID: JSONValue
        public var fabricIndex: UInt8
    }

    public init() {}
}

extension HubMatterState {
    /// Keeps what a device node's report says of its fabrics, sessions and fail-safe (the hub's own node's reports
    /// go through `Hub+MatterNode`, which also makes their events).
    mutating func take(_ report: MatterReport, now: Timestamp) {
        switch report {
        case .sessionOpened(let summary): sessions[summary.localSessionID] = Session(summary: summary, openedAt: now)
        case .sessionEnded(let localSessionID, _): sessions[localSessionID] = nil
        case .fabricsChanged(let summaries): fabrics = summaries
        case .failSafeExpired: failSafeExpiredAt = now
        case .commissioningAttemptsExhausted, .commissioningCompleted, .administratorOpenedWindow,
            .administratorRevokedWindow, .fabricRemovalDone, .bridgedRequest:
            break
        }
    }
}
