import Foundation
import MHubEventLoop
import MHubHub

/// The hub's clock: wall-clock milliseconds as read once at start, advanced by the monotonic clock from then on.
///
/// Deadlines (sessions, windows, transitions, grace periods) are times on this clock, so a step of the system
/// clock (NTP, `date -s`) neither fires them early nor holds them back; the times the hub reports (session
/// deadlines, commissioning dates) are the wall clock as it was at start plus the time since, which differs
/// from the wall clock only by the steps made after start (docs/architecture.md).
enum HubClock {
    private static let origin: (wall: Timestamp, monotonic: Int64) = {
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        return (Timestamp(wall.tv_sec) * 1000 + Timestamp(wall.tv_nsec) / 1_000_000, MonotonicClock.milliseconds())
    }()

    static func now() -> Timestamp {
        origin.wall + (MonotonicClock.milliseconds() - origin.monotonic)
    }
}
