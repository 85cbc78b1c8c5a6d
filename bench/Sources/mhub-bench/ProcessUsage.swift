import Foundation

/// What a process holds and has used so far, read from /proc: for its cost while idle (two readings apart).
struct ProcessUsage {
    /// User and system CPU time (`utime` + `stime` of /proc/PID/stat), in clock ticks' resolution.
    var cpuSeconds: Double
    /// Each thread alive now by its ID: its run time (the first field of /proc/PID/task/TID/schedstat, in
    /// nanoseconds' resolution: an idle process's few milliseconds in 10 s are below the ticks' 10 ms) and its
    /// voluntary and involuntary context switches (how often it woke up).
    var threadUsage: [String: (runSeconds: Double, contextSwitches: Int)]
    var residentBytes: Double
    var descriptors: Int
    var threads: Int

    /// The process's usage now, or nil once it is gone.
    static func read(pid: pid_t) -> ProcessUsage? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"),
            let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        else { return nil }
        // The fields after the command's closing parenthesis, from field 3 (state): utime and stime are 14 and 15.
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var threadUsage: [String: (runSeconds: Double, contextSwitches: Int)] = [:]
        for task in tasks {
            let directory = "/proc/\(pid)/task/\(task)"
            guard let schedstat = try? String(contentsOfFile: directory + "/schedstat", encoding: .utf8),
                let first = schedstat.split(separator: " ").first, let nanoseconds = Double(first),
                let taskStatus = try? String(contentsOfFile: directory + "/status", encoding: .utf8)
            else { continue }  // gone since the listing
            threadUsage[task] = (
                nanoseconds / 1e9,
                field("voluntary_ctxt_switches", of: taskStatus) + field("nonvoluntary_ctxt_switches", of: taskStatus)
            )
        }
        return ProcessUsage(
            cpuSeconds: (user + system) / ticks, threadUsage: threadUsage,
            residentBytes: Double(field("VmRSS", of: status)) * 1024, descriptors: descriptors.count,
            threads: field("Threads", of: status))
    }

    /// The number after `name:` in a /proc status text, or 0.
    private static func field(_ name: String, of status: String) -> Int {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
                ?? 0
        }
        return 0
    }
}

/// A process's usage over an idle interval: CPU and wake-ups between two readings, the rest at the end.
struct IdleUsage {
    var cpuSeconds: Double
    /// The threads' run time in the interval: each thread's growth, from zero for a thread that began in it (a
    /// thread that ended in it is left out: its time is no longer readable, and an idle worker ends idle).
    var threadRunSeconds: Double
    var contextSwitches: Int
    var end: ProcessUsage

    /// Reads each of `pids`, waits `seconds` while nobody talks to them, reads them again.
    static func measure(_ pids: [pid_t], seconds: Double) throws -> [IdleUsage] {
        let before = try pids.map { pid in
            guard let usage = ProcessUsage.read(pid: pid) else { throw BenchFailure("process \(pid) is gone") }
            return usage
        }
        pause(seconds)
        return try zip(pids, before).map { pid, start in
            guard let end = ProcessUsage.read(pid: pid) else { throw BenchFailure("process \(pid) is gone") }
            var (run, switches) = (0.0, 0)
            for (thread, now) in end.threadUsage {
                let then = start.threadUsage[thread] ?? (0, 0)
                run += now.runSeconds - then.runSeconds
                switches += now.contextSwitches - then.contextSwitches
            }
            return IdleUsage(
                cpuSeconds: end.cpuSeconds - start.cpuSeconds, threadRunSeconds: run, contextSwitches: switches,
                end: end)
        }
    }
}
