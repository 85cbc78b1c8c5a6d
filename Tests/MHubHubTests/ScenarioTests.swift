import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// Scenarios through the protocol: `load_scenario` builds the home or changes nothing, the timeline runs at its
/// times, `reset_scenario` starts it again with the same events.
@Suite struct ScenarioTests {
    static let text = ScenarioDecoderTests.good

    func loaded(_ text: String = Self.text) -> HubHarness {
        var harness = HubHarness()
        _ = harness.ok("load_scenario", ["text": .string(text)])
        return harness
    }

    @Test func loadingBuildsTheHomeTheFileDescribes() throws {
        let harness = loaded()
        let state = harness.hub.state
        #expect(state.structures.values.map(\.name).sorted() == ["Cabin", "Home"])
        #expect(state.rooms.values.map(\.name).sorted() == ["Hall", "Kitchen"])
        #expect(state.simulatedDevices.count == 3, "spare, lamp and door; the configuration's devices are gone")
        let run = try #require(harness.hub.scenario)
        let lampID = try #require(run.nodes["lamp"])
        let lamp = try #require(state.nodes[lampID])
        #expect(lamp.name == "Ceiling")
        #expect(lamp.roomID == state.rooms.values.first { $0.name == "Kitchen" }?.id)
        #expect(lamp.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] == .bool(true))
        #expect(lamp.data[AttributePath(endpoint: 1, cluster: 8, attribute: 0)] == .unsigned(128))
        let doorID = try #require(run.nodes["door"])
        let door = try #require(state.nodes[doorID])
        #expect(state.structures[door.structureID]?.name == "Cabin")
        #expect(run.simulatedDevices["spare"] != nil && run.nodes["spare"] == nil)
        let cabin = try #require(state.structures.values.first { $0.name == "Cabin" })
        #expect(state.revoked.contains(.init(principal: Principal("token:guest"), structureID: cabin.id)))
        let doorDevice = try #require(run.simulatedDevices["door"])
        #expect(harness.hub.faults.deviceLatency[doorDevice] == 50)
    }

