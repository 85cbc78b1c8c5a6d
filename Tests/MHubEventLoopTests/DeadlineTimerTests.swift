import Dispatch
import Foundation
import Testing

@testable import MHubEventLoop

/// The one timer mechanism on a real queue; when it re-arms is `DeadlineSchedule`'s rule (MHubDaemonRulesTests).
@Suite struct DeadlineTimerTests {
    /// The timer on a real queue: it goes off once for the earliest deadline, a due one on the queue's next turn,
    /// and a later deadline given meanwhile does not hold it back.
    @Test func theTimerGoesOffForTheEarliestDeadline() {
        let queue = DispatchQueue(label: "deadline-timer-test")
        let fired = DispatchSemaphore(value: 0)
        let timer = queue.sync { DeadlineTimer(queue: queue) }
        queue.sync { timer.onDeadline { fired.signal() } }
        let start = MonotonicClock.milliseconds()
        queue.sync {
            timer.arm(at: start + 50, now: start)
            timer.arm(at: start + 60_000, now: start)
        }
        #expect(fired.wait(timeout: .now() + 5) == .success)
        #expect(MonotonicClock.milliseconds() - start >= 45)
        #expect(fired.wait(timeout: .now() + 0.2) == .timedOut)
        // A deadline already past goes off without a timer's delay.
        queue.sync { timer.arm(at: start, now: MonotonicClock.milliseconds()) }
        #expect(fired.wait(timeout: .now() + 5) == .success)
        queue.sync { timer.cancel() }
    }
}
