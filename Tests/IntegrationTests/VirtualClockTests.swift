import DNSSDPeerSupport
import Foundation
import MHubClient
import MHubJSON
import MHubTesting
import Testing

/// `mhubd --clock virtual`: the hub's timers move only by `advance_clock`, each deadline at its own time and in
/// order, their events before the advance's reply.
@Suite struct VirtualClockTests {
    static let start: Int64 = 1_767_225_600_000

    func virtualHub(_ configuration: JSONValue? = nil) throws -> MHubTestHub {
        try MHubTestHub.start(.init(configuration: configuration, arguments: ["--clock", "virtual"]))
    }

    /// Messages on `client` up to and including the reply to `messageID`.
    func messages(_ client: RawLineClient, through messageID: String) -> [JSONValue] {
        var seen: [JSONValue] = []
        while let message = client.readMessage() {
            seen.append(message)
            if message["message_id"] == .string(messageID) { break }
        }
        return seen
    }

    @Test func onTheRealClockAnAdvanceIsRefused() throws {
        try MHubTestHub.with { hub in
            let client = try hub.connect()
            guard case .object(let clock) = try client.call("get_clock") else { throw TestFailure("get_clock") }
            #expect(clock["clock"] == "real")
            do {
                _ = try client.call("advance_clock", ["milliseconds": 1000])
                Issue.record("advance_clock succeeded on the real clock")
            } catch let error as MHubClientError {
                #expect(error.code == 240 && error.name == "ClockNotVirtual", "\(error)")
            }
        }
    }

    @Test func deadlinesPassInOrderDuringAnAdvanceEachAtItsTimeAndBeforeTheReply() throws {
        let hub = try virtualHub(["commissioning": ["session_timeout_s": 300]])
        defer { hub.stop() }
        #expect(hub.ready.json["clock"] == "virtual")
        let client = try RawLineClient(path: try #require(hub.ready.unixSocketPath))
        _ = client.readMessage()  // server info
        client.write(#"{"message_id":"l","command":"start_listening","args":{"events":"all"}}"# + "\n")
        _ = messages(client, through: "l")
        client.write(#"{"message_id":"c","command":"get_clock"}"# + "\n")
        let clock = messages(client, through: "c").last
        #expect(clock?["result"]?["now"] == .integer(Self.start), "\(String(describing: clock))")
        client.write(#"{"message_id":"w","command":"open_commissioning_window","args":{"timeout":120}}"# + "\n")
        client.write(#"{"message_id":"p","command":"prepare_commissioning"}"# + "\n")
        _ = messages(client, through: "p")

        client.write(#"{"message_id":"a1","command":"advance_clock","args":{"milliseconds":119999}}"# + "\n")
        let early = messages(client, through: "a1")
        #expect(early.count == 1, "nothing is due before 120 s: \(early)")
        #expect(early.last?["result"]?["now"] == .integer(Self.start + 119_999))

        client.write(#"{"message_id":"a2","command":"advance_clock","args":{"milliseconds":600000}}"# + "\n")
        let later = messages(client, through: "a2")
        let events = later.compactMap { message -> String? in
            guard case .string(let name)? = message["event"] else { return nil }
            let data = message["data"] ?? .null
            switch name {
            case "commissioning_window_updated": return "window open=\(JSONWriter.compact(data["open"] ?? .null))"
            case "session_updated": return "session \(JSONWriter.compact(data))"
            default: return name
            }
        }
        #expect(events.first == "window open=false", "the window (120 s) closes before the session (300 s): \(events)")
        #expect(events.contains { $0.hasPrefix("session") }, "\(events)")
        #expect(later.last?["result"]?["now"] == .integer(Self.start + 719_999))
        client.write(#"{"message_id":"s","command":"get_session"}"# + "\n")
        #expect(messages(client, through: "s").last?["result"] == .null, "the session expired during the advance")
    }

    @Test func withoutAnAdvanceNoDeadlinePasses() throws {
        let hub = try virtualHub(["commissioning": ["disconnect_grace_ms": 100]])
        defer { hub.stop() }
        let owner = try hub.connect()
        _ = try owner.call("prepare_commissioning")
        owner.close()
        let client = try hub.connect()
        // A real 100 ms grace would have rolled the session back long before this.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try client.call("get_session") != .null, "the grace passed on the real clock")
        _ = try client.call("advance_clock", ["milliseconds": 100])
        #expect(try client.call("get_session") == .null, "the grace did not pass on the virtual clock")
    }

    @Test func badAdvancesAreRefusedAndChangeNothing() throws {
        let hub = try virtualHub()
        defer { hub.stop() }
        let client = try hub.connect()
        for args: [String: JSONValue] in [[:], ["milliseconds": -1], ["milliseconds": "10s"], ["ms": 5]] {
            do {
                _ = try client.call("advance_clock", args)
                Issue.record("advance_clock \(args) succeeded")
            } catch {
                #expect(error.code == 8, "\(args): \(error)")
            }
        }
        #expect(try client.call("get_clock")["now"] == .integer(Self.start))
        let reader = try hub.connectWebSocket(asAdmin: false)
        do {
            _ = try reader.call("advance_clock", ["milliseconds": 1])
            Issue.record("a tokenless client advanced the clock")
        } catch {
            #expect(error.name == "Unauthorized", "\(error)")
        }
    }
}

/// What an advance changed is on disk once its reply has come: the advance commits once, at its end, before it
/// answers.
@Suite struct VirtualClockDurabilityTests {
    @Test func anAdvancesChangesSurviveAKillRightAfterItsReply() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mhub-vc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = directory.appendingPathComponent("lamp.json")
        try Data(
            #"""
            {"mhub_scenario": 1, "name": "lamp",
             "devices": [{"id": "lamp", "template": "dimmable-light", "name": "Lamp"}],
             "timeline": [
               {"at": "1s", "set_attribute": {"device": "lamp", "attribute_path": "1/OnOff/onOff", "value": true}},
               {"at": "2s", "set_attribute": {"device": "lamp", "attribute_path": "1/LevelControl/currentLevel", "value": 77}}
             ]}
            """#.utf8
        ).write(to: scenario)
        func start(_ extra: [String]) throws -> (Process, String) {
            let ready = directory.appendingPathComponent("ready-\(UUID().uuidString).json").path
            let process = Process()
            process.executableURL = Executables.mhubd
            process.arguments =
                [
                    "--state-dir", directory.appendingPathComponent("state").path, "--socket",
                    directory.appendingPathComponent("s.sock").path, "--port", "0", "--matter-port", "0", "--udc-port",
                    "0", "--homekit-port", "0", "--no-dns-sd", "--ready-file", ready,
                ] + extra
            process.standardError = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            try process.runSerialized()
            let deadline = Date().addingTimeInterval(20)
            while !FileManager.default.fileExists(atPath: ready) && Date() < deadline && process.isRunning {
                usleep(5_000)
            }
            return (process, directory.appendingPathComponent("s.sock").path)
        }
        let (first, socket) = try start(["--clock", "virtual", "--scenario", scenario.path])
        let client = try MHubConnection.connect(to: .unix(path: socket))
        _ = try client.call("advance_clock", ["milliseconds": 5000])
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let (second, again) = try start([])
        defer {
            kill(second.processIdentifier, SIGTERM)
            second.waitUntilExit()
        }
        let values = try MHubConnection.connect(to: .unix(path: again)).call(
            "read_attribute", ["node_id": 1, "attribute_path": ["1/6/0", "1/8/0"]])
        #expect(values == ["1/6/0": true, "1/8/0": 77], "\(values)")
    }
}
