/// One state change told to the service manager over `$NOTIFY_SOCKET` (sd_notify(3)).
///
/// Several go in one datagram, one `KEY=VALUE` line each, so that the manager sees them together
/// (`READY=1` with the `STATUS=` that says what is ready).
public enum ServiceNotification: Equatable, Sendable {
    /// Start-up, or a reload, is complete: the sockets listen and the state is loaded.
    case ready
    /// A reload begins; `monotonicMicroseconds` is `CLOCK_MONOTONIC` when it began (`MONOTONIC_USEC=`),
    /// which a manager that supports `Type=notify-reload` needs to match the reload to its request.
    case reloading(monotonicMicroseconds: UInt64)
    /// Shutdown begins.
    case stopping
    /// The keep-alive ping of `WatchdogSec=`.
    case watchdog
    /// A line a person reads in `systemctl status`.
    case status(String)

    /// The line as it is sent, without its newline.
    public var line: String {
        switch self {
        case .ready: "READY=1"
        case .reloading(let microseconds): "RELOADING=1\nMONOTONIC_USEC=\(microseconds)"
        case .stopping: "STOPPING=1"
        case .watchdog: "WATCHDOG=1"
        case .status(let text): "STATUS=" + Self.oneLine(text)
        }
    }

    /// The text of one datagram carrying `notifications` in order.
    public static func datagram(_ notifications: [ServiceNotification]) -> String {
        notifications.map(\.line).joined(separator: "\n") + "\n"
    }

    /// A status must stay one line: a newline would start a new assignment.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
