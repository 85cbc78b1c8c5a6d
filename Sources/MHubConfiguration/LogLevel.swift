/// How much `mhubd` logs; each level has its syslog priority (RFC 5424 §6.2.1), which journald reads
/// from a `<N>` prefix.
public enum LogLevel: String, Sendable, CaseIterable, Comparable {
    case error
    case warning
    case notice
    case info
    case debug

    public var syslogPriority: Int {
        switch self {
        case .error: 3
        case .warning: 4
        case .notice: 5
        case .info: 6
        case .debug: 7
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.syslogPriority < rhs.syslogPriority
    }
}
