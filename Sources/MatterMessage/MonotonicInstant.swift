/// A reading of a monotonic clock in milliseconds from an arbitrary origin.
///
/// State machines never read a clock: their owner passes the current instant in, and they answer with the
/// instants at which they want to be called again.
public struct MonotonicInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var milliseconds: UInt64

    public init(milliseconds: UInt64) {
        self.milliseconds = milliseconds
    }

    /// This instant moved `milliseconds` later (saturating at the end of time).
    public func advanced(byMilliseconds milliseconds: UInt64) -> MonotonicInstant {
        MonotonicInstant(
            milliseconds: self.milliseconds.addingReportingOverflow(milliseconds).overflow
                ? .max : self.milliseconds + milliseconds)
    }

    /// Milliseconds from `earlier` to this instant, 0 if `earlier` is later.
    public func milliseconds(since earlier: MonotonicInstant) -> UInt64 {
        milliseconds >= earlier.milliseconds ? milliseconds - earlier.milliseconds : 0
    }

    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    public var description: String {
        "\(milliseconds) ms"
    }
}

extension MonotonicInstant {
    /// The clock's origin, 0 ms: where manual clocks in tests start.
    public static let origin = MonotonicInstant(milliseconds: 0)
}
