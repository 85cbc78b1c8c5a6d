/// The keep-alive pings the service manager asks for with `WatchdogSec=`, read from `WATCHDOG_USEC`
/// and `WATCHDOG_PID` as `sd_watchdog_enabled(3)` reads them.
public struct WatchdogRequest: Equatable, Sendable {
    /// The watchdog timeout: the manager acts when no ping arrives for this long.
    public var timeoutMicroseconds: UInt64

    public init(timeoutMicroseconds: UInt64) {
        self.timeoutMicroseconds = timeoutMicroseconds
    }

    /// How often to ping: half the timeout, as sd_watchdog_enabled(3) recommends, so one late ping is
    /// not yet a failure; never under one millisecond.
    public var pingIntervalMicroseconds: UInt64 {
        max(timeoutMicroseconds / 2, 1000)
    }

    /// `nil` when no watchdog is asked of this process: `WATCHDOG_USEC` missing, not a positive
    /// number, or `WATCHDOG_PID` naming another process.
    public static func parse(_ environment: [String: String], processID: Int32) -> WatchdogRequest? {
        guard let text = environment["WATCHDOG_USEC"], let timeout = UInt64(text), timeout > 0 else { return nil }
        if let pidText = environment["WATCHDOG_PID"] {
            guard let pid = Int32(pidText), pid == processID else { return nil }
        }
        return WatchdogRequest(timeoutMicroseconds: timeout)
    }
}
