import Dispatch
import MHubConfiguration
import MHubDaemonRules
import MHubEventLoop
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
package final class ConnectionGate {
    private var admission: ConnectionAdmission
    private let queue: DispatchQueue
    private let logger: Logger
    /// The connections waiting for their handshake, to refuse when their time is up or a newer one needs the room.
    private var waiting: [UInt64: ControlConnection] = [:]
    private let timer: DeadlineTimer
    private var refusals = 0

    package init(limits: ControlConfiguration, queue: DispatchQueue, logger: Logger) {
        admission = ConnectionAdmission(limits: limits)
        self.queue = queue
        self.logger = logger
        timer = DeadlineTimer(queue: queue, leewayMilliseconds: 10)
        timer.onDeadline { [weak self] in self?.timerFired() }
    }

    /// A reload's limits apply from now on; connections already open stay.
    package func reconfigure(_ control: ControlConfiguration) {
        admission.limits = control
    }

    var openCount: Int { admission.open.count }

    /// A connection was just accepted (`principal` known for Unix clients): `nil` if it may go on, or why not.
    func accepted(_ connection: ControlConnection, principal: Principal?) -> ConnectionRefusal? {
        dispatchPrecondition(condition: .onQueue(queue))
        let now = MonotonicClock.milliseconds()
        let (refusal, evicted) = admission.accepted(connection.id, principal: principal, now: now)
        if let refusal {
            return refused(refusal, connection)
        }
        connection.onFinished = { [weak self] connection in self?.finished(connection) }
        if principal == nil {
            connection.admit = { [weak self] connection, principal in self?.authenticated(connection, as: principal) }
            waiting[connection.id] = connection
            if let evicted, let oldest = waiting.removeValue(forKey: evicted) {
                oldest.refuse(admission.evictionRefusal)
            }
            if let deadline = admission.nextDeadline {
                timer.arm(at: deadline, now: now)
            }
        }
        return nil
    }

    private func authenticated(_ connection: ControlConnection, as principal: Principal) -> ConnectionRefusal? {
        waiting[connection.id] = nil
        if let refusal = admission.authenticated(connection.id, as: principal) {
            return refused(refusal, connection)
        }
        return nil
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
        waiting[connection.id] = nil
        admission.finished(connection.id)
    }

    private func timerFired() {
        let now = MonotonicClock.milliseconds()
        for id in admission.expired(now: now) {
            waiting.removeValue(forKey: id)?.refuse(admission.timeoutRefusal)
        }
        if let next = admission.nextDeadline {
            timer.arm(at: next, now: now)
        }
    }

    package func stop() {
        timer.cancel()
    }
}
