import Foundation
import MHubClient
import MHubConfiguration
import Testing

/// Bounded robustness runs: many clients at once, and kill -9 at random moments.
@Suite(.serialized) struct LoadAndCrashTests {
    /// Raises this process's open-file limit so it can hold a thousand sockets.
    static func raiseFileLimit() {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// After SIGTERM the database file alone holds every commit, as someone who copies it after a stop expects: the
    /// write-ahead log is emptied into it (it held them until the next start before).
    @Test func aCleanStopLeavesEveryCommitInTheDatabaseFile() throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let hub = try daemon.connect(.unix)
        _ = try hub.call("create_room", ["name": "Copied"])
        #expect(daemon.stop() == 0)
        let copy = daemon.databasePath + ".copy"
        try FileManager.default.copyItem(atPath: daemon.databasePath, toPath: copy)
        #expect(!FileManager.default.fileExists(atPath: copy + "-wal"))
        let rooms = try runProcess(URL(fileURLWithPath: "/usr/bin/sqlite3"), [copy, "SELECT name FROM rooms;"])
        #expect(rooms.output == "Copied\n", "\(rooms.output) \(rooms.errors)")
        let log = try #require(try FileManager.default.attributesOfItem(atPath: daemon.databasePath + "-wal")[.size])
        #expect(log as? Int == 0)
    }

    @Test func aThousandConcurrentClientsAreAllServed() throws {
        Self.raiseFileLimit()
        // One principal (this user) holds all of them: above the default per-principal limit.
        let daemon = try DaemonHarness(
            configuration: ["log_level": "info", "control": ["max_connections_per_principal": 2000]])
        try daemon.start()
        var clients: [RawLineClient] = []
        for _ in 0..<1000 {
            clients.append(try RawLineClient(path: daemon.socketPath))
        }
        // Every one got the server info, then every one gets its own reply.
        for client in clients {
            #expect(client.readMessage()?["schema_version"] == 11)
        }
        for (index, client) in clients.enumerated() {
            client.write("{\"message_id\": \"\(index)\", \"command\": \"get_status\"}\n")
        }
        var answered = 0
        for (index, client) in clients.enumerated() {
            let reply = client.readReply()
            if reply?["message_id"] == .string(String(index)) && reply?["result"]?["online"] == true {
                answered += 1
            }
        }
        #expect(answered == 1000)
        // Half vanish abruptly; the rest are still served.
        for client in clients.prefix(500) {
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(client.fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        }
        clients.removeFirst(500)
        let hub = try daemon.connect(.webSocket)
        #expect(try hub.call("get_status")["listeners"] == 0)
        clients[0].write("{\"message_id\": \"last\", \"command\": \"server_info\"}\n")
        #expect(clients[0].readReply()?["message_id"] == "last")
        #expect(daemon.stop() == 0)
    }

    /// With either `storage_sync`: kill -9 leaves what mhubd wrote with the kernel, synced or not.
    @Test(arguments: ["full", "normal"])
    func acknowledgedChangesSurviveKillDashNineTwentyTimes(storageSync: String) throws {
        let daemon = try DaemonHarness(configuration: ["storage_sync": .string(storageSync)])
        var acknowledged: [String] = []
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            try daemon.start()
            let hub = try daemon.connect(.unix)
            // Mutations go on until the daemon is killed at a random moment.
            let deadline = Date().addingTimeInterval(Double.random(in: 0.02...0.15, using: &generator))
            var index = 0
            while Date() < deadline {
                let name = "r\(round)-\(index)"
                if (try? hub.call("create_room", ["name": .string(name)])) != nil {
                    acknowledged.append(name)
                }
                index += 1
            }
            let inFlight = DispatchQueue(label: "in-flight")
            inFlight.async {
                for extra in 0..<50 {
                    _ = try? hub.call("create_room", ["name": .string("r\(round)-extra-\(extra)")], timeout: 2)
                }
            }
            daemon.killHard()
            hub.close()
        }
        try daemon.start()
        let hub = try daemon.connect(.unix)
        guard case .array(let rooms) = try hub.call("get_rooms") else {
            Issue.record("no rooms list")
            return
        }
        let stored = Set(
            rooms.compactMap { room -> String? in if case .string(let name)? = room["name"] { name } else { nil } })
        let lost = acknowledged.filter { !stored.contains($0) }
        #expect(lost.isEmpty, "acknowledged but lost: \(lost.prefix(5))")
        #expect(acknowledged.count > 20)
        #expect(daemon.stop() == 0)
        // The database is sound (sqlite3 from Debian, as a second opinion).
        let check = try runProcess(
            URL(fileURLWithPath: "/usr/bin/sqlite3"), [daemon.databasePath, "PRAGMA integrity_check;"])
        #expect(check.output == "ok\n")
    }

    /// One `create_room` request per name, as lines written in one go.
    /// One `add_simulated_device` request per name, as lines written in one go (simulated devices: the quota
    /// of thousands leaves room for every burst, where rooms stop at 256 per structure).
    static func addDevices(_ names: [String]) -> String {
        names.map {
            #"{"message_id": "\#($0)", "command": "add_simulated_device", "args": {"template": "on-off-light", "name": "\#($0)"}}"#
                + "\n"
        }
        .joined()
    }

    /// Group commit: a burst that arrives in one read is committed in one transaction, and still no reply
    /// leaves before its change is on disk.
    @Test func pipelinedBurstsAreAnsweredInOrderAndSurviveKillDashNine() throws {
        let daemon = try DaemonHarness(configuration: ["log_level": "info"])
        var acknowledged: [String] = []
        var generator = SystemRandomNumberGenerator()
        for round in 0..<10 {
            try daemon.start()
            let client = try RawLineClient(path: daemon.socketPath)
            _ = client.readMessage()
            let deadline = Date().addingTimeInterval(Double.random(in: 0.05...0.2, using: &generator))
            var burst = 0
            while Date() < deadline {
                let names = (0..<50).map { "p\(round)-\(burst)-\($0)" }
                client.write(Self.addDevices(names))
                for name in names {
                    let reply = try #require(client.readReply())
                    #expect(reply["message_id"] == .string(name))
                    if reply["result"]?["name"] == .string(name) { acknowledged.append(name) }
                }
                burst += 1
            }
            // One more burst in flight while the daemon dies: what was answered of it must be there.
            let names = (0..<200).map { "p\(round)-last-\($0)" }
            client.write(Self.addDevices(names))
            usleep(UInt32.random(in: 0...3000, using: &generator))
            daemon.killHard()
            // What it answered before it died is still in the socket.
            while let reply = client.readReply() {
                if case .string(let name)? = reply["result"]?["name"] { acknowledged.append(name) }
            }
        }
        try daemon.start()
        let hub = try daemon.connect(.unix)
        let stored = Set(
            try hub.call("get_simulated_devices").arrayValueForTest.compactMap { device -> String? in
                if case .string(let name)? = device["name"] { name } else { nil }
            })
        let lost = acknowledged.filter { !stored.contains($0) }
        #expect(lost.isEmpty, "acknowledged but lost: \(lost.prefix(5))")
        #expect(acknowledged.count > 500)
        #expect(daemon.stop() == 0)
    }
}
