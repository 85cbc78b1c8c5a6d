import Dispatch
import MHubConfiguration
import MHubHub

/// Bounds the control connections of both sockets (docs/configuration.md, "Who can connect"): how many are open,
/// how many one principal holds, and how long and how many WebSocket connections may wait for their handshake.
///
/// A connection counts from its accept; a Unix client's principal (its user) is known then, a WebSocket client's
/// once its handshake authenticates it. Connections waiting for a handshake are closed after the handshake timeout,
/// and when more than `maximumPendingHandshakes` wait, the oldest is closed to make room: a flood of silent
/// connections cannot keep new clients out.
///
/// - Important: Confined to the daemon's queue.
final class ConnectionGate {
    private var limits: ControlConfiguration
    private let queue: DispatchQueue
    private let logger: Logger
    private var open: Set<UInt64> = []
    private var principals: [UInt64: Principal] = [:]
    private var perPrincipal: [Principal: Int] = [:]
    /// Connections waiting for their handshake, oldest first, with their deadlines.
    private var pending: [(connection: ControlConnection, deadline: DispatchTime)] = []
    private let timer: any DispatchSourceTimer
    private var timerArmedFor: DispatchTime?
    private var refusals = 0

    init(limits: ControlConfiguration, queue: DispatchQueue, logger: Logger) {
        self.limits = limits
        self.queue = queue
        self.logger = logger
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.timerFired() }
        timer.schedule(deadline: .distantFuture)
        timer.resume()
    }

    /// A reload's limits apply from now on; connections already open stay.
    func reconfigure(_ control: ControlConfiguration) {
        limits = control
    }

    var openCount: Int { open.count }

    /// A connection was just accepted (`principal` known for Unix clients): `nil` if it may go on, or why not.
    func accepted(_ connection: ControlConnection, principal: Principal?) -> ConnectionRefusal? {
        dispatchPrecondition(condition: .onQueue(queue))
        guard open.count < limits.maximumConnections else {
            return refused(
                ConnectionRefusal(
                    kind: .tooManyConnections,
                    details: "mhubd serves at most \(limits.maximumConnections) connections (control.max_connections)"),
                connection)
        }
        if let principal, let refusal = principalRefusal(principal) {
            return refused(refusal, connection)
        }
        open.insert(connection.id)
        connection.onFinished = { [weak self] connection in self?.finished(connection) }
        if let principal {
            count(connection, as: principal)
        } else {
            connection.admit = { [weak self] connection, principal in self?.authenticated(connection, as: principal) }
            let deadline = DispatchTime.now() + .milliseconds(limits.handshakeTimeoutMilliseconds)
            pending.append((connection, deadline))
            if pending.count > limits.maximumPendingHandshakes {
                let oldest = pending.removeFirst().connection
                oldest.refuse(
                    ConnectionRefusal(
                        kind: .handshakeQueueFull,
                        details: "more than \(limits.maximumPendingHandshakes) connections wait for their handshake"))
            }
            armTimer(for: deadline)
        }
        return nil
    }

    private func authenticated(_ connection: ControlConnection, as principal: Principal) -> ConnectionRefusal? {
        pending.removeAll { $0.connection === connection }
        if let refusal = principalRefusal(principal) {
            return refused(refusal, connection)
        }
        count(connection, as: principal)
        return nil
    }

    private func principalRefusal(_ principal: Principal) -> ConnectionRefusal? {
        guard perPrincipal[principal, default: 0] >= limits.maximumConnectionsPerPrincipal else { return nil }
        return ConnectionRefusal(
            kind: .tooManyForPrincipal,
            details: "\(principal) holds \(limits.maximumConnectionsPerPrincipal) connections already "
                + "(control.max_connections_per_principal)")
    }

    private func count(_ connection: ControlConnection, as principal: Principal) {
        principals[connection.id] = principal
        perPrincipal[principal, default: 0] += 1
    }

    /// Logs refusals at a calm rate: the first, then every 1,000th.
    private func refused(_ refusal: ConnectionRefusal, _ connection: ControlConnection) -> ConnectionRefusal {
        refusals += 1
        if refusals == 1 || refusals % 1000 == 0 {
            logger.warning("refused control connection \(connection.peer) (\(refusals) so far): \(refusal.details)")
        }
        return refusal
    }

    private func finished(_ connection: ControlConnection) {
        open.remove(connection.id)
        pending.removeAll { $0.connection === connection }
        if let principal = principals.removeValue(forKey: connection.id) {
            perPrincipal[principal, default: 1] -= 1
            if perPrincipal[principal] == 0 { perPrincipal[principal] = nil }
        }
    }

    /// Makes the timer go off by `deadline` at the latest (one comparison per connection, not a scan).
    private func armTimer(for deadline: DispatchTime) {
        if let armed = timerArmedFor, armed <= deadline { return }
        timerArmedFor = deadline
        timer.schedule(deadline: deadline, leeway: .milliseconds(10))
    }

    private func timerFired() {
        timerArmedFor = nil
        let now = DispatchTime.now()
        let expired = pending.filter { $0.deadline <= now }
        pending.removeAll { $0.deadline <= now }
        for (connection, _) in expired {
            connection.refuse(
                ConnectionRefusal(
                    kind: .handshakeTimedOut,
                    details: "no WebSocket handshake within \(limits.handshakeTimeoutMilliseconds) ms"))
        }
        if let next = pending.map(\.deadline).min() {
            armTimer(for: next)
        }
    }

    func stop() {
        timer.cancel()
    }
}
