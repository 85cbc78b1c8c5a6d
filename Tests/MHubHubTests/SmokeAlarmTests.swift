import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// A smoke and CO alarm: its self-test on the hub's clock, and smoke sensed at the device raising the alarm with its
/// event, ExpressedState following, and AllClear when it is gone.
@Suite struct SmokeAlarmTests {
    let interactions = DeviceInteractionTests()
    let alarm = DeviceInteractionTests.node("smoke-co-alarm")

    func value(_ harness: HubHarness, _ attribute: Int) -> AttributeValue? {
        interactions.value(harness, alarm, "1/92/\(attribute)")
    }

    func sense(_ harness: inout HubHarness, _ attribute: Int, _ value: JSONValue) -> HubOutcome {
        harness.send(
            "set_attribute",
            ["node_id": .integer(alarm), "attribute_path": .string("1/92/\(attribute)"), "value": value])
    }

    /// A SelfTestRequest refused, as the control socket answers it.
    func refusedSelfTest(_ harness: inout HubHarness) -> HubError? {
        harness.error(
            "device_command",
            [
                "node_id": .integer(alarm), "endpoint_id": 1, "cluster_id": 0x5C, "command_name": "SelfTestRequest",
                "payload": [:],
            ])
    }

    /// The node events an outcome carries, as (cluster, event) pairs.
    func events(_ outcome: HubOutcome) -> [[JSONValue]] {
        outcome.events.filter { $0.name == "node_event" }.map {
            [$0.data["cluster_id"] ?? .null, $0.data["event_id"] ?? .null]
        }
    }

    @Test func theSelfTestRunsFiveSecondsThenReportsItsEnd() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let started = interactions.command(&harness, "smoke-co-alarm", cluster: 0x5C, "SelfTestRequest")
        #expect(started.result(for: 1) == .null)
        #expect(value(harness, 5) == .bool(true))
        #expect(value(harness, 0) == .unsigned(4))
        // A second request while it tests is BUSY.
        #expect(refusedSelfTest(&harness)?.details.contains("BUSY") == true)
        #expect(events(harness.advance(by: 4000)).isEmpty)
        let ended = harness.advance(by: 1000)
        #expect(value(harness, 5) == .bool(false))
        #expect(value(harness, 0) == .unsigned(0))
        #expect(events(ended) == [[92, 5]])
    }

    /// Smoke during a self-test ends the test: the alarm sounds and stays when the test's time is up.
    @Test func smokeSensedDuringTheSelfTestEndsItAndTheAlarmStays() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = interactions.command(&harness, "smoke-co-alarm", cluster: 0x5C, "SelfTestRequest")
        _ = harness.advance(by: 1000)
        let smoke = sense(&harness, 1, 2)
        #expect(events(smoke) == [[92, 0]])
        #expect(value(harness, 0) == .unsigned(1))
        #expect(value(harness, 5) == .bool(false))
        let later = harness.advance(by: 5000)
        #expect(value(harness, 0) == .unsigned(1))
        #expect(events(later).filter { $0.first == 92 }.isEmpty)
    }

    @Test func smokeSensedRaisesTheAlarmAndItsEndIsAllClear() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let smoke = sense(&harness, 1, 2)
        #expect(value(harness, 0) == .unsigned(1))
        #expect(events(smoke) == [[92, 0]])
        // Low battery meanwhile: the smoke alarm still shows first.
        _ = sense(&harness, 3, 1)
        #expect(value(harness, 0) == .unsigned(1))
        _ = sense(&harness, 1, 0)
        #expect(value(harness, 0) == .unsigned(3))
        let clear = sense(&harness, 3, 0)
        #expect(value(harness, 0) == .unsigned(0))
        #expect(events(clear) == [[92, 10]])
        // No test while an alarm sounds.
        _ = sense(&harness, 2, 2)
        #expect(value(harness, 0) == .unsigned(2))
        #expect(refusedSelfTest(&harness)?.details.contains("BUSY") == true)
    }
}
