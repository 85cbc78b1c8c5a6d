import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// What a person does at a generic switch, as CurrentPosition set at the device, becomes the Switch events a
/// controller sees (Application Cluster Specification 1.13.7): a press, a double press, a long press, a latch.
@Suite struct GenericSwitchTests {
    func position(_ harness: inout HubHarness, _ template: String, _ value: Int64) -> HubOutcome {
        harness.send(
            "set_attribute",
            [
                "node_id": .integer(DeviceInteractionTests.node(template)), "attribute_path": "1/59/1",
                "value": .integer(value),
            ])
    }

    /// The Switch events an outcome carries: event ID, then its fields by name with their values.
    func events(_ outcome: HubOutcome) -> [String] {
        outcome.events.filter { $0.name == "node_event" && $0.data["cluster_id"] == 59 }.map { event in
            guard case .integer(let id)? = event.data["event_id"] else { return "?" }
            guard case .object(let fields)? = event.data["data"] else { return "\(id)" }
            let text = fields.keys.sorted().map { key -> String in
                if case .integer(let number)? = fields[key] { return "\(key)=\(number)" }
                return key
            }
            return ([String(id)] + text).joined(separator: " ")
        }
    }

    @Test func aShortPressIsInitialPressShortReleaseThenMultiPressCompleteOfOne() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(events(position(&harness, "generic-switch", 1)).map { $0.prefix(1) } == ["1"])
        #expect(events(position(&harness, "generic-switch", 0)).map { $0.prefix(1) } == ["3"])
        #expect(events(harness.advance(by: 499)).isEmpty)
        let complete = events(harness.advance(by: 1))
        #expect(complete == ["6 previousPosition=1 totalNumberOfPressesCounted=1"])
    }

    @Test func aDoublePressCountsTwoInOneMultiPressComplete() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = position(&harness, "generic-switch", 1)
        _ = position(&harness, "generic-switch", 0)
        _ = harness.advance(by: 200)
        let again = events(position(&harness, "generic-switch", 1))
        #expect(again.map { $0.prefix(1) } == ["5"])
        _ = position(&harness, "generic-switch", 0)
        let done = events(harness.advance(by: 500))
        #expect(done == ["6 previousPosition=1 totalNumberOfPressesCounted=2"])
    }

    @Test func aHeldPressIsALongPressAndALongRelease() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = position(&harness, "generic-switch", 1)
        let held = events(harness.advance(by: 1000))
        #expect(held.map { $0.prefix(1) } == ["2"])
        let released = events(position(&harness, "generic-switch", 0))
        #expect(released.map { $0.prefix(1) } == ["4"])
        // No MultiPressComplete after a long press.
        #expect(events(harness.advance(by: 1000)).isEmpty)
    }

    @Test func aLatchingSwitchReportsEachNewPosition() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(events(position(&harness, "generic-switch-latching", 1)).map { $0.prefix(1) } == ["0"])
        #expect(events(position(&harness, "generic-switch-latching", 0)).map { $0.prefix(1) } == ["0"])
        #expect(events(position(&harness, "generic-switch-latching", 0)).isEmpty)
    }
}
