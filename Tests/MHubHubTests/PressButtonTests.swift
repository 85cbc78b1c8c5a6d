import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// `press_button`: a person at a momentary switch, through the same logic as CurrentPosition set with `set_attribute`
/// (Application Cluster Specification 1.13.7); short presses now, MultiPressComplete and a long press's LongPress and
/// release on the hub's clock; and the presses the hub refuses, which change nothing.
@Suite struct PressButtonTests {
    static let button = DeviceInteractionTests.node("generic-switch")
    static let position = AttributePath(endpoint: 1, cluster: 0x003B, attribute: 0x0001)

    func press(_ harness: inout HubHarness, _ args: [String: JSONValue] = [:]) -> HubOutcome {
        var all = args
        all["node_id"] = all["node_id"] ?? .integer(Self.button)
        return harness.send("press_button", .object(all))
    }

    func events(_ outcome: HubOutcome) -> [String] {
        GenericSwitchTests().events(outcome)
    }

    func currentPosition(_ harness: HubHarness) -> AttributeValue? {
        harness.hub.state.nodes[NodeID(Self.button)]?.data[Self.position]
    }

    @Test func aPressIsInitialPressAndShortReleaseThenMultiPressCompleteOfOne() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let start = harness.now
        let pressed = press(&harness)
        #expect(events(pressed) == ["1 newPosition=1", "3 previousPosition=1"])
        let positions = pressed.events.filter { $0.name == "attribute_updated" }.map(\.data)
        #expect(positions == [[.integer(Self.button), "1/59/1", 1], [.integer(Self.button), "1/59/1", 0]])
        #expect(
            pressed.result(for: 1) == [
                "node_id": .integer(Self.button), "endpoint_id": 1, "presses": 1, "long": false, "hold_ms": nil,
                "release_at_ms": .integer(start),
            ])
        #expect(events(harness.advance(by: 499)).isEmpty)
        #expect(events(harness.advance(by: 1)) == ["6 previousPosition=1 totalNumberOfPressesCounted=1"])
    }

    /// Every event of a double press, attribute changes and Switch events alike, is what `set_attribute` 1, 0, 1, 0
    /// at the same instant makes: the same logic makes both.
    @Test func aDoublePressIsExactlyWhatSetAttributeMakes() {
        var byHand = DeviceInteractionTests.homeWithEveryTemplate()
        var pressed = byHand
        var expected: [HubEvent] = []
        for value: Int64 in [1, 0, 1, 0] {
            expected +=
                byHand.send(
                    "set_attribute",
                    ["node_id": .integer(Self.button), "attribute_path": "1/59/1", "value": .integer(value)]
                ).events
        }
        let outcome = press(&pressed, ["presses": 2])
        #expect(outcome.events == expected)
        #expect(
            events(outcome) == [
                "1 newPosition=1", "3 previousPosition=1", "5 currentNumberOfPressesCounted=2 newPosition=1",
                "3 previousPosition=1",
            ])
        #expect(pressed.hub.devices == byHand.hub.devices)
        let complete = pressed.advance(by: 500)
        #expect(complete.events == byHand.advance(by: 500).events)
        #expect(events(complete) == ["6 previousPosition=1 totalNumberOfPressesCounted=2"])
    }

    @Test func morePressesThanMultiPressMaxCompleteWithZero() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let outcome = press(&harness, ["presses": 4])
        #expect(
            events(outcome).filter { $0.hasPrefix("5 ") } == [
                "5 currentNumberOfPressesCounted=2 newPosition=1", "5 currentNumberOfPressesCounted=3 newPosition=1",
                "5 currentNumberOfPressesCounted=4 newPosition=1",
            ])
        #expect(events(outcome).filter { $0.hasPrefix("3 ") }.count == 4)
        #expect(events(harness.advance(by: 500)) == ["6 previousPosition=1 totalNumberOfPressesCounted=0"])
    }

    @Test func aLongPressIsLongPressAfterASecondAndLongReleaseWhenTheHoldEnds() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let start = harness.now
        let outcome = press(&harness, ["long": true, "hold_ms": 2500])
        #expect(events(outcome) == ["1 newPosition=1"])
        #expect(outcome.result(for: 1)?["hold_ms"] == 2500)
        #expect(outcome.result(for: 1)?["release_at_ms"] == .integer(start + 2500))
        #expect(harness.hub.devices.scheduledChanges.values.map(\.dueAt) == [start + 2500])
        #expect(events(harness.advance(by: 999)).isEmpty)
        #expect(events(harness.advance(by: 1)) == ["2 newPosition=1"])
        #expect(harness.hub.nextDeadline == start + 2500, "only the release is left")
        #expect(events(harness.advance(by: 1499)).isEmpty)
        #expect(currentPosition(harness) == .unsigned(1), "held until the end of hold_ms")
        let released = harness.advance(by: 1)
        #expect(events(released) == ["4 previousPosition=1"])
        #expect(currentPosition(harness) == .unsigned(0))
        #expect(released.changes.contains { if case .saveNode = $0 { true } else { false } })
        // No MultiPressComplete after a long press, and nothing left to do.
        #expect(events(harness.advance(by: 1000)).isEmpty)
        #expect(harness.hub.devices.scheduledChanges.isEmpty)
    }

    @Test func aLongPressHoldsForOneAndAHalfSecondsUnlessTold() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let start = harness.now
        let outcome = press(&harness, ["long": true])
        #expect(outcome.result(for: 1)?["hold_ms"] == 1500)
        #expect(harness.hub.devices.scheduledChanges.values.map(\.dueAt) == [start + 1500])
        _ = harness.advance(by: 1000)
        #expect(events(harness.advance(by: 500)) == ["4 previousPosition=1"])
    }

    /// The device's features decide: a momentary switch without MSL (long press) or MSM (multi-press) has a long
    /// hold end in a ShortRelease, and no MultiPressComplete follows.
    @Test func aSwitchWithoutLongPressReportsNoLongPress() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let featureMap = AttributePath(endpoint: 1, cluster: 0x003B, attribute: GlobalAttributes.featureMap)
        harness.hub.state.nodes[NodeID(Self.button)]?.data[featureMap] = .unsigned(0x06)  // MS, MSR
        #expect(events(press(&harness, ["long": true, "hold_ms": 2000])) == ["1 newPosition=1"])
        #expect(events(harness.advance(by: 1000)).isEmpty)
        #expect(events(harness.advance(by: 1000)) == ["3 previousPosition=1"])
        #expect(events(harness.advance(by: 1000)).isEmpty)
    }

    @Test func lettingGoByHandFirstCancelsTheScheduledRelease() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = press(&harness, ["long": true, "hold_ms": 3000])
        _ = harness.advance(by: 1000)
        let byHand = harness.send(
            "set_attribute", ["node_id": .integer(Self.button), "attribute_path": "1/59/1", "value": 0])
        #expect(events(byHand) == ["4 previousPosition=1"])
        #expect(harness.hub.devices.scheduledChanges.isEmpty)
        #expect(events(harness.advance(by: 2000)).isEmpty)
    }

    @Test func aHeldButtonIsNotPressedAgain() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = press(&harness, ["long": true])
        let devices = harness.hub.devices
        let outcome = press(&harness)
        #expect(outcome.errorCode(for: 1) == .sessionState)
        #expect(outcome.events.isEmpty && outcome.changes.isEmpty)
        #expect(harness.hub.devices == devices)
    }

    /// Each refusal is InvalidArguments (NodeNotExists for a node that is not there, Unauthorized below control) and
    /// leaves the hub as it was: no event, nothing to store, no timer.
    @Test(
        arguments: [
            (["node_id": .integer(DeviceInteractionTests.node("generic-switch-latching"))], "latching (LS)"),
            (["node_id": .integer(DeviceInteractionTests.node("on-off-light"))], "has no momentary Switch"),
            (["endpoint_id": 0], "endpoint 0 of node"),
            (["endpoint_id": 9], "has no endpoint 9"),
            (["long": true, "presses": 2], "a long press is one press"),
            (["long": true, "hold_ms": 1000], "argument 'hold_ms' must be a whole number from 1001 to 60000"),
            (["long": true, "hold_ms": 60001], "from 1001 to 60000"),
            (["presses": 0], "argument 'presses' must be a whole number from 1 to 10"),
            (["presses": 11], "from 1 to 10"),
            (["presses": "2"], "argument 'presses'"),
            (["long": "yes"], "argument 'long'"),
            (["count": 2], "press_button takes no argument 'count'"),
        ] as [([String: JSONValue], String)])
    func aRefusedPressChangesNothing(_ args: [String: JSONValue], _ says: String) {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let (state, devices) = (harness.hub.state, harness.hub.devices)
        let outcome = press(&harness, args)
        guard let reply = outcome.replies.last, case .failure(let error) = reply.result else {
            Issue.record("\(args) was not refused")
            return
        }
        #expect(error.code == .invalidArguments, "\(args): \(error)")
        #expect(error.details.contains(says), "\(args): \(error.details)")
        #expect(outcome.events.isEmpty && outcome.changes.isEmpty && outcome.outputs.isEmpty, "\(args)")
        #expect(harness.hub.state == state && harness.hub.devices == devices, "\(args)")
    }

    /// Like `set_attribute`, a press acts on the device itself: a fault between the hub and the device does not hold
    /// it back.
    @Test(arguments: ["device_unreachable", "device_unresponsive", "write_failure"])
    func faultsDoNotHoldAPressBack(_ fault: String) throws {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let device = try #require(harness.hub.state.nodes[NodeID(Self.button)]?.simulatedDeviceID)
        _ = harness.ok("set_fault", ["fault": .string(fault), "simulated_device_id": .integer(Int64(device))])
        let byHand = harness.send(
            "set_attribute", ["node_id": .integer(Self.button), "attribute_path": "1/59/1", "value": 1])
        #expect(byHand.result(for: 1) != nil, "set_attribute under \(fault)")
        _ = harness.send(
            "set_attribute", ["node_id": .integer(Self.button), "attribute_path": "1/59/1", "value": 0])
        _ = harness.advance(by: 500)
        let pressed = press(&harness)
        #expect(pressed.result(for: 1)?["endpoint_id"] == 1, "press_button under \(fault)")
        #expect(events(pressed) == ["1 newPosition=1", "3 previousPosition=1"])
    }

    @Test func anUnknownNodeIsWhatSetAttributeSays() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let pressed = harness.error("press_button", ["node_id": 4242])
        let set = harness.error("set_attribute", ["node_id": 4242, "attribute_path": "1/59/1", "value": 1])
        #expect(pressed?.code == .nodeNotExists)
        #expect(pressed == set)
    }

    @Test func pressingNeedsTheControlScope() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(
            harness.error("press_button", ["node_id": .integer(Self.button)], as: HubHarness.reader)?.code
                == .unauthorized)
    }

    /// A bridge of buttons: the first bridged endpoint with a momentary Switch, unless one is named.
    @Test func theFirstMomentarySwitchIsPressedUnlessAnEndpointIsNamed() throws {
        var harness = HubHarness()
        let added = harness.ok(
            "add_simulated_device",
            [
                "template": "bridge", "bridged_devices": 2, "bridged_template": "generic-switch", "discriminator": 900,
                "passcode": 24_681_357,
            ])
        let code = try #require(added["qr_code"])
        let node = try #require(harness.ok("commission_with_code", ["code": code])["node_id"])
        #expect(harness.ok("press_button", ["node_id": node])["endpoint_id"] == 2)
        let third = harness.send("press_button", ["node_id": node, "endpoint_id": 3])
        #expect(third.result(for: 1)?["endpoint_id"] == 3)
        #expect(
            third.events.compactMap { $0.name == "node_event" ? $0.data["endpoint_id"] : nil } == [3, 3])
    }

    /// A scenario's `press_button` step runs the command at its time; its arguments are checked when it loads.
    @Test func aScenarioStepPressesTheButtonAtItsTime() throws {
        var harness = HubHarness()
        let text = """
            {"mhub_scenario": 1, "name": "button",
             "devices": [{"id": "button", "template": "generic-switch", "name": "Button"}],
             "timeline": [
               {"at": "1s", "press_button": {"device": "button", "presses": 2}},
               {"at": "5s", "press_button": {"device": "button", "endpoint_id": 1, "long": true, "hold_ms": 2000}}
             ]}
            """
        _ = harness.ok("load_scenario", ["text": .string(text)])
        _ = harness.ok("start_listening")
        #expect(harness.hub.scenario?.nodes["button"] != nil)
        #expect(events(harness.advance(by: 999)).isEmpty)
        #expect(events(harness.advance(by: 1)).count == 4)
        #expect(events(harness.advance(by: 500)) == ["6 previousPosition=1 totalNumberOfPressesCounted=2"])
        #expect(events(harness.advance(by: 3500)) == ["1 newPosition=1"])
        #expect(events(harness.advance(by: 1000)) == ["2 newPosition=1"])
        #expect(events(harness.advance(by: 1000)) == ["4 previousPosition=1"])
        #expect(harness.hub.scenario?.failures.isEmpty == true)

        let broken = text.replacingOccurrences(of: #""endpoint_id": 1, "long""#, with: #""presses": 2, "long""#)
        let error = harness.error("load_scenario", ["text": .string(broken)])
        #expect(error?.code == .invalidScenario)
        #expect(error?.details.hasPrefix("line 5, column ") == true, "\(String(describing: error))")
        #expect(error?.details.contains("a long press is one press") == true, "\(String(describing: error))")
    }
}
