import Foundation

/// A server the benchmark started, by PID; its output goes to a log file.
final class ServerProcess {
    let name: String
    let process: ChildProcess
    let logPath: String

    /// Starts `executable` with `arguments`; returns once it has been spawned (not once it is ready).
    init(name: String, executable: String, arguments: [String], environment: [String: String] = [:], logPath: String)
        throws
    {
        self.name = name
        self.logPath = logPath
        let log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard log >= 0 else { throw BenchFailure("cannot open \(logPath): \(String(cString: strerror(errno)))") }
        defer { close(log) }
        process = try ChildProcess(
            executable, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            output: log, error: log)
    }

    var pid: Int32 { process.pid }

    /// Resident set size in bytes (VmRSS of /proc/PID/status), or nil once the process is gone.
    var residentBytes: Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kilobytes = Double(fields[1]) { return kilobytes * 1024 }
        }
        return nil
    }

    /// SIGTERM, then SIGKILL if it is still there after `grace` seconds; waits for it either way.
    func stop(grace: Double = 10) {
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = monotonicSeconds() + grace
        while process.isRunning && monotonicSeconds() < deadline { pause(0.01) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.wait()
    }

    /// The end of the log, for error messages.
    var logTail: String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(15).joined(separator: "\n")
    }
}

/// A TCP port nothing listens on right now (the kernel's choice for port 0), for a server started next.
func freePort() throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
        }
    }
    guard bound else { throw BenchFailure("cannot find a free port: \(String(cString: strerror(errno)))") }
    return UInt16(bigEndian: address.sin_port)
}
