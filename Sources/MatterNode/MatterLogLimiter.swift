import MatterMessage

/// Rate limits for the Matter port's log lines that anyone on the network can cause (`MatterNodeEvent.floodKind`),
/// so a flood of datagrams cannot fill the journal: per kind, the first line of an interval is logged, the rest
/// only counted, and when the interval ends one line says how many there were.
///
/// A value with time as an input: `admit` for each event, `intervalEnded` when `nextDeadline` comes. Under a
/// steady flood that is one line per kind per interval.
public struct MatterLogLimiter: Sendable {
    /// A line to write, at its level.
    public struct Line: Hashable, Sendable {
        public var level: MatterLogLevel
        public var text: String
    }

    private struct Interval: Sendable {
        var ends: MonotonicInstant
        var suppressed = 0
        public var level: MatterLogLevel
    }

    public let intervalMilliseconds: UInt64
    private var intervals: [String: Interval] = [:]

    public init(intervalMilliseconds: UInt64 = 10_000) {
        self.intervalMilliseconds = intervalMilliseconds
    }

    /// When `intervalEnded` has a count to report.
    public var nextDeadline: MonotonicInstant? {
        intervals.values.filter { $0.suppressed > 0 }.map(\.ends).min()
    }

    /// The line for `event`, or nil if its kind already had its line in this interval (then it is counted).
    public mutating func admit(_ event: MatterNodeEvent, now: MonotonicInstant) -> Line? {
        let line = Line(level: event.level, text: event.description)
        guard let kind = event.floodKind else { return line }
        if var interval = intervals[kind], now < interval.ends {
            interval.suppressed += 1
            intervals[kind] = interval
            return nil
        }
        intervals[kind] = Interval(ends: now.advanced(byMilliseconds: intervalMilliseconds), level: event.level)
        return line
    }

    /// The counts of the intervals that have ended by `now`. A kind that was counted starts a new interval at
    /// once, so a flood that goes on gets one count per interval and no single lines.
    public mutating func intervalEnded(now: MonotonicInstant) -> [Line] {
        var lines: [Line] = []
        for kind in intervals.keys.sorted() {
            guard let interval = intervals[kind], interval.ends <= now else { continue }
            guard interval.suppressed > 0 else {
                intervals[kind] = nil
                continue
            }
            lines.append(
                Line(
                    level: interval.level,
                    text: "matter: \(interval.suppressed) more \(kind) in the last \(intervalMilliseconds / 1000) s "
                        + "(logged once per \(intervalMilliseconds / 1000) s)"))
            intervals[kind] = Interval(ends: now.advanced(byMilliseconds: intervalMilliseconds), level: interval.level)
        }
        return lines
    }
}
