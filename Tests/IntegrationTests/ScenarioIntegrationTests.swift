import DNSSDPeerSupport
import Foundation
import MHubClient
import MHubJSON
import MHubTesting
import Testing

/// Scenario files through the real daemon: `--scenario` on the virtual clock, errors that start nothing,
/// `mhubctl scenario load` and `record`, an HA diagnostics dump imported and read back.
@Suite struct ScenarioIntegrationTests {
    static let examples = Executables.repositoryRoot.appendingPathComponent("Examples/Scenarios")
    static let evening = examples.appendingPathComponent("evening.json").path

    /// Every message on `client` up to and including the reply to `id`, as `name data` lines (events) or the reply.
    static func messages(_ client: RawLineClient, through id: String) -> [String] {
        var seen: [String] = []
        while let message = client.readMessage() {
            if case .string(let name)? = message["event"] {
                seen.append("\(name) \(JSONWriter.compact(message["data"] ?? .null))")
            } else {
                seen.append("reply \(JSONWriter.compact(message))")
            }
            if message["message_id"] == .string(id) { break }
        }
        return seen
    }

    /// A hub on the virtual clock started from `scenario`, listened to while its clock advances `minutes`.
    func eventsOfARun(_ scenario: String, minutes: Int = 10) throws -> [String] {
        try MHubTestHub.with(.init(arguments: ["--clock", "virtual", "--scenario", scenario])) { hub in
            let client = try RawLineClient(path: try #require(hub.ready.unixSocketPath))
            _ = client.readMessage()
            client.write(#"{"message_id":"l","command":"start_listening","args":{"events":"all"}}"# + "\n")
            _ = Self.messages(client, through: "l")
            client.write(
                #"{"message_id":"a","command":"advance_clock","args":{"milliseconds":\#(minutes * 60_000)}}"# + "\n")
            return Self.messages(client, through: "a")
        }
    }

    @Test func theExampleRunsOnTheVirtualClockWithExactlyTheSameEventsTwice() throws {
        // Each hub has a fabric of its own (random IDs), which its nodes' Operational Credentials Fabrics name.
        func withoutFabric(_ events: [String]) -> [String] {
            events.map { $0.replacing(/"0\/62\/1":\[[^\]]*\]/, with: #""0/62/1":[the hub's fabric]"#) }
        }
        let first = withoutFabric(try eventsOfARun(Self.evening))
        let second = withoutFabric(try eventsOfARun(Self.evening))
        #expect(first == second, "\(first.joined(separator: "\n"))")
        let names = first.map { String($0.prefix { $0 != " " }) }
        #expect(
            names == [
                "home_synced", "attribute_updated", "scenario_updated", "node_updated", "faults_updated",
                "scenario_updated", "node_updated", "faults_updated", "scenario_updated", "faults_updated",
                "scenario_updated", "attribute_updated", "scenario_updated", "reply",
            ]
                || names == [
                    "attribute_updated", "scenario_updated", "node_updated", "faults_updated", "scenario_updated",
                    "node_updated", "faults_updated", "scenario_updated", "faults_updated", "scenario_updated",
                    "attribute_updated", "scenario_updated", "reply",
                ], "\(first.joined(separator: "\n"))")
        #expect(first.contains { $0.hasPrefix("attribute_updated [1,\"1/6/0\",false]") }, "\(first)")
        #expect(first.last?.contains(#""now":1767226200000"#) == true, "10 minutes after 2026-01-01T00:00:00Z")
    }

    /// (what replaces a part of the example, where in the replacement the error points, a phrase of the reason)
    static let mistakes: [(from: String, to: String, at: String, reason: String)] = [
        (#""name": "Evening","#, #""name": "Evening", "owner": "me","#, #""owner""#, #"unknown key "owner""#),
        (#""latency_ms": 50"#, #""latency_ms": true"#, "true", "must be a whole number"),
        (#""template": "contact-sensor""#, #""template": "kettle""#, #""kettle""#, #"unknown template "kettle""#),
        (#"{"at": "1m30s","#, #"{"at": "20s","#, #""20s""#, "time out of order"),
    ]

    @Test(arguments: mistakes.indices)
    func aScenarioErrorNamesItsLineAndColumnAndStartsNothing(index: Int) throws {
        let mistake = Self.mistakes[index]
        let text = try String(contentsOfFile: Self.evening, encoding: .utf8)
        let place = try #require(text.range(of: mistake.from), "the example changed: \(mistake.from)")
        let broken = text.replacingCharacters(in: place, with: mistake.to)
        let replaced = try #require(broken.range(of: mistake.to, range: place.lowerBound..<broken.endIndex))
        let marker = try #require(broken.range(of: mistake.at, range: replaced))
        let prefix = broken[..<marker.lowerBound]
        let line = prefix.filter { $0 == "\n" }.count + 1
        let column = prefix.reversed().prefix { $0 != "\n" }.count + 1

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mhub-scn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: Self.examples.appendingPathComponent("fixtures/eve-energy.json"),
            to: directory.appendingPathComponent("fixtures/eve-energy.json"))
        let file = directory.appendingPathComponent("broken.json")
        try Data(broken.utf8).write(to: file)
        let ready = directory.appendingPathComponent("ready.json").path
        // Its own temporary directory, so that what the refused start leaves (or not) is its own.
        let temporary = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = Executables.mhubd
        process.arguments = ["--ephemeral", "--scenario", file.path, "--ready-file", ready]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.runSerialized()
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(log)")
        #expect(log.contains("line \(line), column \(column): "), "\(log)")
        #expect(log.contains(mistake.reason), "\(log)")
        #expect(!FileManager.default.fileExists(atPath: ready), "a hub that did not start wrote a ready file")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "its state directory is left")
    }

    @Test func mhubctlLoadsAScenarioWithItsImportsAndRefusesABrokenOneChangingNothing() throws {
        try MHubTestHub.with { hub in
            let socket = try #require(hub.ready.unixSocketPath)
            let loaded = try runProcess(Executables.mhubctl, ["--socket", socket, "scenario", "load", Self.evening])
            #expect(loaded.status == 0, "\(loaded.errors)")
            #expect(loaded.output.contains(#"scenario "Evening": 0 of 5 timeline steps run"#), "\(loaded.output)")
            let client = try hub.connect()
            let nodes = try client.call("get_nodes")
            guard case .array(let list) = nodes else { throw TestFailure("get_nodes: \(nodes)") }
            let names = Set(
                list.compactMap { node -> String? in
                    if case .string(let label)? = node["attributes"]?["0/40/5"] { return label }
                    return nil
                })
            #expect(names.isSuperset(of: ["Ceiling", "Front door"]), "\(names)")
            let eve = try client.call("get_node", ["node_id": 900_000])
            #expect(eve["attributes"]?["0/40/3"] == "Eve Energy")

            let broken = FileManager.default.temporaryDirectory.appendingPathComponent(
                "broken-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: broken) }
            try Data(#"{"mhub_scenario": 1, "name": "x", "devices": [{"id": "a", "template": "toaster"}]}"#.utf8)
                .write(to: broken)
            let refused = try runProcess(Executables.mhubctl, ["--socket", socket, "scenario", "load", broken.path])
            #expect(refused.status == 1)
            #expect(refused.errors.contains("line 1, column 71: unknown template"), "\(refused.errors)")
            #expect(try client.call("get_nodes") == nodes, "a refused scenario changed the home")
        }
    }

    @Test func aHomeAssistantDumpImportsAndReadsBackAsItWas() throws {
        let fixture = Self.examples.appendingPathComponent("fixtures/eve-energy.json")
        let text = try String(contentsOf: fixture, encoding: .utf8)
        guard case .object(let node)? = try JSONParser().parse(text)["data"]?["node"],
            case .object(let attributes)? = node["attributes"]
        else { throw TestFailure("the fixture has no node") }
        try MHubTestHub.with { hub in
            let client = try hub.connect()
            let result = try client.call("import_test_node", ["dump": .string(text)])
            #expect(result == ["node_ids": [900_000]])
            let read = try client.call("get_node", ["node_id": 900_000])
            for (path, value) in attributes {
                #expect(read["attributes"]?[path] == value, "\(path)")
            }
            _ = try client.call(
                "device_command",
                ["node_id": 900_000, "endpoint_id": 1, "cluster_id": 6, "command_name": "On", "payload": [:]])
            #expect(
                try client.call("read_attribute", ["node_id": 900_000, "attribute_path": "1/6/0"])["1/6/0"] == true)
        }
    }

    @Test func aRecordedSessionReplaysToTheSameChanges() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mhub-rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("recorded.json")
        var recorded: [String] = []
        try MHubTestHub.with(.init(arguments: ["--scenario", Self.evening])) { hub in
            let socket = try #require(hub.ready.unixSocketPath)
            let recorder = Process()
            recorder.executableURL = Executables.mhubctl
            recorder.arguments = ["--socket", socket, "record", recording.path, "--count", "4", "--seconds", "60"]
            recorder.standardOutput = FileHandle.nullDevice
            recorder.standardError = FileHandle.nullDevice
            try recorder.runSerialized()
            let watcher = try RawLineClient(path: socket)
            _ = watcher.readMessage()
            watcher.write(#"{"message_id":"l","command":"start_listening","args":{"events":"all"}}"# + "\n")
            _ = Self.messages(watcher, through: "l")
            // The recorder listens once its file exists.
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: recording.path) && Date() < deadline { usleep(10_000) }
            usleep(200_000)
            let client = try hub.connect()
            let status = try client.call("get_scenario")
            let lamp = try #require(status["devices"]?["lamp"]?["node_id"])
            let door = try #require(status["devices"]?["door"]?["simulated_device_id"])
            _ = try client.call(
                "device_command",
                ["node_id": lamp, "endpoint_id": 1, "cluster_id": 6, "command_name": "Toggle", "payload": [:]])
            _ = try client.call("set_attribute", ["node_id": lamp, "attribute_path": "1/8/0", "value": 77])
            _ = try client.call("set_fault", ["fault": "device_unreachable", "simulated_device_id": door])
            _ = try client.call("set_attribute", ["node_id": lamp, "attribute_path": "1/6/0", "value": true])
            recorder.waitUntilExit()
            #expect(recorder.terminationStatus == 0)
            while let message = watcher.readMessage(timeoutSeconds: 1) {
                if message["event"] == "attribute_updated" {
                    recorded.append(JSONWriter.compact(message["data"] ?? .null))
                }
            }
        }
        #expect(recorded.count == 3, "\(recorded)")
        let replayed = try eventsOfARun(recording.path, minutes: 2)
            .filter { $0.hasPrefix("attribute_updated ") }.map { String($0.dropFirst("attribute_updated ".count)) }
        #expect(replayed == recorded, "replayed \(replayed), recorded \(recorded)")
        let file = try String(contentsOf: recording, encoding: .utf8)
        #expect(file.contains(#""unreachable""#), "the door's fault is a step: \(file)")
    }
}
