import DNSSDPeerSupport
import Foundation
import MHubClient
import MHubJSON
import MHubTestSupport
import MHubTesting
import Testing

/// `mhubd --ephemeral --record-inputs PATH` driven through the client, stopped, and its journal replayed with
/// `mhubd --replay PATH`: the same replies; one reply changed in the journal is a divergence at its line.
/// `mhubctl record --inputs FILE`, following the same hub, writes the same lines, up to the shutdown.
@Suite struct InputJournalIntegrationTests {
    /// A scenario whose timeline turns the lamp off 10 s in.
    static let scenario = #"""
        {"mhub_scenario": 1, "name": "journal", "devices": [{"id": "lamp", "template": "on-off-light", "name": "Lamp",
         "network": "ethernet", "attributes": {"1/OnOff/onOff": true}}],
         "timeline": [{"at": "10s", "set_attribute": {"device": "lamp", "attribute_path": "1/OnOff/onOff", "value": false}}]}
        """#

    /// Records a run: a simulated device added and commissioned, attributes set, a fault, a scenario loaded and its
    /// clock advanced; returns the journal's text once mhubd stopped, and what `mhubctl record --inputs` wrote.
    func recordedJournal(in directory: TemporaryDirectory) throws -> (daemon: String, mhubctl: String) {
        let path = directory.path("inputs.jsonl")
        let copy = directory.path("mhubctl-inputs.jsonl")
        let hub = try MHubTestHub.start(.init(arguments: ["--clock", "virtual", "--record-inputs", path]))
        let recorder = Process()
        do {
            recorder.executableURL = Executables.mhubctl
            recorder.arguments = [
                "--socket", try #require(hub.ready.unixSocketPath), "record", "--inputs", copy, "--seconds", "60",
            ]
            recorder.standardOutput = FileHandle.nullDevice
            recorder.standardError = FileHandle.nullDevice
            try recorder.runSerialized()
            // It follows once its own follow_input_journal is among the lines it got (they come from the start).
            let deadline = Date().addingTimeInterval(10)
            while !((try? String(contentsOfFile: copy, encoding: .utf8))?.contains("follow_input_journal") ?? false),
                Date() < deadline
            {
                usleep(10_000)
            }
            let client = try hub.connect()
            let listener = try hub.connect()
            _ = try listener.call("start_listening", ["events": "all"])
            _ = try client.call("set_wifi_credentials", ["ssid": "Test Wi-Fi", "credentials": "correct horse"])
            _ = try client.call("create_room", ["name": "Kitchen"])
            // No passcode or discriminator: the hub draws them.
            let added = try client.call("add_simulated_device", ["template": "on-off-light"])
            let code = try #require(
                added["manual_code"].flatMap { if case .string(let text) = $0 { text } else { nil } })
            _ = try client.call("prepare_commissioning")
            let node = try client.call("commission_with_code", ["code": .string(code)])
            let nodeID = try #require(node["node_id"])
            _ = try client.call("complete_commissioning")
            _ = try client.call("set_attribute", ["node_id": nodeID, "attribute_path": "1/6/0", "value": true])
            _ = try client.call(
                "device_command",
                ["node_id": nodeID, "endpoint_id": 1, "cluster_id": 6, "command_name": "Toggle", "payload": [:]])
            _ = try client.call(
                "set_fault",
                [
                    "fault": "write_failure", "simulated_device_id": added["simulated_device_id"] ?? .null,
                    "delay_ms": 0, "status": "BUSY",
                ])
            #expect(throws: MHubClientError.self) {
                _ = try client.call("write_attribute", ["node_id": nodeID, "attribute_path": "1/6/16384", "value": 5])
            }
            _ = try client.call("clear_faults")
            _ = try client.call("open_commissioning_window", ["enhanced": true])
            _ = try client.call("load_scenario", ["text": .string(Self.scenario)])
            _ = try client.call("advance_clock", ["milliseconds": 30_000])
            _ = try client.call("get_nodes")
            listener.close()
        } catch {
            hub.stop()
            recorder.terminate()
            throw error
        }
        hub.stop()
        recorder.waitUntilExit()  // the hub closed its connection
        #expect(recorder.terminationStatus == 0)
        for file in [path, copy] {
            var status = stat()
            #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o600, "\(file) is the owner's only")
        }
        return (try String(contentsOfFile: path, encoding: .utf8), try String(contentsOfFile: copy, encoding: .utf8))
    }

    @Test func aRecordedRunReplaysWithTheSameRepliesAndAChangedReplyDiverges() throws {
        let directory = try TemporaryDirectory()
        let (journal, copy) = try recordedJournal(in: directory)
        // Up to the hub's shutdown: the disconnects the shutdown causes come after mhubctl's connection closed.
        #expect(journal.hasPrefix(copy), "mhubctl record --inputs wrote the daemon's lines")
        #expect(copy.contains(#""input":"shutdown""#), "\(copy.suffix(300))")
        let lines = journal.split(separator: "\n")
        #expect(lines.count > 20, "\(lines.count) lines")
        #expect(lines.contains { $0.contains("\"tick\"") }, "the advance's deadlines are inputs")
        #expect(lines.contains { $0.contains("\"shutdown\"") })

        let replayed = try runProcess(Executables.mhubd, ["--replay", directory.path("inputs.jsonl")])
        #expect(replayed.status == 0, "\(replayed.errors)")
        #expect(replayed.output.contains("replayed \(lines.count - 1) inputs, same replies"), "\(replayed.output)")
        let replayedCopy = try runProcess(Executables.mhubd, ["--replay", directory.path("mhubctl-inputs.jsonl")])
        #expect(replayedCopy.status == 0, "\(replayedCopy.errors)")

        // The create_room reply, changed: the last answer (events come first, then replies; "answers" is the line's
        // first member, before "at").
        let index = try #require(lines.firstIndex { $0.contains("create_room") })
        var tampered = lines.map(String.init)
        let line = tampered[index]
        let answersEnd = try #require(line.range(of: #","at":"#))
        let reply = try #require(
            line[..<answersEnd.lowerBound].range(of: #"\"name\":\"Kitchen\""#, options: .backwards))
        #expect(line[..<reply.lowerBound].contains("reply to"))
        tampered[index] = line.replacingCharacters(in: reply, with: #"\"name\":\"Cellar\""#)
        let tamperedPath = directory.path("tampered.jsonl")
        try (tampered.joined(separator: "\n") + "\n").write(toFile: tamperedPath, atomically: true, encoding: .utf8)
        let diverged = try runProcess(Executables.mhubd, ["--replay", tamperedPath])
        #expect(diverged.status == 1)
        #expect(diverged.errors.contains("line \(index + 1): diverged"), "\(diverged.errors)")
        #expect(diverged.errors.contains("Cellar"))
    }

    @Test func aHubThatDoesNotRecordHasNoJournalToFollow() throws {
        try MHubTestHub.with { hub in
            let directory = try TemporaryDirectory()
            let result = try runProcess(
                Executables.mhubctl,
                ["--socket", try #require(hub.ready.unixSocketPath), "record", "--inputs", directory.path("i.jsonl")])
            #expect(result.status == 1)
            #expect(result.errors.contains("does not record its inputs"), "\(result.errors)")
        }
    }

    @Test func recordingNeedsAnEphemeralHub() throws {
        let directory = try TemporaryDirectory()
        let result = try runProcess(
            Executables.mhubd,
            ["--state-dir", directory.path("state"), "--record-inputs", directory.path("inputs.jsonl")])
        #expect(result.status != 0)
        #expect(result.errors.contains("--record-inputs: needs --ephemeral"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("inputs.jsonl")))
    }
}
