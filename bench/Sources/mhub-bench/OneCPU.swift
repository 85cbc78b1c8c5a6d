import Foundation

/// Runs `body` with the calling thread and every thread of the servers (the process trees from `serverPIDs`) on one
/// CPU, then lets them all run on every CPU again.
///
/// A round trip on this 2-CPU virtual machine costs what the scheduler makes of it: with the client and the server
/// on one CPU about 15 µs for the floor, on two CPUs 55–65 µs (waking a thread on the other virtual CPU), and a run
/// gets one or the other by chance, so unpinned round trips of the same server differ 3× from run to run. Pinned,
/// every server is measured the same way. `taskset` (util-linux) does the pinning, since Swift's Glibc module has no
/// `sched_setaffinity`.
func onOneCPU<Result>(withServers serverPIDs: [Int32], _ body: () throws -> Result) throws -> Result {
    let everyCPU = "0-\(max(ProcessInfo.processInfo.activeProcessorCount - 1, 0))"
    let thread = try callingThreadID()
    try pin(thread: thread, to: "0")
    for pid in serverPIDs.flatMap(processTree) { try pin(process: pid, to: "0") }
    defer {
        for pid in serverPIDs.flatMap(processTree) { try? pin(process: pid, to: everyCPU) }
        try? pin(thread: thread, to: everyCPU)
    }
    return try body()
}

/// This thread's ID, from `/proc/thread-self` (`<pid>/task/<tid>`).
private func callingThreadID() throws -> Int32 {
    let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
    guard let tid = target.split(separator: "/").last.flatMap({ Int32($0) }) else {
        throw BenchFailure("cannot read this thread's ID from /proc/thread-self (\(target))")
    }
    return tid
}

/// `pid` and its descendants, from the parent IDs in `/proc/*/stat`.
private func processTree(from pid: Int32) -> [Int32] {
    var parents: [Int32: Int32] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let child = Int32(entry),
            let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { continue }
        // After "pid (name) ": the state, then the parent's ID.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        if fields.count > 1, let parent = Int32(fields[1]) { parents[child] = parent }
    }
    var tree = [pid]
    var index = 0
    while index < tree.count {
        tree += parents.filter { $0.value == tree[index] }.map(\.key)
        index += 1
    }
    return tree
}

/// A process that ended meanwhile needs no pinning.
private func pin(process pid: Int32, to cpus: String) throws {
    do {
        try taskset(["-a", "-p", "-c", cpus, "\(pid)"])
    } catch  where !FileManager.default.fileExists(atPath: "/proc/\(pid)") {}
}

private func pin(thread tid: Int32, to cpus: String) throws {
    try taskset(["-p", "-c", cpus, "\(tid)"])
}

private func taskset(_ arguments: [String]) throws {
    let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
    defer { close(devNull) }
    let status = try ChildProcess("/usr/bin/taskset", arguments, output: devNull, error: devNull).wait()
    guard status == 0 else {
        throw BenchFailure("taskset \(arguments.joined(separator: " ")) failed (\(status))")
    }
}
