import Foundation
import MHubClient
import MHubConfiguration
import Testing

/// `mhubd` as systemd runs it: readiness, status, watchdog and stop over a `$NOTIFY_SOCKET` the test
/// binds; reload on SIGHUP; sockets passed by `systemd-socket-activate`.
@Suite struct MHubdServiceTests {
    /// A harness whose mhubd notifies a listener in its directory.
    func notifiedDaemon(environment: [String: String] = [:]) throws -> (DaemonHarness, NotifySocketListener) {
        let daemon = try DaemonHarness()
        let listener = try NotifySocketListener(directory: daemon.directory)
        daemon.environment = environment.merging(["NOTIFY_SOCKET": listener.path]) { $1 }
        return (daemon, listener)
    }

    @Test func readyThenStatusThenStoppingInOrder() throws {
        let (daemon, listener) = try notifiedDaemon()
        try daemon.start()
        #expect(listener.waitForLine { $0 == "READY=1" })
        // The status says what is served, in words, and follows the clients.
        let client = try daemon.connect(.unix)
        #expect(listener.waitForLine(seconds: 5) { $0 == "STATUS=serving 0 nodes, 2 simulated devices, 1 client" })
        client.close()
        #expect(daemon.stop(within: 5) == 0)
        #expect(listener.waitForLine(seconds: 2) { $0 == "STOPPING=1" })

        let lines = listener.lines
        let ready = try #require(lines.firstIndex(of: "READY=1"))
        let status = try #require(lines.firstIndex { $0.hasPrefix("STATUS=serving ") })
        let stopping = try #require(lines.firstIndex(of: "STOPPING=1"))
        #expect(ready < status && status < stopping, "\(lines)")
        #expect(lines[ready + 1] == "STATUS=serving 0 nodes, 2 simulated devices, 0 clients")
        #expect(lines.filter { $0 == "READY=1" }.count == 1)
        #expect(!lines[stopping...].contains { $0 == "READY=1" || $0 == "WATCHDOG=1" })
    }

    @Test func watchdogPingsAtHalfTheInterval() throws {
        let (daemon, listener) = try notifiedDaemon(environment: ["WATCHDOG_USEC": "400000"])
        try daemon.start()
        #expect(listener.waitForLine { $0 == "READY=1" })
        let start = Date()
        Thread.sleep(forTimeInterval: 1.2)
        let pings = listener.messages.filter { $0.text == "WATCHDOG=1\n" && $0.time >= start }.count
        // Every 200 ms: 6 in 1.2 s; the bounds allow for a loaded machine, not for a wrong interval
        // (400 ms would give 3, 100 ms would give 12).
        #expect((4...8).contains(pings), "\(pings) pings in 1.2 s")
        #expect(daemon.stop(within: 5) == 0)
        #expect(daemon.log.contains("watchdog: pinging every 200 ms"))
    }

    @Test func noWatchdogPingsForAnotherProcess() throws {
        let (daemon, listener) = try notifiedDaemon(environment: ["WATCHDOG_USEC": "100000", "WATCHDOG_PID": "1"])
        try daemon.start()
        #expect(listener.waitForLine { $0 == "READY=1" })
        Thread.sleep(forTimeInterval: 0.4)
        #expect(!listener.lines.contains("WATCHDOG=1"))
        #expect(daemon.stop(within: 5) == 0)
    }

    @Test func sigtermDuringACommissioningSessionRollsItBackAndExitsZero() async throws {
        let (daemon, listener) = try notifiedDaemon()
        try daemon.start()
        let owner = try daemon.connect(.unix)
        let watcher = try daemon.connect(.webSocket)
        _ = try await owner.call("prepare_commissioning")
        // The NOC step stalls until the step timeout, so the commissioning is still running when SIGTERM arrives
        // however slowly a loaded machine gets there (realistic timing alone could finish first).
        _ = try await owner.call(
            "set_fault", ["fault": "step_failure", "step": "noc", "mode": "timeout", "once": true])
        let pending = Task {
            try await owner.call(
                "commission_with_code", ["code": .string(DaemonHarness.lampQR), "timing": "realistic"])
        }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, try await watcher.call("get_status")["session"]?["state"] != "commissioning" {
            usleep(20_000)
        }
        #expect(try await watcher.call("get_status")["session"]?["state"] == "commissioning")
        #expect(daemon.stop(within: 5) == 0)
        #expect(daemon.log.contains("rolling back commissioning session"))
        #expect(listener.waitForLine(seconds: 2) { $0 == "STOPPING=1" })
        // The interrupted request fails (ShuttingDown, or the connection closing under it).
        await #expect(throws: (any Error).self) { _ = try await pending.value }

        // Nothing of the session reached the disk: the device is not there, and commissions again.
        try daemon.start()
        let hub = try daemon.connect(.unix)
        #expect(try await hub.call("get_devices") == .array([]))
        _ = try await hub.call("commission_with_code", ["code": .string(DaemonHarness.lampQR)])
        _ = try await hub.call("complete_commissioning")
        #expect(try await hub.call("get_devices").firstElement?["node_id"] != nil)
        #expect(daemon.stop(within: 5) == 0)
    }

