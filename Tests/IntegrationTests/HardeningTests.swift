import Foundation
import MHubClient
import Testing

/// mhubd's system calls, traced with strace through a start, clients on both sockets, a reload and a
/// stop, stay within what `systemd/mhubd.service` allows: `MemoryDenyWriteExecute=yes` and
/// `SystemCallFilter=@system-service ~@privileged @resources`. Without systemd as PID 1 the filters
/// cannot be applied here, so the test checks that nothing mhubd does would meet them.
@Suite struct HardeningTests {
    /// One traced call: the process, the name, the arguments and result as strace prints them.
    struct Call {
        var pid: String
        var name: String
        var text: String
    }

    /// The system calls in a syscall-filter group, with nested groups expanded (systemd-analyze).
    func syscalls(in group: String) throws -> Set<String> {
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/systemd-analyze"), ["syscall-filter", group])
        var names: Set<String> = []
        for line in result.output.split(separator: "\n").dropFirst() {
            let item = line.trimmingCharacters(in: .whitespaces)
            if item.isEmpty || item.hasPrefix("#") { continue }
            names.formUnion(item.hasPrefix("@") ? try syscalls(in: item) : [item])
        }
        return names
    }

    /// The calls mhubd made after its `execve`, from an `strace -f -o` file.
    func calls(in trace: String, program: String) -> [Call] {
        var calls: [Call] = []
        var started = false
        for line in trace.split(separator: "\n") {
            guard let match = line.firstMatch(of: /^(\d+) +([a-z0-9_]+)\((.*)$/) else { continue }
            let call = Call(pid: String(match.1), name: String(match.2), text: String(match.3))
            if !started {
                started = call.name == "execve" && call.text.hasPrefix("\"\(program)\"") && call.text.hasSuffix("= 0")
                continue
            }
            calls.append(call)
        }
        return calls
    }

    @Test func mhubdStaysWithinItsUnitsFilters() throws {
        let strace = URL(fileURLWithPath: "/usr/bin/strace")
        try #require(
            FileManager.default.isExecutableFile(atPath: strace.path), "strace (scripts/setup.sh --test-tools)")
        let daemon = try DaemonHarness()
        let trace = daemon.directory.appendingPathComponent("trace.txt").path
        var arguments = ["-f", "-qq", "-o", trace, "--"]
        if geteuid() == 0 {
            // As the service runs: not root (SQLite, for one, calls fchown only as root).
            arguments += ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
            chown(daemon.directory.path, 65534, 65534)
        }
        daemon.launcher = (strace, arguments)
        try daemon.start()
        // Killing strace would leave its tracee running: mhubd itself is stopped, or killed on failure.
        let match = try #require(daemon.log.firstMatch(of: /starting \(pid (\d+)\)/))
        let pid = try #require(pid_t(match.1))
        defer { kill(pid, SIGKILL) }
        for transport in DaemonHarness.Transport.allCases {
            let hub = try daemon.connect(transport)
            _ = try hub.call("get_status")
            if transport == .unix {
                _ = try hub.call("commission_with_code", ["code": .string(DaemonHarness.lampQR)])
                _ = try hub.call("complete_commissioning")
            }
            #expect(try hub.call("get_devices").firstElement?["node_id"] == 1)
            hub.close()
        }
        kill(pid, SIGHUP)
        #expect(daemon.waitForLog("configuration reloaded"))
        kill(pid, SIGTERM)
        #expect(daemon.waitForLog("mhubd stopped"))
        let status = daemon.stop(within: 10)
        #expect(status == 0)

        let calls = calls(in: try String(contentsOfFile: trace, encoding: .utf8), program: Executables.mhubd.path)
        #expect(calls.count > 100)

        // MemoryDenyWriteExecute= (systemd 252's seccomp form): no writable and executable mapping,
        // no mprotect to executable at all, no executable shared memory.
        for call in calls {
            switch call.name {
            case "mmap", "mmap2":
                #expect(!(call.text.contains("PROT_WRITE") && call.text.contains("PROT_EXEC")), "\(call.text)")
            case "mprotect", "pkey_mprotect":
                #expect(!call.text.contains("PROT_EXEC"), "\(call.text)")
            case "shmat":
                #expect(!call.text.contains("SHM_EXEC"), "\(call.text)")
            default: break
            }
        }

        // SystemCallFilter=: every call allowed but one. libdispatch sets each worker thread's nice
        // value (setpriority, in @resources); a refusal it logs and carries on, as it already does here
        // for the raised priorities an unprivileged user is refused (EACCES), so the filter's EPERM
        // changes nothing that matters.
        let allowed = try syscalls(in: "@system-service")
            .subtracting(try syscalls(in: "@privileged")).subtracting(try syscalls(in: "@resources"))
        #expect(allowed.contains("sendto") && !allowed.contains("setuid") && !allowed.contains("setpriority"))
        let outside = Set(calls.map(\.name)).subtracting(allowed)
        #expect(outside.isSubset(of: ["setpriority"]), "\(outside.sorted())")
    }
}