    @Test func aScenarioWithAnErrorChangesNothing() throws {
        var harness = HubHarness()
        let before = harness.hub.state
        let committed = harness.committed.count
        let broken = Self.text.replacingOccurrences(
            of: "\"1/LevelControl/currentLevel\": 128", with: "\"1/LevelControl/currentLevel\": 255")
        let value = try #require(broken.range(of: "255"))
        let position = ScenarioDecoderTests.position(of: value.lowerBound, in: broken)
        let error = harness.error("load_scenario", ["text": .string(broken)])
        #expect(error?.code == .invalidScenario)
        #expect(error?.details.hasPrefix("\(position): ") == true, "\(String(describing: error))")
        #expect(error?.details.contains("1 to 254") == true, "the level's range: \(String(describing: error))")
        #expect(harness.hub.state == before)
        #expect(harness.committed.count == committed)
        #expect(harness.hub.scenario == nil)
        #expect(harness.error("load_scenario", ["text": "{"])?.code == .invalidScenario)
        #expect(
            harness.error("load_scenario", ["text": .string(Self.text)], as: HubHarness.reader)?.code == .unauthorized)
    }

    /// The timeline's events from `start` on, as a listener hears them: each with its offset, its kind and what
    /// it changed (a node by its ID and availability).
    func timelineEvents(_ harness: inout HubHarness, from start: Timestamp) -> [String] {
        var seen: [String] = []
        for step in [29_999, 1, 30_000, 30_000, 30_000, 10_000] as [Int64] {
            for event in harness.advance(by: step).events {
                let data: String
                switch event.name {
                case "node_updated":
                    data =
                        " \(JSONWriter.compact(event.data["node_id"] ?? .null)) \(JSONWriter.compact(event.data["available"] ?? .null))"
                case "attribute_updated", "faults_updated", "scenario_updated":
                    data = " \(JSONWriter.compact(event.data))"
                default: data = ""
                }
                seen.append("\(harness.now - start) \(event.name)\(data)")
            }
        }
        return seen
    }

    static let loadedAt: Timestamp = 1_800_000_000_000

    @Test func theTimelineRunsEachStepAtItsTimeAndAResetRunsItAgainTheSame() throws {
        var harness = loaded()
        let first = timelineEvents(&harness, from: Self.loadedAt)
        let names = first.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        #expect(
            names == [
                "30000 attribute_updated", "30000 scenario_updated", "60000 node_updated", "60000 faults_updated",
                "60000 scenario_updated", "90000 node_updated", "90000 faults_updated", "90000 scenario_updated",
                "120000 faults_updated", "120000 scenario_updated", "120000 attribute_updated",
                "120000 scenario_updated",
            ], "\(first.joined(separator: "\n"))")
        #expect(first[0].hasSuffix(#"[1,"1/6/0",false]"#), "\(first[0])")
        #expect(first.last?.contains(#""state":"finished""#) == true)
        #expect(harness.ok("get_scenario")["done"] == 5)

        harness.now = Self.loadedAt + 500_000
        _ = harness.ok("reset_scenario")
        let again = timelineEvents(&harness, from: harness.now)
        #expect(again == first, "a reset replays the same events at the same offsets")
    }

    @Test func aStepThatCannotRunIsRecordedAndTheRestRuns() throws {
        var harness = loaded()
        let lamp = try #require(harness.hub.scenario?.nodes["lamp"])
        _ = harness.ok("remove_node", ["node_id": .integer(Int64(lamp))])
        let events = harness.advance(by: 30_000).events
        let step = try #require(events.last { $0.name == "scenario_updated" })
        #expect(step.data["error"] != nil, "\(step.data)")
        #expect(harness.ok("get_scenario")["failures"]?.arrayCount == 1)
        _ = harness.advance(by: 30_000)
        #expect(harness.ok("get_scenario")["done"] == 2)
    }

    @Test func failNextCommissioningFailsOneCommissioningOnly() throws {
        var harness = loaded()
        _ = harness.advance(by: 120_000)
        #expect(harness.hub.faults.failingOnce.contains(.pase))
        let spare = try #require(harness.hub.scenario?.simulatedDevices["spare"])
        guard case .array(let devices) = harness.ok("get_simulated_devices"),
            case .string(let payload)? = devices.first(where: { $0["simulated_device_id"] == .integer(spare) })?[
                "qr_code"]
        else { throw ScenarioTestFailure("no spare device") }
        _ = harness.ok("prepare_commissioning")
        let failed = harness.send("commission_with_code", ["code": .string(payload)])
        #expect(failed.errorCode(for: 1) == .stepFailed)
        #expect(!harness.hub.faults.failingOnce.contains(.pase) && harness.hub.faults.failingSteps[.pase] == nil)
        let succeeded = harness.send("commission_with_code", ["code": .string(payload)])
        #expect(succeeded.result(for: 1)?["node_id"] != nil, "\(succeeded.replies)")
    }

    static let dump = """
        {"home_assistant": {"version": "2024.12.1"}, "data": {"server": {"nodes": [
          {"node_id": 5, "date_commissioned": "2024-01-01T00:00:00", "last_interview": "2024-01-01T00:00:00",
           "interview_version": 6, "available": true, "is_bridge": false, "attribute_subscriptions": [],
           "attributes": {"0/40/1": "Eve Systems", "0/40/3": "Eve Energy", "0/40/5": "Espresso",
             "0/29/0": [{"0": 22, "1": 1}], "1/29/0": [{"0": 266, "1": 1}], "1/6/0": false, "1/6/65533": 5,
             "1/319486977/319422464": "AAE=", "1/319486977/319422470": 1.5}},
          {"node_id": 6, "date_commissioned": "2024-01-01T00:00:00", "last_interview": "2024-01-01T00:00:00",
           "interview_version": 6, "available": true, "is_bridge": false, "attribute_subscriptions": [],
           "attributes": {"0/40/3": "Sensor", "1/1026/0": 2150}}
        ]}}}
        """

    @Test func anExportLoadsBackToTheSameHome() throws {
        var harness = loaded()
        let lamp = try #require(harness.hub.scenario?.nodes["lamp"])
        _ = harness.ok("set_attribute", ["node_id": .integer(Int64(lamp)), "attribute_path": "1/8/0", "value": 42])
        _ = harness.ok("import_test_node", ["dump": .string(Self.dump)])
        _ = harness.ok("set_fault", ["fault": "hub_offline"])
        let exported = try #require(harness.ok("export_scenario", ["name": "copy"])["scenario"])
        #expect(harness.ok("export_scenario")["devices"]?["node:\(lamp)"] == .string("node-\(lamp)"))
        var copy = HubHarness()
        _ = copy.ok("load_scenario", ["text": .string(JSONWriter.pretty(exported))])
        func summary(_ hub: Hub) -> [String] {
            hub.state.nodes.values.sorted { $0.name < $1.name }.map { node in
                let room = node.roomID.flatMap { hub.state.rooms[$0]?.name } ?? "-"
                let structure = hub.state.structures[node.structureID]?.name ?? "?"
                let values = node.data.attributes.filter { $0.0.endpoint > 0 }.map {
                    "\($0.0)=\(JSONWriter.compact($0.1.json))"
                }
                return "\(node.name) \(structure)/\(room) \(node.template) \(values)"
            }
        }
        let mine = summary(harness.hub)
        let theirs = summary(copy.hub)
        #expect(theirs == mine, "\(Set(theirs).symmetricDifference(Set(mine)))")
        #expect(copy.hub.faults.hubOffline)
        #expect(copy.hub.state.revoked.map(\.principal.name) == ["token:guest"])
        #expect(copy.hub.state.structures.values.map(\.name).sorted() == ["Cabin", "Home"])
        #expect(copy.hub.state.simulatedDevices.values.filter { $0.nodeID == nil }.map(\.discriminator) == [2000])
    }

    struct ScenarioTestFailure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    @Test func importedNodesKeepTheDumpsAttributesAndAnswerCommands() throws {
        var harness = HubHarness()
        let result = harness.ok("import_test_node", ["dump": .string(Self.dump)])
        #expect(result == ["node_ids": [900_000, 900_001]])
        let node = harness.ok("get_node", ["node_id": 900_000])
        #expect(node["attributes"]?["0/40/5"] == "Espresso")
        #expect(node["attributes"]?["1/319486977/319422464"] == "AAE=")
        #expect(node["attributes"]?["1/319486977/319422470"] == .double(1.5))
        #expect(node["attributes"]?["0/29/0"] == [["0": 22, "1": 1]])
        #expect(harness.hub.state.nodes[900_000]?.name == "Espresso")
        #expect(harness.hub.state.nodes[900_001]?.name == "Sensor")
        _ = harness.ok(
            "device_command",
            ["node_id": 900_000, "endpoint_id": 1, "cluster_id": 6, "command_name": "Toggle", "payload": [:]])
        #expect(harness.ok("read_attribute", ["node_id": 900_000, "attribute_path": "1/6/0"]) == ["1/6/0": true])
        #expect(harness.ok("import_test_node", ["dump": .string(Self.dump)]) == ["node_ids": [900_002, 900_003]])
        // An OHF command: its errors carry OHF codes.
        #expect(harness.error("import_test_node", ["dump": "not json"])?.code == .invalidArguments)
        #expect(harness.error("import_test_node", ["dump": #"{"data": {}}"#])?.code == .invalidArguments)
    }
}
