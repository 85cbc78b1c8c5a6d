import Foundation
import MHubClient
import MHubJSON
import Testing

/// A full disk under the real mhubd: its state directory on a small tmpfs filled to the brim.
@Suite(.serialized) struct StorageFailureTests {
    /// A tmpfs of its own, mounted for one test (root only) and unmounted after.
    final class SmallFileSystem {
        let path: String
        private var mounted = false

        init(kibibytes: Int) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("mhubd-full-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let result = try runProcess(
                URL(fileURLWithPath: "/bin/mount"),
                ["-t", "tmpfs", "-o", "size=\(kibibytes)k,mode=0755", "tmpfs", path])
            guard result.status == 0 else { throw TestFailure("mount: \(result.errors)") }
            mounted = true
        }

        /// Writes zeros into `filler` until no byte is left.
        func fill() throws {
            let result = try runProcess(
                URL(fileURLWithPath: "/bin/dd"), ["if=/dev/zero", "of=\(path)/filler", "bs=4k"])
            guard result.errors.contains("No space left on device") else { throw TestFailure("dd: \(result.errors)") }
        }

        func empty() throws {
            try FileManager.default.removeItem(atPath: "\(path)/filler")
        }

        func unmount() {
            guard mounted else { return }
            mounted = false
            _ = try? runProcess(URL(fileURLWithPath: "/bin/umount"), [path])
            try? FileManager.default.removeItem(atPath: path)
        }

        deinit {
            unmount()
        }
    }

    /// The CPU time (user + system) a process has used, in seconds, from /proc/PID/stat.
    static func cpuSeconds(_ pid: pid_t) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The fields after the command name, which is in parentheses and may hold spaces.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        // utime and stime are fields 14 and 15 of proc(5); `fields` starts at field 3.
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func contactState(_ hub: MHubConnection, node: JSONValue) throws -> JSONValue? {
        try hub.call("read_attribute", ["node_id": node, "attribute_path": "1/69/0"])["1/69/0"]
    }

    @Test(.enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
    func aFullDiskAnswersStorageFailedOnceKeepsTimeAndRecovers() throws {
        let disk = try SmallFileSystem(kibibytes: 2048)
        defer { disk.unmount() }
        let daemon = try DaemonHarness(configuration: ["state_directory": .string("\(disk.path)/state")])
        defer { daemon.killHard() }
        try daemon.start()
        // The 4.4 MB write-ahead log does not fit: mhubd says so, gives the space back and runs on.
        #expect(daemon.log.contains("the write-ahead log grows with each commit"), "\(daemon.log)")
        let pid = try #require(daemon.process?.processIdentifier)
        let hub = try daemon.connect(.unix)
        let door = try #require(
            try hub.call("get_simulated_devices").arrayValueForTest.first { $0["name"] == "Door" }?["qr_code"])
        let node = try #require(try hub.call("commission_with_code", ["code": door])["node_id"])
        let before = try #require(try hub.call("create_room", ["name": "before"])["room_id"])
        // The door opens and closes every 100 ms: each change is stored from a timer, with no request.
        _ = try hub.call("set_behavior", ["node_id": node, "behavior": "contact_toggle", "interval_ms": 100])
        let stored = try Self.contactState(hub, node: node)

        try disk.fill()
        // A mutating request is refused once with StorageFailed; the next message is the probe's reply.
        let raw = try RawLineClient(path: daemon.socketPath)
        _ = raw.readMessage()
        raw.write(#"{"message_id": "during", "command": "create_room", "args": {"name": "during"}}"# + "\n")
        let refusal = raw.readReply()
        #expect(refusal?["message_id"] == "during" && refusal?["error_code"] == 221, "\(String(describing: refusal))")
        usleep(500_000)
        raw.write(#"{"message_id": "probe", "command": "get_status"}"# + "\n")
        #expect(raw.readReply()?["message_id"] == "probe")
        #expect(hub.errorCode("rename_room", ["room_id": before, "name": "again"]) == 221)
        // Reads are served, from memory.
        let rooms = try hub.call("get_rooms").arrayValueForTest.compactMap { $0["name"] }
        #expect(rooms.contains("before") && !rooms.contains("during"))
        // No busy loop: the daemon sleeps between the door's changes and its retries.
        let cpuBefore = try Self.cpuSeconds(pid)
        usleep(2_000_000)
        let cpuUsed = try Self.cpuSeconds(pid) - cpuBefore
        #expect(cpuUsed < 0.3, "mhubd used \(cpuUsed) s of CPU in 2 s with a full disk")
        // The commissioning window still closes at its timeout.
        #expect(try hub.call("open_commissioning_window", ["timeout": 1])["open"] == true)
        usleep(1_500_000)
        #expect(try hub.call("get_commissioning_window")["open"] == false)
        // Stop the door at a state that differs from the stored one, so that losing what waited would show.
        var unsaved: JSONValue?
        for _ in 0..<20 {
            _ = try hub.call("set_behavior", ["node_id": node, "behavior": "contact_toggle", "enabled": false])
            unsaved = try Self.contactState(hub, node: node)
            if unsaved != stored { break }
            _ = try hub.call("set_behavior", ["node_id": node, "behavior": "contact_toggle", "interval_ms": 100])
            usleep(150_000)
        }
        #expect(unsaved != nil && unsaved != stored)
        // The failure is logged once, not per attempt.
        #expect(daemon.log.components(separatedBy: "could not commit state: ").count == 2, "\(daemon.log)")

        // Space returns: mutations succeed again, and what waited in memory is committed with them.
        try disk.empty()
        _ = try hub.call("create_room", ["name": "after"])
        #expect(daemon.waitForLog("state committed again"))
        daemon.killHard()
        try daemon.start()
        let restarted = try daemon.connect(.unix)
        let names = try restarted.call("get_rooms").arrayValueForTest.compactMap { $0["name"] }
        #expect(names.contains("before") && names.contains("after") && !names.contains("during"))
        #expect(!names.contains("again"))
        #expect(try Self.contactState(restarted, node: node) == unsaved)
        #expect(daemon.stop() == 0)
    }
}
