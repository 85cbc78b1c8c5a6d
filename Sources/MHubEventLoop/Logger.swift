import Foundation
import MHubConfiguration
import Synchronization

/// Writes log lines to standard error, one `write(2)` per line so lines from threads never interleave.
///
/// When standard error is the journal's stream (its device and inode are the ones `$JOURNAL_STREAM`
/// names, systemd.exec(5)) or any other non-terminal, each line starts with its syslog priority as
/// `<N>` (sd-daemon(3)), so the journal keeps levels; on a terminal it starts with the level's name,
/// even when `$JOURNAL_STREAM` was inherited from a service.
public struct Logger: Sendable {
    /// The least severe level logged.
    ///
    /// Copies of a logger share it, so a reload (SIGHUP) changes it for every part of the daemon at once.
    public var level: LogLevel {
        get { LogLevel.allCases[shared.levelIndex.load(ordering: .relaxed)] }
        nonmutating set { shared.levelIndex.store(newValue.index, ordering: .relaxed) }
    }
    private let shared: SharedLevel
    private let priorityPrefixes: Bool

    public init(level: LogLevel) {
        shared = SharedLevel(level.index)
        var status = stat()
        let standardError = fstat(STDERR_FILENO, &status) == 0 ? (UInt64(status.st_dev), UInt64(status.st_ino)) : nil
        priorityPrefixes = Self.usesPriorityPrefixes(
            journalStream: ProcessInfo.processInfo.environment["JOURNAL_STREAM"].flatMap(JournalStream.init),
            standardError: standardError, isTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// Whether lines carry `<N>` priorities: on the journal's own stream, and on any non-terminal.
    static func usesPriorityPrefixes(
        journalStream: JournalStream?, standardError: (device: UInt64, inode: UInt64)?, isTerminal: Bool
    ) -> Bool {
        if let journalStream, let standardError,
            journalStream == JournalStream(device: standardError.device, inode: standardError.inode)
        {
            return true
        }
        return !isTerminal
    }

    /// Whether a line at `messageLevel` is written: one atomic load, no array (`LogLevel.allCases` makes one each time),
    /// since the hub service asks for every input.
    public func logs(_ messageLevel: LogLevel) -> Bool {
        messageLevel.index <= shared.levelIndex.load(ordering: .relaxed)
    }

    public func log(_ messageLevel: LogLevel, _ message: @autoclosure () -> String) {
        guard logs(messageLevel) else { return }
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

    /// The level every copy of one logger reads, as an index into `LogLevel.allCases`.
    private final class SharedLevel: Sendable {
        let levelIndex: Atomic<Int>

        init(_ index: Int) {
            levelIndex = Atomic(index)
        }
    }
}

extension LogLevel {
    /// Its place in `allCases`, most severe first.
    fileprivate var index: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .notice: 2
        case .info: 3
        case .debug: 4
        }
    }
}
