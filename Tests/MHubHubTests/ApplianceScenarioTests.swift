import Foundation
import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// `Examples/Scenarios/appliances.json` on the hub's virtual clock: a timeline drives the appliances as people and
/// faults do (a wash started, a door opened mid-cycle, a fault for ten minutes, a car plugged in), and the programs
/// run to their ends with their events.
@Suite struct ApplianceScenarioTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Scenarios/appliances.json")

    func node(_ harness: HubHarness, named name: String) -> Node? {
        harness.hub.state.nodes.values.first { $0.name == name }
    }

    func value(_ harness: HubHarness, _ name: String, _ path: String) -> AttributeValue? {
        node(harness, named: name)?.data[AttributePath(path)!]
    }

    @Test func theTimelineDrivesTheAppliancesToTheEndOfTheirPrograms() throws {
        var harness = HubHarness()
        _ = harness.ok("load_scenario", ["text": .string(try String(contentsOf: Self.file, encoding: .utf8))])
        var events: [HubEvent] = []
        func advance(to minutes: Int64, from now: inout Int64) {
            events += harness.advance(by: (minutes - now) * 60_000).events
            now = minutes
        }
        var now: Int64 = 0
        advance(to: 3, from: &now)
        #expect(value(harness, "Washer", "1/96/4") == .unsigned(1))
        #expect(value(harness, "Dishwasher", "1/96/4") == .unsigned(1))
        // The dishwasher's door opened at 20 minutes pauses it, with the door alarm; closed and resumed, it runs.
        advance(to: 21, from: &now)
        #expect(value(harness, "Dishwasher", "1/96/4") == .unsigned(2))
        #expect(value(harness, "Dishwasher", "1/93/2") == .unsigned(4))
        advance(to: 24, from: &now)
        #expect(value(harness, "Dishwasher", "1/96/4") == .unsigned(1))
        // The washer's fault from 30 to 40 minutes: Error, its program held; cleared, Paused; resumed at 41.
        advance(to: 31, from: &now)
        #expect(value(harness, "Washer", "1/96/4") == .unsigned(3))
        advance(to: 40, from: &now)
        #expect(value(harness, "Washer", "1/96/4") == .unsigned(2))
        advance(to: 42, from: &now)
        #expect(value(harness, "Washer", "1/96/4") == .unsigned(1))
        // The car plugged in at 45 minutes asks for charge.
        advance(to: 46, from: &now)
        #expect(value(harness, "Wallbox", "1/153/0") != .unsigned(0))
        // Both programs end (the washer's 85 minutes plus its 11 held, the dishwasher's 100 plus 3 paused), each
        // with OperationCompletion.
        advance(to: 240, from: &now)
        #expect(value(harness, "Washer", "1/96/4") == .unsigned(0))
        #expect(value(harness, "Dishwasher", "1/96/4") == .unsigned(0))
        let completions = events.filter {
            $0.name == "node_event" && $0.data["cluster_id"] == 0x0060 && $0.data["event_id"] == 0x01
        }
        #expect(completions.count == 2)
    }
}
