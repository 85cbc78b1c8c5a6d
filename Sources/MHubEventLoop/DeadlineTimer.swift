import Dispatch
import MHubDaemonRules

/// A one-shot timer on the daemon's queue for the earliest of the deadlines its owner gives it (`DeadlineSchedule`):
/// the hub service's, the Matter port's and the connection gate's.
///
/// Deadlines are milliseconds on the owner's clock, given with that clock's `now`. One already due runs the handler on
/// the queue's next turn (through a user-data source), not through Dispatch's timer thread and its leeway: a
/// subscription's report of a change is due at once. A deadline more than a day away arms the timer for a day; it goes
/// off early, and the owner arms it again.
///
/// - Important: Confined to `queue`; the handler runs there.
package final class DeadlineTimer {
    private var schedule = DeadlineSchedule()
    private let timer: any DispatchSourceTimer
    private let due: any DispatchSourceUserDataAdd
    private let leeway: DispatchTimeInterval
    private var handler: (() -> Void)?
    static let longestDelayMilliseconds: Int64 = 86_400_000

    package init(queue: DispatchQueue, leewayMilliseconds: Int = 1) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        due = DispatchSource.makeUserDataAddSource(queue: queue)
        leeway = .milliseconds(leewayMilliseconds)
        timer.setEventHandler { [weak self] in self?.wentOff() }
        due.setEventHandler { [weak self] in self?.wentOff() }
        timer.schedule(deadline: .distantFuture)
        timer.resume()
        due.resume()
    }

    /// Calls `handler` each time the timer goes off (set once, before the first `arm`).
    package func onDeadline(_ handler: @escaping () -> Void) {
        self.handler = handler
    }

    /// Makes the timer go off by `deadline` at the latest (`now` is read only when the timer is set).
    package func arm(at deadline: Int64, now: @autoclosure () -> Int64) {
        guard schedule.needsArming(for: deadline) else { return }
        let delay = deadline - now()
        guard delay > 0 else {
            due.add(data: 1)
            return
        }
        timer.schedule(
            deadline: .now() + .milliseconds(Int(min(delay, Self.longestDelayMilliseconds))), leeway: leeway)
    }

    package func cancel() {
        timer.cancel()
        due.cancel()
        handler = nil
    }

    private func wentOff() {
        schedule.wentOff()
        handler?()
    }
}
