import Foundation

/// The process's open-file limit.
enum FileDescriptorLimit {
    /// Raises the soft limit to the hard one, as servers that hold many connections do; returns the
    /// new soft limit. (The default soft limit, 1024, would cap mhubd below a thousand clients.)
    @discardableResult
    static func raiseToHardLimit() -> UInt64 {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return UInt64(limit.rlim_cur)
    }
}
