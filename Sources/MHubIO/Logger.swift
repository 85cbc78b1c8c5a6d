import Foundation
import MHubCore

/// Writes log lines to standard error, one `write(2)` per line so lines from threads never interleave.
///
/// Under journald (`JOURNAL_STREAM` set) or when stderr is not a terminal, each line starts with its
/// syslog priority as `<N>` (sd-daemon(3)), so the journal keeps levels; on a terminal it starts with
/// the level's name instead.
public struct Logger: Sendable {
    public var level: LogLevel
    private let priorityPrefixes: Bool

    public init(level: LogLevel) {
        self.level = level
        let environment = ProcessInfo.processInfo.environment
        priorityPrefixes = environment["JOURNAL_STREAM"] != nil || isatty(STDERR_FILENO) == 0
    }

    public func log(_ messageLevel: LogLevel, _ message: @autoclosure () -> String) {
        guard messageLevel <= level else { return }
        let prefix = priorityPrefixes ? "<\(messageLevel.syslogPriority)>" : "\(messageLevel.rawValue): "
        let line = Array((prefix + message() + "\n").utf8)
        line.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}
