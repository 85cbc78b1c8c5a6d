import MHubConfiguration
import MHubHub

/// The rules of `ConnectionGate` as a value, by connection ID and with time as an input (milliseconds on the
/// monotonic clock): how many connections are open, how many one principal holds, and which WebSocket connections
/// wait for their handshake until when (docs/configuration.md, "Who can connect").
package struct ConnectionAdmission {
    package var limits: ControlConfiguration
    package private(set) var open: Set<UInt64> = []
    private var principals: [UInt64: Principal] = [:]
    private var perPrincipal: [Principal: Int] = [:]
    /// Connections waiting for their handshake, oldest first, with their deadlines.
    private(set) var pending: [(id: UInt64, deadline: Int64)] = []

    package init(limits: ControlConfiguration) {
        self.limits = limits
    }

    /// A connection was just accepted (`principal` known for Unix clients, nil for one that must first finish its
    /// WebSocket handshake): refused, or admitted, then perhaps making the oldest waiting connection give way.
    package mutating func accepted(_ id: UInt64, principal: Principal?, now: Int64) -> (
        refusal: ConnectionRefusal?, evicted: UInt64?
    ) {
        guard open.count < limits.maximumConnections else {
            let details = "mhubd serves at most \(limits.maximumConnections) connections (control.max_connections)"
            return (ConnectionRefusal(kind: .tooManyConnections, details: details), nil)
        }
        if let principal, let refusal = refusal(for: principal) {
            return (refusal, nil)
        }
        open.insert(id)
        guard let principal else {
            pending.append((id, now + Int64(limits.handshakeTimeoutMilliseconds)))
            guard pending.count > limits.maximumPendingHandshakes else { return (nil, nil) }
            return (nil, pending.removeFirst().id)
        }
        count(id, as: principal)
        return (nil, nil)
    }

    /// The refusal of the connection that made room for a newer one (`accepted`'s `evicted`).
    package var evictionRefusal: ConnectionRefusal {
        ConnectionRefusal(
            kind: .handshakeQueueFull,
            details: "more than \(limits.maximumPendingHandshakes) connections wait for their handshake")
    }

    /// A waiting connection's handshake named its principal: counted, or refused when the principal holds its share.
    package mutating func authenticated(_ id: UInt64, as principal: Principal) -> ConnectionRefusal? {
        pending.removeAll { $0.id == id }
        if let refusal = refusal(for: principal) {
            return refusal
        }
        count(id, as: principal)
        return nil
    }

    /// A connection closed, for whatever reason.
    package mutating func finished(_ id: UInt64) {
        open.remove(id)
        pending.removeAll { $0.id == id }
        if let principal = principals.removeValue(forKey: id) {
            perPrincipal[principal, default: 1] -= 1
            if perPrincipal[principal] == 0 { perPrincipal[principal] = nil }
        }
    }

    /// The waiting connections whose handshake time is up at `now`, oldest first; they wait no more.
    package mutating func expired(now: Int64) -> [UInt64] {
        let expired = pending.filter { $0.deadline <= now }.map(\.id)
        pending.removeAll { $0.deadline <= now }
        return expired
    }

    /// The refusal of a connection `expired` named.
    package var timeoutRefusal: ConnectionRefusal {
        ConnectionRefusal(
            kind: .handshakeTimedOut, details: "no WebSocket handshake within \(limits.handshakeTimeoutMilliseconds) ms"
        )
    }

    /// When the next waiting connection's time is up.
    package var nextDeadline: Int64? { pending.map(\.deadline).min() }

    private func refusal(for principal: Principal) -> ConnectionRefusal? {
        guard perPrincipal[principal, default: 0] >= limits.maximumConnectionsPerPrincipal else { return nil }
        return ConnectionRefusal(
            kind: .tooManyForPrincipal,
            details: "\(principal) holds \(limits.maximumConnectionsPerPrincipal) connections already "
                + "(control.max_connections_per_principal)")
    }

    private mutating func count(_ id: UInt64, as principal: Principal) {
        principals[id] = principal
        perPrincipal[principal, default: 0] += 1
    }
}
