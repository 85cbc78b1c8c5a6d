import Foundation

/// Monotonic seconds, for timing (CLOCK_MONOTONIC: not moved by changes of the wall clock).
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Sleeps for `seconds` (fractions allowed).
func pause(_ seconds: Double) {
    usleep(UInt32(max(0, seconds) * 1e6))
}

/// A failure that stops the benchmark run, with what went wrong.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Raises this process's open-file limit to its hard limit (1,000 clients need more than the default 1,024).
func raiseOpenFileLimit() {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = limit.rlim_max
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
