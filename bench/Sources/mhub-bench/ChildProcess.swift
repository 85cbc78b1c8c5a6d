import CLinux
import Foundation

/// A program the benchmark runs, spawned with `posix_spawn` and reaped with `waitpid` on its own PID.
///
/// Not Foundation's `Process`: on Linux it learns of a child's exit when a socket the child inherits is closed by
/// every process holding it, so a daemon the child starts (`dbus-daemon --fork`, from the commissioning script's
/// network set-up) keeps `waitUntilExit` waiting on a zombie for ever (a full run hung so, its results unwritten).
/// `waitpid` on the child's PID does not care who else is alive. Every descriptor but the three given is closed in
/// the child (a thousand listener sockets must not outlive the bench in a server), its signal mask is empty and
/// SIGPIPE, which the bench ignores, is back to its default.
final class ChildProcess {
    let pid: pid_t
    private var status: Int32?

    /// Starts `executable` (a path) with `arguments`, standard input from /dev/null and standard output and error
    /// to the descriptors given (the bench's own when nil).
    init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, output: Int32? = nil,
        error: Int32? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let output { posix_spawn_file_actions_adddup2(&actions, output, 1) }
        if let error { posix_spawn_file_actions_adddup2(&actions, error, 2) }
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw BenchFailure("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
    }

    /// Whether it has not exited yet (it is reaped once it has).
    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
        status = Self.exitStatus(raw)
        return false
    }

    /// Waits for it to exit; its exit code, or 128 + the signal that ended it.
    @discardableResult
    func wait() -> Int32 {
        while status == nil {
            var raw: Int32 = 0
            let reaped = waitpid(pid, &raw, 0)
            if reaped == pid {
                status = Self.exitStatus(raw)
            } else if reaped < 0 && errno != EINTR {
                status = -1
            }
        }
        return status ?? -1
    }

    /// The exit code in `waitpid`'s status, or 128 + the terminating signal (wait(2)'s WIFEXITED and WTERMSIG).
    private static func exitStatus(_ raw: Int32) -> Int32 {
        raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }

    /// Runs `executable` to its end and returns its exit status and everything it wrote to standard output (its
    /// standard error is the bench's).
    static func output(of executable: String, _ arguments: [String]) throws -> (status: Int32, output: [UInt8]) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw BenchFailure("pipe: \(String(cString: strerror(errno)))")
        }
        let child: ChildProcess
        do {
            child = try ChildProcess(executable, arguments, output: ends[1])
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        defer { close(ends[0]) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count > 0 {
                output += buffer[0..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        return (child.wait(), output)
    }
}
