import Glibc

/// The daemon's one reading of `CLOCK_MONOTONIC`: the hub's clock (`HubClock`), the Matter node's time, deadline
/// timers, and `MONOTONIC_USEC=` for the service manager all count from it, so none moves when the system clock is
/// stepped.
package enum MonotonicClock {
    static func nanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    package static func microseconds() -> UInt64 { nanoseconds() / 1000 }

    package static func milliseconds() -> Int64 { Int64(nanoseconds() / 1_000_000) }
}