    @Test func sighupAppliesRunTimeKeysAndNamesTheOnesThatNeedARestart() throws {
        let (daemon, listener) = try notifiedDaemon()
        try daemon.start()
        let hub = try daemon.connect(.unix)
        #expect(try hub.call("get_status")["timing_profile"] == "instant")

        daemon.extraConfiguration = [
            "log_level": "notice", "hub": ["name": "Renamed"], "commissioning": ["timing_profile": "realistic"],
        ]
        try daemon.writeConfiguration()
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("configuration reloaded"))
        #expect(daemon.log.contains("applied log_level, commissioning.timing_profile"))
        #expect(daemon.waitForLog("take effect only after a restart: hub.name"))
        #expect(try hub.call("get_status")["timing_profile"] == "realistic")
        #expect(try hub.call("get_status")["hub_name"] == "mhub")

        // Debug lines (a client connecting) stop at the new level.
        let before = daemon.log
        let second = try daemon.connect(.unix)
        _ = try second.call("get_status")
        second.close()
        #expect(!daemon.log.dropFirst(before.count).contains("connected"))

        #expect(listener.waitForLine { $0 == "RELOADING=1" })
        let lines = listener.lines
        let reloading = try #require(lines.firstIndex(of: "RELOADING=1"))
        #expect(lines[reloading + 1].wholeMatch(of: /MONOTONIC_USEC=\d+/) != nil)
        #expect(lines[reloading...].contains("READY=1"))
        #expect(daemon.stop(within: 5) == 0)
    }

    @Test func sighupWithABadFileRejectsItAndKeepsServing() throws {
        let (daemon, listener) = try notifiedDaemon()
        try daemon.start()
        let hub = try daemon.connect(.webSocket)
        try daemon.writeConfiguration(#"{"log_level": "loud"}"#)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("configuration reload rejected"))
        #expect(daemon.log.contains("log_level: \(daemon.configurationPath): must be one of"))
        #expect(daemon.log.contains("the running configuration stays"))
        #expect(try hub.call("get_status")["online"] == true)
        // Still at debug level: a new client is logged.
        let second = try daemon.connect(.unix)
        #expect(daemon.waitForLog("client 2 connected", seconds: 5))
        second.close()
        // The manager heard the reload end, and the status says it was rejected.
        #expect(listener.waitForLine { $0.hasPrefix("STATUS=") && $0.contains("last reload rejected: log_level") })
        let lines = listener.lines
        let reloading = try #require(lines.firstIndex(of: "RELOADING=1"))
        #expect(lines[reloading...].contains("READY=1"))

        // A good file is taken again and the rejection leaves the status.
        try daemon.writeConfiguration()
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("nothing to apply"))
        #expect(listener.waitForLine { $0 == "STATUS=serving 0 nodes, 2 simulated devices, 1 client" })
        #expect(daemon.stop(within: 5) == 0)
    }

    @Test func socketActivationServesBothPassedSockets() throws {
        let daemon = try DaemonHarness()
        let controlPath = daemon.directory.appendingPathComponent("activated.sock").path
        let port = try freeTCPPort()
        daemon.launcher = (
            URL(fileURLWithPath: "/usr/bin/systemd-socket-activate"),
            ["-l", controlPath, "-l", "127.0.0.1:\(port)", "--fdname=control:websocket"]
        )
        try daemon.start(waitUntilReady: false)
        // systemd-socket-activate listens at once and starts mhubd on the first connection. Its socket's file
        // appears when it binds, a moment before it listens: a connection in between is refused, so it is retried.
        let deadline = Date().addingTimeInterval(10)
        var connected: MHubConnection?
        while connected == nil {
            do {
                connected = try MHubConnection.connect(to: .unix(path: controlPath))
            } catch {
                guard Date() < deadline else { throw error }
                usleep(5_000)
            }
        }
        let unix = try #require(connected)
        try daemon.waitUntilReady()
        let webSocket = try MHubConnection.connect(
            to: .webSocket(host: "127.0.0.1", port: port, path: "/ws", token: nil))
        for hub in [unix, webSocket] {
            #expect(try hub.call("server_info")["schema_version"] == 11)
        }
        #expect(daemon.log.contains("listening on unix:\(controlPath) (passed by the service manager)"))
        #expect(daemon.log.contains("listening on ws://127.0.0.1:\(port)/ws (passed by the service manager)"))
        // It opened none of its own: the configured socket path was never bound.
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        #expect(daemon.stop(within: 5) == 0)
        // The socket file belongs to the manager, which keeps listening on it for the next start.
        #expect(FileManager.default.fileExists(atPath: controlPath))
    }

    /// A port nothing listens on at the moment (the kernel picks it).
    func freeTCPPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw TestFailure("no free port") }
        return UInt16(bigEndian: address.sin_port)
    }
}
